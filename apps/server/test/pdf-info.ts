import { execFileSync } from 'node:child_process';

/** The width and height of each page of a PDF, points, as pdfinfo reports them (poppler-utils; CI installs it). */
export const pageSizesOf = (pdf: Buffer) =>
  [
    ...execFileSync('pdfinfo', ['-f', '1', '-l', '999', '-'], {
      input: pdf,
      encoding: 'utf8',
    }).matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/g),
  ].map(([, width, height]) => ({ width: Number(width), height: Number(height) }));
