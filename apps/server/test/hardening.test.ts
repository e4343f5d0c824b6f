import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env';
import { mailOutbox, sessions } from '../src/db/schema';
import type { MailMessage } from '../src/lib/mailer';
import { hmac } from '../src/lib/random';
import { MAX_FAILED_LOGINS_PER_IP } from '../src/modules/auth/auth.service';
import { buildTestApp, createAgent, registerUser, useSuite, type TestContext } from './helper';
import { openOtherInstance } from './instances';

// Issue 24 sections 2 and 3: client addresses behind proxies, the mail queue, Cache-Control and the XSRF binding.
// (Throttles per account and source: auth.test.ts; HTTPS: security.test.ts; trickling sockets: http-timeouts.)

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => ctx.close());

/** The address the server stored for the session a sign-in made (its idea of the client's IP). */
async function signedInAddress(
  { app, database, config }: TestContext,
  { email, password }: { email: string; password: string },
  remoteAddress: string,
  forwardedFor?: string,
) {
  const agent = createAgent(app);
  await agent.get('/sanctum/csrf-cookie');
  const token = decodeURIComponent(agent.jar.get('XSRF-TOKEN') ?? '');
  const response = await app.inject({
    method: 'POST',
    url: '/login',
    remoteAddress,
    headers: {
      cookie: `XSRF-TOKEN=${agent.jar.get('XSRF-TOKEN') ?? ''}`,
      'x-xsrf-token': token,
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'medcalc_session');
  const [row] = await database.db
    .select({ ip: sessions.ip })
    .from(sessions)
    .where(eq(sessions.id, hmac(config.sessionSecret ?? '', cookie?.value ?? '')));
  return row?.ip;
}

/**
 * An app of its own behind the proxies `trustProxy` lists, with one user: `addressOf` signs that user in from
 * `remote` with `forwarded` as X-Forwarded-For and answers the address the server took for the client.
 */
function behindProxies(trustProxy: string) {
  const suite = useSuite(async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: trustProxy });
    return { ctx: proxied, user: (await registerUser(proxied.app)).payload };
  });
  const addressOf = (remote: string, forwarded: string) =>
    signedInAddress(suite.ctx, suite.user, remote, forwarded);
  return { suite, addressOf };
}

