import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compareRevisions, type CalculationContent } from '@medcalc/domain';
import { DEMO_PROVIDER } from '../../lib/provider-requisites';
import { WORKED_CONTENT, WORKED_INFO, largeOrderSource } from '../../../test/document-fixtures';
import { buildComparisonData } from './build-comparison-data';
import { buildInvoiceData } from './build-invoice-data';
import type { OrderDocumentSource } from './document-source';
import { DOCUMENT_LAYOUTS, printSetLayout, servicePapersLayout } from './layouts/order-documents';
import type { DocumentLayout } from './layouts/pdf-layout';
import { renderPdf } from './render-pdf';
import { pagesOf, pdfText, squeeze } from './read-back';
import { comparisonLayout } from './layouts/comparison';
import { invoiceLayout } from './layouts/invoice';
import { pricedSource, revision, side, type ServiceInput } from './revision-fixtures';

/*
 * Issue 33: no document puts its signatures on a page without its figures. Each document with signature lines is
 * rendered with row counts that cross its page breaks, and the page holding the signatures (pdftotext page by
 * page) must hold figures too: the table's last rows, its totals.
 */

/** The number (1-based) of the last page whose text matches `pattern`; 0 when none does. */
const lastPageOf = (pages: readonly string[], pattern: RegExp) =>
  pages.findLastIndex((page) => pattern.test(page)) + 1;

/** A service row of a table with a code: its running number, then the five-digit code. */
const SERVICE_ROW = /^\s*\d+\s+\d{5}\s/m;

/**
 * Checks that the signature lines (the last page naming `signer`) stand on the page of `figures` and of at least
 * one row matching `row`, and answers the page count.
 */
async function expectSignedBesideFigures(
  layout: DocumentLayout,
  signer: RegExp,
  figures: RegExp,
  row: RegExp,
  label: string,
): Promise<number> {
  const pages = pagesOf(await renderPdf(layout));
  const signed = lastPageOf(pages, signer);
  expect(signed, `${label}: signatures`).toBeGreaterThan(0);
  expect(lastPageOf(pages, figures), `${label}: totals beside the signatures`).toBe(signed);
  expect(pages[signed - 1], `${label}: a row beside the signatures`).toMatch(row);
  return pages.length;
}

/** A comparison of `count` services in two categories, with a change of VAT on every other one and a rounding. */
function comparisonOfRows(count: number): DocumentLayout {
  const inputs: ServiceInput[] = Array.from({ length: count }, (_, index) => ({
    id: 100 + index,
    categoryName: index % 2 ? 'Консультації' : 'Ультразвукова діагностика',
    name: `Послуга № ${index + 1}`,
    content: index % 2 ? { ...WORKED_CONTENT, vat: 'vat20' } : WORKED_CONTENT,
  }));
  const before = revision(
    inputs.map((input) => ({ ...input, content: WORKED_CONTENT })),
    'none',
  );
  const after = revision(inputs, '1.00', { status: 'sent' });
  after.source.order.revision = 2;
  return comparisonLayout(
    buildComparisonData({
      after: after.source,
      beforeRevision: 1,
      afterRevision: 2,
      comparison: compareRevisions(side(before), side(after)),
    }),
  );
}

