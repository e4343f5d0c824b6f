import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD_CHANGE_REQUIRED_MESSAGE,
  PASSWORD_COMMON_MESSAGE,
  PASSWORD_MIN_LENGTH,
} from '@medcalc/domain';
import { buildApp } from '../src/app';
import {
  DEFAULT_ADMIN_EMAIL,
  DEFAULT_ADMIN_PASSWORD,
  DEFAULT_DEMO_EMAIL,
  DEFAULT_DEMO_PASSWORD,
} from '../src/config/env';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import {
  buildTestApp,
  createAgent,
  invitationTokenFor,
  registerUser,
  registrationFor,
  type TestContext,
} from './helper';

// Issue 34: new passwords of at least 12 characters and not in the shipped list of common and breached passwords
// (registration, reset, invitation, the profile's change); older shorter passwords still sign in; an account on a
// password the README publishes must change it before anything else.

const SHORT = 'a'.repeat(PASSWORD_MIN_LENGTH - 1);
const COMMON = 'qwertyuiop123';
const GOOD = 'Лікарня-на-Подолі-7';
const withPassword = (password: string) => ({ password, password_confirmation: password });
const passwordErrors = (response: { statusCode: number; json(): unknown }) => {
  expect(response.statusCode).toBe(422);
  return (response.json() as { errors: Record<string, string[]> }).errors.password;
};

describe('new passwords', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  it('refuses a short or common password at registration, and takes a good one', async () => {
    const agent = createAgent(ctx.app, { ip: '10.34.0.1' });
    expect(
      passwordErrors(await agent.post('/api/register', registrationFor(withPassword(SHORT)))),
    ).toEqual([`Пароль має містити щонайменше ${PASSWORD_MIN_LENGTH} символів.`]);
    for (const common of [COMMON, 'Password1234!', 'medcalc-admin'])
      expect(
        passwordErrors(await agent.post('/api/register', registrationFor(withPassword(common)))),
        common,
      ).toEqual([PASSWORD_COMMON_MESSAGE]);
    expect(
      (await agent.post('/api/register', registrationFor(withPassword(GOOD)))).statusCode,
    ).toBe(200);
  });

  it('refuses a common password on the profile and at a reset, whose link then still works', async () => {
    const { agent, payload } = await registerUser(ctx.app);
    const change = (password: string) =>
      agent.put('/api/user/password', {
        current_password: payload.password,
        ...withPassword(password),
      });
    expect(passwordErrors(await change(COMMON))).toEqual([PASSWORD_COMMON_MESSAGE]);
    expect(passwordErrors(await change(SHORT))).toHaveLength(1);

    const guest = createAgent(ctx.app, { ip: '10.34.0.2' });
    await guest.post('/password/email', { email: payload.email });
    const token = /password\/reset\/([^?\s]+)/.exec(ctx.mails.at(-1)?.text ?? '')?.[1] ?? '';
    const reset = (password: string) =>
      guest.post('/password/reset', { email: payload.email, token, ...withPassword(password) });
    expect(passwordErrors(await reset(COMMON))).toEqual([PASSWORD_COMMON_MESSAGE]);
    expect((await reset(GOOD)).statusCode).toBe(200);
    expect((await guest.post('/login', { email: payload.email, password: GOOD })).statusCode).toBe(
      200,
    );
  });

  it('refuses a common password when a new person accepts an invitation', async () => {
    const owner = await registerUser(ctx.app);
    const email = `joiner-${Date.now()}@clinic.test`;
    expect(
      (await owner.agent.post('/api/members/invitations', { email, role: 'viewer' })).statusCode,
    ).toBe(200);
    const token = invitationTokenFor(ctx.mails, email);
    const guest = createAgent(ctx.app, { ip: '10.34.0.3' });
    const accept = (password: string) =>
      guest.post(`/api/invitations/${token}/accept`, {
        name: 'Ганна Нова',
        ...withPassword(password),
      });
    expect(passwordErrors(await accept(COMMON))).toEqual([PASSWORD_COMMON_MESSAGE]);
    expect((await accept(GOOD)).statusCode).toBe(200);
  });

  it('still signs in a user whose password was set under the older, shorter rule', async () => {
    const { payload } = await registerUser(ctx.app);
    await ctx.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('old-pw-8') })
      .where(eq(users.email, payload.email));
    const signIn = await createAgent(ctx.app, { ip: '10.34.0.4' }).post('/login', {
      email: payload.email,
      password: 'old-pw-8',
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.mustChangePassword).toBe(false);
  });
});

describe('accounts on a published password', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The README's administrator (its default address and password) and the demo account of a demo start.
    ctx = await buildTestApp({
      ADMIN_EMAIL: DEFAULT_ADMIN_EMAIL,
      ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD,
      DEMO_ACCOUNT: 'true',
    });
  });
  afterAll(async () => ctx.close());

  it('makes the administrator on the README’s password change it before anything else', async () => {
    const admin = createAgent(ctx.app, { ip: '10.34.1.1' });
    const signIn = await admin.post('/login', {
      email: DEFAULT_ADMIN_EMAIL,
      password: DEFAULT_ADMIN_PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.mustChangePassword).toBe(true);
    expect((await admin.get('/api/user')).json().mustChangePassword).toBe(true);
    const refused = await admin.get('/api/administrator/orders');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: PASSWORD_CHANGE_REQUIRED_MESSAGE,
      code: 'FORBIDDEN',
    });

    const change = (password: string) =>
      admin.put('/api/user/password', {
        current_password: DEFAULT_ADMIN_PASSWORD,
        ...withPassword(password),
      });
    expect(passwordErrors(await change(COMMON))).toEqual([PASSWORD_COMMON_MESSAGE]);
    expect((await admin.get('/api/administrator/orders')).statusCode).toBe(403);
    expect((await change(GOOD)).statusCode).toBe(200);
    expect((await admin.get('/api/user')).json().mustChangePassword).toBe(false);
    expect((await admin.get('/api/administrator/orders')).statusCode).toBe(200);
  });

  it('lets the demo account of a demo keep its public password, and flags it once the demo is off', async () => {
    const signIn = (agent: ReturnType<typeof createAgent>) =>
      agent.post('/login', { email: DEFAULT_DEMO_EMAIL, password: DEFAULT_DEMO_PASSWORD });
    const demo = createAgent(ctx.app, { ip: '10.34.1.2' });
    expect((await signIn(demo)).json().user.mustChangePassword).toBe(false);
    expect((await demo.get('/api/orders')).statusCode).toBe(200);

    // A restart outside the demo over the same database: the demo account's password is nobody's any more.
    const again = await buildApp(
      { ...ctx.config, demo: undefined },
      { database: ctx.database, now: ctx.clock.now },
    );
    try {
      await again.ready();
      const outside = createAgent(again, { ip: '10.34.1.3' });
      expect((await signIn(outside)).json().user.mustChangePassword).toBe(true);
      expect((await outside.get('/api/orders')).statusCode).toBe(403);
      // The administrator changed theirs above: not flagged again.
      const admin = await createAgent(again, { ip: '10.34.1.4' }).post('/login', {
        email: DEFAULT_ADMIN_EMAIL,
        password: GOOD,
      });
      expect(admin.json().user.mustChangePassword).toBe(false);
    } finally {
      await again.close();
    }
  });
});
