import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
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
    expect(() => loadConfig({ DEMO_ACCOUNT: 'no', DEMO_PASSWORD: 'short' })).toThrow(
      /DEMO_ACCOUNT[\s\S]*DEMO_PASSWORD/,
    );
  });

  it('uses Secure cookies behind an https APP_URL and strips its trailing slash', () => {
    const config = loadConfig({ APP_URL: 'https://medcalc.example.ua/' });
    expect(config.appUrl).toBe('https://medcalc.example.ua');
    expect(config.secureCookies).toBe(true);
  });
});
