import { describe, expect, it } from 'vitest';
import {
  WORKED_CONTENT,
  WORKED_SERVICE_NAME,
  documentSource,
  workedExampleSource,
} from '../../../test/document-fixtures';
import {
  PRICE_LIST_SHEET_NAME,
  SHEET_NAME_MAX_LENGTH,
  buildWorkbookData,
  excelSheetName,
} from './build-workbook-data';
import { pricedSource } from './revision-fixtures';

describe('excelSheetName', () => {
  const none = new Set<string>();

  it('keeps a short valid name as it is', () => {
    expect(excelSheetName('Ультразвукова діагностика', none)).toBe('Ультразвукова діагностика');
  });

  it('replaces the characters Excel refuses and folds the spaces', () => {
    expect(excelSheetName('УЗД [дорослі]: органи/системи *?\\', none)).toBe(
      'УЗД дорослі органи системи',
    );
  });

  it('shortens a long name to 31 characters after a whole word, with «…», never mid-word', () => {
    const name = excelSheetName(
      'Функціональна діагностика серцево-судинної системи дорослих',
      none,
    );
    expect(name).toBe('Функціональна діагностика…');
    expect(name.length).toBeLessThanOrEqual(SHEET_NAME_MAX_LENGTH);
    // A word that ends right at the room is kept whole.
    expect(excelSheetName(`${'а'.repeat(30)} б`, none)).toBe(`${'а'.repeat(30)}…`);
    // Punctuation before the cut is dropped: «…» follows the word.
    expect(excelSheetName('Стоматологія: терапевтична, хірургічна та ортопедична', none)).toBe(
      'Стоматологія терапевтична…',
    );
    // One word longer than the room is cut inside it, and says so.
    const word = 'Електроенцефалографіяідослідження';
    expect(excelSheetName(word, none)).toBe(`${Array.from(word).slice(0, 30).join('')}…`);
  });

  it('never opens or closes with an apostrophe, and names an empty result', () => {
    expect(excelSheetName("'Хірургія'", none)).toBe('Хірургія');
    expect(excelSheetName(' :/ ', none)).toBe('Категорія');
  });

  it('numbers a name already taken, case-insensitively, within 31 characters', () => {
    expect(excelSheetName('прейскурант', new Set([PRICE_LIST_SHEET_NAME]))).toBe('прейскурант (2)');
    const long = 'Функціональна діагностика серцево-судинної системи';
    const first = excelSheetName(long, none);
    const second = excelSheetName(long, new Set([first]));
    const third = excelSheetName(long, new Set([first, second]));
    expect(first).toBe('Функціональна діагностика…');
    expect(second).toBe('Функціональна діагностика… (2)');
    expect(third).toBe('Функціональна діагностика… (3)');
    for (const name of [first, second, third]) expect(name.length).toBeLessThanOrEqual(31);
  });
});

describe('buildWorkbookData', () => {
  it('puts the worked example’s cost 243.34 and tariff 279.84 in the прейскурант as numbers', () => {
    const data = buildWorkbookData(workedExampleSource());
    expect(data.priceList.name).toBe('Прейскурант');
    expect(data.priceList.title).toBe('Перелік послуг, що калькулюються');
    const [category] = data.priceList.categories;
    expect(category?.name).toBe('Ультразвукова діагностика');
    expect(category?.rows).toHaveLength(1);
    const row = category?.rows[0];
    expect(row?.code).toBe('00042');
    expect(row?.name).toBe(WORKED_SERVICE_NAME);
    expect(row?.values).toEqual({ cost: 243.34, profitability: 15, tariff: 279.84 });
  });

  it('has one sheet per category, in the прейскурант’s order, with each service’s калькуляція', () => {
    const data = buildWorkbookData(
      documentSource([
        { id: 7, categoryName: 'УЗД', name: 'Перша', content: WORKED_CONTENT },
        { id: 8, categoryName: null, name: 'Друга', content: WORKED_CONTENT },
        { id: 9, categoryName: 'УЗД', name: 'Третя', content: WORKED_CONTENT },
      ]),
    );
    expect(
      data.categorySheets.map((sheet) => [
        sheet.name,
        sheet.category,
        sheet.costings.map((costing) => costing.code),
      ]),
    ).toEqual([
      ['УЗД', 'УЗД', ['00007', '00009']],
      ['Без категорії', 'Без категорії', ['00008']],
    ]);
    const costing = data.categorySheets[0]?.costings[0];
    expect(costing?.rows.map((article) => article.amount)).toEqual([
      131.72, 10.54, 31.3, 25.4, 44.38, 243.34, 36.5, 279.84,
    ]);
    expect(costing?.rows[5]?.label).toBe('Собівартість послуги');
  });

  it('gives categories whose names clash in Excel distinct valid sheet names', () => {
    const long = 'Лабораторна діагностика: загальноклінічні дослідження';
    const data = buildWorkbookData(
      documentSource([
        { id: 1, categoryName: `${long} крові`, name: 'А', content: WORKED_CONTENT },
        { id: 2, categoryName: `${long} сечі`, name: 'Б', content: WORKED_CONTENT },
        { id: 3, categoryName: 'ПРЕЙСКУРАНТ', name: 'В', content: WORKED_CONTENT },
      ]),
    );
    const names = data.categorySheets.map((sheet) => sheet.name);
    expect(names).toEqual([
      'Лабораторна діагностика…',
      'Лабораторна діагностика… (2)',
      'ПРЕЙСКУРАНТ (2)',
    ]);
    expect(data.categorySheets.map((sheet) => sheet.category)).toEqual([
      `${long} крові`,
      `${long} сечі`,
      'ПРЕЙСКУРАНТ',
    ]);
  });

  it('carries the not-approved mark until the order is confirmed, and the workbook’s properties', () => {
    const formed = buildWorkbookData(workedExampleSource({ status: 'formed' }));
    expect(formed.heading.notApprovedMark).toBe('НЕ ПОГОДЖЕНО');
    expect(formed.heading.institutionCode).toBe('00032129');
    expect(formed.properties).toEqual({
      creator: 'medcalc',
      title: 'Калькуляції — Платні послуги 2027',
      subject: 'Калькуляції вартості платних медичних послуг',
    });
    const confirmed = buildWorkbookData(workedExampleSource({ status: 'confirmed' }));
    expect(confirmed.heading.notApprovedMark).toBeNull();
  });

  it('carries the прейскурант’s price columns and each калькуляція’s price rows of an order with VAT and rounding', () => {
    const source = pricedSource(
      [
        {
          id: 7,
          categoryName: 'Довідки',
          name: 'Довідка',
          content: { ...WORKED_CONTENT, vat: 'vat20' },
        },
      ],
      '0.50',
    );
    source.order.revision = 2;
    const data = buildWorkbookData(source);
    expect(data.heading.revisionLabel).toBe('Редакція 2');
    expect(data.priceList.priceColumns.map((column) => column.key)).toEqual([
      'vat',
      'rounding',
      'final',
    ]);
    expect(data.priceList.categories[0]?.rows[0]?.price?.values).toEqual({
      vat: 55.97,
      rounding: 0.19,
      final: 336,
    });
    const costing = data.categorySheets[0]?.costings[0];
    expect(costing?.rows.map((article) => article.amount).slice(7)).toEqual([
      279.84, 55.97, 335.81, 0.19, 336,
    ]);
    expect(costing?.vatStatus).toBe('Режим ПДВ: ПДВ 20 %');
  });
});
