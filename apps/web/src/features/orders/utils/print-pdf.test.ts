import { fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubFileDownloads } from '@/testing/file-downloads';

import { PRINT_FRAME_LIFETIME_MS, printPdf, releasePrintFrame } from './print-pdf';

const { createObjectURL, revokeObjectURL, downloads } = stubFileDownloads('print');

/** Makes the device a phone (a coarse pointer) or a desktop. */
function stubPointer(coarse: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: coarse && query === '(pointer: coarse)', media: query })),
  );
}

const pdf = () => new Blob(['%PDF-1.7'], { type: 'application/pdf' });
const frames = () => Array.from(document.querySelectorAll('iframe'));

/** The frame printPdf just added, its print() replaced by a spy (jsdom has no print or focus). */
function lastFrame(print: () => void = () => undefined) {
  const frame = frames().at(-1);
  if (!frame?.contentWindow) throw new Error('no print frame');
  vi.spyOn(frame.contentWindow, 'focus').mockImplementation(() => undefined);
  const spy = vi.spyOn(frame.contentWindow, 'print').mockImplementation(print);
  return { frame, print: spy };
}

afterEach(() => {
  releasePrintFrame();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('printPdf', () => {
  it('loads the PDF into a hidden frame and opens the print dialog once it has loaded', async () => {
    stubPointer(false);
    const blob = pdf();
    const outcome = printPdf(blob, 'Комплект документів — Замовлення.pdf');

    const { frame, print } = lastFrame();
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(frame.getAttribute('src')).toBe('blob:http://localhost/print-1');
    expect(frame).toHaveAttribute('aria-hidden', 'true');
    expect(print).not.toHaveBeenCalled();

    fireEvent.load(frame);
    await expect(outcome).resolves.toBe('dialog');
    expect(print).toHaveBeenCalledTimes(1);
    expect(downloads).toEqual([]);
    // The dialog still reads the document: the frame and its URL stay for now.
    expect(frames()).toEqual([frame]);
    expect(revokeObjectURL).not.toHaveBeenCalled();
  });

  it('replaces the last frame on the next print, and removes a frame after its lifetime', async () => {
    stubPointer(false);
    vi.useFakeTimers();
    const first = printPdf(pdf(), 'a.pdf');
    fireEvent.load(lastFrame().frame);
    await first;

    const second = printPdf(pdf(), 'b.pdf');
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/print-1');
    const { frame } = lastFrame();
    expect(frames()).toEqual([frame]);
    fireEvent.load(frame);
    await second;

    vi.advanceTimersByTime(PRINT_FRAME_LIFETIME_MS);
    expect(frames()).toEqual([]);
    expect(revokeObjectURL).toHaveBeenLastCalledWith('blob:http://localhost/print-2');
  });

  it('saves the PDF instead when the frame refuses to print', async () => {
    stubPointer(false);
    const outcome = printPdf(pdf(), 'Комплект документів — Замовлення.pdf');
    const { frame } = lastFrame(() => {
      throw new Error('blocked');
    });
    fireEvent.load(frame);
    await expect(outcome).resolves.toBe('saved');
    expect(downloads).toEqual([
      { href: 'blob:http://localhost/print-2', download: 'Комплект документів — Замовлення.pdf' },
    ]);
  });

  it('saves the PDF at once on a phone (a coarse pointer), with no frame', async () => {
    stubPointer(true);
    await expect(printPdf(pdf(), 'Комплект.pdf')).resolves.toBe('saved');
    expect(frames()).toEqual([]);
    expect(downloads).toEqual([
      { href: 'blob:http://localhost/print-1', download: 'Комплект.pdf' },
    ]);
  });
});
