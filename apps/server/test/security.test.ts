import { describe, expect, it } from 'vitest';
import {
  MAX_FAILED_RESETS_PER_IP,
  MAX_RESET_MAILS_PER_IP,
  MAX_TAKEN_EMAIL_REGISTRATIONS_PER_IP,
  MESSAGES,
} from '../src/modules/auth/auth.service';
import { DEFAULT_BODY_LIMIT } from '../src/plugins/security';
import {
  buildTestApp,
  createAgent,
  registerUser,
  registrationFor,
  useTestApp,
  expectValidationAnswer,
} from './helper';

// Issue 12: security headers, cookie flags, body limits, bodies as Laravel read them, rate limits of the guest
// calls and no user enumeration.

const s = useTestApp();

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

describe('security headers', () => {
  it('sends a CSP without inline or foreign scripts on the web app and the API, and the usual helmet headers', async () => {
    for (const url of ['/', '/orders', '/api/health']) {
      const response = await s.ctx.app.inject({ method: 'GET', url });
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      // Only the app's own PDFs (the print frame): no plugin content from elsewhere.
      expect(csp.get('object-src')).toEqual(["'self'", 'blob:']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      // Ant Design writes <style> elements at run time.
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      // The print set is loaded into an iframe from a blob: URL.
      expect(csp.get('frame-src')).toContain('blob:');
      expect(csp.has('upgrade-insecure-requests'), 'not over plain HTTP').toBe(false);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(
        response.headers['strict-transport-security'],
        'no HSTS over plain HTTP',
      ).toBeUndefined();
    }
  });

  it('serves an index.html with no inline script, so the CSP lets the app run', async () => {
    const response = await s.ctx.app.inject({ method: 'GET', url: '/' });
    if (response.headers['content-type']?.toString().startsWith('text/html')) {
      const scripts = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, content] of scripts) {
        expect(attributes).toMatch(/src="\/assets\//);
        expect(content?.trim()).toBe('');
      }
      expect(response.body).not.toMatch(/\son[a-z]+=/i);
    }
  });

  it('adds HSTS and upgrade-insecure-requests, and Secure cookies, when APP_URL is https', async () => {
    const https = await buildTestApp({ APP_URL: 'https://medcalc.example' });
    try {
      const health = await https.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect(
        directives(health.headers['content-security-policy']).has('upgrade-insecure-requests'),
      ).toBe(true);
      const agent = createAgent(https.app);
      const registered = await agent.post('/api/register', registrationFor());
      expect(registered.statusCode).toBe(200);
      const setCookies = [registered.headers['set-cookie']].flat().map(String);
      // Signing in again also hands out the device cookie of sign-in throttling (issue 24), Secure as well.
      const email = (registered.json() as { user: { email: string } }).user.email;
      await agent.post('/logout');
      const signedIn = await agent.post('/login', { email, password: registrationFor().password });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      setCookies.push(...[signedIn.headers['set-cookie']].flat().map(String));
      for (const name of ['medcalc_session', 'XSRF-TOKEN', 'medcalc_device']) {
        const cookie = setCookies.find((line) => line.startsWith(`${name}=`));
        expect(cookie, name).toMatch(/;\s*Secure/i);
        expect(cookie, name).toMatch(/;\s*SameSite=Lax/i);
      }
    } finally {
      await https.close();
    }
  }, 60_000); // builds an app of its own
});

describe('cookie flags over plain HTTP', () => {
  it('makes the session cookie httpOnly and SameSite=Lax, not Secure; the XSRF cookie readable by the page', async () => {
    const agent = createAgent(s.ctx.app);
    const response = await agent.post('/api/register', registrationFor());
    const setCookies = [response.headers['set-cookie']].flat().map(String);
    const session = setCookies.find((line) => line.startsWith('medcalc_session='));
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
    expect(session).not.toMatch(/;\s*Secure/i);
    const xsrf = setCookies.find((line) => line.startsWith('XSRF-TOKEN='));
    expect(xsrf).not.toMatch(/HttpOnly/i);
    expect(xsrf).toMatch(/;\s*SameSite=Lax/i);
  });
});

