import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ORDER_DOCUMENT_FILES, type OrderDocumentFile } from '@medcalc/domain';
import { largeOrderSource } from '../../../test/document-fixtures';
import { DOCUMENT_LAYOUTS } from './documents.service';
import { renderPdf } from './pdf-layout';

/** The pages of a PDF as pdftotext reads them (poppler-utils; CI installs it). */
const pagesOf = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
    encoding: 'utf8',
  })
    .split('\f')
    .slice(0, -1);

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
