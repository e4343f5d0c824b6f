import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ORDER_DOCUMENT_FILES, type CalculationContent } from '@medcalc/domain';
import { DEMO_PROVIDER } from '../../lib/provider-requisites';
import { WORKED_CONTENT, WORKED_INFO } from '../../../test/document-fixtures';
import { buildInvoiceData } from './build-invoice-data';
import { buildServiceCostingData } from './build-service-costing-data';
import { buildWorkbookData } from './build-workbook-data';
import { printedPosition } from './document-source';
import { DOCUMENT_LAYOUTS, printSetLayout } from './layouts/order-documents';
import { renderPdf } from './render-pdf';
import { pagesOf, readBack, squeeze, textsOf } from './read-back';
import { invoiceLayout } from './layouts/invoice';
import { serviceCostingLayout } from './layouts/service-costing';
import { renderWorkbook } from './render-workbook';
import { pricedSource, type ServiceInput } from './revision-fixtures';

/*
 * The documents as an accountant reads them (issue 23 part 2): what every page says, read back with pdftotext
 * page by page, and what the workbook's cells say.
 */

/** A service of the worked example with `materials` material lines (and its two staff lines). */
function serviceWith(materials: number, vat = false): ServiceInput {
  const [first] = WORKED_CONTENT.pills;
  if (!first) throw new Error('the worked example has materials');
  const content: CalculationContent = {
    ...WORKED_CONTENT,
    ...(vat ? { vat: 'vat20' as const } : {}),
    pills: Array.from({ length: materials }, (_, index) => ({
      ...first,
      id: 100 + index,
      name: `${first.name} № ${index + 1}`,
    })),
  };
  return { id: 42, categoryName: 'Ультразвукова діагностика', name: 'УЗД', content };
}

/** The pages of the калькуляція of a service with `materials` lines, with VAT and rounding or without. */
async function costingPages(materials: number, priced: boolean): Promise<string[]> {
  const source = pricedSource([serviceWith(materials, priced)], priced ? '0.50' : 'none');
  const [service] = source.services;
  if (!service) throw new Error('no service');
  return pagesOf(await renderPdf(serviceCostingLayout(buildServiceCostingData(source, service))));
}

/** The number of the page (1-based) whose text matches `pattern`, the last such page. */
const pageOf = (pages: readonly string[], pattern: RegExp) =>
  pages.findLastIndex((page) => pattern.test(page)) + 1;

describe('the калькуляція’s signatures', () => {
  // Issue 33: the калькуляція is compact, so a service of 25 lines (its two staff lines and 23 materials) is one
  // page; larger ones cross the page, and the «Калькуляція» table goes with the signatures onto the next.
  const counts = [1, 5, 23, 30, 40, 60];
  for (const priced of [false, true]) {
    it(`stand on the page of the «Тариф» row for 1 to 60 material lines${priced ? ', with VAT and rounding' : ''}`, async () => {
      let broken = 0;
      for (const count of counts) {
        const pages = await costingPages(count, priced);
        // The last article row: «Тариф (ціна) без ПДВ» (row 8) or, with VAT and rounding, the final «Тариф (ціна)».
        const tariff = pageOf(pages, priced ? /^\s*12\s+Тариф \(ціна\)/m : /^\s*8\s+Тариф/m);
        expect(tariff, `${count} lines`).toBeGreaterThan(0);
        // The three stand side by side under the table: the last page naming each of them.
        for (const signer of ['Керівник закладу', 'Головний бухгалтер', 'Економіст']) {
          expect(pageOf(pages, new RegExp(signer)), `${signer}, ${count} lines`).toBe(tariff);
        }
        expect(pageOf(pages, /підпис, ім’я та прізвище/), `${count} lines`).toBe(tariff);
        if (count <= 23) expect(pages, `${count} lines`).toHaveLength(1);
        if (pages.length > 1) broken += 1;
      }
      // The sweep does reach the page break, so the rule above was tested where it matters.
      expect(broken).toBeGreaterThan(0);
    });
  }
});

/** A legal name longer than a heading line, ending in words a cut would lose. */
const LONG_NAME =
  'Комунальне некомерційне підприємство «Міська клінічна лікарня швидкої медичної допомоги № 5» Запорізької міської ради Запорізької області';

/** The text of every page in reading order (pdftotext without -layout), lines joined. */
const readingPagesOf = (pdf: Buffer) =>
  pagesOf(pdf, 'raw').map((page) => squeeze(page.replace(/\s*\n\s*/g, ' ')));

