import { createRequire } from 'node:module';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  computeOrderCosts,
  servicePriceOf,
  WORKED_EXAMPLE_EQUIPMENT_LINES,
  type PriceRounding,
} from '@medcalc/domain';
import { WORKED_CONTENT, WORKED_SERVICE_NAME } from '../../../test/document-fixtures';
import { buildWorkbookData, SHEET_NAME_MAX_LENGTH } from './build-workbook-data';
import { amountOf, readBack, rowWith } from './read-back';
import { renderWorkbook } from './render-workbook';
import { pricedSource, type ServiceInput } from './revision-fixtures';

/*
 * The workbook «Калькуляції» as an auditor uses it (issue 23): its sums are live Excel formulas. The test opens the
 * workbook, recalculates it with a formula engine (xlsx-calc, MIT, a dev dependency) and checks that the engine
 * comes to the stored amounts as they are, and to the domain's new tariff after a salary is changed.
 */

/** A cell as xlsx-calc reads it (SheetJS's shape): a value, and a formula for a live one. */
type EngineCell = { v?: unknown; f?: string };
type EngineWorkbook = { Sheets: Record<string, Record<string, EngineCell>> };
const recalculate = createRequire(import.meta.url)('xlsx-calc') as (
  workbook: EngineWorkbook,
) => void;

/** The workbook in the engine's shape: every value and every formula, by sheet and address. */
function engineWorkbookOf(workbook: ExcelJS.Workbook): EngineWorkbook {
  const sheets: EngineWorkbook['Sheets'] = {};
  for (const sheet of workbook.worksheets) {
    const cells: Record<string, EngineCell> = {};
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.type === ExcelJS.ValueType.Merge) return;
        const { value } = cell;
        if (value !== null && typeof value === 'object' && 'formula' in value) {
          cells[cell.address] = { f: value.formula, v: value.result };
        } else if (typeof value === 'number' || typeof value === 'string') {
          cells[cell.address] = { v: value };
        }
      }),
    );
    sheets[sheet.name] = cells;
  }
  return { Sheets: sheets };
}

const kopecks = (value: unknown) => Math.round(Number(value) * 100);

/** The worked example with VAT and another service, in an order rounding to `rounding`. */
const services = (vat: boolean): ServiceInput[] => [
  {
    id: 42,
    categoryName: 'Ультразвукова діагностика',
    name: WORKED_SERVICE_NAME,
    content: { ...WORKED_CONTENT, ...(vat ? { vat: 'vat20' as const } : {}) },
  },
  {
    id: 43,
    categoryName: 'Консультації',
    name: 'Консультація',
    content: { ...WORKED_CONTENT, profit: 12.3 },
  },
];

async function openWorkbook(vat: boolean, rounding: PriceRounding) {
  const source = pricedSource(services(vat), rounding);
  const workbook = await readBack(await renderWorkbook(buildWorkbookData(source)));
  return { source, workbook };
}

/** The two pricings each workbook is checked under: none, and VAT with the price rounded to 0,50. */
const PRICINGS = [
  { vat: false, rounding: 'none', label: 'without VAT or rounding' },
  { vat: true, rounding: '0.50', label: 'with VAT and rounding to 0,50' },
] as const;

