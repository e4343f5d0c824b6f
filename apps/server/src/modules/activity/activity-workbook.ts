import ExcelJS from 'exceljs';
import {
  ACTIVITY_EXPORT_COLUMNS,
  ACTIVITY_KIND_LABELS,
  activityPersonText,
  activitySubjectText,
  type ActivityEntry,
} from '@medcalc/domain';
import { formatKyivTime } from '../../lib/kyiv-time';

const WIDTHS = [18, 28, 26, 36, 28, 30, 30];

/**
 * The activity log as an .xlsx (issue 22): columns Час, Хто (name and e-mail, issue 34), Дія, Предмет, Поле, Було,
 * Стало, one row per changed
 * field (an entry without fields is one row with those three empty), time as Kyiv's wall clock.
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
  for (const entry of entries) {
    const head = [
      formatKyivTime(new Date(entry.at)),
      activityPersonText(entry.actor),
      ACTIVITY_KIND_LABELS[entry.kind],
      activitySubjectText(entry),
    ];
    if (entry.changes.length === 0) sheet.addRow([...head, '', '', '']);
    for (const change of entry.changes)
      sheet.addRow([...head, change.field, change.from ?? '', change.to ?? '']);
  }
  return { fileName: 'Журнал дій.xlsx', xlsx: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
