import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq, isNull, sql } from 'drizzle-orm';
import { XLSX_CONTENT_TYPE } from '@medcalc/domain';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type AppDependencies } from '../src/app';
import { loadConfig, readTestDatabaseUrl, type AppConfig } from '../src/config/env';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client';
import { readBack } from '../src/modules/documents/read-back';
import type { QueryFaults } from '../src/db/query-faults';
import { createMailer, type MailMessage, type Mailer } from '../src/lib/mailer';
import { newIdentifier } from '../src/lib/random';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
} from '../src/plugins/error-handler';
import { copyPgliteTemplate, databaseTemplate } from './database-template';
import { createScratchPostgresDatabase } from './scratch-postgres';

/** A clock the tests move forward (expiry of sessions, reset links, throttle windows). */
export class TestClock {
  current = new Date('2026-11-22T10:00:00Z');
  now = () => new Date(this.current);
  advanceMinutes(minutes: number) {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
}

/**
 * Opens a fresh database for one test file: embedded PGlite by default, or, when TEST_DATABASE_URL is set
 * (scripts/test-pg.mjs), a new database on that PostgreSQL server, dropped afterwards, so test files can run in
 * parallel without seeing each other's rows. Under vitest the database is a copy of the run's migrated and seeded
 * template (test/database-template.ts, made by test/global-setup.ts); without one it starts empty (PGlite in memory)
 * and the app migrates and seeds it.
 */
async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<{
  database: DatabaseHandle;
  drop: () => Promise<void>;
}> {
  const { faults, connectVia = (url: string) => url } = options;
  const serverUrl = readTestDatabaseUrl();
  const template = databaseTemplate();
  if (!serverUrl) {
    if (!template.pgliteDir || !template.runDir) {
      const database = await openDatabase({ pgliteDir: 'memory://', faults });
      return { database, drop: async () => undefined };
    }
    const copy = await copyPgliteTemplate(template.pgliteDir, template.runDir);
    try {
      // A throwaway copy: no fsync (the real server's durability is test/durability.test.ts's).
      const database = await openDatabase({ pgliteDir: copy.dir, faults, durable: false });
      return { database, drop: copy.remove };
    } catch (error) {
      await copy.remove();
      throw error;
    }
  }
  const scratch = await createScratchPostgresDatabase(
    serverUrl,
    'medcalc_test',
    template.postgresName,
  );
  const database = await openDatabase({
    databaseUrl: await connectVia(scratch.url),
    pgliteDir: '',
    faults,
  });
  return { database, drop: scratch.drop };
}

/** How a test's database is opened beside the default (database-outage.test.ts). */
export interface TestDatabaseOptions {
  /** Errors to fail chosen statements with (db/query-faults.ts). */
  faults?: QueryFaults;
  /** PostgreSQL only: the URL the app connects to instead of the scratch database's own (e.g. through a proxy). */
  connectVia?: (url: string) => string | Promise<string>;
}

/** This run is the PostgreSQL run (scripts/test-pg.mjs, TEST_DATABASE_URL set), not the PGlite one. */
export const onPostgres = readTestDatabaseUrl() !== undefined;

export const TEST_ADMIN = { email: 'admin@medcalc.test', password: 'admin-password-1' };

export interface TestContext {
  app: FastifyInstance;
  config: AppConfig;
  database: DatabaseHandle;
  mails: MailMessage[];
  clock: TestClock;
  close(): Promise<void>;
}

export /** The log lines an app wrote, parsed. */
function logCollector() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { lines, stream };
}

/** Builds the real app (house guide 2.7, after fastify/demo's helper) with a captured mailer and a test clock. */
export async function buildTestApp(
  env: Record<string, string> = {},
  {
    faults,
    connectVia,
    ...deps
  }: Pick<AppDependencies, 'onRoute' | 'logStream'> & TestDatabaseOptions = {},
): Promise<TestContext> {
  const { database, drop } = await openTestDatabase({ faults, connectVia });
  return startTestApp(database, drop, env, deps);
}

/**
 * The app of {@link buildTestApp} on an opened `database`; `close` closes both and then calls `drop`. Also makes the
 * run's template database (test/global-setup.ts), so the template is what a test's own start would have made.
 */
