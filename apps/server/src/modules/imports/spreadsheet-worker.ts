import type { SheetReadAnswer, SheetReadTask } from './spreadsheet-pool';
import { FileRefusal, readSpreadsheet } from './spreadsheet-file';

/*
 * A worker thread of the import pool (spreadsheet-pool.ts, piscina): each task is one uploaded file, answered with
 * its rows or with the Ukrainian refusal of the first limit it passed (an error crossing threads would keep only
 * its message, so a refusal is an answer, and anything else is thrown as the failure it is).
 */
export default async function readInWorker({ bytes, fileName }: SheetReadTask) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const { rows } = await readSpreadsheet(buffer, fileName);
    return { rows } satisfies SheetReadAnswer;
  } catch (error) {
    if (error instanceof FileRefusal) return { refused: error.message } satisfies SheetReadAnswer;
    throw error;
  }
}
