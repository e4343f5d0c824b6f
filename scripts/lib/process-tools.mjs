// Helpers the test runners (scripts/test.mjs, test-e2e.mjs, test-pg.mjs) and the tests that start servers
// (apps/server/test/server-process.ts, apps/web/e2e/support/server.ts) share: the first stop signal, the exit code a
// signal means, whether a file can be run, a free port, the environment of a server under test, a process's CPU
// time (the journeys' CPU report, the calculate-online bench), and a copy of a database's data folder. Types for the
// TypeScript callers: process-tools.d.mts.
import { accessSync, constants, readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { createServer } from 'node:net';

/** The stop signals the runners handle, with the number a shell adds to 128 for each. */
export const SIGNAL_CODES = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

/**
 * Calls `onStop(signal)` once, for the first SIGHUP, SIGINT or SIGTERM (the runner then stops and cleans up; later
 * signals are ignored). Returns a function that tells which signal came, or null while none has.
 * @param {(signal: string) => void} onStop
 * @returns {() => string | null}
 */
export function onFirstStopSignal(onStop) {
  /** @type {string | null} */
  let interruptedBy = null;
  for (const signal of Object.keys(SIGNAL_CODES)) {
    process.on(signal, () => {
      if (interruptedBy) return;
      interruptedBy = signal;
      onStop(signal);
    });
  }
  return () => interruptedBy;
}

/** Whether `file` exists and this process may run it. */
export function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now (the system picks it; the probe is closed at once).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The environment for a server process the browser journeys or the server's process tests start (or a data
 * folder's set-up): `base` without what a developer's shell or vitest put there for other purposes (a real
 * database or mail server, the session secret, a data folder, vitest's markers NODE_ENV=test and VITEST*, the
 * runners' E2E_* settings), then `extra` on top.
 * @param {NodeJS.ProcessEnv} base
 * @param {Record<string, string>} extra
 * @returns {NodeJS.ProcessEnv}
 */
export function serverEnv(base, extra) {
  const env = { ...base };
  for (const key of Object.keys(env)) {
    if (key.startsWith('VITEST') || key.startsWith('E2E_') || key === 'TEST_DATABASE_URL') {
      delete env[key];
    }
  }
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'SESSION_SECRET', 'NODE_OPTIONS', 'DATA_DIR']) {
    delete env[key];
  }
  return { ...env, NODE_ENV: 'production', ...extra };
}

/** Linux's clock ticks a second, the unit of /proc/<pid>/stat's CPU times. */
const TICKS_PER_SECOND = 100;

/**
 * The CPU seconds (user + system, all threads) process `pid` (or `'self'`) has used so far, and those of its children
 * it has waited for, from /proc/<pid>/stat: Linux only.
 * @param {number | 'self'} pid
 * @returns {{ own: number, children: number }}
 */
export function processCpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command: state is field 3 of stat(5); utime, stime, cutime, cstime are 14–17.
  const at = (n) => Number(fields[n - 3]);
  return {
    own: (at(14) + at(15)) / TICKS_PER_SECOND,
    children: (at(16) + at(17)) / TICKS_PER_SECOND,
  };
}

/**
 * Copies the folder `from` (a PGlite data folder: ≈ 1,200 files, ≈ 40 MB) into `to` (made when missing): the folders
 * first, then every file at once, each by the kernel (`copyFile`, a clone where the file system has them).
 * `fs.cp` took ≈ 1.2 s of CPU for such a folder, this ≈ 0.2 s (docs/performance.md "Test suite time"); each HTTP
 * test file and each journey's server starts on such a copy. Anything but files and folders is refused.
 * @param {string} from
 * @param {string} to
 */
export async function copyDataFolder(from, to) {
  const entries = await readdir(from, { withFileTypes: true, recursive: true });
  await mkdir(to, { recursive: true });
  const files = [];
  for (const entry of entries) {
    const path = relative(from, join(entry.parentPath, entry.name));
    if (entry.isDirectory()) await mkdir(join(to, path), { recursive: true });
    else if (entry.isFile()) files.push(path);
    else throw new Error(`copyDataFolder: ${path} is neither a file nor a folder`);
  }
  await Promise.all(
    files.map((path) => copyFile(join(from, path), join(to, path), constants.COPYFILE_FICLONE)),
  );
}
