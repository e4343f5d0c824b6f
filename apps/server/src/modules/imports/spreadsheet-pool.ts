import { Piscina } from 'piscina';
import { IMPORTS_BUSY_MESSAGE, IMPORTS_BUSY_RETRY_AFTER, type SheetRow } from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import { workerFile } from '../../lib/worker-file';
import { FILE_MESSAGES, FileRefusal, readSpreadsheet, type SheetData } from './spreadsheet-file';

/*
 * Spreadsheets off the event loop (issue 34): reading an uploaded file (unzipping, XML, CSV) is CPU work of up to
 * a second or two for a file at the limits, and on the server's own thread every other request waited for it (a
 * CSV of 1 MB of «a» lines held the server 8.5 s). A small pool of worker threads of its own (piscina, as the
 * documents' pool, document-pool.ts) reads each file as a stream with the limits checked as it goes
 * (spreadsheet-file.ts); each worker's heap is capped, a bounded number of files wait, and one company has at most
 * {@link PER_OWNER_FILES} files read or waiting at once.
 */

/** One file for a worker: its bytes (moved to the worker, not copied) and its name. */
export interface SheetReadTask {
  bytes: Uint8Array;
  fileName: string;
}

/** A worker's answer: the rows, or the Ukrainian refusal of the file. */
export type SheetReadAnswer = { rows: SheetRow[] } | { refused: string };

export interface SpreadsheetPoolOptions {
  /** Worker threads; 0 reads on the calling thread (the behaviour before issue 34, kept for the bench). */
  threads: number;
  /** Files that may wait for a free worker beyond those being read; more are refused with 503. */
  queueLimit: number;
  /** The old-generation heap a worker may use, MB: a file that needs more is refused (422), the worker replaced. */
  heapMb: number;
}

/** Files one company (or the administrator's template level) may have read or waiting at once. */
export const PER_OWNER_FILES = 2;

/** One file's place in the reader, taken before its upload is read. */
export interface SpreadsheetPlace {
  /** The file's rows; a refused file throws a 422 under `file`. */
  read(buffer: Buffer, fileName: string): Promise<SheetData>;
  /** Gives the place back (once the file is read, or its upload failed). */
  release(): void;
}

/** Reads uploaded spreadsheets for the import preview. */
export interface SpreadsheetReader {
  /**
   * A place for one file of `owner`, taken before its upload is read, so a refused upload is not read at all (its
   * answer closes the connection, plugins/timeouts.ts): 429 when {@link PER_OWNER_FILES} files of the owner are
   * being read, 503 with Retry-After when the pool's workers and waiting places are all taken.
   */
  admit(owner: string): SpreadsheetPlace;
  close(): Promise<void>;
}

const busy = () =>
  new AppError('SERVICE_UNAVAILABLE', IMPORTS_BUSY_MESSAGE, {
    retryAfter: IMPORTS_BUSY_RETRY_AFTER,
  });

/** The refusal of a company's third file while two of its files are still read (429). */
export const OWNER_FILES_MESSAGE =
  'Ваші попередні файли ще читаються. Дочекайтеся їх перегляду й завантажте наступний файл.';

/**
 * The spreadsheet reader of one app: a piscina pool of `threads` workers (started on the first file, kept a while
 * after), at most `queueLimit` files waiting and {@link PER_OWNER_FILES} per owner, or the calling thread when
 * `threads` is 0.
 */
export function createSpreadsheetReader(options: SpreadsheetPoolOptions): SpreadsheetReader {
  const pool =
    options.threads === 0
      ? undefined
      : new Piscina<SheetReadTask, SheetReadAnswer>({
          filename: workerFile('spreadsheet-worker', import.meta.url, '../../../dist'),
          minThreads: 0,
          maxThreads: options.threads,
          idleTimeout: 5 * 60_000,
          resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
        });
  let pending = 0;
  const perOwner = new Map<string, number>();
  let closed = false;

  const readOnce = async (buffer: Buffer, fileName: string): Promise<SheetData> => {
    if (!pool) {
      try {
        return await readSpreadsheet(buffer, fileName);
      } catch (error) {
        if (error instanceof FileRefusal) throw AppError.field('file', error.message);
        throw error;
      }
    }
    // A copy of its own, moved to the worker (the upload's Buffer may be a slice of a larger one).
    const bytes = new Uint8Array(buffer);
    let answer: SheetReadAnswer;
    try {
      answer = await pool.run({ bytes, fileName }, { transferList: [bytes.buffer] });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw AppError.field('file', FILE_MESSAGES.tooBigToRead);
      throw error;
    }
    if ('refused' in answer) throw AppError.field('file', answer.refused);
    return { rows: answer.rows };
  };

  return {
    admit(owner) {
      const own = perOwner.get(owner) ?? 0;
      if (own >= PER_OWNER_FILES)
        throw new AppError('TOO_MANY_REQUESTS', OWNER_FILES_MESSAGE, { retryAfter: 10 });
      if (closed || pending >= options.threads + options.queueLimit) throw busy();
      pending += 1;
      perOwner.set(owner, own + 1);
      let released = false;
      return {
        read: readOnce,
        release() {
          if (released) return;
          released = true;
          pending -= 1;
          const left = (perOwner.get(owner) ?? 1) - 1;
          if (left === 0) perOwner.delete(owner);
          else perOwner.set(owner, left);
        },
      };
    },
    async close() {
      closed = true;
      await pool?.destroy();
    },
  };
}
