import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, readOrCreateSessionSecret } from './data-dir';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'medcalc-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a folder locked by another running process, naming its PID', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(path.join(dir, 'medcalc.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(String(other.pid));
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that was killed', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(path.join(dir, 'medcalc.lock'), String(dead.pid));
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'medcalc.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(() => readFileSync(path.join(dir, 'medcalc.lock'))).toThrow();
  });
});

describe('readOrCreateSessionSecret', () => {
  it('generates a secret once and reads the same one later', () => {
    const dir = tempDir();
    const first = readOrCreateSessionSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readOrCreateSessionSecret(dir)).toBe(first);
  });
});
