import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isIP } from 'node:net';
import { PASSWORD_MIN_LENGTH, isPhoneNumber } from '@medcalc/domain';
import { type BackupSchedule, parseBackupSchedule } from '../lib/backup-schedule';
import { DEMO_PROVIDER, type ProviderRequisites } from '../lib/provider-requisites';
import { DEFAULT_SESSION_CACHE_SECONDS } from '../lib/session';

/**
 * The document pool's size (modules/documents/document-pool.ts takes it as its options): worker threads, documents
 * waiting for one, and an owner's documents rendered and waiting at once.
 */
export interface DocumentPoolSettings {
  threads: number;
  queueLimit: number;
  ownerRenders: number;
  ownerQueue: number;
}

/** The import pool's size (modules/imports/spreadsheet-pool.ts takes it as its options). */
export interface ImportPoolSettings {
  threads: number;
  queueLimit: number;
  heapMb: number;
}

/**
 * Large documents as jobs (issue 24 §1, modules/documents/document-jobs.ts): a document laying out more than
 * `jobLines` lines of the order (DOCUMENT_JOB_LINES, default {@link DEFAULT_DOCUMENT_JOB_LINES}) answers 202 with
 * a job; `jobSlots` jobs render at once on this instance (DOCUMENT_JOB_SLOTS, default one worker fewer than the
 * pool has, at least one), so small documents keep a worker.
 */
export interface DocumentJobLimits {
  jobLines: number;
  jobSlots: number;
  /**
   * Issue 34: finished files an owner keeps (DOCUMENT_JOB_FILES, default 10; its oldest go first), jobs it may have
   * waiting or running (DOCUMENT_JOB_QUEUE, default 5; the next answers 429), and the folder of the files on
   * embedded PGlite (DOCUMENT_FILES_DIR, default `DATA_DIR/documents`; on PostgreSQL they are chunk rows).
   */
  jobFiles: number;
  jobQueue: number;
  filesDir: string;
}

/** About three seconds of pdfmake's work on a print set (the limit-sized order's 64,200 lines took 57.9 s). */
export const DEFAULT_DOCUMENT_JOB_LINES = 3000;

/** The repository root: the default `./data` lives here whichever folder the server is started from. */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Treat empty strings from `.env` files and shells as "not set". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const TRUST_PROXY_MESSAGE =
  'must list the addresses or subnets of the proxies in front of the server, comma-separated ' +
  '(e.g. 127.0.0.1 or 10.0.0.0/8,loopback), or be false; true and hop counts are refused, since they let a ' +
  'client choose its own address';

