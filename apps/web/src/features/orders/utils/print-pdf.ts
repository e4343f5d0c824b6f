import { saveFile } from '@/utils/file-download';

/*
 * Printing a PDF the server generated (the order's «Комплект документів»): the PDF is loaded into a hidden
 * iframe and the browser's print dialog is opened on it. Where that cannot work — a phone or tablet browser
 * (their PDF viewers print from their own menu, and an iframe's print() prints the page or nothing), or a browser
 * that refuses print() on the frame — the PDF is saved/opened instead, so the user prints it from the viewer.
 */

/**
 * How long the frame and its object URL outlive the click: the print dialog keeps reading the document while it
 * is open, so they stay for some minutes (or until the next print), then go.
 */
export const PRINT_FRAME_LIFETIME_MS = 5 * 60_000;

/** How long to wait for the PDF to load into the frame before giving up on the dialog and saving the file. */
export const PRINT_LOAD_TIMEOUT_MS = 20_000;

/** What became of the PDF: the print dialog was opened on it, or it was handed to the browser as a file. */
export type PrintOutcome = 'dialog' | 'saved';

/** The frame of the last print and what frees it; one at a time. */
let current: { frame: HTMLIFrameElement; url: string; timer: number } | null = null;

/** Removes the last print's frame and revokes its URL (before the next print, or after its lifetime). */
export function releasePrintFrame(): void {
  if (current === null) return;
  window.clearTimeout(current.timer);
  current.frame.remove();
  URL.revokeObjectURL(current.url);
  current = null;
}

/** A phone or tablet: a coarse pointer (touch) as the primary input. */
export function isTouchDevice(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * Opens the browser's print dialog on `blob` (a PDF) through a hidden iframe, or saves it as `fileName` where
 * that is impossible. Resolves once the dialog was asked for (or the file handed over).
 */
export function printPdf(blob: Blob, fileName: string): Promise<PrintOutcome> {
  if (isTouchDevice()) {
    saveFile(blob, fileName);
    return Promise.resolve('saved');
  }
  releasePrintFrame();
  const url = URL.createObjectURL(blob);
  const frame = document.createElement('iframe');
  frame.title = fileName;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  // Out of sight but rendered: a frame with display: none or no size is not printed by every browser.
  Object.assign(frame.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '1px',
    height: '1px',
    border: '0',
    opacity: '0',
    pointerEvents: 'none',
  });
  current = {
    frame,
    url,
    timer: window.setTimeout(releasePrintFrame, PRINT_FRAME_LIFETIME_MS),
  };

  return new Promise<PrintOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: PrintOutcome) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(loadTimer);
      if (outcome === 'saved') saveFile(blob, fileName);
      resolve(outcome);
    };
    const loadTimer = window.setTimeout(() => settle('saved'), PRINT_LOAD_TIMEOUT_MS);
    frame.addEventListener(
      'load',
      () => {
        try {
          const view = frame.contentWindow;
          if (view === null) throw new Error('the print frame has no window');
          view.focus();
          view.print();
          settle('dialog');
        } catch {
          settle('saved');
        }
      },
      { once: true },
    );
    frame.src = url;
    document.body.append(frame);
  });
}
