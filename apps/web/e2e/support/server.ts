import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyDataFolder, freePort, serverEnv } from '../../../../scripts/lib/process-tools.mjs';

const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
// The compiled server (`npm run build`, which scripts/test-e2e.mjs runs): what production runs, and it starts on
// ≈ 3 s less CPU than main.ts under tsx (docs/performance.md "Browser journeys").
const SERVER_ENTRY = join('apps', 'server', 'dist', 'main.js');
const HEALTH_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
const OUTPUT_LINES_KEPT = 400;

export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:43123 (also the server's APP_URL, so mailed links point here). */
  readonly url: string;
  readonly port: number;
  /** Fresh temp folder (a copy of the run's seeded template, if any): PGlite data, generated secrets and the mail
   * outbox. Deleted by stop(). */
  readonly dataDir: string;
  /** Where the server writes each mail as an .eml file (SMTP_URL is unset). */
  readonly outboxDir: string;
  /** The server's recent stdout/stderr, for failure reports. */
  output(): string;
  /** SIGTERM, then SIGKILL after 5 s; then deletes dataDir. Safe to call twice. */
  stop(): Promise<void>;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts the real server (the compiled apps/server/dist/main.js, serving the built apps/web/dist) on a
 * free port with its own DATA_DIR (a copy of E2E_DATA_TEMPLATE when set, else empty), i.e. embedded PGlite and
 * the file outbox, and waits for
 * GET /api/health. Rejects with the server's output if it exits or is not healthy within 60 s.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  if (!existsSync(join(REPO_ROOT, SERVER_ENTRY))) {
    throw new Error(
      `${SERVER_ENTRY} is missing: run \`npm run build\` (scripts/test-e2e.mjs does).`,
    );
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // scripts/test-e2e.mjs passes a per-run folder it deletes even if this worker is killed first.
  const dataDir = await mkdtemp(join(process.env.E2E_TMP_DIR ?? tmpdir(), 'medcalc-e2e-'));
  const outboxDir = join(dataDir, 'outbox');

  // A migrated and seeded data folder scripts/test-e2e.mjs made once for the run, so the server skips PGlite's
  // initdb, the migrations and the seed (it still runs them, finding them done). Without it: an empty folder.
  const template = process.env.E2E_DATA_TEMPLATE;
  if (template) await copyDataFolder(template, dataDir);

  // A developer's shell may point at a real database or mail server, and vitest marks its workers
  // (NODE_ENV=test, VITEST*): none of that belongs in the server under test.
  const env = serverEnv(process.env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MAIL_OUTBOX_DIR: outboxDir,
    APP_URL: url,
    ...extraEnv,
  });

  // One node process (no npm or npx wrapper): SIGTERM and SIGKILL then reach the server itself, and no orphan
  // keeps the PGlite data folder locked.
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  const lines: string[] = [];
  const echo = process.env.E2E_SERVER_LOG === '1';
  const collect = (stream: 'out' | 'err') => (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    if (echo) process.stderr.write(text);
    for (const line of text.split('\n')) if (line) lines.push(`[${stream}] ${line}`);
    if (lines.length > OUTPUT_LINES_KEPT) lines.splice(0, lines.length - OUTPUT_LINES_KEPT);
  };
  child.stdout.on('data', collect('out'));
  child.stderr.on('data', collect('err'));
  const output = () => lines.join('\n');

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_GRACE_MS))) {
        child.kill('SIGKILL');
        await waitForExit(child, STOP_GRACE_MS);
      }
    }
    await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };

  try {
    await waitForHealth(url, child);
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The server (node ${SERVER_ENTRY}) did not become healthy: ${reason}\n` +
        `--- server output (last ${OUTPUT_LINES_KEPT} lines) ---\n${output() || '(none)'}`,
    );
  }
  return { url, port, dataDir, outboxDir, output, stop };
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (spawnError) throw spawnError;
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`it exited early (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      const body = await response.text();
      if (response.ok && /"status"\s*:\s*"ok"/.test(body)) return;
      lastProblem = `GET /api/health answered ${response.status}: ${body.slice(0, 200)}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out after ${HEALTH_TIMEOUT_MS / 1000} s (${lastProblem})`);
}