describe('signatures beside figures', () => {
  it('«Порівняння тарифів»: the last services and the order’s total stand with the signatures, 1 to 40 services', async () => {
    const counts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 20, 25, 30, 35, 40];
    const pageCounts = new Set<number>();
    for (const count of counts) {
      pageCounts.add(
        await expectSignedBesideFigures(
          comparisonOfRows(count),
          /Головний бухгалтер/,
          /Разом за замовленням/,
          SERVICE_ROW,
          `${count} services`,
        ),
      );
    }
    // The sweep crosses page breaks (one, two and three pages), so the rule was tested where it matters.
    expect([...pageCounts].sort()).toEqual([1, 2, 3]);
  });

  it('the прейскурант: its last services stand with the signatures across its page breaks', async () => {
    const pageCounts = new Set<number>();
    for (const count of [1, 20, 22, 24, 26, 28, 30, 50, 60, 70]) {
      pageCounts.add(
        await expectSignedBesideFigures(
          DOCUMENT_LAYOUTS.order_list(largeOrderSource(count, 1)),
          /Головний бухгалтер/,
          SERVICE_ROW,
          SERVICE_ROW,
          `${count} services`,
        ),
      );
    }
    expect(Math.max(...pageCounts)).toBeGreaterThan(1);
  });

  it('the invoice: the last service, the totals and the sum in words stand with the signature', async () => {
    const pageCounts = new Set<number>();
    for (const count of [1, 10, 20, 24, 26, 28, 30, 32, 40]) {
      const source = largeOrderSource(count, 1);
      const data = buildInvoiceData(
        { ...source, services: source.services.map(({ name }) => ({ name })) },
        DEMO_PROVIDER,
        { number: 7, year: 2026, issuedAt: new Date('2026-11-22T09:00:00Z') },
      );
      pageCounts.add(
        await expectSignedBesideFigures(
          invoiceLayout(data),
          /Від постачальника/,
          /Всього до сплати/,
          /^\s*\d+\s+Розрахунок/m,
          `${count} services`,
        ),
      );
    }
    expect(Math.max(...pageCounts)).toBeGreaterThan(1);
  });

  it('the chronometry act: its last staff lines and the total stand with the commission’s signatures', async () => {
    let crossed = 0;
    for (const count of [1, 2, 20, 30, 40, 45, 50, 60]) {
      const [doctor, nurse] = WORKED_CONTENT.stuff;
      if (!doctor || !nurse) throw new Error('the worked example has two staff lines');
      const content: CalculationContent = {
        ...WORKED_CONTENT,
        chronometry: true,
        stuff: Array.from({ length: count }, (_, index) => (index % 2 ? nurse : doctor)),
      };
      const source = pricedSource(
        [{ id: 42, categoryName: 'УЗД', name: 'УЗД органів черевної порожнини', content }],
        'none',
      );
      const [service] = source.services;
      if (!service) throw new Error('no service');
      const pages = pagesOf(await renderPdf(servicePapersLayout(source, service)));
      const act = lastPageOf(pages, /Акт хронометражу/);
      const signed = lastPageOf(pages, /Голова комісії/);
      expect(act, `${count} lines: the act after the калькуляція`).toBeGreaterThan(
        lastPageOf(pages, /Тариф \(ціна\) без ПДВ/),
      );
      expect(lastPageOf(pages, /^\s*Разом\s+[\d\s]+$/m), `${count} lines`).toBe(signed);
      expect(pages[signed - 1], `${count} lines`).toMatch(/^\s*\d+\s+(Лікар|Сестра)/m);
      expect(pages[signed - 1]).toContain('Член комісії');
      if (signed > pages.findIndex((page) => /Акт хронометражу/.test(page)) + 1) crossed += 1;
    }
    // The act itself runs over a page for the longer ones, so its break was crossed too.
    expect(crossed).toBeGreaterThan(0);
  });

  it('the print set: each part keeps its signatures with its figures, the act after its калькуляція', async () => {
    const ticked = (id: number, materials: number): ServiceInput => {
      const [first] = WORKED_CONTENT.pills;
      if (!first) throw new Error('the worked example has materials');
      return {
        id,
        categoryName: 'УЗД',
        name: `Послуга ${id}`,
        content: {
          ...WORKED_CONTENT,
          chronometry: id % 2 === 0,
          pills: Array.from({ length: materials }, (_, index) => ({ ...first, id: index + 1 })),
        },
      };
    };
    const source = pricedSource([ticked(42, 3), ticked(43, 40), ticked(44, 50)], 'none');
    const pages = pagesOf(await renderPdf(await printSetLayout(source)));
    // Two acts (services 42 and 44), each on the page after its калькуляція's signatures.
    const acts = pages.flatMap((page, index) => (/Акт хронометражу/.test(page) ? [index] : []));
    expect(acts).toHaveLength(2);
    for (const index of acts) {
      expect(pages[index - 1]).toMatch(/Економіст/);
      expect(pages[index - 1]).toMatch(/^\s*8\s+Тариф/m);
      expect(pages[index]).toMatch(/Голова комісії/);
      expect(pages[index]).toMatch(/^\s*Разом\s+60\s*$/m);
    }
    // Every page with the калькуляція's signatures has its «Тариф» row; the прейскурант's, its services.
    pages.forEach((page, index) => {
      if (/Економіст/.test(page)) expect(page, `page ${index + 1}`).toMatch(/^\s*8\s+Тариф/m);
    });
    const list = pages.findIndex((page) => /Перелік послуг, що калькулюються/.test(page));
    expect(pages[list]).toMatch(/Головний бухгалтер/);
    expect(pages[list]).toMatch(SERVICE_ROW);
  });
});

/** A head’s full name longer than any signature line, and a legal name of several lines. */
const LONG_CEO = 'Костянтиненко-Вишневецька Олександра-Марія Володимирівна';

/** Every word of a PDF with its page and box (pdftotext -bbox). */
function wordsOf(pdf: Buffer) {
  const xml = execFileSync('pdftotext', ['-bbox', '-', '-'], { input: pdf, encoding: 'utf8' });
  return xml
    .split('<page ')
    .slice(1)
    .flatMap((page, index) => {
      const width = Number(/width="([\d.]+)"/.exec(page)?.[1] ?? 0);
      return [...page.matchAll(/xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</g)].map(
        ([, xMax, word]) => ({
          page: index + 1,
          pageWidth: width,
          xMax: Number(xMax),
          word,
        }),
      );
    });
}

describe('the head’s full name', () => {
  const source = (): OrderDocumentSource =>
    pricedSource([{ id: 42, categoryName: 'УЗД', name: 'УЗД', content: WORKED_CONTENT }], 'none', {
      info: { ...WORKED_INFO, ceo_name: LONG_CEO },
    });
  const reading = (pdf: Buffer) => squeeze(pdfText(pdf, 'raw').replace(/\s*\n\s*/g, ' '));

  it('is printed whole on its lines, inside the page, on the калькуляція, the title and the прейскурант', async () => {
    const order = source();
    const [service] = order.services;
    if (!service) throw new Error('no service');
    for (const [label, layout, times] of [
      ['калькуляція', servicePapersLayout(order, service), 2],
      ['title', DOCUMENT_LAYOUTS.title(order), 1],
      ['прейскурант', DOCUMENT_LAYOUTS.order_list(order), 1],
    ] as const) {
      const pdf = await renderPdf(layout);
      const text = reading(pdf);
      // Wrapped over lines in reading order, never cut: every occurrence is the whole name.
      expect(text.split(LONG_CEO).length - 1, label).toBe(times);
      for (const word of wordsOf(pdf)) {
        // A4 less the 42-point side margin: nothing runs past the text area.
        expect(word.xMax, `${label}: «${word.word}»`).toBeLessThanOrEqual(word.pageWidth - 41);
      }
      if (label === 'title') expect(pagesOf(pdf), label).toHaveLength(1);
    }
  });
});
