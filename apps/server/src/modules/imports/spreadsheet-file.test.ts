import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_CELL_CHARS, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '@medcalc/domain';
import { FILE_MESSAGES, FileRefusal, readSpreadsheet } from './spreadsheet-file';

// Issue 34: a file is read as a stream and refused at the first limit it passes, the rest never read. Each case
// puts something after the limit that reading it would trip over (a longer cell, broken XML), so a reader that
// went on would answer another refusal.

const refusalOf = async (buffer: Buffer, fileName: string) => {
  try {
    await readSpreadsheet(buffer, fileName);
  } catch (error) {
    if (error instanceof FileRefusal) return error.message;
    throw error;
  }
  throw new Error('the file was read');
};

/** A minimal workbook with one sheet whose `<sheetData>` is `rows` (text as it stands, `tail` after it). */
function workbook(rows: string, options: { shared?: string[]; tail?: string; level?: 0 | 9 } = {}) {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    'xl/workbook.xml': strToU8(
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Аркуш1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>${options.tail ?? ''}`,
    ),
  };
  if (options.shared) {
    files['xl/sharedStrings.xml'] = strToU8(
      `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${options.shared.map((text) => `<si><t>${text}</t></si>`).join('')}</sst>`,
    );
  }
  return Buffer.from(zipSync(files, { level: options.level ?? 6 }));
}

const inlineRow = (line: number, text: string) =>
  `<row r="${line}"><c r="A${line}" t="inlineStr"><is><t>${text}</t></is></c></row>`;

describe('CSV read as a stream', () => {
  it('stops at the row limit: a file of «a» lines with a long cell after it is refused for its rows', async () => {
    const csv = `Назва\n${'a\n'.repeat(MAX_IMPORT_ROWS + 5)}${'б'.repeat(MAX_IMPORT_CELL_CHARS + 1)}\n`;
    expect(await refusalOf(Buffer.from(csv), 'a.csv')).toBe(FILE_MESSAGES.tooManyRows);
  });

  it('stops at a long cell, naming its row, before the rows past the limit', async () => {
    const csv = `Назва\nмл\n${'б'.repeat(MAX_IMPORT_CELL_CHARS + 1)}\n${'a\n'.repeat(MAX_IMPORT_ROWS + 5)}`;
    expect(await refusalOf(Buffer.from(csv), 'a.csv')).toBe(FILE_MESSAGES.cellTooLong(3));
  });

  it('refuses a row of more columns than allowed, and empty lines past their limit', async () => {
    const wide = `Назва;Ціна\nмл;1\n${'x;'.repeat(MAX_IMPORT_COLUMNS)}x\n`;
    expect(await refusalOf(Buffer.from(wide), 'a.csv')).toBe(FILE_MESSAGES.tooManyColumns(3));
    const blank = `Назва\nмл\n${'\n'.repeat(60_000)}шт\n`;
    expect(await refusalOf(Buffer.from(blank), 'a.csv')).toBe(FILE_MESSAGES.tooManyLines);
  });

  it('reads a file at the limits whole: 10 000 rows, a cell of 2 000 characters', async () => {
    const csv = `Назва;Ціна\n${'б'.repeat(MAX_IMPORT_CELL_CHARS)};1\n${Array.from({ length: MAX_IMPORT_ROWS - 1 }, (_, index) => `од ${index};2`).join('\n')}\n`;
    const { rows } = await readSpreadsheet(Buffer.from(csv), 'a.csv');
    expect(rows).toHaveLength(MAX_IMPORT_ROWS + 1);
    expect(rows[1]?.cells[0]).toHaveLength(MAX_IMPORT_CELL_CHARS);
    expect(rows.at(-1)).toEqual({ line: MAX_IMPORT_ROWS + 1, cells: ['од 9998', '2'] });
  });
});

describe('XLSX read as a stream', () => {
  it('stops at the row limit of 200 000 one-cell rows, the broken rest of the sheet never unpacked', async () => {
    const rows = Array.from(
      { length: 200_000 },
      (_, index) => `<row r="${index + 1}"><c r="A${index + 1}"><v>1</v></c></row>`,
    ).join('');
    const file = workbook(rows, { tail: '<<<broken' });
    expect(await refusalOf(file, 'a.xlsx')).toBe(FILE_MESSAGES.tooManyRows);
    // The same sheet but short: the broken tail is read and refused as damaged.
    expect(await refusalOf(workbook(inlineRow(1, 'a'), { tail: '<<<broken' }), 'a.xlsx')).toBe(
      FILE_MESSAGES.damaged,
    );
  }, 20_000);

  it('refuses one shared text repeated past the text limit, and a long cell naming its row', async () => {
    const long = 'т'.repeat(MAX_IMPORT_CELL_CHARS);
    const rows = Array.from(
      { length: 6000 },
      (_, index) => `<row r="${index + 1}"><c r="A${index + 1}" t="s"><v>0</v></c></row>`,
    ).join('');
    expect(await refusalOf(workbook(rows, { shared: [long] }), 'a.xlsx')).toBe(
      FILE_MESSAGES.tooMuchText,
    );
    const tooLong = `${inlineRow(1, 'Назва')}${inlineRow(2, `${long}т`)}`;
    expect(await refusalOf(workbook(tooLong), 'a.xlsx')).toBe(FILE_MESSAGES.cellTooLong(2));
    const wide = `<row r="1"><c r="A1" t="inlineStr"><is><t>Назва</t></is></c><c r="DA1" t="inlineStr"><is><t>x</t></is></c></row>`;
    expect(await refusalOf(workbook(wide), 'a.xlsx')).toBe(FILE_MESSAGES.tooManyColumns(1));
  });

  it('counts the bytes a sheet really unpacks to, whatever size its ZIP headers declare', async () => {
    // One row, then 70 MB of spaces in a comment: past the sheet's 64 MB long before its row limit.
    const rows = `${inlineRow(1, 'Назва')}<!--${' '.repeat(70 * 1024 * 1024)}-->`;
    const file = workbook(rows, { level: 9 });
    // Understate the sheet's size in its central directory entry (a zip bomb's trick).
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const entry = file.lastIndexOf(name);
    const header = entry - 46;
    expect(file.readUInt32LE(header)).toBe(0x02014b50);
    file.writeUInt32LE(1000, header + 24);
    expect(await refusalOf(file, 'a.xlsx')).toBe(FILE_MESSAGES.zipBomb);
  }, 20_000);

  it('reads a workbook at the limits: 10 000 rows of shared texts and numbers', async () => {
    const rows = Array.from(
      { length: MAX_IMPORT_ROWS + 1 },
      (_, index) =>
        `<row r="${index + 1}"><c r="A${index + 1}" t="s"><v>${index % 2}</v></c><c r="B${index + 1}"><v>${index}</v></c></row>`,
    ).join('');
    const { rows: read } = await readSpreadsheet(
      workbook(rows, { shared: ['мл', 'шт'] }),
      'a.xlsx',
    );
    expect(read).toHaveLength(MAX_IMPORT_ROWS + 1);
    expect(read[3]).toEqual({ line: 4, cells: ['шт', 3] });
  });
});
