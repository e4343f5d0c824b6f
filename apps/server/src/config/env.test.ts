import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_PROVIDER } from '../lib/provider-requisites';
import { ConfigError, loadConfig } from './env';

const ROOT_DATA = fileURLToPath(new URL('../../../../data', import.meta.url));

describe('loadConfig', () => {
  it('fills in the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(ROOT_DATA);
    expect(config.pgliteDir).toBe(path.join(ROOT_DATA, 'pglite'));
    expect(config.mailOutboxDir).toBe(path.join(ROOT_DATA, 'outbox'));
    expect(config.appUrl).toBe('http://127.0.0.1:3000');
    expect(config.adminEmail).toBe('admin@medcalc.local');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.secureCookies).toBe(false);
    // Issue 40: a proven backup every night at 03:00 into DATA_DIR/backups, the newest 14 kept.
    expect(config.backups).toEqual({
      dir: path.join(ROOT_DATA, 'backups'),
      schedule: { kind: 'daily', hour: 3, minute: 0 },
      scheduleText: '03:00',
      keep: 14,
    });
  });

  it('reads BACKUP_SCHEDULE as a daily time, an interval or off, and BACKUP_KEEP', () => {
    const every = loadConfig({ BACKUP_SCHEDULE: '90m', BACKUP_KEEP: '3' }).backups;
    expect(every.schedule).toEqual({ kind: 'every', ms: 90 * 60_000 });
    expect(every.keep).toBe(3);
    expect(loadConfig({ BACKUP_SCHEDULE: 'off' }).backups.schedule).toEqual({ kind: 'off' });
    expect(loadConfig({ BACKUP_SCHEDULE: '22:30' }).backups.schedule).toEqual({
      kind: 'daily',
      hour: 22,
      minute: 30,
    });
  });

  it('sizes the document pool to the cores with four waiting per thread, unless DOCUMENT_* say otherwise', () => {
    const cores = Math.max(1, availableParallelism());
    const defaults = (threads: number, queueLimit: number) => ({
      jobLines: 3000,
      jobSlots: Math.max(1, threads - 1),
      ownerRenders: Math.max(1, Math.floor(threads / 2)),
      ownerQueue: Math.max(1, Math.ceil(queueLimit / 2)),
      jobFiles: 10,
      jobQueue: 5,
      filesDir: path.join(ROOT_DATA, 'documents'),
    });
    expect(loadConfig({}).documents).toEqual({
      threads: cores,
      queueLimit: 4 * cores,
      ...defaults(cores, 4 * cores),
    });
    expect(loadConfig({ DOCUMENT_THREADS: '3' }).documents).toEqual({
      threads: 3,
      queueLimit: 12,
      ...defaults(3, 12),
      ownerRenders: 1,
      ownerQueue: 6,
    });
    expect(
      loadConfig({
        DOCUMENT_THREADS: '0',
        DOCUMENT_QUEUE_LIMIT: '0',
        DOCUMENT_JOB_LINES: '50',
        DOCUMENT_JOB_SLOTS: '1',
        DOCUMENT_COMPANY_RENDERS: '2',
        DOCUMENT_COMPANY_QUEUE: '3',
        DOCUMENT_JOB_FILES: '4',
        DOCUMENT_JOB_QUEUE: '2',
        DOCUMENT_FILES_DIR: '/srv/files',
      }).documents,
    ).toEqual({
      threads: 0,
      queueLimit: 0,
      jobLines: 50,
      jobSlots: 1,
      ownerRenders: 2,
      ownerQueue: 3,
      jobFiles: 4,
      jobQueue: 2,
      filesDir: path.resolve('/srv/files'),
    });
    expect(() => loadConfig({ DOCUMENT_THREADS: '-1' })).toThrow(/DOCUMENT_THREADS/);
    expect(() => loadConfig({ DOCUMENT_QUEUE_LIMIT: 'many' })).toThrow(/DOCUMENT_QUEUE_LIMIT/);
  });

  it('treats empty values as unset and derives the outbox from DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: '/var/medcalc', SMTP_URL: '', PORT: '8080' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailOutboxDir).toBe(path.join('/var/medcalc', 'outbox'));
    expect(config.appUrl).toBe('http://127.0.0.1:8080');
  });

  it('names every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        ADMIN_PASSWORD: 'short',
        APP_URL: 'nope',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const key of ['PORT', 'DATABASE_URL', 'ADMIN_PASSWORD', 'APP_URL'])
      expect(message).toContain(key);
  });

  it('creates the demo account by default, with its own credentials, unless DEMO_ACCOUNT=false', () => {
    expect(loadConfig({}).demo).toEqual({ email: 'demo@medcalc.local', password: 'medcalc-demo' });
    expect(
      loadConfig({ DEMO_EMAIL: 'Demo@Clinic.UA', DEMO_PASSWORD: 'another-demo-1' }).demo,
    ).toEqual({ email: 'demo@clinic.ua', password: 'another-demo-1' });
    expect(loadConfig({ DEMO_ACCOUNT: 'false' }).demo).toBeUndefined();
    // The same minimum as every password a user sets (12, domain PASSWORD_MIN_LENGTH), not the old 8.
    expect(() => loadConfig({ ADMIN_PASSWORD: 'eleven-char' })).toThrow(/ADMIN_PASSWORD.*12/);
    expect(() => loadConfig({ DEMO_PASSWORD: 'eleven-char' })).toThrow(/DEMO_PASSWORD.*12/);
    expect(loadConfig({ ADMIN_PASSWORD: 'twelve-chars' }).adminPassword).toBe('twelve-chars');
    expect(() => loadConfig({ DEMO_ACCOUNT: 'no', DEMO_PASSWORD: 'short' })).toThrow(
      /DEMO_ACCOUNT[\s\S]*DEMO_PASSWORD/,
    );
  });

  it('uses Secure cookies behind an https APP_URL and strips its trailing slash', () => {
    const config = loadConfig({ APP_URL: 'https://medcalc.example.ua/' });
    expect(config.appUrl).toBe('https://medcalc.example.ua');
    expect(config.secureCookies).toBe(true);
  });

  it("reads the provider's requisites for the invoice, demo values where unset", () => {
    expect(loadConfig({}).provider).toEqual(DEMO_PROVIDER);
    const provider = loadConfig({
      PROVIDER_NAME: 'ТОВ «Калькулятор»',
      PROVIDER_CODE: '12345678',
      PROVIDER_IBAN: 'ua21 3223 1300 0002 6007 2335 6600 1',
      PROVIDER_PHONE: '+380 44 000 00 00',
    }).provider;
    expect(provider).toMatchObject({
      name: 'ТОВ «Калькулятор»',
      code: '12345678',
      iban: 'UA213223130000026007233566001',
      phone: '+380 44 000 00 00',
      bank: DEMO_PROVIDER.bank,
      vatNote: 'Без ПДВ',
      vatReason: 'постачальник не є платником податку на додану вартість',
    });
    expect(loadConfig({ PROVIDER_EMAIL: 'info@medcalc.example.ua' }).provider.email).toBe(
      'info@medcalc.example.ua',
    );
    expect(() => loadConfig({ PROVIDER_PHONE: 'дзвоніть', PROVIDER_EMAIL: 'ні' })).toThrow(
      /PROVIDER_PHONE[\s\S]*PROVIDER_EMAIL/,
    );
    expect(() =>
      loadConfig({ PROVIDER_CODE: '123', PROVIDER_IBAN: 'DE89370400440532013000' }),
    ).toThrow(/PROVIDER_CODE[\s\S]*PROVIDER_IBAN/);
  });
});
