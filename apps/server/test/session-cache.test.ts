import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { DEFAULT_SESSION_CACHE_SECONDS } from '../src/lib/session';
import { buildTestApp, createAgent, registerUser } from './helper';
import { useTwoInstances, userWith } from './instances';

/**
 * The in-process session cache (issue 12) seen through HTTP: what it must never do (serve a session this instance
 * ended, or one past its expiry, or any entry past its lifetime) and the bound it keeps across instances.
 */
/** Instance A (`s.ctx.app`) and a second one on the same database and clock (`s.other`): a load balancer's two replicas. */
const s = useTwoInstances();

const TTL_MINUTES = DEFAULT_SESSION_CACHE_SECONDS / 60;

async function signedIn() {
  const registered = await registerUser(s.ctx.app);
  const token = registered.agent.jar.get('medcalc_session') ?? '';
  expect(token).not.toBe('');
  return { ...registered, token };
}

describe('session cache', () => {
  it('refuses the cookie at once after logout on the same instance, though it was just cached', async () => {
    const { agent, token } = await signedIn();
    expect((await userWith(s.ctx.app, token)).statusCode).toBe(200);
    expect((await userWith(s.ctx.app, token)).statusCode).toBe(200);
    expect((await agent.post('/logout')).statusCode).toBe(200);
    const replay = await userWith(s.ctx.app, token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toMatch(/не увійшли/);
  });

  it('refuses the old cookie at once after signing in again (session rotation)', async () => {
    const { agent, payload, token } = await signedIn();
    expect((await userWith(s.ctx.app, token)).statusCode).toBe(200);
    expect(
      (await agent.post('/login', { email: payload.email, password: payload.password })).statusCode,
    ).toBe(200);
    expect((await userWith(s.ctx.app, token)).statusCode).toBe(401);
    expect((await agent.get('/api/user')).statusCode).toBe(200);
  });

  it('refuses every cached session of a user at once after a password reset', async () => {
    const { payload, token } = await signedIn();
    const second = createAgent(s.ctx.app);
    expect(
      (await second.post('/login', { email: payload.email, password: payload.password }))
        .statusCode,
    ).toBe(200);
    const secondToken = second.jar.get('medcalc_session') ?? '';
    expect((await userWith(s.ctx.app, token)).statusCode).toBe(200);
    expect((await userWith(s.ctx.app, secondToken)).statusCode).toBe(200);

    const stranger = createAgent(s.ctx.app);
    const mailsBefore = s.ctx.mails.length;
    expect((await stranger.post('/password/email', { email: payload.email })).statusCode).toBe(200);
    const link = /\/password\/reset\/([^?\s]+)/.exec(s.ctx.mails[mailsBefore]?.text ?? '')?.[1];
    expect(link).toBeTruthy();
    const reset = await stranger.post('/password/reset', {
      token: link,
      email: payload.email,
      password: 'new-secret-pass-2',
      password_confirmation: 'new-secret-pass-2',
    });
    expect(reset.statusCode).toBe(200);
    expect((await userWith(s.ctx.app, token)).statusCode).toBe(401);
    expect((await userWith(s.ctx.app, secondToken)).statusCode).toBe(401);
  });

  it('refuses a cached session once it has expired', async () => {
    const { token } = await signedIn();
    expect((await userWith(s.ctx.app, token)).statusCode).toBe(200);
    s.ctx.clock.advanceMinutes(121);
    expect((await userWith(s.ctx.app, token)).statusCode).toBe(401);
  });

  it('serves a cached entry only within its lifetime: a row deleted behind its back is seen after it', async () => {
    const { token, user } = await signedIn();
    expect((await userWith(s.ctx.app, token)).statusCode).toBe(200);
    // Another instance (or an operator) ends the session in the database; this instance has it cached.
    await s.ctx.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await userWith(s.ctx.app, token)).statusCode).toBe(200);
    s.ctx.clock.current = new Date(
      s.ctx.clock.current.getTime() + DEFAULT_SESSION_CACHE_SECONDS * 1000 - 1,
    );
    expect((await userWith(s.ctx.app, token)).statusCode).toBe(200);
    s.ctx.clock.current = new Date(s.ctx.clock.current.getTime() + 1);
    expect((await userWith(s.ctx.app, token)).statusCode).toBe(401);
  });

  it('logout on one instance: refused there at once, and on the other within the cache lifetime', async () => {
    const { agent, token } = await signedIn();
    // A session made on one instance works on the other (they share the database).
    expect((await userWith(s.other, token)).statusCode).toBe(200);
    expect((await agent.post('/logout')).statusCode).toBe(200);
    expect((await userWith(s.ctx.app, token)).statusCode).toBe(401);
    // The other instance had it cached: it may serve it until the entry's lifetime ends, never longer.
    s.ctx.clock.advanceMinutes(TTL_MINUTES);
    expect((await userWith(s.other, token)).statusCode).toBe(401);
  });

  it('turns off with SESSION_CACHE_SECONDS=0: a row deleted behind its back is seen at once', async () => {
    const local = await buildTestApp({ SESSION_CACHE_SECONDS: '0' });
    try {
      const { agent, user } = await registerUser(local.app);
      expect((await agent.get('/api/user')).statusCode).toBe(200);
      await local.database.db.delete(sessions).where(eq(sessions.userId, user.id));
      expect((await agent.get('/api/user')).statusCode).toBe(401);
    } finally {
      await local.close();
    }
  });
});