describe('request bodies as Laravel read them', () => {
  it('signs out with an empty form-encoded body (an axios POST /logout)', async () => {
    const { agent } = await registerUser(s.ctx.app);
    expect((await agent.get('/api/user')).statusCode).toBe(200);
    const response = await agent.request('POST', '/logout', '', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await agent.get('/api/user')).statusCode).toBe(401);
  });

  it('reads an empty body of any content type as no body', async () => {
    for (const contentType of [
      'application/json',
      'application/x-www-form-urlencoded',
      'text/plain',
      'application/octet-stream',
      'multipart/form-data; boundary=x',
    ]) {
      const { agent } = await registerUser(s.ctx.app);
      const response = await agent.request('POST', '/logout', '', {
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode, `${contentType}: ${response.body}`).toBe(200);
      expect((await agent.get('/api/user')).statusCode, contentType).toBe(401);
    }
    // A route with a body schema validates the missing body: 422 with field errors, not 400/415.
    const { agent } = await registerUser(s.ctx.app);
    const empty = await agent.request('POST', '/api/change-salary', '', {
      headers: { 'content-type': 'application/json' },
    });
    expectValidationAnswer(empty, expect.any(Object));
  });

  it('parses application/x-www-form-urlencoded bodies (sign in with a form)', async () => {
    const { payload } = await registerUser(s.ctx.app);
    const agent = createAgent(s.ctx.app);
    const form = new URLSearchParams({
      email: payload.email,
      password: payload.password,
    }).toString();
    const response = await agent.request('POST', '/login', form, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await agent.get('/api/user')).json().email).toBe(payload.email);
  });

  it('still refuses a non-empty body of a type the API does not read (415) and prototype keys (400)', async () => {
    const { agent } = await registerUser(s.ctx.app);
    const xml = await agent.request('POST', '/api/change-salary', '<a/>', {
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({
      message: 'Непідтримуваний тип вмісту запиту.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const proto = await agent.request(
      'POST',
      '/api/change-salary',
      '{"__proto__":{"x":1},"id":1}',
      {
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toEqual({ message: expect.any(String), code: 'BAD_REQUEST' });
  });
});

describe('body size limits', () => {
  it(`refuses a body over ${DEFAULT_BODY_LIMIT / 1024} KiB with 413 on ordinary routes`, async () => {
    const { agent, user } = await registerUser(s.ctx.app);
    const big = { name: 'я'.repeat(DEFAULT_BODY_LIMIT / 2 + 10) };
    const response = await agent.post(`/api/company/${user.companyIdentifier}/measurements`, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Запит завеликий.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('lets the wizard’s calls take up to 8 MiB, and refuses more', async () => {
    const { agent } = await registerUser(s.ctx.app);
    const filler = 'x'.repeat(3 * 1024 * 1024);
    const underLimit = await agent.post('/api/calculations/calculate-online', {
      calculations: filler,
    });
    expect(underLimit.statusCode, 'read and validated, not refused for size').toBe(422);
    const overLimit = await agent.post('/api/calculations/save', {
      calculations: 'x'.repeat(9 * 1024 * 1024),
    });
    expect(overLimit.statusCode).toBe(413);
  });

  it('answers a too-long path parameter with 414 in the documented shape', async () => {
    const { agent } = await registerUser(s.ctx.app);
    const response = await agent.get(`/api/orders/${'a'.repeat(600)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: 'Адреса запиту задовга.', code: 'URI_TOO_LONG' });
  });
});

describe('rate limits of the guest calls', () => {
  it(`limits registrations with a taken e-mail to ${MAX_TAKEN_EMAIL_REGISTRATIONS_PER_IP} per IP`, async () => {
    const { payload } = await registerUser(s.ctx.app);
    const probe = createAgent(s.ctx.app, { ip: '10.1.1.1' });
    for (let i = 0; i < MAX_TAKEN_EMAIL_REGISTRATIONS_PER_IP; i += 1) {
      const taken = await probe.post('/api/register', registrationFor({ email: payload.email }));
      expect(taken.statusCode).toBe(422);
    }
    const blocked = await probe.post('/api/register', registrationFor());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json()).toEqual({
      message: expect.stringMatching(/Забагато спроб/),
      code: 'TOO_MANY_REQUESTS',
    });
    // Another IP registers as before; and the window ends.
    const other = await createAgent(s.ctx.app, { ip: '10.1.1.2' }).post(
      '/api/register',
      registrationFor(),
    );
    expect(other.statusCode).toBe(200);
    s.ctx.clock.advanceMinutes(16);
    expect((await probe.post('/api/register', registrationFor())).statusCode).toBe(200);
  });

  it(`limits reset-link requests to ${MAX_RESET_MAILS_PER_IP} per IP, known address or not`, async () => {
    const probe = createAgent(s.ctx.app, { ip: '10.2.2.2' });
    for (let i = 0; i < MAX_RESET_MAILS_PER_IP; i += 1) {
      const response = await probe.post('/password/email', { email: `ghost${i}@clinic.test` });
      expect(response.statusCode).toBe(200);
    }
    const blocked = await probe.post('/password/email', { email: 'ghost@clinic.test' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Забагато спроб/);
    s.ctx.clock.advanceMinutes(16);
  });

  it(`counts refused password resets per source (${MAX_FAILED_RESETS_PER_IP} per IP), never per e-mail: the victim's valid link still works (issue 34)`, async () => {
    const { payload } = await registerUser(s.ctx.app);
    const guest = createAgent(s.ctx.app, { ip: '10.3.3.3' });
    await guest.post('/password/email', { email: payload.email });
    const mail = s.ctx.mails.at(-1);
    const token = /password\/reset\/([^?\s]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const reset = (value: string, ip: string) =>
      createAgent(s.ctx.app, { ip }).post('/password/reset', {
        email: payload.email,
        token: value,
        password: 'new-secret-pass-1',
        password_confirmation: 'new-secret-pass-1',
      });
    // Bogus tokens for the victim's address from many sources: each is refused alone, none is counted against
    // the address (before issue 34, five of them made the victim's own link answer 429 for 15 minutes).
    for (let i = 0; i < 3 * MAX_FAILED_RESETS_PER_IP; i += 1) {
      expect((await reset('b'.repeat(64), `10.4.4.${i}`)).statusCode).toBe(422);
    }
    // One source sending bogus tokens is held back after its own refusals, and another source is not.
    for (let i = 0; i < MAX_FAILED_RESETS_PER_IP; i += 1) {
      expect((await reset('d'.repeat(64), '10.4.5.1')).statusCode).toBe(422);
    }
    const blocked = await reset('d'.repeat(64), '10.4.5.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().message).toMatch(/Забагато спроб/);
    expect((await reset('d'.repeat(64), '10.4.5.2')).statusCode).toBe(422);
    // The valid link works at once, even from the source that is being held back (a shared address).
    const done = await reset(token ?? '', '10.4.5.1');
    expect(done.statusCode).toBe(200);
    const signIn = await createAgent(s.ctx.app, { ip: '10.4.6.1' }).post('/login', {
      email: payload.email,
      password: 'new-secret-pass-1',
    });
    expect(signIn.statusCode).toBe(200);
    // A used link is refused like any other wrong one, and the window ends.
    expect((await reset(token ?? '', '10.4.5.3')).statusCode).toBe(422);
    s.ctx.clock.advanceMinutes(16);
    expect((await reset('d'.repeat(64), '10.4.5.1')).statusCode).toBe(422);
  });
});

describe('no user enumeration', () => {
  it('answers a wrong password and an unknown e-mail at sign-in alike', async () => {
    const { payload } = await registerUser(s.ctx.app);
    const agent = createAgent(s.ctx.app, { ip: '10.5.5.5' });
    const wrong = await agent.post('/login', {
      email: payload.email,
      password: 'wrong-password-1',
    });
    const unknown = await agent.post('/login', {
      email: 'nobody@clinic.test',
      password: 'wrong-password-1',
    });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(MESSAGES.badCredentials);
  });

  it('answers a reset request and a reset with a bad token alike for known and unknown addresses', async () => {
    const { payload } = await registerUser(s.ctx.app);
    const agent = createAgent(s.ctx.app, { ip: '10.6.6.6' });
    const known = await agent.post('/password/email', { email: payload.email });
    const unknown = await agent.post('/password/email', { email: 'nobody@clinic.test' });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
    const body = {
      token: 'c'.repeat(64),
      password: 'new-secret-pass-1',
      password_confirmation: 'new-secret-pass-1',
    };
    const knownReset = await agent.post('/password/reset', { ...body, email: payload.email });
    const unknownReset = await agent.post('/password/reset', {
      ...body,
      email: 'nobody@clinic.test',
    });
    expect(knownReset.statusCode).toBe(422);
    expect(knownReset.json()).toEqual(unknownReset.json());
  });

  it('tells at registration that an e-mail is taken (spec, OWASP), and limits how often (above)', async () => {
    const { payload } = await registerUser(s.ctx.app);
    const taken = await createAgent(s.ctx.app, { ip: '10.8.8.8' }).post(
      '/api/register',
      registrationFor({ email: payload.email }),
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual([MESSAGES.emailTaken]);
  });
});
