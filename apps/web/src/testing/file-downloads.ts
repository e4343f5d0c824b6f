import { beforeEach, vi } from 'vitest';

import { jsonResponse } from './test-utils';

/** What one `<a download>` click would have saved: the object URL and the file name. */
export type SavedFile = { href: string; download: string };

/**
 * Stubs, before each test of the file that calls it, what saving a file does in jsdom: object URLs (jsdom has
 * none; `blob:http://localhost/<name>-<n>`, counted per test) and the `<a download>` click (jsdom would navigate
 * to the blob URL), recorded in `downloads` instead. The file's `afterEach` restores the click with
 * `vi.restoreAllMocks()`; the URL functions stay for the file's tests (a URL is revoked after its test ends), and
 * the set-up file puts them back after the file.
 */
export function stubFileDownloads(name = 'file') {
  const stub = {
    createObjectURL: vi.fn<(blob: Blob) => string>(),
    revokeObjectURL: vi.fn<(url: string) => void>(),
    downloads: [] as SavedFile[],
    /** The names of the files saved so far, in order. */
    fileNames: () => stub.downloads.map((saved) => saved.download),
  };
  beforeEach(() => {
    let counter = 0;
    stub.createObjectURL.mockReset();
    stub.createObjectURL.mockImplementation(() => `blob:http://localhost/${name}-${++counter}`);
    stub.revokeObjectURL.mockReset();
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: stub.createObjectURL,
    });
    Object.defineProperty(URL, 'revokeObjectURL', {
      configurable: true,
      value: stub.revokeObjectURL,
    });
    stub.downloads.length = 0;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      stub.downloads.push({ href: this.href, download: this.download });
    });
  });
  return stub;
}

/**
 * A file as the server sends it: `body` (a PDF's first bytes unless told) of `type`, named `fileName` in the
 * UTF-8 `filename*` of its Content-Disposition, after the ASCII `filename="…"` `fallback` when one is given.
 */
export function fileResponse(
  fileName: string,
  {
    body = '%PDF-1.7',
    type = 'application/pdf',
    fallback,
  }: { body?: string; type?: string; fallback?: string } = {},
) {
  const ascii = fallback === undefined ? '' : ` filename="${fallback}";`;
  return new Response(body, {
    headers: {
      'Content-Type': type,
      'Content-Disposition': `attachment;${ascii} filename*=UTF-8''${encodeURIComponent(fileName)}`,
    },
  });
}

/** One refused download, as an `it.each` row: the case's name, the server's answer, and the toast it shows. */
export type RefusedDownload = [name: string, answer: () => Response, toast: string];

/**
 * The two ways a document's download is refused: `status` with the server's `message`, which the toast shows as
 * it is, and a 500 that is not JSON, for which the toast says the feature's `fallback`.
 */
export const refusedDownloads = (
  status: number,
  message: string,
  fallback: string,
): RefusedDownload[] => [
  [`${status} with the server’s message`, () => jsonResponse(status, { message }), message],
  [
    'a 500 that is not JSON',
    () => new Response('<html>Internal Server Error</html>', { status: 500 }),
    fallback,
  ],
];
