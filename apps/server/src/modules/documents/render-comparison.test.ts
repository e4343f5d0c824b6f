import type ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { compareRevisions } from '@medcalc/domain';
import { WORKED_SERVICE_NAME, largeOrderSource } from '../../../test/document-fixtures';
import { buildComparisonData } from './build-comparison-data';
import { renderPdf } from './render-pdf';
import { comparisonLayout } from './layouts/comparison';
import { renderComparisonWorkbook } from './render-comparison-workbook';
import { SIGNED_MONEY_FORMAT, SIGNED_PERCENT_FORMAT } from './render-comparison-workbook';
import { MONEY_FORMAT } from './render-workbook';
import { pageSizesOf } from '../../../test/pdf-info';
import { pagesOf, readBack, rowWith, squeeze, textsOf } from './read-back';
import { comparisonSource, revision, side } from './revision-fixtures';

const renderPdfOf = (source = comparisonSource()) =>
  renderPdf(comparisonLayout(buildComparisonData(source)));

describe('comparisonLayout (PDF)', () => {
  it('prints the title, each service before and after, the totals, the changes and the signatures', async () => {
    const pdf = await renderPdfOf();
    // Nine columns do not fit a portrait page: A4 landscape.
    const [size] = pageSizesOf(pdf);
    expect(size?.width).toBeCloseTo(841.89, 0);
    expect(size?.height).toBeCloseTo(595.28, 0);
    const pages = pagesOf(pdf);
    expect(pages).toHaveLength(1);
    const text = squeeze(pages.join('\n'));
    for (const line of [
      'КНП «Міська клінічна лікарня № 1» Київської міської ради',
      'Код ЄДРПОУ: 00032129',
      'Замовлення З-2026-0001 «Платні послуги 2027»',
      'від 22.11.2026 · Редакція 2 НЕ ПОГОДЖЕНО',
      'Порівняння тарифів: редакція 1 → редакція 2',
      `1 00042 ${WORKED_SERVICE_NAME} 243,34 243,34 279,84 336,00 +56,16 +20,07 %`,
      '2 00044 Стара послуга 243,34 — 279,84 — — —',
      '4 00045 Нова послуга — 243,34 — 280,00 — —',
      'Разом за категорією 243,34 243,34 279,84 336,00 +56,16 +20,07 %',
      'Разом за замовленням 486,68 486,68 559,68 616,00 +56,32 +10,06 %',
      'Що змінилося',
      'Округлення тарифу: Без округлення (до копійки) → До 1,00 грн',
      `ПДВ: Звільнено від ПДВ (п. 197.1.5 ПКУ) → ПДВ 20 % (${WORKED_SERVICE_NAME})`,
      'Керівник закладу Петренко Ольга Іванівна',
      'Головний бухгалтер Коваль Ірина Степанівна',
      'Порівняння тарифів Сторінка 1 з 1',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('drops the mark once the order is confirmed', async () => {
    const source = comparisonSource();
    source.after.order.status = 'confirmed';
    const text = squeeze(pagesOf(await renderPdfOf(source)).join('\n'));
    expect(text).toContain('від 22.11.2026 · Редакція 2');
    expect(text).not.toContain('НЕ ПОГОДЖЕНО');
  });

  it('runs a 200-service comparison over numbered pages with every service once', async () => {
    const large = largeOrderSource(200, 2);
    const inputs = large.services.map(({ id, categoryName, name, content }) => ({
      id,
      categoryName,
      name,
      content,
    }));
    const before = revision(inputs, 'none');
    const after = revision(inputs, '0.50');
    after.source.order.revision = 2;
    const pages = pagesOf(
      await renderPdfOf({
        after: after.source,
        beforeRevision: 1,
        afterRevision: 2,
        comparison: compareRevisions(side(before), side(after)),
      }),
    );
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.length).toBeLessThan(20);
    pages.forEach((page, index) => {
      expect(page).toContain(`Сторінка ${index + 1} з ${pages.length}`);
      expect(page).toContain('Редакція 2');
    });
    const text = pages.join('\n');
    expect(text.match(/^\s*\d+\s+\d{5}\s/gm)).toHaveLength(200);
    expect(text.match(/Разом за категорією/g)).toHaveLength(10);
    expect(text.match(/Разом за замовленням/g)).toHaveLength(1);
  });
});

const columns = (row: ExcelJS.Row) => [4, 5, 6, 7, 8, 9].map((column) => row.getCell(column).value);

describe('renderComparisonWorkbook', () => {
  it('writes one sheet «Порівняння» with the heading, the table as numbers, the totals and the changes', async () => {
    const workbook = await readBack(
      await renderComparisonWorkbook(
        buildComparisonData(comparisonSource()),
        new Date('2026-12-01T10:00:00Z'),
      ),
    );
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Порівняння']);
    expect(workbook.title).toBe('Порівняння тарифів — Платні послуги 2027');
    const sheet = workbook.getWorksheet('Порівняння');
    if (!sheet) throw new Error('no sheet');

    const texts = textsOf(sheet);
    for (const text of [
      'КНП «Міська клінічна лікарня № 1» Київської міської ради',
      'Код за ЄДРПОУ: 00032129',
      'Замовлення: Платні послуги 2027 від 22.11.2026',
      'Редакція 2',
      'НЕ ПОГОДЖЕНО',
      'Порівняння тарифів: редакція 1 → редакція 2',
      'Що змінилося',
      '• Округлення тарифу: Без округлення (до копійки) → До 1,00 грн',
      `• ПДВ: Звільнено від ПДВ (п. 197.1.5 ПКУ) → ПДВ 20 % (${WORKED_SERVICE_NAME})`,
      'Керівник закладу',
      'Головний бухгалтер',
    ]) {
      expect(texts).toContain(text);
    }

    const top = rowWith(sheet, 1, '№');
    expect([2, 3, 4, 6, 8].map((column) => top.getCell(column).value)).toEqual([
      'Код',
      'Послуга',
      'Собівартість, грн',
      'Тариф, грн',
      'Зміна тарифу',
    ]);
    const bottom = sheet.getRow(top.number + 1);
    expect(columns(bottom)).toEqual([
      'Редакція 1',
      'Редакція 2',
      'Редакція 1',
      'Редакція 2',
      'Δ, грн',
      'Δ, %',
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: bottom.number });
    expect(sheet.pageSetup.orientation).toBe('landscape');

    const worked = rowWith(sheet, 3, WORKED_SERVICE_NAME);
    expect(worked.getCell(1).value).toBe(1);
    expect(worked.getCell(2).value).toBe('00042');
    expect(columns(worked)).toEqual([243.34, 243.34, 279.84, 336, 56.16, 20.07]);
    expect([4, 5, 6, 7].map((column) => worked.getCell(column).numFmt)).toEqual([
      MONEY_FORMAT,
      MONEY_FORMAT,
      MONEY_FORMAT,
      MONEY_FORMAT,
    ]);
    expect(worked.getCell(8).numFmt).toBe(SIGNED_MONEY_FORMAT);
    expect(worked.getCell(9).numFmt).toBe(SIGNED_PERCENT_FORMAT);

    expect(columns(rowWith(sheet, 3, 'Стара послуга'))).toEqual([
      243.34,
      '—',
      279.84,
      '—',
      '—',
      '—',
    ]);
    const group = rowWith(sheet, 1, 'Консультації');
    expect(sheet.getRow(group.number + 1).getCell(3).value).toBe('Консультація лікаря');

    const subtotals: ExcelJS.Row[] = [];
    sheet.eachRow((row) => {
      if (row.getCell(1).value === 'Разом за категорією') subtotals.push(row);
    });
    expect(subtotals.map(columns)).toEqual([
      [243.34, 243.34, 279.84, 336, 56.16, 20.07],
      [243.34, 243.34, 279.84, 280, 0.16, 0.06],
    ]);
    const total = rowWith(sheet, 1, 'Разом за замовленням');
    expect(columns(total)).toEqual([486.68, 486.68, 559.68, 616, 56.32, 10.06]);
    expect(total.getCell(7).font?.bold).toBe(true);
  });
});