/** proxy-addr's named ranges (the README lists them). */
const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY`: the proxies' addresses, subnets (CIDR) or proxy-addr's names, comma-separated; `false` or empty
 * trusts none. Undefined when a value is neither (`true` and hop counts included: with every hop trusted the
 * leftmost `X-Forwarded-For`, which the client writes, would become its address).
 */
export function parseTrustedProxies(value: string): string[] | undefined {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 1 && entries[0] === 'false') return [];
  const valid = entries.every((entry) => {
    if (NAMED_PROXY_RANGES.has(entry)) return true;
    const [address = '', bits, extra] = entry.split('/');
    if (extra !== undefined || isIP(address) === 0) return false;
    if (bits === undefined) return true;
    const max = isIP(address) === 4 ? 32 : 128;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
  });
  return valid ? entries : undefined;
}

const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])),
  PORT: optional(z.coerce.number().int().min(0).max(65535)),
  HOST: optional(z.string().min(1)),
  DATA_DIR: optional(z.string().min(1)),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'),
  ),
  ADMIN_EMAIL: optional(z.email()),
  ADMIN_PASSWORD: optional(
    z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`),
  ),
  DEMO_ACCOUNT: optional(z.enum(['true', 'false'])),
  DEMO_EMAIL: optional(z.email()),
  DEMO_PASSWORD: optional(
    z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`),
  ),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  MAIL_OUTBOX_DIR: optional(z.string().min(1)),
  MAIL_FROM: optional(z.string().min(3)),
  APP_URL: optional(z.url()),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  SESSION_CACHE_SECONDS: optional(z.coerce.number().int().min(0).max(30)),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  TRUST_PROXY: optional(
    z
      .string()
      .transform((value) => parseTrustedProxies(value))
      .refine((value) => value !== undefined, TRUST_PROXY_MESSAGE),
  ),
  PROVIDER_NAME: optional(z.string().trim().min(1)),
  PROVIDER_CODE: optional(z.string().regex(/^(\d{8}|\d{10})$/, 'must be 8 (ЄДРПОУ) or 10 digits')),
  PROVIDER_IBAN: optional(
    z
      .string()
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().regex(/^UA\d{27}$/, 'must be a Ukrainian IBAN (UA and 27 digits)')),
  ),
  PROVIDER_BANK: optional(z.string().trim().min(1)),
  PROVIDER_ADDRESS: optional(z.string().trim().min(1)),
  PROVIDER_PHONE: optional(
    z.string().trim().refine(isPhoneNumber, 'must be a phone number (10 to 15 digits)'),
  ),
  PROVIDER_EMAIL: optional(z.email()),
  PROVIDER_VAT_NOTE: optional(z.string().trim().min(1)),
  PROVIDER_VAT_REASON: optional(z.string().trim().min(1)),
  DOCUMENT_THREADS: optional(z.coerce.number().int().min(0).max(64)),
  DOCUMENT_QUEUE_LIMIT: optional(z.coerce.number().int().min(0).max(1000)),
  DOCUMENT_JOB_LINES: optional(z.coerce.number().int().min(0)),
  DOCUMENT_JOB_SLOTS: optional(z.coerce.number().int().min(1).max(64)),
  IMPORT_THREADS: optional(z.coerce.number().int().min(0).max(16)),
  PUBLIC_RATE_LIMIT: optional(z.coerce.number().int().min(1).max(1_000_000)),
  IMPORT_QUEUE_LIMIT: optional(z.coerce.number().int().min(0).max(100)),
  IMPORT_WORKER_HEAP_MB: optional(z.coerce.number().int().min(64).max(4096)),
  REQUEST_TIMEOUT_SECONDS: optional(z.coerce.number().int().min(1).max(3600)),
  DOCUMENT_COMPANY_RENDERS: optional(z.coerce.number().int().min(1).max(64)),
  DOCUMENT_COMPANY_QUEUE: optional(z.coerce.number().int().min(0).max(1000)),
  DOCUMENT_JOB_FILES: optional(z.coerce.number().int().min(1).max(1000)),
  DOCUMENT_JOB_QUEUE: optional(z.coerce.number().int().min(1).max(1000)),
  DOCUMENT_FILES_DIR: optional(z.string().min(1)),
  BACKUP_SCHEDULE: optional(
    z
      .string()
      .regex(
        /^(off|([01]\d|2[0-3]):[0-5]\d|[1-9]\d*[smh])$/,
        'must be off, a time of day (03:00) or an interval (30s, 15m, 6h)',
      ),
  ),
  BACKUP_KEEP: optional(z.coerce.number().int().min(1).max(1000)),
});

/**
 * HTTP timeouts (issue 24): a client must send its request headers within `headersMs`, and a body must keep
 * arriving (at least `bodyMinBytes` in every `bodyWindowMs`, plugins/timeouts.ts) and be whole within `requestMs`
 * (REQUEST_TIMEOUT_SECONDS, issue 34: a steady body slower than that is cut); an idle kept-alive connection is
 * closed after `keepAliveMs`.
 */
export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  bodyWindowMs: number;
  bodyMinBytes: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  // A 5 MB upload within two minutes: 350 kbit/s. Before issue 34 ten minutes, which a slow steady body held.
  requestMs: 120_000,
  keepAliveMs: 10_000,
  bodyWindowMs: 10_000,
  bodyMinBytes: 1024,
};

/** Everything the server needs to know about its surroundings; built once at boot. */
export interface AppConfig {
  port: number;
  host: string;
  /** Absolute; holds the PGlite database, the mail outbox and the generated session secret. */
  dataDir: string;
  /** PGlite folder, or `memory://` in tests. Ignored when `databaseUrl` is set. */
  pgliteDir: string;
  databaseUrl: string | undefined;
  adminEmail: string;
  adminPassword: string;
  /** The demo company, its user and its paid order of the worked example (src/demo-account.ts); undefined = none. */
  demo: { email: string; password: string } | undefined;
  smtpUrl: string | undefined;
  mailOutboxDir: string;
  mailFrom: string;
  /** Base of links in e-mails, without a trailing slash. */
  appUrl: string;
  /** Undefined until resolved from DATA_DIR at boot (see data-dir.ts). */
  sessionSecret: string | undefined;
  /**
   * How long a session lookup is cached in the process, seconds (0 = off): a session ended on another instance
   * is refused there within this time (lib/session.ts `createSessionCache`).
   */
  sessionCacheSeconds: number;
  logLevel: string;
  /** Session and XSRF cookies get `Secure` when the app is served over HTTPS. */
  secureCookies: boolean;
  /** The proxies whose `X-Forwarded-For` is believed (addresses, subnets); empty = none, the socket's address. */
  trustProxy: string[];
  /** Request, header and idle timeouts of the HTTP server. */
  httpTimeouts: HttpTimeouts;
  /** The provider's requisites on the invoice; {@link DEMO_PROVIDER} field by field where unset. */
  provider: ProviderRequisites;
  /**
   * The document pool (issue 21, modules/documents/document-pool.ts): worker threads (DOCUMENT_THREADS, default one
   * per core; 0 renders on the event loop) and how many documents may wait for one (DOCUMENT_QUEUE_LIMIT, default
   * four per thread) before 503; a company's documents at once (DOCUMENT_COMPANY_RENDERS, default half the
   * threads) and waiting (DOCUMENT_COMPANY_QUEUE, default half the queue) before 429 (issue 34).
   */
  documents: DocumentPoolSettings & DocumentJobLimits;
  /**
   * The import pool (issue 34, modules/imports/spreadsheet-pool.ts): worker threads reading uploaded spreadsheets
   * (IMPORT_THREADS, default one; 0 reads on the event loop), files that may wait for one (IMPORT_QUEUE_LIMIT,
   * default four) before 503, and each worker's heap (IMPORT_WORKER_HEAP_MB, default
   * {@link DEFAULT_IMPORT_WORKER_HEAP_MB}).
   */
  imports: ImportPoolSettings;
  /**
   * Backups (issue 40): the folder (DATA_DIR/backups), the schedule (BACKUP_SCHEDULE, default nightly at 03:00;
   * its text as given, for the panel) and how many proven ones are kept (BACKUP_KEEP, default 14).
   */
  backups: { dir: string; schedule: BackupSchedule; scheduleText: string; keep: number };
  /** The public price list's reads (issue 36, `/p/…`): how many one address may make a minute (PUBLIC_RATE_LIMIT). */
  publicRateLimit: number;
}

