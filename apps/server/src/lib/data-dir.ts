import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { newToken } from './random';

const LOCK_FILE = 'medcalc.lock';
const SECRET_FILE = 'session-secret';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Embedded PGlite has no lock of its own: two processes on one folder both start and silently lose writes
 * (stack-notes). So the server holds `DATA_DIR/medcalc.lock` with its PID. A lock whose PID no longer runs (a
 * killed server) is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `Another medcalc server (PID ${pid}) is already using the data folder ${dataDir}. ` +
            'Stop it first, or start this one with a different DATA_DIR (or DATABASE_URL).',
        );
      }
      unlinkSync(file); // stale lock from a process that no longer runs
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}

/** The session secret generated into DATA_DIR on first start, so sessions survive restarts. */
export function readOrCreateSessionSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  const secret = newToken();
  const fd = openSync(file, 'w', 0o600);
  writeSync(fd, secret);
  closeSync(fd);
  return secret;
}
