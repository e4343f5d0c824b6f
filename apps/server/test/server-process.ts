import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, serverEnv as cleanServerEnv } from '../../../scripts/lib/process-tools.mjs';
import { readTestDatabaseUrl } from '../src/config/env';
import { newIdentifier } from '../src/lib/random';
import { createScratchPostgresDatabase } from './scratch-postgres';

export { freePort };

/*
 * The real server as a child process (durability, scale-out and backup tests): the compiled dist/main.js under
 * plain `node` with source maps, as `npm start` and the browser journeys start it (apps/web/e2e/support/server.ts),
 * built by the global setup when stale; with its own port, DATA_DIR and, in the PostgreSQL run, DATABASE_URL. Plus
 * a fetch client that keeps cookies and echoes the XSRF token.
 */

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** The compiled server (apps/server/build.mjs), built by the global setup when stale (test/global-setup.ts). */
const SERVER_ENTRY = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const HEALTH_TIMEOUT_MS = 90_000;

/** A fresh empty database on the test PostgreSQL (scripts/test-pg.mjs); undefined in the PGlite run. */
export async function freshPostgresDatabase(): Promise<
  { url: string; drop: () => Promise<void> } | undefined
> {
  const serverUrl = readTestDatabaseUrl();
  return serverUrl ? createScratchPostgresDatabase(serverUrl, 'medcalc_proc') : undefined;
}

/** The environment of a server under test: nothing from the developer's shell or vitest leaks in. */
export function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return cleanServerEnv(process.env, { HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...extra });
}

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  output(): string;
  /** Resolves when the process has exited (for any reason). */
  exited(): Promise<void>;
  /** SIGKILL: no shutdown hook runs, nothing is flushed or closed. */
  kill(): Promise<void>;
  /** SIGTERM (graceful shutdown), SIGKILL after 10 s. */
  stop(): Promise<void>;
}

/** Starts the server with `env` (PORT is chosen here unless given) and waits for `GET /api/health`. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: serverEnv({ PORT: String(port), APP_URL: url, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exit = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once('exit', () => resolve());
  });
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const handle: ServerProcess = {
    url,
    child,
    output: () => text,
    exited: () => exit,
    async kill() {
      if (!gone()) child.kill('SIGKILL');
      await exit;
    },
    async stop() {
      if (!gone()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exit;
        clearTimeout(timer);
      }
    },
  };
  try {
    await waitForHealth(url, handle);
  } catch (error) {
    await handle.kill();
    throw new Error(
      `server did not become healthy: ${(error as Error).message}\n--- output ---\n${text}`,
    );
  }
  return handle;
}

async function waitForHealth(url: string, server: ServerProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let problem = 'no answer yet';
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(
        `it exited (code ${server.child.exitCode}, signal ${server.child.signalCode})`,
      );
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      problem = `health answered ${response.status}`;
    } catch (error) {
      problem = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out (${problem})`);
}

export interface HttpAnswer {
  status: number;
  body: string;
  json<T = unknown>(): T;
}

/**
 * A browser-like client over real HTTP: keeps cookies (one jar, whatever base URL it talks to, like a browser
 * behind one load-balanced host), fetches the XSRF cookie before the first state-changing call and echoes it.
 */
export function createHttpAgent(baseUrl: string) {
  const jar = new Map<string, string>();
  let base = baseUrl;

  async function request(method: string, path: string, body?: unknown): Promise<HttpAnswer> {
    if (method !== 'GET' && !jar.has('XSRF-TOKEN')) await request('GET', '/sanctum/csrf-cookie');
    const token = jar.get('XSRF-TOKEN');
    const headers: Record<string, string> = { accept: 'application/json' };
    if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && token) headers['x-xsrf-token'] = decodeURIComponent(token);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, body: text, json: () => JSON.parse(text) };
  }

  return {
    jar,
    /** Talks to another instance from now on, with the same cookies. */
    useBase(url: string) {
      base = url;
    },
    get: (path: string) => request('GET', path),
    post: (path: string, body: unknown = {}) => request('POST', path, body),
    patch: (path: string, body: unknown = {}) => request('PATCH', path, body),
  };
}

export type HttpAgent = ReturnType<typeof createHttpAgent>;

/** Registers a new company user over HTTP; returns the signed-in agent and the registration payload. */
export async function registerOverHttp(baseUrl: string) {
  const agent = createHttpAgent(baseUrl);
  const payload = {
    name: 'Олена Коваль',
    company: `КНП «Лікарня ${newIdentifier().slice(0, 6)}»`,
    phone: '380501234567',
    email: `durable-${newIdentifier()}@clinic.test`,
    password: 'secret-pass-1',
    password_confirmation: 'secret-pass-1',
  };
  const answer = await agent.post('/api/register', payload);
  if (answer.status !== 200) throw new Error(`register failed: ${answer.status} ${answer.body}`);
  return {
    agent,
    payload,
    user: answer.json<{ user: { companyIdentifier: string } }>().user,
  };
}
