import pdfmake from 'pdfmake';
import type { CanvasElement, Content } from 'pdfmake/interfaces';
import QRCode from 'qrcode';
import type { PublicInstitution } from '@medcalc/domain';
import { FONT_FAMILY } from '../documents/layouts/pdf-layout';
// Importing the documents' renderer sets pdfmake up in this thread: the embedded font (DejaVu Sans, the whole
// Ukrainian alphabet) and no file or URL access beyond it.
import '../documents/render-pdf';

/** Side of the QR code on the page, points (about 11 cm: read from a couple of metres). */
const QR_SIZE = 310;
/** The white border around the code, in modules (the standard's quiet zone). */
const QUIET_ZONE = 4;

/** The QR code of `text` as pdfmake rectangles: one per run of dark modules in a row. */
export function qrCanvas(text: string, size = QR_SIZE): CanvasElement[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size + 2 * QUIET_ZONE;
  const unit = size / count;
  const rects: CanvasElement[] = [{ type: 'rect', x: 0, y: 0, w: size, h: size, color: '#ffffff' }];
  for (let row = 0; row < modules.size; row += 1) {
    let start = -1;
    for (let column = 0; column <= modules.size; column += 1) {
      const dark = column < modules.size && modules.get(row, column) === 1;
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        rects.push({
          type: 'rect',
          x: (start + QUIET_ZONE) * unit,
          y: (row + QUIET_ZONE) * unit,
          // A hair wider and taller, so neighbouring runs leave no white seam when rasterised.
          w: (column - start) * unit + 0.3,
          h: unit + 0.3,
          color: '#000000',
        });
        start = -1;
      }
    }
  }
  return rects;
}

/**
 * The poster for the reception (issue 36): A4, the institution's name, «Прейскурант платних послуг», the QR code
 * of the page's address and the address written out, the contacts at the foot.
 */
export async function renderPoster(institution: PublicInstitution, url: string): Promise<Buffer> {
  const contacts = [
    institution.address,
    institution.phones.length > 0 ? `Тел.: ${institution.phones.join(', ')}` : '',
  ].filter(Boolean);
  const content: Content[] = [
    {
      text: institution.name,
      fontSize: 24,
      bold: true,
      alignment: 'center',
      margin: [0, 10, 0, 12],
    },
    {
      text: 'Прейскурант платних послуг',
      fontSize: 30,
      bold: true,
      alignment: 'center',
      color: '#1d4f91',
      margin: [0, 0, 0, 24],
    },
    {
      text: 'Наведіть камеру телефону на код, щоб переглянути ціни',
      fontSize: 15,
      alignment: 'center',
      margin: [0, 0, 0, 18],
    },
    { canvas: qrCanvas(url), alignment: 'center', margin: [(511 - QR_SIZE) / 2, 0, 0, 18] },
    { text: url, fontSize: 14, alignment: 'center', margin: [0, 0, 0, 30] },
    ...contacts.map((line): Content => ({
      text: line,
      fontSize: 12,
      alignment: 'center',
      color: '#333333',
    })),
  ];
  return pdfmake
    .createPdf({
      pageSize: 'A4',
      pageMargins: [42, 56, 42, 48],
      info: { title: `Прейскурант платних послуг — ${institution.name}`, creator: 'medcalc' },
      language: 'uk-UA',
      defaultStyle: { font: FONT_FAMILY },
      content,
    })
    .getBuffer();
}
