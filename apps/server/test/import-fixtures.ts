import ExcelJS from 'exceljs';
import { SCIENTIFIC_DEGREES, STAFF_CATEGORIES } from '@medcalc/domain';

/*
 * Spreadsheets the import tests (and the bench) make themselves (issue 20): a realistic staffing table and price
 * list (no personal data), as .xlsx and as the Windows-1251 `;` CSV Ukrainian Excel saves, plus the multipart body
 * the preview takes.
 */

export type FixtureCell = string | number | null | { formula: string; result?: number };
export interface FixtureSheet {
  headers: string[];
  rows: FixtureCell[][];
}

const QUALIFICATIONS = [
  'Лікар-терапевт',
  'Лікар-хірург',
  'Лікар-педіатр',
  'Лікар-невролог',
  'Лікар-кардіолог',
  'Лікар-офтальмолог',
  'Лікар-отоларинголог',
  'Лікар-ендокринолог',
  'Лікар-уролог',
  'Лікар-гінеколог',
  'Лікар-анестезіолог',
  'Лікар-рентгенолог',
  'Лікар з ультразвукової діагностики',
  'Лікар-лаборант',
  'Лікар-стоматолог',
  'Лікар-фізіотерапевт',
  'Лікар-дерматовенеролог',
  'Лікар-онколог',
  'Лікар-травматолог',
  'Лікар-психіатр',
  'Сестра медична',
  'Сестра медична операційна',
  'Сестра медична з фізіотерапії',
  'Лаборант',
  'Рентгенлаборант',
  'Фельдшер',
  'Акушерка',
  'Молодша медична сестра',
  'Сестра-господиня',
  'Фармацевт',
];

/**
 * `count` distinct positions (qualification x category x degree), salaries from 8 000 to about 40 000 UAH with
 * kopecks now and then: the staffing table of a mid-size hospital.
 */
export function staffingTable(count = 120): FixtureSheet {
  const rows: FixtureCell[][] = [];
  outer: for (const degree of SCIENTIFIC_DEGREES) {
    for (const category of STAFF_CATEGORIES) {
      for (const [index, qualification] of QUALIFICATIONS.entries()) {
        if (rows.length === count) break outer;
        const salary =
          8000 + ((index * 1379 + rows.length * 211) % 32000) + (rows.length % 3 === 0 ? 0.5 : 0);
        rows.push([qualification, category, degree, salary]);
      }
    }
  }
  return { headers: ['Посада', 'Категорія', 'Науковий ступінь', 'Оклад, грн'], rows };
}

const MATERIALS = [
  'Бинт марлевий медичний нестерильний',
  'Бинт марлевий стерильний',
  'Вата медична гігроскопічна',
  'Шприц ін’єкційний одноразовий',
  'Рукавички оглядові нітрилові',
  'Рукавички хірургічні стерильні',
  'Розчин натрію хлориду 0,9 %',
  'Спирт етиловий 70 %',
  'Пластир медичний на тканинній основі',
  'Катетер внутрішньовенний периферичний',
  'Система для вливань',
  'Маска медична тришарова',
  'Серветка марлева стерильна',
  'Йоду розчин спиртовий 5 %',
  'Перекис водню 3 %',
  'Гель для УЗД',
  'Пробірка вакуумна',
  'Голка ін’єкційна',
  'Бахіли одноразові',
  'Шапочка медична одноразова',
];
const SIZES = [
  '№1',
  '№2',
  '№5',
  '№10',
  '№20',
  '№50',
  '5 мл',
  '10 мл',
  '20 мл',
  '50 мл',
  '100 мл',
  '200 мл',
  '7x14 см',
  '5x10 см',
  '10x10 см',
  'р. S',
  'р. M',
  'р. L',
  'р. XL',
  '0,5 л',
  '1 л',
  'G18',
  'G20',
  'G22',
  'G24',
  '2 мл',
  '3 мл',
  '250 мл',
  '500 мл',
  '1000 мл',
];
const UNITS = ['шт', 'уп', 'мл', 'л', 'пара', 'флакон', 'рулон', 'саше'];

/** `count` distinct materials with units (among them «саше», not a standard unit) and prices in UAH. */
export function priceList(count = 600): FixtureSheet {
  const rows: FixtureCell[][] = [];
  for (let index = 0; rows.length < count; index += 1) {
    const material = MATERIALS[index % MATERIALS.length] ?? '';
    const size = SIZES[Math.floor(index / MATERIALS.length) % SIZES.length] ?? '';
    const series = Math.floor(index / (MATERIALS.length * SIZES.length));
    const name = series === 0 ? `${material} ${size}` : `${material} ${size}, серія ${series}`;
    const unit = UNITS[index % UNITS.length] ?? 'шт';
    const price = Math.round((3 + ((index * 7919) % 250000) / 100) * 100) / 100;
    rows.push([name, unit, price]);
  }
  return { headers: ['Найменування', 'Од. виміру', 'Ціна, грн'], rows };
}

/** The sheet as an .xlsx workbook (a formula cell keeps its cached value only when it has one). */
export async function toXlsx(sheet: FixtureSheet): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet('Аркуш1');
  worksheet.addRow(sheet.headers);
  for (const row of sheet.rows) worksheet.addRow(row.map((cell) => cell ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A number as uk-UA Excel writes it to CSV: `1 234,56` with a no-break space between groups. */
export const ukrainianNumber = (value: number) =>
  new Intl.NumberFormat('uk-UA', { maximumFractionDigits: 2, useGrouping: true }).format(value);

/** Windows-1251 bytes of `text`: the reverse of Node's decoder, so no encoder package is needed in tests. */
export function encode1251(text: string): Buffer {
  const decoder = new TextDecoder('windows-1251');
  const table = new Map<string, number>();
  for (let byte = 0; byte < 256; byte += 1) table.set(decoder.decode(Uint8Array.of(byte)), byte);
  return Buffer.from(
    Array.from(text, (char) => {
      const byte = table.get(char);
      if (byte === undefined) throw new Error(`not in Windows-1251: ${char}`);
      return byte;
    }),
  );
}

const csvCell = (cell: FixtureCell, delimiter: string) => {
  const text =
    cell === null
      ? ''
      : typeof cell === 'number'
        ? ukrainianNumber(cell)
        : typeof cell === 'string'
          ? cell
          : String(cell.result ?? '');
  return text.includes(delimiter) || text.includes('"') || text.includes('\n')
    ? `"${text.replaceAll('"', '""')}"`
    : text;
};

/** The sheet as the CSV Ukrainian Excel saves: `;`-separated, CRLF, Windows-1251 (or UTF-8 when asked). */
export function toCsv(
  sheet: FixtureSheet,
  options: { delimiter?: string; encoding?: '1251' | 'utf-8' } = {},
): Buffer {
  const delimiter = options.delimiter ?? ';';
  const text = [sheet.headers, ...sheet.rows]
    .map((row) => row.map((cell) => csvCell(cell, delimiter)).join(delimiter))
    .join('\r\n');
  return options.encoding === 'utf-8'
    ? Buffer.from(text, 'utf8')
    : encode1251(text.replaceAll('\u202f', '\u00a0'));
}

/** A multipart/form-data body with the file (and the optional `columns` JSON), as a browser sends it. */
export function multipartUpload(
  file: Buffer,
  fileName: string,
  columns?: Record<string, number | null>,
) {
  const boundary = `----medcalc${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (columns) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="columns"\r\n\r\n${JSON.stringify(columns)}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
