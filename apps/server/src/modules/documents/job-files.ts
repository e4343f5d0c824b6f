import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documentJobChunks } from '../../db/schema';

/*
 * Where a finished document job's file is kept (issue 34; docs/decisions.md "Stored document files"). Never in
 * one database value: a 22.7 MB print set saved as one `bytea` held the server 5.6–7.3 s on PGlite and each download
 * read it whole. The file is written in parts or by the operating system, and a download is a stream with its
 * Content-Length, so no request holds the whole file on the main thread.
 *
 * - On PostgreSQL (several instances behind a load balancer): rows of `document_job_chunks`, {@link
 *   JOB_FILE_CHUNK_BYTES} each, written one per statement and read one at a time while the answer is sent; any
 *   instance serves a file another one stored, and a job's chunks go with its row (cascade).
 * - On embedded PGlite (one server per DATA_DIR by design): a file under DATA_DIR (`DOCUMENT_FILES_DIR`), written and
 *   read by Node's file streams off the main thread. PGlite runs inside the server's own thread, so a byte stored
 *   in it is a byte the main thread copies and encodes: measured, 84 ms a 256 KB chunk, seven seconds of the main
 *   thread for a print set even in chunks.
 */

/** One chunk of a stored file on PostgreSQL. */
export const JOB_FILE_CHUNK_BYTES = 512 * 1024;

/** One read of a stored file on PGlite (a file under DATA_DIR) while it is sent. */
export const DISK_READ_BYTES = 1024 * 1024;

/** A finished job's file, kept until its job is purged. */
export interface JobFileStore {
  /** Stores job `id`'s bytes (replacing what an earlier run of the job left). */
  save(id: string, bytes: Uint8Array): Promise<void>;
  /** The stored file as a stream of its chunks. */
  open(id: string): Readable;
  /** Forgets the files of the jobs `ids` (their rows are gone or going). */
  remove(ids: readonly string[]): Promise<void>;
}

/** Files under `dir`, one per job, named by the job's id (a random token). */
export function diskJobFiles(dir: string): JobFileStore {
  const fileOf = (id: string) => {
    if (!/^[\w-]+$/.test(id)) throw new Error(`not a job id: ${id}`);
    return path.join(dir, `${id}.bin`);
  };
  return {
    async save(id, bytes) {
      await mkdir(dir, { recursive: true });
      const file = fileOf(id);
      // Written whole under another name, then renamed: a download never reads half a file.
      await writeFile(`${file}.part`, bytes);
      await rename(`${file}.part`, file);
    },
    open(id) {
      // 1 MiB reads: a 20 MB set costs the main thread about a quarter less than in 256 KB ones (fewer reads,
      // buffers and socket writes; measured 24 against 33 ms of CPU a download, docs/performance.md).
      return createReadStream(fileOf(id), { highWaterMark: DISK_READ_BYTES });
    },
    async remove(ids) {
      await Promise.all(ids.map((id) => rm(fileOf(id), { force: true })));
    },
  };
}

/** Rows of `document_job_chunks` in `db`. */
export function chunkJobFiles(db: Database): JobFileStore {
  return {
    async save(id, bytes) {
      await db.delete(documentJobChunks).where(eq(documentJobChunks.jobId, id));
      for (let seq = 0; seq * JOB_FILE_CHUNK_BYTES < bytes.byteLength; seq += 1) {
        const start = seq * JOB_FILE_CHUNK_BYTES;
        // A view of the rendered bytes, not a copy.
        const part = Buffer.from(
          bytes.buffer,
          bytes.byteOffset + start,
          Math.min(JOB_FILE_CHUNK_BYTES, bytes.byteLength - start),
        );
        await db.insert(documentJobChunks).values({ jobId: id, seq, bytes: part });
      }
    },
    open(id) {
      async function* chunks() {
        for (let seq = 0; ; seq += 1) {
          const [row] = await db
            .select({ bytes: documentJobChunks.bytes })
            .from(documentJobChunks)
            .where(and(eq(documentJobChunks.jobId, id), eq(documentJobChunks.seq, seq)));
          if (!row) return;
          yield row.bytes;
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },
    async remove(ids) {
      if (ids.length === 0) return;
      await db.delete(documentJobChunks).where(inArray(documentJobChunks.jobId, [...ids]));
    },
  };
}
