import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fileNameFromContentDisposition, OBJECT_URL_LIFETIME_MS, saveFile } from './file-download';

const encoded = (name: string) => encodeURIComponent(name);

describe('fileNameFromContentDisposition', () => {
  const fallback = 'Титульна сторінка.pdf';

  it('decodes the RFC 5987 UTF-8 name and prefers it to the plain one', () => {
    const name = 'Титульна сторінка — Замовлення №1.pdf';
    expect(
      fileNameFromContentDisposition(
        `attachment; filename="title.pdf"; filename*=UTF-8''${encoded(name)}`,
        fallback,
      ),
    ).toBe(name);
    expect(
      fileNameFromContentDisposition(`attachment;filename*=utf-8''${encoded(name)}`, fallback),
    ).toBe(name);
    expect(
      fileNameFromContentDisposition(`attachment; FILENAME*=UTF-8'uk'${encoded(name)}`, fallback),
    ).toBe(name);
  });

  it('uses the plain filename, quoted or not, when there is no usable filename*', () => {
    expect(fileNameFromContentDisposition('attachment; filename="order; list.pdf"', fallback)).toBe(
      'order; list.pdf',
    );
    expect(fileNameFromContentDisposition('attachment; filename="a \\"b\\".pdf"', fallback)).toBe(
      'a "b".pdf',
    );
    expect(fileNameFromContentDisposition('attachment; filename=title.pdf', fallback)).toBe(
      'title.pdf',
    );
    // A charset other than UTF-8, or broken percent-encoding, is not trusted.
    expect(
      fileNameFromContentDisposition(
        "attachment; filename*=ISO-8859-1''t%E9.pdf; filename=te.pdf",
        fallback,
      ),
    ).toBe('te.pdf');
    expect(
      fileNameFromContentDisposition(
        "attachment; filename*=UTF-8''%D0%ZZ; filename=x.pdf",
        fallback,
      ),
    ).toBe('x.pdf');
  });

  it('falls back when the header is missing or names no file', () => {
    expect(fileNameFromContentDisposition(null, fallback)).toBe(fallback);
    expect(fileNameFromContentDisposition(undefined, fallback)).toBe(fallback);
    expect(fileNameFromContentDisposition('attachment', fallback)).toBe(fallback);
    expect(fileNameFromContentDisposition('attachment; filename=""', fallback)).toBe(fallback);
  });

  it('keeps only the last path segment', () => {
    expect(
      fileNameFromContentDisposition(
        `attachment; filename*=UTF-8''${encoded('../../x/звіт.pdf')}`,
        fallback,
      ),
    ).toBe('звіт.pdf');
    expect(fileNameFromContentDisposition('attachment; filename=C:\\temp\\a.pdf', fallback)).toBe(
      'a.pdf',
    );
  });
});

describe('saveFile', () => {
  const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:http://localhost/pdf-1');
  const revokeObjectURL = vi.fn<(url: string) => void>();

  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: createObjectURL });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: revokeObjectURL });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
  });

  it('clicks a temporary download link to the blob, removes it, and revokes the URL later', () => {
    const clicked: { href: string; download: string; isConnected: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download, isConnected: this.isConnected });
    });
    const blob = new Blob(['%PDF'], { type: 'application/pdf' });

    saveFile(blob, 'Титульна сторінка.pdf');

    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([
      { href: 'blob:http://localhost/pdf-1', download: 'Титульна сторінка.pdf', isConnected: true },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revokeObjectURL).not.toHaveBeenCalled();

    vi.advanceTimersByTime(OBJECT_URL_LIFETIME_MS);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/pdf-1');
  });
});
