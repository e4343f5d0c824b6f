// The QR code of a PDF's first page read back as a phone's camera would read the printed page: the page rendered by
// pdftoppm (poppler-utils; CI installs it) and decoded by ZXing (@zxing/library). Shared by the HTTP test of the
// public price list's poster (apps/server/test/public-price-list.test.ts) and its browser journey
// (apps/web/e2e/public-price-list.e2e.ts). Types for the TypeScript callers: qr-reader.d.mts.
import { execFileSync } from 'node:child_process';
import zxing from '@zxing/library';

// The package is CommonJS: Node's ESM loader gives its exports as the default export only.
const { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = zxing;

/**
 * A binary PGM (`P5`, 8-bit) as pdftoppm writes it: its size and grey levels.
 * @param {Buffer} bytes
 * @returns {{ width: number, height: number, pixels: Uint8ClampedArray }}
 */
function readPgm(bytes) {
  // Header: magic, width, height, maximum — white-space separated — then one byte a pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not a binary PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const start = header[0].length;
  return {
    width,
    height,
    pixels: new Uint8ClampedArray(bytes.subarray(start, start + width * height)),
  };
}

/**
 * The text of the QR code on the first page of `pdf`: the page rendered by pdftoppm (grey, 100 dpi), read by ZXing.
 * Throws when the page has no readable QR code.
 * @param {Buffer} pdf
 * @returns {string}
 */
export function readQrFromPdf(pdf) {
  const pgm = execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '100', '-gray', '-'], {
    input: pdf,
    maxBuffer: 64 * 1024 * 1024,
  });
  const { width, height, pixels } = readPgm(pgm);
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(pixels, width, height)),
  );
  const hints = new Map([[DecodeHintType.TRY_HARDER, true]]);
  return new QRCodeReader().decode(bitmap, hints).getText();
}
