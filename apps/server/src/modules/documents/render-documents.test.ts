import { describe, expect, it } from 'vitest';
import { ORDER_DOCUMENT_FILES, type OrderDocumentFile } from '@medcalc/domain';
import {
  WORKED_SERVICE_NAME,
  largeOrderSource,
  workedExampleSource,
} from '../../../test/document-fixtures';
import { buildOrderListData } from './build-order-list-data';
import { buildServiceCostingData } from './build-service-costing-data';
import { buildTitleData } from './build-title-data';
import { DOCUMENT_LAYOUTS } from './layouts/order-documents';
import { buildPageHeading } from './page-heading';
import { combinedDocumentDefinition } from './layouts/pdf-layout';
import { renderPdf } from './render-pdf';
import { orderListLayout } from './layouts/order-list';
import { serviceCostingLayout } from './layouts/service-costing';
import { titleLayout } from './layouts/title';
import { pageSizesOf } from '../../../test/pdf-info';
import { pagesOf, squeeze } from './read-back';
import { pricedOrder } from './revision-fixtures';

/** Page counts a 200-service order of 20 materials each may take: one page per ~30 material lines. */
const SANE_PAGES: Record<OrderDocumentFile, [number, number]> = {
  title: [1, 1],
  company_info: [1, 3],
  price_list: [1, 4],
  materials_spending: [100, 200],
  order_list: [4, 12],
};

describe('the five layouts on a large order', () => {
  it('render 200 services of 20 materials each, every page numbered and none empty', async () => {
    const source = largeOrderSource(200, 20);
    for (const file of ORDER_DOCUMENT_FILES) {
      const pages = pagesOf(await renderPdf(DOCUMENT_LAYOUTS[file](source)));
      const [least, most] = SANE_PAGES[file];
      expect(pages.length, file).toBeGreaterThanOrEqual(least);
      expect(pages.length, file).toBeLessThanOrEqual(most);
      pages.forEach((page, index) => {
        expect(page, `${file} page ${index + 1}`).toContain(
          `Сторінка ${index + 1} з ${pages.length}`,
        );
        expect(page.split('\n').filter((line) => line.trim() !== '').length).toBeGreaterThan(6);
      });
      const text = pages.join('\n');
      if (file === 'order_list') {
        // Every service once, its number in the first column; the last one is number 200.
        expect(text).toMatch(/^\s*200\s+01199\s+Послуга № 200\s/m);
        expect(text.match(/^\s*\d+\s+\d{5}\s/gm)).toHaveLength(200);
      }
      if (file === 'materials_spending') {
        expect(text.match(/Разом матеріалів за послугою/g)).toHaveLength(200);
      }
    }
  });
});

/** The orientation of each page. */
const orientationsOf = (pdf: Buffer) =>
  pageSizesOf(pdf).map(({ width, height }) => (width > height ? 'landscape' : 'portrait'));

describe('VAT, rounding and the revision in the documents', () => {
  it('prints the прейскурант’s price columns on landscape pages, each row adding up', async () => {
    const pdf = await renderPdf(orderListLayout(buildOrderListData(pricedOrder())));
    expect(orientationsOf(pdf)).toEqual(['landscape']);
    const text = squeeze(pagesOf(pdf).join('\n'));
    expect(text).toContain('від 22.11.2026 · Редакція 2 НЕ ПОГОДЖЕНО');
    expect(text).toContain(`1 00042 ${WORKED_SERVICE_NAME} 243,34 15,00 279,84 55,97 0,19 336,00`);
    expect(text).toContain('2 00043 Консультація 243,34 12,30 273,27 без ПДВ 0,23 273,50');
    expect(text).toContain('тарифи округлено до 0,50 грн');
  });

  it('keeps the прейскурант of an order without VAT or rounding portrait, with no revision mark', async () => {
    const pdf = await renderPdf(orderListLayout(buildOrderListData(workedExampleSource())));
    expect(orientationsOf(pdf)).toEqual(['portrait']);
    const text = squeeze(pagesOf(pdf).join('\n'));
    expect(text).toContain(`1 00042 ${WORKED_SERVICE_NAME} 243,34 15,00 279,84\n`);
    expect(text).not.toContain('Редакція');
    expect(text).not.toContain('Округлення');
  });

  it('prints the калькуляція’s price rows and VAT status', async () => {
    const source = pricedOrder();
    const [service] = source.services;
    if (!service) throw new Error('no service');
    const pdf = await renderPdf(serviceCostingLayout(buildServiceCostingData(source, service)));
    const text = squeeze(pagesOf(pdf).join('\n'));
    expect(text).toContain('Калькуляція Режим ПДВ: ПДВ 20 %');
    // The price rows 8 to 12, one under another in this order (each line of the table starts with a space).
    expect(text).toContain(
      [
        '8 Тариф (ціна) без ПДВ Тариф = C + P 279,84',
        '9 ПДВ 20 % ПДВ = Тариф без ПДВ × 20 / 100 ставка 20,00 % 55,97',
        '10 Тариф (ціна) з ПДВ Тариф з ПДВ = Тариф без ПДВ + ПДВ 335,81',
        '11 Округлення (до 0,50 грн) Округлення = Тариф − Тариф з ПДВ 0,19',
        '12 Тариф (ціна) Тариф = Тариф з ПДВ, округлений до 0,50 грн 336,00',
      ].join('\n '),
    );
    expect(text).toContain('Редакція 2');
  });

  it('turns each part of a set as its own pages are, the heading across the page', async () => {
    const source = pricedOrder();
    const [service] = source.services;
    if (!service) throw new Error('no service');
    const pdf = await renderPdf(
      combinedDocumentDefinition(buildPageHeading(source), 'Комплект документів', [
        titleLayout(buildTitleData(source)),
        orderListLayout(buildOrderListData(source)),
        serviceCostingLayout(buildServiceCostingData(source, service)),
      ]),
    );
    expect(orientationsOf(pdf).slice(0, 3)).toEqual(['portrait', 'landscape', 'portrait']);
    const pages = pagesOf(pdf);
    pages.forEach((page, index) => {
      expect(page).toContain(`Сторінка ${index + 1} з ${pages.length}`);
      expect(page).toContain('Редакція 2');
    });
  });
});
