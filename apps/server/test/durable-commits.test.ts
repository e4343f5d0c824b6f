import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from './helper';
import { registerOverHttp, startServerProcess, type ServerProcess } from './server-process';

/*
 * Issue 40 "Durable commits on the default install": the server as `npm start` runs it with no settings (embedded
 * PGlite in DATA_DIR; DATABASE_URL unset in both runs) is traced with strace while it answers a write: the fsync
 * of PostgreSQL's WAL file comes before the socket write of the 200 answer (db/pglite-client.ts SyncedNodeFS).
 * The server runs on PGlite in both runs, so the PostgreSQL run (scripts/test-pg.mjs) leaves it to the PGlite run
 * instead of tracing the same server a second time (≈ 50–60 s beside the journeys).
 */

let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'medcalc-fsync-'));
});
afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(onPostgres)('durable commits on the default install (embedded PGlite)', () => {
  it('syncs the WAL file to the disk before a write is answered', async () => {
    server = await startServerProcess({ DATA_DIR: dataDir });
    const { agent, user } = await registerOverHttp(server.url);
    const unitsUrl = `/api/company/${user.companyIdentifier}/measurements`;

    const trace = path.join(dataDir, 'strace.txt');
    // -f every thread, -y the path of each descriptor, -s the first bytes of each write (the answer's status line).
    const strace = spawn(
      'strace',
      [
        '-f',
        '-y',
        '-s',
        '24',
        '-e',
        'trace=fsync,fdatasync,write,writev',
        '-o',
        trace,
        '-p',
      ].concat(String(server.child.pid)),
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let straceErrors = '';
    strace.stderr.on('data', (chunk: Buffer) => (straceErrors += chunk.toString('utf8')));
    try {
      // strace says on stderr once it has attached.
      for (let i = 0; i < 100 && !/attached/i.test(straceErrors); i += 1) await wait(100);
      expect(straceErrors, 'strace did not attach').toMatch(/attached/i);

      const before = existsSync(trace) ? readFileSync(trace, 'utf8').split('\n').length : 0;
      const answer = await agent.post(unitsUrl, { name: 'одиниця під strace' });
      expect(answer.status, answer.body).toBe(200);
      await wait(500);

      const lines = readFileSync(trace, 'utf8')
        .split('\n')
        .slice(Math.max(0, before - 1));
      const answered = lines.findIndex((line) =>
        /write(v)?\(\d+<(TCP|socket)[^>]*>.*HTTP\/1\.1 200/.test(line),
      );
      expect(answered, lines.join('\n')).toBeGreaterThan(0);
      const synced = lines
        .slice(0, answered)
        .filter((line) =>
          /\b(fsync|fdatasync)\(\d+<[^>]*pglite\/pg_wal\/[^>]*>\)\s+= 0/.test(line),
        );
      expect(synced.length, lines.slice(0, answered + 1).join('\n')).toBeGreaterThan(0);
    } finally {
      strace.kill('SIGINT');
      await new Promise((resolve) => strace.once('close', resolve));
    }
  }, 300_000);
});