describe('the workbook’s live formulas', () => {
  for (const { vat, rounding, label } of PRICINGS) {
    it(`come to every stored amount as written (${label})`, async () => {
      const { workbook } = await openWorkbook(vat, rounding);
      const engine = engineWorkbookOf(workbook);
      const cached = Object.values(engine.Sheets).flatMap((cells) =>
        Object.entries(cells).filter(([, cell]) => cell.f !== undefined),
      );
      // Per service: 2 staff lines, 5 materials, 2 totals, 8 articles (+ 4 price rows with VAT and rounding).
      expect(cached.length).toBe(vat ? 2 * 17 + 4 + 2 : 2 * 17);
      const before = cached.map(([address, cell]) => [address, kopecks(cell.v)]);
      recalculate(engine);
      const after = cached.map(([address, cell]) => [address, kopecks(cell.v)]);
      expect(after).toEqual(before);
    });

    it(`move the tariff to the domain’s, to the kopeck, when a salary is changed (${label})`, async () => {
      const { source, workbook } = await openWorkbook(vat, rounding);
      const sheet = workbook.getWorksheet('Ультразвукова діагностика');
      if (!sheet) throw new Error('no category sheet');
      const doctor = rowWith(sheet, 2, 'Лікар ультразвукової діагностики');
      const tariffRow = rowWith(sheet, 2, vat ? 'Тариф (ціна)' : 'Тариф (ціна) без ПДВ');
      const costRow = rowWith(sheet, 2, 'Собівартість послуги');
      expect(doctor.getCell(3).value).toBe(20_000);

      const engine = engineWorkbookOf(workbook);
      const cells = engine.Sheets['Ультразвукова діагностика'];
      if (!cells) throw new Error('no category sheet in the engine');
      cells[doctor.getCell(3).address] = { v: 23_456.78 };
      recalculate(engine);

      // What Calculate would store for the same change.
      const changed = services(vat).map((service, index) =>
        index === 0
          ? {
              ...service.content,
              stuff: service.content.stuff.map((line, lineIndex) =>
                lineIndex === 0 ? { ...line, salary: 23_456.78 } : line,
              ),
            }
          : service.content,
      );
      const [cost] = computeOrderCosts(source.order.companyInfo, changed, rounding);
      if (!cost) throw new Error('no cost');
      const price = servicePriceOf(cost);
      const engineTariff = kopecks(cells[tariffRow.getCell(7).address]?.v);
      expect(engineTariff).toBe(kopecks(price.tariff));
      expect(engineTariff).not.toBe(kopecks(amountOf(tariffRow.getCell(7))));
      expect(kopecks(cells[costRow.getCell(7).address]?.v)).toBe(kopecks(cost.summary));
      expect(kopecks(cells[doctor.getCell(7).address]?.v)).toBe(kopecks(cost.staffLines[0]));
    });
  }

  it('writes a material’s fractional quantity as it is, and its line as a formula over it', async () => {
    const [gel, ...rest] = WORKED_CONTENT.pills;
    if (!gel) throw new Error('no gel');
    const source = pricedSource(
      [
        {
          id: 42,
          categoryName: 'УЗД',
          name: 'УЗД',
          content: { ...WORKED_CONTENT, pills: [{ ...gel, spend: 2.5 }, ...rest] },
        },
      ],
      'none',
    );
    const workbook = await readBack(await renderWorkbook(buildWorkbookData(source)));
    const sheet = workbook.getWorksheet('УЗД');
    if (!sheet) throw new Error('no sheet');
    const row = rowWith(sheet, 2, gel.name);
    expect(row.getCell(5).value).toBe(2.5);
    // Excel's General format (exceljs reads it back as no format): «2,5», never rounded to «3».
    expect(row.getCell(5).numFmt ?? 'General').toBe('General');
    expect(row.getCell(7).value).toEqual({
      formula: `ROUND(D${row.number}*E${row.number},2)`,
      result: 0.85,
    });
  });
});