export async function startTestApp(
  database: DatabaseHandle,
  drop: () => Promise<void>,
  env: Record<string, string> = {},
  deps: Pick<AppDependencies, 'onRoute' | 'logStream'> = {},
): Promise<TestContext> {
  const mails: MailMessage[] = [];
  const clock = new TestClock();
  // The document jobs' files on PGlite (issue 34, job-files.ts): a folder of this app's own, removed with it, and with
  // the run's folder when a file never closes its app.
  const documentFiles = await mkdtemp(
    path.join(databaseTemplate().runDir ?? os.tmpdir(), 'medcalc-test-documents-'),
  );
  const config = loadConfig({
    DOCUMENT_FILES_DIR: documentFiles,
    NODE_ENV: 'test',
    APP_URL: 'http://medcalc.test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-42',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // Off unless a test asks for it (test/demo.test.ts): every other test counts only the rows it made.
    DEMO_ACCOUNT: 'false',
    // No backups on a clock unless a test asks (test/backups.test.ts); the folder is the test's DATA_DIR's.
    BACKUP_SCHEDULE: 'off',
    ...env,
  });
  // With MAIL_OUTBOX_DIR given, each letter is also written there as the app's own `.eml` (issue 34 reads them).
  const outbox = env.MAIL_OUTBOX_DIR
    ? createMailer({ outboxDir: config.mailOutboxDir, from: config.mailFrom })
    : undefined;
  const mailer: Mailer = {
    async send(message) {
      mails.push(message);
      await outbox?.send(message);
    },
  };
  const app = await buildApp(config, { database, mailer, now: clock.now, ...deps });
  await app.ready();
  return {
    app,
    config,
    database,
    mails,
    clock,
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(documentFiles, { recursive: true, force: true });
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser-like client over `inject()`: keeps cookies, fetches the XSRF cookie before the first state-changing
 * call and echoes it, like the spec's client does (spec §7). After each answer it waits until the mail queue has
 * sent what the call queued (letters go out after the answer, lib/mail-outbox.ts), so `ctx.mails` holds them, as
 * a user's inbox would a moment later; `waitForMail: false` leaves the queue alone.
 */
export function createAgent(
  app: FastifyInstance,
  options: { ip?: string; waitForMail?: boolean } = {},
) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

  async function request(
    method: Method,
    url: string,
    body?: unknown,
    extra: { xsrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const xsrf = extra.xsrf ?? true;
    if (method !== 'GET' && xsrf && !jar.has('XSRF-TOKEN'))
      await request('GET', '/sanctum/csrf-cookie');
    const token = jar.get('XSRF-TOKEN');
    const response = await app.inject({
      method,
      url,
      remoteAddress: options.ip ?? '127.0.0.1',
      headers: {
        ...(jar.size > 0 ? { cookie: cookieHeader() } : {}),
        ...(method !== 'GET' && xsrf && token ? { 'x-xsrf-token': decodeURIComponent(token) } : {}),
        ...extra.headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now());
      if (expired || cookie.value === '') jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    if (options.waitForMail !== false) await app.mailOutbox.settled();
    return response;
  }

  return {
    jar,
    request,
    get: (url: string) => request('GET', url),
    post: (url: string, body?: unknown) => request('POST', url, body ?? {}),
    put: (url: string, body?: unknown) => request('PUT', url, body ?? {}),
    patch: (url: string, body?: unknown) => request('PATCH', url, body ?? {}),
    delete: (url: string) => request('DELETE', url),
  };
}

export type Agent = ReturnType<typeof createAgent>;

/** One call of a table-driven test: method, url and, for a write, its body. */
export type Call = [method: string, url: string, body?: unknown];

/** Makes each call as `agent` and expects it answered `status` (a failure names the call). */
export async function expectEachAnswered(agent: Agent, calls: Call[], status: number) {
  for (const [method, url, body] of calls) {
    const response = await agent.request(method as 'GET', url, body);
    expect(response.statusCode, `${method} ${url}`).toBe(status);
  }
}

/** The answer is the 503 of a database gone away (issue 21): Retry-After, and the Ukrainian message only. */
export function expectDatabaseUnavailable(answer: LightMyRequestResponse, label?: string) {
  expect(answer.statusCode, label).toBe(503);
  expect(answer.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(answer.json()).toEqual({
    message: DATABASE_UNAVAILABLE_MESSAGE,
    code: 'SERVICE_UNAVAILABLE',
  });
}

/**
 * The .xlsx file a GET of `url` downloads (an export): a 200 attachment read back, its workbook (to write again after
 * an edit) and its first sheet.
 */
export async function downloadWorkbook(agent: Agent, url: string) {
  const response = await agent.get(url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
  expect(response.headers['content-disposition']).toContain('attachment');
  const workbook = await readBack(response.rawPayload);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error(`${url} answered a workbook without a sheet`);
  return { workbook, sheet };
}

/** The data of a 200 answer whose toast is `message` (an add's or a change's answer). */
export function toastedData<T>(response: LightMyRequestResponse, message: string): T {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { message: string; data: T };
  expect(body.message).toBe(message);
  return body.data;
}

let counter = 0;
/** A valid registration payload with a unique e-mail. */
export function registrationFor(overrides: Partial<Record<string, string>> = {}) {
  counter += 1;
  return {
    name: 'Олена Коваль',
    company: `КНП «Міська лікарня №${counter}»`,
    phone: '380501234567',
    email: `economist${counter}-${newIdentifier()}@clinic.test`,
    password: 'secret-pass-1',
    password_confirmation: 'secret-pass-1',
    ...overrides,
  };
}

/** Registers a new company user through the API and returns the signed-in agent with the answer. */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<Record<string, string>> = {},
) {
  const agent = createAgent(app);
  const payload = registrationFor(overrides);
  const response = await agent.post('/api/register', payload);
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.body}`);
  return {
    agent,
    payload,
    user: response.json().user as { id: number; identifier: string; companyIdentifier: string },
  };
}

/** Signs in the seeded administrator (TEST_ADMIN) and returns the agent. */
export async function signInAdmin(app: FastifyInstance): Promise<Agent> {
  const agent = createAgent(app);
  const response = await agent.post('/login', TEST_ADMIN);
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  return agent;
}

/** A signed-in company user and the identifier of its company, as the company-scoped tests use them. */
export interface CompanyMember {
  agent: Agent;
  company: string;
}

/** Registers a new company user (registerUser) and returns its agent with the company identifier. */
export async function registerCompanyMember(app: FastifyInstance): Promise<CompanyMember> {
  const { agent, user } = await registerUser(app);
  return { agent, company: user.companyIdentifier };
}

/**
 * A test app with two companies (alice, bob) and the signed-in administrator: the start of the tests of company
 * scoping (each company sees its own rows, the administrator the provider's). The caller closes `ctx`.
 */
export async function openTwoMembers(): Promise<{
  ctx: TestContext;
  alice: CompanyMember;
  bob: CompanyMember;
  admin: Agent;
}> {
  const ctx = await buildTestApp();
  const alice = await registerCompanyMember(ctx.app);
  const bob = await registerCompanyMember(ctx.app);
  return { ctx, alice, bob, admin: await signInAdmin(ctx.app) };
}

/**
 * Opens what a test file works on once (`open`, in its `beforeAll`) and closes its app in `afterAll`. Returns one
 * object the `beforeAll` fills: read its fields inside tests and hooks, not at module level. Fields the caller adds
 * to it before (a kit reading the suite lazily) stay.
 */
export function useSuite<T extends { ctx: TestContext }>(open: () => Promise<T>): T {
  const suite = {} as T;
  beforeAll(async () => {
    Object.assign(suite, await open());
  });
  afterAll(async () => {
    await (suite.ctx as TestContext | undefined)?.close();
  });
  return suite;
}

/** A test app of the file's own, opened once ({@link useSuite}): `s.ctx`. */
export const useTestApp = () => useSuite(async () => ({ ctx: await buildTestApp() }));

/** {@link openTwoMembers} for a whole test file ({@link useSuite}). */
export const useTwoMembers = () => useSuite(openTwoMembers);

/**
 * Expects a 422 in the shape of spec §7 whose `errors` name exactly `fields`, one Ukrainian message each
 * (the order of the fields does not matter).
 */
export function expectFieldErrors(
  response: { statusCode: number; json(): unknown },
  fields: string[],
) {
  expect(response.statusCode).toBe(422);
  const body = response.json() as { message: string; errors: Record<string, string[]> };
  expect(body.message).toEqual(expect.any(String));
  expect(Object.keys(body.errors).sort()).toEqual([...fields].sort());
  for (const field of fields) expect(body.errors[field]).toEqual([expect.any(String)]);
}

/**
 * Expects a 422 whose whole body is `{ message, code: 'VALIDATION', errors }` (spec §7): `errors` exactly as given,
 * `message` any string unless given.
 */
export function expectValidationAnswer(
  response: { statusCode: number; json(): unknown; body?: string },
  errors: unknown,
  message: unknown = expect.any(String),
) {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json()).toEqual({ message, code: 'VALIDATION', errors });
}

/**
 * Runs `work` while a trigger refuses (RAISE EXCEPTION) every `event` on `table` (default `calculations`) whose row
 * matches `condition` (SQL over NEW), then drops the trigger: a stand-in for any database failure half-way through
 * a multi-row write, so a test can prove the write rolls back as a whole.
 */
export async function withRefusingTrigger<T>(
  database: DatabaseHandle,
  options: {
    event: 'INSERT' | 'UPDATE';
    condition: string;
    table?: 'calculations' | 'templates' | 'pills';
  },
  work: () => Promise<T>,
): Promise<T> {
  const { db } = database;
  const table = options.table ?? 'calculations';
  await db.execute(
    sql.raw(`
      CREATE FUNCTION refuse_test_write() RETURNS trigger AS $$
      BEGIN
        IF ${options.condition} THEN
          RAISE EXCEPTION 'refused by the test trigger';
        END IF;
        RETURN NEW;
      END;
      $$ LANGUAGE plpgsql
    `),
  );
  await db.execute(
    sql.raw(`
      CREATE TRIGGER refuse_test_write BEFORE ${options.event} ON ${table}
        FOR EACH ROW EXECUTE FUNCTION refuse_test_write()
    `),
  );
  try {
    return await work();
  } finally {
    await db.execute(sql.raw(`DROP TRIGGER refuse_test_write ON ${table}`));
    await db.execute(sql.raw('DROP FUNCTION refuse_test_write()'));
  }
}

/** A table whose rows belong to a company, or, with no company, to the provider's templates. */
type CompanyOwnedTable = PgTable & { id: PgColumn; companyId: PgColumn };

/** One template-level row (no company) of `table`, as the database holds it. */
export async function aTemplateRowOf<T extends CompanyOwnedTable>(
  db: Database,
  table: T,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as CompanyOwnedTable)
    .where(isNull(table.companyId))
    .limit(1);
  return row as T['$inferSelect'] | undefined;
}

/** Row `id` of `table` as the database holds it (undefined when there is none). */
export async function storedRowOf<T extends CompanyOwnedTable>(
  db: Database,
  table: T,
  id: number | undefined,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as CompanyOwnedTable)
    .where(eq(table.id, id ?? 0));
  return row as T['$inferSelect'] | undefined;
}

/** The token of the newest invitation letter sent to `email` (the link `${APP_URL}/invitations/<token>`). */
export function invitationTokenFor(mails: MailMessage[], email: string): string {
  const mail = mails.filter((m) => m.to === email).at(-1);
  const token = mail?.text.match(/\/invitations\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation letter to ${email}`);
  return token;
}

/**
 * `owner` invites a new e-mail with `role` and the person accepts the link (issue 22): the new member's signed-in
 * agent, identifier and e-mail.
 */
export async function joinAsMember(
  ctx: Pick<TestContext, 'app' | 'mails'>,
  owner: Agent,
  role: 'owner' | 'economist' | 'viewer',
  name = role === 'viewer' ? 'Ірина Перегляд' : 'Петро Економіст',
) {
  const email = `${role}-${newIdentifier()}@clinic.test`;
  const invited = await owner.post('/api/members/invitations', { email, role });
  if (invited.statusCode !== 200) throw new Error(`invite failed: ${invited.body}`);
  const agent = createAgent(ctx.app);
  const token = invitationTokenFor(ctx.mails, email);
  const accepted = await agent.post(`/api/invitations/${token}/accept`, {
    name,
    password: 'member-pass-1',
    password_confirmation: 'member-pass-1',
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  const user = accepted.json().user as { identifier: string; companyIdentifier: string };
  return { agent, email, identifier: user.identifier, company: user.companyIdentifier };
}
