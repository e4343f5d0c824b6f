import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/process-tools.mjs';

/**
 * The real process on the embedded database: first start migrates and seeds, later starts keep the data, the
 * data folder belongs to one process, and a lock left by `kill -9` does not block the next start.
 */
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const MAIN = path.join(SERVER_DIR, 'src', 'main.ts');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medcalc-boot-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(port: number) {
  // Node itself with tsx's loader, not the tsx command: that one runs the server as a child of its own and does
  // not pass SIGKILL on, so a "killed" server went on running (holding the port and the data folder).
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      // eslint-disable-next-line no-restricted-syntax -- the child process inherits PATH and friends
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(
  port: number,
  proc: { exited: Promise<number | null>; output: () => string },
) {
  const deadline = Date.now() + 60_000;
  let exitedEarly = false;
  void proc.exited.then(() => (exitedEarly = true));
  while (Date.now() < deadline && !exitedEarly) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${proc.output()}`);
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null) return;
  const done = new Promise((resolve) => child.on('exit', resolve));
  child.kill(signal);
  await done;
}

async function register(port: number, email: string) {
  const csrf = await fetch(`http://127.0.0.1:${port}/sanctum/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return fetch(`http://127.0.0.1:${port}/api/register`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
    },
    body: JSON.stringify({
      name: 'Ірина',
      company: 'Клініка',
      phone: '380671112233',
      email,
      password: 'secret-pass-1',
      password_confirmation: 'secret-pass-1',
    }),
  });
}

describe('server process on the embedded database', () => {
  it('keeps data across restarts, refuses a second process, survives kill -9', async () => {
    const port = await freePort();
    const first = start(port);
    try {
      await waitForHealth(port, first);
      expect((await register(port, 'kept@clinic.test')).status).toBe(200);

      const second = start(await freePort());
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/already using the data folder/);
    } finally {
      await stop(first.child, 'SIGKILL'); // leaves its lock file behind
    }

    const again = start(port);
    try {
      await waitForHealth(port, again);
      // The e-mail is still taken: the user survived the restart (and the kill).
      const duplicate = await register(port, 'kept@clinic.test');
      expect(duplicate.status).toBe(422);
    } finally {
      await stop(again.child);
    }
  }, 150_000);
});