describe('the workbook’s equipment lines (issue 38)', () => {
  const SHEET = 'Ультразвукова діагностика';
  const withEquipment = (vat: boolean): ServiceInput[] => [
    {
      id: 42,
      categoryName: SHEET,
      name: WORKED_SERVICE_NAME,
      content: {
        ...WORKED_CONTENT,
        ...(vat ? { vat: 'vat20' as const } : {}),
        equipment: [...WORKED_EXAMPLE_EQUIPMENT_LINES],
      },
    },
  ];
  const open = async (vat: boolean, rounding: PriceRounding) => {
    const source = pricedSource(withEquipment(vat), rounding);
    const workbook = await readBack(await renderWorkbook(buildWorkbookData(source)));
    const sheet = workbook.getWorksheet(SHEET);
    if (!sheet) throw new Error('no category sheet');
    return { source, workbook, sheet };
  };

  it('writes V, S, N, T and the minutes as numbers, the rate and the line as formulas over them', async () => {
    const { sheet } = await open(false, 'none');
    const scanner = rowWith(sheet, 2, 'Ультразвуковий сканер');
    const r = scanner.number;
    expect([3, 4, 5, 6, 8].map((column) => scanner.getCell(column).value)).toEqual([
      1_200_000, 0, 5, 1940.4, 20,
    ]);
    expect(scanner.getCell(9).value).toEqual({
      formula: `IF(AND(E${r}>0,F${r}>0),ROUND((C${r}-D${r})/E${r}/(F${r}*60)*H${r},2),0)`,
      result: 41.23,
    });
    expect(amountOf(scanner.getCell(7))).toBeCloseTo(2.0614306, 7);
    const total = rowWith(sheet, 2, 'Разом (D)');
    expect(amountOf(total.getCell(9))).toBe(42.12);
    expect(amountOf(rowWith(sheet, 2, 'Амортизація обладнання').getCell(7))).toBe(42.12);
    expect(amountOf(rowWith(sheet, 2, 'Собівартість послуги').getCell(7))).toBe(285.46);
    expect(amountOf(rowWith(sheet, 2, 'Тариф (ціна) без ПДВ').getCell(7))).toBe(328.28);
  });

  for (const { vat, rounding, label } of PRICINGS) {
    it(`come to every stored amount, D 42,12 and the tariff 328,28 among them (${label})`, async () => {
      const { workbook } = await open(vat, rounding);
      const engine = engineWorkbookOf(workbook);
      const cached = Object.values(engine.Sheets).flatMap((cells) =>
        Object.entries(cells).filter(([, cell]) => cell.f !== undefined),
      );
      // 2 staff lines, 5 materials, 2 equipment rates and 2 lines, 3 totals, 9 articles (+ 4 price rows).
      expect(cached.length).toBe(23 + (vat ? 4 : 0));
      const before = cached.map(([address, cell]) => [address, kopecks(cell.v)]);
      recalculate(engine);
      const after = cached.map(([address, cell]) => [address, kopecks(cell.v)]);
      expect(after).toEqual(before);
    });

    it(`move the tariff to the domain’s, to the kopeck, when the scanner’s first cost is changed (${label})`, async () => {
      const { source, workbook, sheet } = await open(vat, rounding);
      const scanner = rowWith(sheet, 2, 'Ультразвуковий сканер');
      const tariffRow = rowWith(sheet, 2, vat ? 'Тариф (ціна)' : 'Тариф (ціна) без ПДВ');
      const depreciationRow = rowWith(sheet, 2, 'Амортизація обладнання');
      const engine = engineWorkbookOf(workbook);
      const cells = engine.Sheets[SHEET];
      if (!cells) throw new Error('no category sheet in the engine');
      cells[scanner.getCell(3).address] = { v: 1_350_000 };
      recalculate(engine);

      const changed = withEquipment(vat).map((service) => ({
        ...service.content,
        equipment: service.content.equipment?.map((line, index) =>
          index === 0 ? { ...line, firstCost: 1_350_000 } : line,
        ),
      }));
      const [cost] = computeOrderCosts(source.order.companyInfo, changed, rounding);
      if (!cost) throw new Error('no cost');
      // 1 350 000 / 5 / (1 940,4 × 60) × 20 = 46,38: D 47,27.
      expect(cost.equipmentLines[0]).toBe('46.38');
      expect(kopecks(cells[scanner.getCell(9).address]?.v)).toBe(kopecks(cost.equipmentLines[0]));
      expect(kopecks(cells[depreciationRow.getCell(7).address]?.v)).toBe(
        kopecks(cost.depreciation),
      );
      const engineTariff = kopecks(cells[tariffRow.getCell(7).address]?.v);
      expect(engineTariff).toBe(kopecks(servicePriceOf(cost).tariff));
      expect(engineTariff).not.toBe(kopecks(amountOf(tariffRow.getCell(7))));
    });
  }
});

describe('the workbook’s sheet names and contents', () => {
  it('fits each name in 31 characters after a whole word, and lists the full names on «Зміст»', async () => {
    const long = 'Функціональна діагностика серцево-судинної системи дорослих і дітей';
    const source = pricedSource(
      [
        { id: 1, categoryName: long, name: 'ЕКГ', content: WORKED_CONTENT },
        { id: 2, categoryName: 'УЗД', name: 'УЗД', content: WORKED_CONTENT },
      ],
      'none',
    );
    const workbook = await readBack(await renderWorkbook(buildWorkbookData(source)));
    const names = workbook.worksheets.map((sheet) => sheet.name);
    expect(names).toEqual(['Зміст', 'Прейскурант', 'Функціональна діагностика…', 'УЗД']);
    for (const name of names)
      expect(Array.from(name).length).toBeLessThanOrEqual(SHEET_NAME_MAX_LENGTH);

    const contents = workbook.getWorksheet('Зміст');
    if (!contents) throw new Error('no contents sheet');
    const entry = rowWith(contents, 3, `Калькуляції категорії «${long}» (послуг: 1)`);
    expect(entry.getCell(2).value).toEqual({
      text: 'Функціональна діагностика…',
      hyperlink: "#'Функціональна діагностика…'!A1",
    });
    expect(rowWith(contents, 3, 'Калькуляції категорії «УЗД» (послуг: 1)').getCell(1).value).toBe(
      3,
    );
  });
});