describe('the page heading', () => {
  it('prints the payer’s full legal name and the order’s full name on every page, wrapped', async () => {
    const source = pricedSource([serviceWith(25, true)], '0.50', {
      info: { ...WORKED_INFO, name: LONG_NAME },
      orderName:
        'Платні послуги відділення ультразвукової та функціональної діагностики на 2027 рік',
    });
    const pages = readingPagesOf(await renderPdf(await printSetLayout(source)));
    expect(pages.length).toBeGreaterThan(6);
    pages.forEach((page, index) => {
      expect(page, `page ${index + 1}`).toContain(LONG_NAME);
      expect(page, `page ${index + 1}`).toContain(
        'Замовлення З-2026-0001 «Платні послуги відділення ультразвукової та функціональної діагностики на 2027 рік»',
      );
      expect(page).not.toContain('…');
    });
  });

  it('keeps the body under a heading of several lines', async () => {
    const source = pricedSource([serviceWith(1)], 'none', {
      info: { ...WORKED_INFO, name: `${LONG_NAME} ${LONG_NAME}` },
    });
    const pdf = await renderPdf(DOCUMENT_LAYOUTS.title(source));
    // Every word's box (pdftotext -bbox): the heading's lowest word and the body's highest one.
    const words = [
      ...execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', '-', '-'], {
        input: pdf,
        encoding: 'utf8',
      }).matchAll(/yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</g),
    ].map(([, top, bottom, word]) => ({ top: Number(top), bottom: Number(bottom), word }));
    const code = words.find((entry) => entry.word === 'ЄДРПОУ:');
    if (!code) throw new Error('no ЄДРПОУ line in the heading');
    // The heading ends with its «Код ЄДРПОУ» line; nothing of the body may start above it.
    const body = words.filter((entry) => entry.top > 0 && entry.word === 'ЗАТВЕРДЖУЮ');
    expect(body.length).toBeGreaterThan(0);
    for (const entry of body) expect(entry.top).toBeGreaterThan(code.bottom);
  });
});

describe('words, not code, on paper and in cells', () => {
  /** Two services whose staff lines carry the wizard’s labels, «немає» for no scientific degree included. */
  const source = () => {
    const labelled = (service: ServiceInput): ServiceInput => ({
      ...service,
      content: {
        ...service.content,
        stuff: service.content.stuff.map((line) => ({
          ...line,
          quality: line.quality && {
            ...line.quality,
            name: `${line.quality.name}, без категорії, немає`,
          },
        })),
      },
    });
    return pricedSource([labelled(serviceWith(3)), labelled(serviceWith(2, true))], '1.00');
  };
  const CODE_WORDS = /share_med|k_відп|k_leave|немає/;
  /** The other approval word: the status is «погоджено» (spec §4), «ЗАТВЕРДЖУЮ» is the head's stamp, not a status. */
  const OTHER_APPROVAL_WORD = /затверджен/i;

  it('prints no code names, no empty degree and «не погоджено», never «не затверджено», in any PDF', async () => {
    const order = source();
    const texts: string[] = [];
    for (const file of ORDER_DOCUMENT_FILES) {
      texts.push(pagesOf(await renderPdf(DOCUMENT_LAYOUTS[file](order))).join('\n'));
    }
    texts.push(pagesOf(await renderPdf(await printSetLayout(order))).join('\n'));
    texts.push(
      pagesOf(
        await renderPdf(
          invoiceLayout(
            buildInvoiceData(
              { ...order, services: order.services.map(({ name }) => ({ name })) },
              DEMO_PROVIDER,
              { number: 1, year: 2026, issuedAt: new Date('2026-11-22T09:00:00Z') },
            ),
          ),
        ),
      ).join('\n'),
    );
    for (const text of texts) {
      expect(text).not.toMatch(CODE_WORDS);
      expect(text).not.toMatch(OTHER_APPROVAL_WORD);
    }
    const all = squeeze(texts.join('\n'));
    expect(all).toContain('НЕ ПОГОДЖЕНО');
    // The position's cell wraps in the калькуляція's table; the category stays, the degree «немає» does not.
    expect(all).toMatch(/Лікар ультразвукової\s+діагностики, без/);
    expect(all).toContain('коефіцієнт відпусток');
    expect(all).toContain('Частка медичної площі');
  });

  it('writes no code names and no empty degree in the workbook', async () => {
    const workbook = await readBack(await renderWorkbook(buildWorkbookData(source())));
    const texts = workbook.worksheets.flatMap((sheet) => textsOf(sheet)).join('\n');
    expect(texts).not.toMatch(CODE_WORDS);
    expect(texts).not.toMatch(OTHER_APPROVAL_WORD);
    expect(texts).toContain('Лікар ультразвукової діагностики, без категорії');
  });

  it('leaves out only an empty degree from a position', () => {
    expect(printedPosition('Лікар, без категорії, немає')).toBe('Лікар, без категорії');
    expect(printedPosition('Лікар, вища, кандидат медичних наук')).toBe(
      'Лікар, вища, кандидат медичних наук',
    );
    expect(printedPosition('немає')).toBe('немає');
    expect(printedPosition(' Сестра медична ')).toBe('Сестра медична');
  });
});
