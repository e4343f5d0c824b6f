import { afterEach, describe, expect, it } from 'vitest';
import { IMPORTS_BUSY_MESSAGE, MAX_IMPORT_ROWS } from '@medcalc/domain';
import { caught } from '../../../test/caught';
import { FILE_MESSAGES } from './spreadsheet-file';
import {
  OWNER_FILES_MESSAGE,
  createSpreadsheetReader,
  type SpreadsheetReader,
} from './spreadsheet-pool';

// Issue 34: uploaded files are read by a small pool of worker threads of their own, bounded: a refusal made in the
// worker reaches the request as a 422 under `file`, a full pool answers 503, and one owner has at most two files
// read at once (429).

const readers: SpreadsheetReader[] = [];
const pool = (queueLimit: number) => {
  const reader = createSpreadsheetReader({ threads: 1, queueLimit, heapMb: 256 });
  readers.push(reader);
  return reader;
};
afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.close()));
});

const csv = (rows: number) =>
  Buffer.from(
    `Назва;Ціна\n${Array.from({ length: rows }, (_, index) => `од ${index};1`).join('\n')}`,
  );
/** Takes a place and reads the file in it, as the preview does. */
const readIn = async (reader: SpreadsheetReader, owner: string, buffer: Buffer, name: string) => {
  const place = reader.admit(owner);
  try {
    return await place.read(buffer, name);
  } finally {
    place.release();
  }
};

describe('the spreadsheet pool', () => {
  it('answers the rows read in a worker, and the worker’s refusal as a 422 under «file»', async () => {
    const reader = pool(4);
    const { rows } = await readIn(reader, 'company 1', csv(3), 'a.csv');
    expect(rows.map((row) => row.cells)).toEqual([
      ['Назва', 'Ціна'],
      ['од 0', '1'],
      ['од 1', '1'],
      ['од 2', '1'],
    ]);
    const refused = await caught(readIn(reader, 'company 1', csv(MAX_IMPORT_ROWS + 1), 'a.csv'));
    expect(refused.statusCode).toBe(422);
    expect(refused.fieldErrors).toEqual({ file: [FILE_MESSAGES.tooManyRows] });
  });

  it('refuses a file beyond the waiting files with 503 and Retry-After, and takes files again after', async () => {
    const reader = pool(0);
    const first = readIn(reader, 'company 1', csv(MAX_IMPORT_ROWS), 'a.csv');
    const busy = await caught(readIn(reader, 'company 2', csv(3), 'b.csv'));
    expect(busy.statusCode).toBe(503);
    expect(busy.message).toBe(IMPORTS_BUSY_MESSAGE);
    expect(busy.retryAfter).toBe(60);
    expect((await first).rows).toHaveLength(MAX_IMPORT_ROWS + 1);
    expect((await readIn(reader, 'company 2', csv(3), 'b.csv')).rows).toHaveLength(4);
  });

  it('reads at most two files of one company at once (429), another company’s file meanwhile', async () => {
    const reader = pool(4);
    const mine = [
      readIn(reader, 'company 1', csv(MAX_IMPORT_ROWS), 'a.csv'),
      readIn(reader, 'company 1', csv(MAX_IMPORT_ROWS), 'a.csv'),
    ];
    const third = await caught(readIn(reader, 'company 1', csv(3), 'c.csv'));
    expect(third.statusCode).toBe(429);
    expect(third.message).toBe(OWNER_FILES_MESSAGE);
    const other = readIn(reader, 'company 2', csv(3), 'b.csv');
    expect((await other).rows).toHaveLength(4);
    await Promise.all(mine);
    expect((await readIn(reader, 'company 1', csv(3), 'c.csv')).rows).toHaveLength(4);
  });

  it('refuses a file whose reading needs more than the worker’s heap (422), and reads the next one', async () => {
    const reader = createSpreadsheetReader({ threads: 1, queueLimit: 1, heapMb: 32 });
    readers.push(reader);
    // 10 000 rows of 50 columns of 9 characters: about 4.5 MB of text, 500 000 cells, more than 32 MB of heap.
    const row = Array.from({ length: 50 }, (_, index) => `клітинка${index % 10}`).join(';');
    const wide = Buffer.from(Array.from({ length: MAX_IMPORT_ROWS }, () => row).join('\n'));
    const refused = await caught(readIn(reader, 'company 1', wide, 'wide.csv'));
    expect(refused.fieldErrors).toEqual({ file: [FILE_MESSAGES.tooBigToRead] });
    expect((await readIn(reader, 'company 1', csv(3), 'a.csv')).rows).toHaveLength(4);
  }, 60_000);
});