describe('TRUST_PROXY: the proxies by address, the rightmost untrusted X-Forwarded-For', () => {
  it('refuses true and hop counts, and reads addresses, subnets and named ranges', () => {
    for (const value of ['true', '1', '2', 'nginx', '10.0.0.0/33']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
    expect(loadConfig({}).trustProxy).toEqual([]);
  });

  it('behind no trusted proxy, ignores a forged X-Forwarded-For', async () => {
    const { payload } = await registerUser(ctx.app);
    expect(await signedInAddress(ctx, payload, '203.0.113.5', '1.2.3.4')).toBe('203.0.113.5');
  });

  describe('behind one proxy (TRUST_PROXY=127.0.0.1)', () => {
    const { suite: one, addressOf: at } = behindProxies('127.0.0.1');

    it('takes the address the proxy appended, not the one the client wrote', async () => {
      // nginx's $proxy_add_x_forwarded_for: whatever the client sent, then the client's real address.
      expect(await at('127.0.0.1', '1.2.3.4, 198.51.100.7')).toBe('198.51.100.7');
      // A client reaching the server directly cannot pretend to be the proxy's client.
      expect(await at('203.0.113.9', '1.2.3.4')).toBe('203.0.113.9');
    });

    it('keeps the per-IP limit on a client that forges a new X-Forwarded-For each time', async () => {
      const payload = one.user;
      const agent = createAgent(one.ctx.app, { ip: '127.0.0.1' });
      const loginVia = (forwardedFor: string, email: string, password: string) =>
        agent.request(
          'POST',
          '/login',
          { email, password },
          { headers: { 'x-forwarded-for': forwardedFor } },
        );
      // The client writes its own entry first; the proxy appends the client's real address.
      for (let i = 0; i < MAX_FAILED_LOGINS_PER_IP; i += 1) {
        const failed = await loginVia(
          `9.9.9.${i}, 198.51.100.20`,
          `nobody${i}@clinic.test`,
          'guess',
        );
        expect(failed.statusCode).toBe(422);
      }
      const { email, password } = payload;
      expect((await loginVia('9.9.9.200, 198.51.100.20', email, password)).statusCode).toBe(429);
      // Without a forged entry the same client is still held; another client behind the proxy is not.
      expect((await loginVia('198.51.100.20', email, password)).statusCode).toBe(429);
      expect((await loginVia('198.51.100.21', email, password)).statusCode).toBe(200);
    });
  });

  describe('behind two proxies (TRUST_PROXY=10.0.0.0/8,127.0.0.1)', () => {
    const { addressOf: at } = behindProxies('10.0.0.0/8,127.0.0.1');

    it('skips both proxies and stops at the first address neither of them is', async () => {
      expect(await at('127.0.0.1', '1.2.3.4, 198.51.100.7, 10.0.0.2')).toBe('198.51.100.7');
      // A forged entry that claims to be a proxy is skipped only when it is one of ours, never trusted past
      // the first foreign address.
      expect(await at('127.0.0.1', '198.51.100.7, 10.9.9.9, 10.0.0.2')).toBe('198.51.100.7');
      expect(await at('127.0.0.1', '10.0.0.5, 203.0.113.50, 10.0.0.2')).toBe('203.0.113.50');
    });
  });
});

describe('the mail queue (mail_outbox)', () => {
  const outboxRows = () => ctx.database.db.select().from(mailOutbox);

  it('answers a reset request before its letter is sent, for a known and an unknown address alike', async () => {
    const { payload } = await registerUser(ctx.app);
    await ctx.app.mailOutbox.settled();
    // An app on the same database whose mail server takes letters only when the test lets it.
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const delivered: MailMessage[] = [];
    const gated = await openOtherInstance(ctx, async (message) => {
      await gate;
      delivered.push(message);
    });
    try {
      const before = ctx.mails.length;
      const agent = createAgent(gated, { ip: '10.20.0.1', waitForMail: false });
      await agent.get('/sanctum/csrf-cookie');
      const known = await agent.post('/password/email', { email: payload.email });
      const unknown = await agent.post('/password/email', { email: 'ghost-24@clinic.test' });
      expect(known.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      // Both answered while the mail server still holds the letter.
      expect(delivered).toEqual([]);
      expect(ctx.mails.length).toBe(before);
      expect((await outboxRows()).length).toBeGreaterThan(0);
      release();
      await gated.mailOutbox.settled();
      await ctx.app.mailOutbox.settled();
      const sent = [...delivered, ...ctx.mails.slice(before)];
      expect(sent.map((mail) => mail.to)).toEqual([payload.email.toLowerCase()]);
      expect(await outboxRows()).toEqual([]);
    } finally {
      release();
      await gated.close();
    }
  });

  it('queues the address alone: the same row for a known and an unknown address, the token made later', async () => {
    const { payload } = await registerUser(ctx.app);
    const rows: unknown[] = [];
    // Read the rows inside the transaction that inserts them, before any drain can see them.
    const agent = createAgent(ctx.app, { ip: '10.20.0.3' });
    const spy = ctx.database.db.insert.bind(ctx.database.db);
    ctx.database.db.insert = ((table: Parameters<typeof spy>[0]) => {
      const builder = spy(table);
      if (table !== mailOutbox) return builder;
      const values = builder.values.bind(builder);
      return Object.assign(builder, {
        values: (value: { kind: string; payload: unknown }) => {
          rows.push([value.kind, value.payload]);
          return values(value as never);
        },
      });
    }) as typeof ctx.database.db.insert;
    try {
      await agent.post('/password/email', { email: payload.email });
      await agent.post('/password/email', { email: 'ghost-25@clinic.test' });
    } finally {
      ctx.database.db.insert = spy;
    }
    expect(rows).toEqual([
      ['password-reset', { email: payload.email.toLowerCase() }],
      ['password-reset', { email: 'ghost-25@clinic.test' }],
    ]);
  });

  it('keeps a letter the mail server refused and sends it once the server is back, also from a restarted app', async () => {
    const { payload } = await registerUser(ctx.app);
    const push = ctx.mails.push.bind(ctx.mails);
    ctx.mails.push = () => {
      throw new Error('SMTP down');
    };
    try {
      const agent = createAgent(ctx.app, { ip: '10.20.0.2' });
      expect((await agent.post('/password/email', { email: payload.email })).statusCode).toBe(200);
    } finally {
      ctx.mails.push = push;
    }
    const [row] = await outboxRows();
    expect(row?.kind).toBe('mail');
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toBe('SMTP down');
    expect((row?.payload as unknown as MailMessage).to).toBe(payload.email.toLowerCase());

    // Not retried before its delay.
    ctx.app.mailOutbox.kick();
    await ctx.app.mailOutbox.settled();
    expect((await outboxRows()).length).toBe(1);

    // A second app on the same database (the server restarted) sends it at start once it is due.
    ctx.clock.advanceMinutes(2);
    const delivered: MailMessage[] = [];
    const restarted = await openOtherInstance(ctx, async (message) => {
      delivered.push(message);
    });
    try {
      await restarted.mailOutbox.settled();
    } finally {
      await restarted.close();
    }
    expect(delivered.map((mail) => mail.to)).toEqual([payload.email.toLowerCase()]);
    expect(delivered[0]?.text).toMatch(/\/password\/reset\//);
    expect(await outboxRows()).toEqual([]);
  });
});

describe('Cache-Control', () => {
  it('answers no-store on signed-in calls (the company requisites with the IBAN) and on sign-in', async () => {
    const { agent, user, payload } = await registerUser(ctx.app);
    for (const url of ['/api/user', `/api/company-info/${user.companyIdentifier}`, '/api/orders']) {
      const response = await agent.get(url);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const login = await createAgent(ctx.app).post('/login', {
      email: payload.email,
      password: payload.password,
    });
    expect(login.headers['cache-control']).toBe('no-store');
  });
});

describe('XSRF token bound to the session', () => {
  const xsrfPost = (
    agent: ReturnType<typeof createAgent>,
    token: string,
    url: string,
    body: unknown = {},
  ) => agent.request('POST', url, body, { xsrf: false, headers: { 'x-xsrf-token': token } });

  it('refuses a guest token for a signed-in session, and renews the token at sign-in and sign-out', async () => {
    const { payload } = await registerUser(ctx.app);
    const agent = createAgent(ctx.app);
    await agent.get('/sanctum/csrf-cookie');
    const guestToken = agent.jar.get('XSRF-TOKEN') ?? '';
    expect(
      (await agent.post('/login', { email: payload.email, password: payload.password })).statusCode,
    ).toBe(200);
    const sessionToken = agent.jar.get('XSRF-TOKEN') ?? '';
    expect(sessionToken).not.toBe(guestToken);

    // An attacker's own (guest) token, planted as the cookie and echoed, is refused for this session.
    agent.jar.set('XSRF-TOKEN', guestToken);
    const planted = await xsrfPost(agent, decodeURIComponent(guestToken), '/logout');
    expect(planted.statusCode).toBe(419);
    expect((await agent.get('/api/user')).statusCode).toBe(200);

    // The session's own token works; signing out hands out a new guest token.
    agent.jar.set('XSRF-TOKEN', sessionToken);
    const out = await xsrfPost(agent, decodeURIComponent(sessionToken), '/logout');
    expect(out.statusCode).toBe(200);
    const afterToken = agent.jar.get('XSRF-TOKEN') ?? '';
    expect(afterToken).not.toBe(sessionToken);
    expect(afterToken).not.toBe('');
    // The new guest token signs in again; the old session's token no longer does anything.
    const again = await xsrfPost(agent, decodeURIComponent(afterToken), '/login', {
      email: payload.email,
      password: payload.password,
    });
    expect(again.statusCode).toBe(200);
    agent.jar.set('XSRF-TOKEN', sessionToken);
    expect((await xsrfPost(agent, decodeURIComponent(sessionToken), '/logout')).statusCode).toBe(
      419,
    );
  });

  it('gives a signed-in browser whose token expired a new one bound to its session', async () => {
    const { agent } = await registerUser(ctx.app);
    agent.jar.delete('XSRF-TOKEN');
    await agent.get('/sanctum/csrf-cookie');
    expect((await agent.post('/logout')).statusCode).toBe(200);
  });
});