/** A worker reading a file at the limits peaks far below this (docs/performance.md, issue 34). */
export const DEFAULT_IMPORT_WORKER_HEAP_MB = 256;

/** Public price list reads one address may make a minute (issue 36): a page, its script, its data and a poster. */
export const DEFAULT_PUBLIC_RATE_LIMIT = 600;

export const DEFAULT_ADMIN_EMAIL = 'admin@medcalc.local';
export const DEFAULT_ADMIN_PASSWORD = 'medcalc-admin';
export const DEFAULT_DEMO_EMAIL = 'demo@medcalc.local';
export const DEFAULT_DEMO_PASSWORD = 'medcalc-demo';

export class ConfigError extends Error {}

/**
 * Parses the environment (the only place that reads `process.env`, house guide 2.2 rule 6) and fails listing
 * every bad key at once.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const port = e.PORT ?? 3000;
  // One document worker per core by default, and four documents waiting per worker.
  const documentThreads = e.DOCUMENT_THREADS ?? Math.max(1, availableParallelism());
  const queueLimit = e.DOCUMENT_QUEUE_LIMIT ?? 4 * Math.max(1, documentThreads);
  const host = e.HOST ?? '127.0.0.1';
  const dataDir = e.DATA_DIR ? path.resolve(e.DATA_DIR) : path.join(REPO_ROOT, 'data');
  const appUrl = (e.APP_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`).replace(
    /\/+$/,
    '',
  );
  return {
    port,
    host,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    databaseUrl: e.DATABASE_URL,
    adminEmail: (e.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
    demo:
      e.DEMO_ACCOUNT === 'false'
        ? undefined
        : {
            email: (e.DEMO_EMAIL ?? DEFAULT_DEMO_EMAIL).toLowerCase(),
            password: e.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
          },
    smtpUrl: e.SMTP_URL,
    mailOutboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    mailFrom: e.MAIL_FROM ?? 'medcalc <no-reply@medcalc.local>',
    appUrl,
    sessionSecret: e.SESSION_SECRET,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS ?? DEFAULT_SESSION_CACHE_SECONDS,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    secureCookies: appUrl.startsWith('https://'),
    trustProxy: e.TRUST_PROXY ?? [],
    httpTimeouts: {
      ...DEFAULT_HTTP_TIMEOUTS,
      ...(e.REQUEST_TIMEOUT_SECONDS ? { requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000 } : {}),
    },
    provider: {
      name: e.PROVIDER_NAME ?? DEMO_PROVIDER.name,
      code: e.PROVIDER_CODE ?? DEMO_PROVIDER.code,
      iban: e.PROVIDER_IBAN ?? DEMO_PROVIDER.iban,
      bank: e.PROVIDER_BANK ?? DEMO_PROVIDER.bank,
      address: e.PROVIDER_ADDRESS ?? DEMO_PROVIDER.address,
      phone: e.PROVIDER_PHONE ?? DEMO_PROVIDER.phone,
      email: e.PROVIDER_EMAIL,
      vatNote: e.PROVIDER_VAT_NOTE ?? DEMO_PROVIDER.vatNote,
      vatReason: e.PROVIDER_VAT_REASON ?? DEMO_PROVIDER.vatReason,
    },
    imports: {
      threads: e.IMPORT_THREADS ?? 1,
      queueLimit: e.IMPORT_QUEUE_LIMIT ?? 4,
      heapMb: e.IMPORT_WORKER_HEAP_MB ?? DEFAULT_IMPORT_WORKER_HEAP_MB,
    },
    publicRateLimit: e.PUBLIC_RATE_LIMIT ?? DEFAULT_PUBLIC_RATE_LIMIT,
    backups: {
      dir: path.join(dataDir, 'backups'),
      schedule: parseBackupSchedule(e.BACKUP_SCHEDULE ?? '03:00'),
      scheduleText: e.BACKUP_SCHEDULE ?? '03:00',
      keep: e.BACKUP_KEEP ?? 14,
    },
    documents: {
      threads: documentThreads,
      queueLimit,
      ownerRenders: e.DOCUMENT_COMPANY_RENDERS ?? Math.max(1, Math.floor(documentThreads / 2)),
      ownerQueue: e.DOCUMENT_COMPANY_QUEUE ?? Math.max(1, Math.ceil(queueLimit / 2)),
      jobLines: e.DOCUMENT_JOB_LINES ?? DEFAULT_DOCUMENT_JOB_LINES,
      jobSlots: e.DOCUMENT_JOB_SLOTS ?? Math.max(1, documentThreads - 1),
      jobFiles: e.DOCUMENT_JOB_FILES ?? 10,
      jobQueue: e.DOCUMENT_JOB_QUEUE ?? 5,
      filesDir: path.resolve(e.DOCUMENT_FILES_DIR ?? path.join(dataDir, 'documents')),
    },
  };
}

/**
 * Loads `.env` from the working directory into the process environment when present (Node's own parser);
 * variables already set in the shell win.
 */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** PostgreSQL server the HTTP tests run against once in CI (scripts/test-pg.mjs); undefined = PGlite. */
export function readTestDatabaseUrl(env: Record<string, string | undefined> = process.env) {
  return optional(z.string().min(1)).parse(env.TEST_DATABASE_URL);
}

/** Runs per route of the fuzz sweep (test/fuzz-sweep.test.ts); FUZZ_RUNS raises it for a longer run. */
export function readFuzzRuns(env: Record<string, string | undefined> = process.env) {
  return optional(z.coerce.number().int().min(1)).parse(env.FUZZ_RUNS) ?? 25;
}
