import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import {
  MAX_IMPORT_CELL_CHARS,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  MAX_IMPORT_TEXT_CHARS,
} from '@medcalc/domain';

/** One file of the memory figures: its name as uploaded and its bytes. */
export interface UploadCase {
  label: string;
  fileName: string;
  bytes: () => Buffer;
}

/** A workbook of one sheet whose `<sheetData>` holds `rows`, with the shared texts `shared`. */
export function sheetWorkbook(rows: Iterable<string>, shared: readonly string[] = []): Buffer {
  const sheet: string[] = [
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  ];
  for (const row of rows) sheet.push(row);
  sheet.push('</sheetData></worksheet>');
  return Buffer.from(
    zipSync(
      {
        'xl/workbook.xml': strToU8(
          '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="1" sheetId="1"/></sheets></workbook>',
        ),
        'xl/sharedStrings.xml': strToU8(
          `<sst>${shared.map((text) => `<si><t>${text}</t></si>`).join('')}</sst>`,
        ),
        'xl/worksheets/sheet1.xml': strToU8(sheet.join('')),
      },
      { level: 9 },
    ),
  );
}

function* numberRows(count: number, columns: number) {
  for (let line = 1; line <= count; line += 1) {
    let cells = '';
    for (let column = 0; column < columns; column += 1) {
      const letters =
        column < 26
          ? String.fromCharCode(65 + column)
          : String.fromCharCode(64 + Math.floor(column / 26), 65 + (column % 26));
      cells += `<c r="${letters}${line}"><v>${line + column}</v></c>`;
    }
    yield `<row r="${line}">${cells}</row>`;
  }
}

/** A CSV of 5 MB at most with the row, column and cell limits as full as its size lets them be. */
const worstCsv = () => {
  const cell = 'б'.repeat(240);
  const row = `${cell};${cell};1`;
  const lines = [`Назва;Одиниця;Ціна`];
  while (lines.length <= MAX_IMPORT_ROWS && (lines.length + 1) * row.length * 2 < 5_200_000)
    lines.push(row);
  return Buffer.from(lines.join('\n'));
};

/** The uploads measured: the largest files the limits allow, and the malicious ones of issue 34. */
export const UPLOAD_CASES: UploadCase[] = [
  { label: 'CSV at the limits (5 MB of Cyrillic text)', fileName: 'worst.csv', bytes: worstCsv },
  {
    label: 'XLSX at the limits (10 000 rows × 50 number columns)',
    fileName: 'worst.xlsx',
    bytes: () => sheetWorkbook(numberRows(MAX_IMPORT_ROWS + 1, MAX_IMPORT_COLUMNS)),
  },
  {
    label: 'XLSX at the text limit (5 000 rows of one 2 000-character shared text)',
    fileName: 'text.xlsx',
    bytes: () =>
      sheetWorkbook(
        (function* () {
          for (let line = 1; line <= MAX_IMPORT_TEXT_CHARS / MAX_IMPORT_CELL_CHARS; line += 1)
            yield `<row r="${line}"><c r="A${line}" t="s"><v>0</v></c></row>`;
        })(),
        ['т'.repeat(MAX_IMPORT_CELL_CHARS)],
      ),
  },
  {
    label: 'CSV: 1 MB of «a» lines',
    fileName: 'a1.csv',
    bytes: () => Buffer.from(`Назва\n${'a\n'.repeat(512 * 1024)}`),
  },
  {
    label: 'CSV: 5 MB of «a» lines',
    fileName: 'a5.csv',
    bytes: () => Buffer.from(`Назва\n${'a\n'.repeat(5 * 512 * 1024 - 8)}`),
  },
  {
    label: 'XLSX: 1 000 000 one-cell rows',
    fileName: 'million.xlsx',
    bytes: () =>
      sheetWorkbook(
        (function* () {
          for (let line = 1; line <= 1_000_000; line += 1)
            yield `<row r="${line}"><c r="A${line}"><v>1</v></c></row>`;
        })(),
      ),
  },
];

/**
 * `npm run bench -- import-memory` (issue 34): each upload read in a fresh process (bench/import-memory-child.ts),
 * printing the peak resident memory and heap the reading added, its time and its answer.
 */
export async function benchImportMemory(): Promise<string[]> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'medcalc-bench-import-memory-'));
  const child = fileURLToPath(new URL('./import-memory-child.ts', import.meta.url));
  const lines: string[] = [];
  try {
    for (const upload of UPLOAD_CASES) {
      const bytes = upload.bytes();
      const file = path.join(folder, upload.fileName);
      writeFileSync(file, bytes);
      const output = execFileSync(
        process.execPath,
        ['--import', 'tsx', child, file, upload.fileName],
        { encoding: 'utf8' },
      );
      const figures = JSON.parse(output) as {
        ms: number;
        rssMb: number;
        heapMb: number;
        answer: string;
      };
      lines.push(
        `${upload.label} (${(bytes.length / 1024 / 1024).toFixed(2)} MB): ${figures.ms} ms, peak RSS +${figures.rssMb} MB, heap +${figures.heapMb} MB → ${figures.answer}`,
      );
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return lines;
}
