import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import { FONT_FAMILY, TABLE_LAYOUTS, toPdfmake, type DocumentLayout } from './layouts/pdf-layout';

/*
 * Rendering a PDF: a document's layout (layouts/, plain data) turned into its bytes by pdfmake. Importing this
 * module sets pdfmake up once per thread: the font, the named table layouts, no file or URL access beyond the font.
 */

/**
 * DejaVu Sans from the npm package `dejavu-fonts-ttf`: a free font with the whole Ukrainian alphabet (і, ї, є, ґ,
 * the apostrophe) whose files ship in node_modules, so every machine renders the same glyphs and no system font is
 * needed. The path is resolved from the package, never written down; pdfmake embeds only the glyphs a document
 * uses.
 */
const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const FONT_FILES = {
  normal: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italics: 'DejaVuSans-Oblique.ttf',
  bolditalics: 'DejaVuSans-BoldOblique.ttf',
} as const;

// The font files are read once per thread that renders PDFs (the server's, or each worker of the document pool,
// document-pool.ts), into pdfmake's in-memory file system: no document reads them from disk again.
// (pdfmake 0.3's `virtualfs` is missing from its types.)
const { virtualfs } = pdfmake as unknown as {
  virtualfs: { writeFileSync(file: string, content: Buffer): void };
};
for (const file of Object.values(FONT_FILES)) {
  virtualfs.writeFileSync(file, readFileSync(path.join(FONT_DIR, file)));
}
pdfmake.setFonts({ [FONT_FAMILY]: FONT_FILES });
// Documents are built from stored text only: pdfmake may read the font files and nothing else, and fetch no URL
// (an image or font URL in a name could otherwise make the server fetch it).
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(FONT_DIR + path.sep));
pdfmake.addTableLayouts(TABLE_LAYOUTS);

/**
 * Lays a document out and returns the bytes of its PDF, in the calling thread. The server does this through the
 * document pool (document-pool.ts), whose workers call this same function. `onPage` hears each page as it is laid
 * out.
 */
export async function renderPdf(
  layout: DocumentLayout,
  onPage?: (page: number) => void,
): Promise<Buffer> {
  const definition = toPdfmake(layout);
  // pdfmake asks for a page's background as it adds the page while laying out: the one moment a rendering can
  // tell how far it has come (issue 24's job progress). No background is drawn.
  if (onPage) definition.background = (page: number) => (onPage(page), null);
  return pdfmake.createPdf(definition).getBuffer();
}
