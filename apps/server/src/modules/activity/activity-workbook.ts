import ExcelJS from 'exceljs';
import {
  ACTIVITY_EXPORT_COLUMNS,
  ACTIVITY_KIND_LABELS,
  activityPersonText,
  activitySubjectText,
  parseDecimal,
  type ActivityEntry,
} from '@medcalc/domain';
import { kyivWallClockAsUtc } from '../../lib/kyiv-time';

const WIDTHS = [18, 28, 26, 36, 28, 30, 30];

/** The «Час» column's format: Kyiv's date and time as the log shows them («22.11.2026 12:05»). */
export const ACTIVITY_TIME_FORMAT = 'dd.mm.yyyy hh:mm';

/**
 * A number as the log writes one (a count «5», minutes «35», money «12 500,00»): uk-UA groups, no leading zero. A
 * run of seven or more digits without groups is a code (ЄДРПОУ, a phone, a service code «00012»), and stays text.
 */
const LOGGED_NUMBER =
  /^-?(?:(?:0|[1-9]\d{0,5})|[1-9]\d{0,2}(?:[ \u00A0\u202F]\d{3})+)(?:[.,](\d+))?$/u;

/**
 * A changed value as its cell: a number with its decimals kept in the cell's format (issue 33: counts and amounts
 * were text, so Excel could not sum them), anything else as the text it is.
 */
function valueCell(text: string | null): { value: string | number; numFmt?: string } {
  if (text === null) return { value: '' };
  const match = LOGGED_NUMBER.exec(text.trim());
  const number = match ? parseDecimal(text) : undefined;
  if (match === null || number === undefined) return { value: text };
  const decimals = match[1]?.length ?? 0;
  return { value: number, numFmt: decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0' };
}

/**
 * The activity log as an .xlsx (issue 22): columns Час, Хто (name and e-mail, issue 34), Дія, Предмет, Поле, Було,
 * Стало, one row per changed field (an entry without fields is one row with those three empty); the time is an Excel
 * date of Kyiv's wall clock, and a changed value that is a number is a number cell (issue 33).
 */
export async function activityWorkbook(
  entries: readonly ActivityEntry[],
): Promise<{ fileName: string; xlsx: Buffer }> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Журнал дій');
  sheet.columns = ACTIVITY_EXPORT_COLUMNS.map((header, index) => ({
    header,
    width: WIDTHS[index] ?? 20,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.getColumn(1).numFmt = ACTIVITY_TIME_FORMAT;
  for (const entry of entries) {
    const head = [
      // An Excel date of Kyiv's wall clock (issue 33: it was text, which Excel cannot sort or filter by date).
      kyivWallClockAsUtc(new Date(entry.at)),
      activityPersonText(entry.actor),
      ACTIVITY_KIND_LABELS[entry.kind],
      activitySubjectText(entry),
    ];
    const changes = entry.changes.length === 0 ? [null] : entry.changes;
    for (const change of changes) {
      const [from, to] = [valueCell(change?.from ?? null), valueCell(change?.to ?? null)];
      const row = sheet.addRow([...head, change?.field ?? '', from.value, to.value]);
      if (from.numFmt) row.getCell(6).numFmt = from.numFmt;
      if (to.numFmt) row.getCell(7).numFmt = to.numFmt;
    }
  }
  return { fileName: 'Журнал дій.xlsx', xlsx: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
