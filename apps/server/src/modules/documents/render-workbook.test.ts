import { describe, expect, it } from 'vitest';
import {
  WORKED_CONTENT,
  WORKED_SERVICE_NAME,
  documentSource,
  workedExampleSource,
} from '../../../test/document-fixtures';
import { buildWorkbookData } from './build-workbook-data';
import { MONEY_FORMAT, PERCENT_FORMAT, renderWorkbook } from './render-workbook';
import { amountOf, readBack, rowWith, textsOf } from './read-back';
import { pricedOrder } from './revision-fixtures';

const render = (source = workedExampleSource()) =>
  renderWorkbook(buildWorkbookData(source), new Date('2026-12-01T10:00:00Z'));

describe('renderWorkbook', () => {
  it('names the sheets «Прейскурант» and then each category, with the workbook’s properties', async () => {
    const workbook = await readBack(
      await render(
        documentSource([
          { id: 7, categoryName: 'УЗД', name: 'Перша', content: WORKED_CONTENT },
          { id: 8, categoryName: 'Лабораторія [аналізи]', name: 'Друга', content: WORKED_CONTENT },
        ]),
      ),
    );
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Зміст',
      'Прейскурант',
      'УЗД',
      'Лабораторія аналізи',
    ]);
    expect(workbook.creator).toBe('medcalc');
    expect(workbook.title).toBe('Калькуляції — Платні послуги 2027');
  });

  it('writes the прейскурант row of the worked example with 243.34 and 279.84 as numbers', async () => {
    const workbook = await readBack(await render());
    const sheet = workbook.getWorksheet('Прейскурант');
    if (!sheet) throw new Error('no Прейскурант sheet');
    const header = rowWith(sheet, 1, '№');
    expect([2, 3, 4, 5, 6].map((column) => header.getCell(column).value)).toEqual([
      'Код',
      'Послуга',
      'Собівартість, грн',
      'Рентабельність, %',
      'Тариф без ПДВ, грн',
    ]);
    expect(header.getCell(1).font?.bold).toBe(true);
    // The header stays in view while scrolling.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: header.number });

    const group = rowWith(sheet, 1, 'Ультразвукова діагностика');
    expect(group.number).toBe(header.number + 1);
    const service = rowWith(sheet, 3, WORKED_SERVICE_NAME);
    expect(service.number).toBe(group.number + 1);
    expect(service.getCell(1).value).toBe(1);
    expect(service.getCell(2).value).toBe('00042');
    const [cost, profitability, tariff] = [4, 5, 6].map((column) => service.getCell(column));
    expect(typeof cost?.value).toBe('number');
    expect(cost?.value).toBe(243.34);
    expect(cost?.numFmt).toBe(MONEY_FORMAT);
    expect(profitability?.value).toBe(15);
    expect(profitability?.numFmt).toBe(PERCENT_FORMAT);
    expect(typeof tariff?.value).toBe('number');
    expect(tariff?.value).toBe(279.84);
    expect(tariff?.numFmt).toBe(MONEY_FORMAT);
    expect(sheet.getColumn(3).width).toBeGreaterThan(40);
    expect(service.getCell(3).alignment?.wrapText).toBe(true);

    const texts = textsOf(sheet);
    expect(texts).toContain('КНП «Міська клінічна лікарня № 1» Київської міської ради');
    expect(texts).toContain('Код за ЄДРПОУ: 00032129');
    expect(texts).toContain('Замовлення: Платні послуги 2027 від 22.11.2026');
    expect(texts).toContain('Перелік послуг, що калькулюються');
    expect(texts).toContain('Керівник закладу');
  });

  it('writes the калькуляція on the category sheet: staff, materials and the eight rows as numbers', async () => {
    const workbook = await readBack(await render());
    const sheet = workbook.getWorksheet('Ультразвукова діагностика');
    if (!sheet) throw new Error('no category sheet');
    expect(textsOf(sheet)).toContain(`00042 · ${WORKED_SERVICE_NAME}`);

    const doctor = rowWith(sheet, 2, 'Лікар ультразвукової діагностики');
    expect([3, 4, 5, 6, 7].map((column) => amountOf(doctor.getCell(column)))).toEqual([
      20_000, 10, 7.7, 30, 81.63,
    ]);
    expect(doctor.getCell(3).numFmt).toBe(MONEY_FORMAT);
    const gel = rowWith(sheet, 2, 'Гель для УЗД контактний');
    expect([3, 4, 5, 7].map((column) => amountOf(gel.getCell(column)))).toEqual([
      'мл',
      0.34,
      20,
      6.8,
    ]);

    const cost = rowWith(sheet, 2, 'Собівартість послуги');
    expect(cost.getCell(1).value).toBe(6);
    expect(cost.getCell(3).value).toBe('C = L + A + E + M + OH');
    expect(typeof amountOf(cost.getCell(7))).toBe('number');
    expect(amountOf(cost.getCell(7))).toBe(243.34);
    expect(cost.getCell(7).numFmt).toBe(MONEY_FORMAT);
    expect(cost.getCell(7).font?.bold).toBe(true);
    const tariff = rowWith(sheet, 2, 'Тариф (ціна) без ПДВ');
    expect(amountOf(tariff.getCell(7))).toBe(279.84);

    const overhead = rowWith(sheet, 2, 'Накладні витрати');
    expect(overhead.getCell(6).value).toBe(33.6897);
    expect(overhead.getCell(6).numFmt).toBe('"K = "0.0000" %"');
    expect(amountOf(overhead.getCell(7))).toBe(44.38);
    const profit = rowWith(sheet, 2, 'Прибуток');
    expect(profit.getCell(6).value).toBe(15);
    expect(profit.getCell(6).numFmt).toBe('"R = "0.00" %"');
  });

  it('marks every sheet «НЕ ПОГОДЖЕНО» until the order is confirmed', async () => {
    for (const status of ['formed', 'sent'] as const) {
      const workbook = await readBack(await render(workedExampleSource({ status })));
      for (const sheet of workbook.worksheets) expect(textsOf(sheet)).toContain('НЕ ПОГОДЖЕНО');
    }
    const confirmed = await readBack(await render(workedExampleSource({ status: 'confirmed' })));
    for (const sheet of confirmed.worksheets) {
      expect(textsOf(sheet)).not.toContain('НЕ ПОГОДЖЕНО');
    }
  });

  it('adds the прейскурант’s price columns and the калькуляція’s price rows of an order with VAT and rounding', async () => {
    const workbook = await readBack(await render(pricedOrder()));
    const sheet = workbook.getWorksheet('Прейскурант');
    if (!sheet) throw new Error('no Прейскурант sheet');
    expect(textsOf(sheet)).toContain('Редакція 2');
    expect(sheet.pageSetup.orientation).toBe('landscape');
    const header = rowWith(sheet, 1, '№');
    expect([6, 7, 8, 9].map((column) => header.getCell(column).value)).toEqual([
      'Тариф без ПДВ, грн',
      'ПДВ 20 %, грн',
      'Округлення, грн',
      'Тариф з ПДВ, грн',
    ]);
    const taxable = rowWith(sheet, 3, WORKED_SERVICE_NAME);
    expect([6, 7, 8, 9].map((column) => taxable.getCell(column).value)).toEqual([
      279.84, 55.97, 0.19, 336,
    ]);
    expect([7, 8, 9].map((column) => taxable.getCell(column).numFmt)).toEqual([
      MONEY_FORMAT,
      MONEY_FORMAT,
      MONEY_FORMAT,
    ]);
    expect(taxable.getCell(9).font?.bold).toBe(true);
    const exempt = rowWith(sheet, 3, 'Консультація');
    expect([6, 7, 8, 9].map((column) => exempt.getCell(column).value)).toEqual([
      273.27,
      'без ПДВ',
      0.23,
      273.5,
    ]);

    const category = workbook.getWorksheet('Ультразвукова діагностика');
    if (!category) throw new Error('no category sheet');
    const vat = rowWith(category, 2, 'ПДВ 20 %');
    expect(vat.getCell(6).value).toBe(20);
    expect(vat.getCell(6).numFmt).toBe('"ставка "0.00" %"');
    expect(amountOf(vat.getCell(7))).toBe(55.97);
    expect(amountOf(rowWith(category, 2, 'Тариф (ціна) з ПДВ').getCell(7))).toBe(335.81);
    expect(amountOf(rowWith(category, 2, 'Округлення (до 0,50 грн)').getCell(7))).toBe(0.19);
    const final = rowWith(category, 2, 'Тариф (ціна)');
    expect(amountOf(final.getCell(7))).toBe(336);
    expect(final.getCell(7).font?.bold).toBe(true);
    expect(textsOf(category)).toContain('Режим ПДВ: ПДВ 20 %');
    expect(textsOf(category)).toContain('Режим ПДВ: Звільнено від ПДВ (п. 197.1.5 ПКУ)');
  });

  it('writes an order without VAT or rounding with its six columns and no revision line', async () => {
    const workbook = await readBack(await render());
    const sheet = workbook.getWorksheet('Прейскурант');
    if (!sheet) throw new Error('no Прейскурант sheet');
    expect(rowWith(sheet, 1, '№').getCell(7).value).toBeNull();
    expect(sheet.pageSetup.orientation).toBe('portrait');
    expect(textsOf(sheet).some((text) => text.startsWith('Редакція'))).toBe(false);
  });
});
