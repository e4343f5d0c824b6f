import { describe, expect, it } from 'vitest';
import { MEMBER_MESSAGES } from '@medcalc/domain';
import { DEFAULT_SESSION_CACHE_SECONDS } from '../src/lib/session';
import { createAgent, joinAsMember, registerUser } from './helper';
import { useTwoInstances, userWith } from './instances';

/*
 * Issue 22: removing a member (or changing their role) on one instance reaches every instance within the session
 * cache's window (lib/session.ts, SESSION_CACHE_SECONDS): the instance that did it at once, another one that had
 * the member's session cached once the entry's lifetime ends. Two instances of the app on one database and one
 * test clock, as session-cache.test.ts has them; the clock is moved, nothing sleeps.
 */
/** Instance A (`s.ctx.app`) and a second one on the same database and clock (`s.other`): a load balancer's two replicas. */
const s = useTwoInstances();

const TTL_MS = DEFAULT_SESSION_CACHE_SECONDS * 1000;
const advanceMs = (ms: number) => {
  s.ctx.clock.current = new Date(s.ctx.clock.current.getTime() + ms);
};

/** An owner on instance A and a member who joined on A and also signed in on B: two sessions, one each. */
async function teamOnTwoInstances(role: 'economist' | 'viewer') {
  const owner = await registerUser(s.ctx.app);
  const member = await joinAsMember(s.ctx, owner.agent, role);
  const onB = createAgent(s.other);
  const login = await onB.post('/login', { email: member.email, password: 'member-pass-1' });
  expect(login.statusCode, login.body).toBe(200);
  const tokens = [member.agent.jar.get('medcalc_session'), onB.jar.get('medcalc_session')].map(
    (token) => token ?? '',
  );
  expect(tokens.every(Boolean)).toBe(true);
  // Each cookie works on both instances, and each instance now has both sessions cached.
  for (const app of [s.ctx.app, s.other])
    for (const token of tokens) expect((await userWith(app, token)).statusCode).toBe(200);
  return { owner, member, onB, tokens };
}

describe('removing a member with two instances on one database', () => {
  it('ends every session of theirs at once on the instance that removed them, and on the other within the cache window', async () => {
    const { owner, member, onB, tokens } = await teamOnTwoInstances('economist');
    const removed = await owner.agent.delete(`/api/members/${member.identifier}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: MEMBER_MESSAGES.removed });

    // Instance A: both sessions refused at once, the one made on B too.
    for (const token of tokens) {
      const refused = await userWith(s.ctx.app, token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toMatch(/не увійшли/);
    }
    // Instance B had them cached: it may serve them until the entries' lifetime ends, never longer.
    advanceMs(TTL_MS - 1);
    expect((await userWith(s.other, tokens[1] ?? '')).statusCode).toBe(200);
    advanceMs(1);
    for (const token of tokens) expect((await userWith(s.other, token)).statusCode).toBe(401);
    // A signed-in call of the member's own agent on B, with its XSRF token, is refused too.
    const write = await onB.post('/api/members/leave');
    expect(write.statusCode).toBe(401);
    // The owner keeps working on both.
    expect((await owner.agent.get('/api/members')).statusCode).toBe(200);
    const ownerToken = owner.agent.jar.get('medcalc_session') ?? '';
    expect((await userWith(s.other, ownerToken)).statusCode).toBe(200);
  });

  it('a role changed on A holds on B within the cache window: an economist made a viewer is refused writes there', async () => {
    const { owner, member, onB } = await teamOnTwoInstances('economist');
    const unit = (name: string) =>
      onB.post(`/api/company/${member.company}/measurements`, { name });
    expect((await unit('упаковка до зміни ролі')).statusCode).toBeLessThan(300);
    const changed = await owner.agent.patch(`/api/members/${member.identifier}`, {
      role: 'viewer',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Instance A knows at once.
    const onA = await member.agent.post(`/api/company/${member.company}/measurements`, {
      name: 'упаковка на A',
    });
    expect(onA.statusCode).toBe(403);
    advanceMs(TTL_MS);
    const refused = await unit('упаковка після зміни ролі');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/[А-Яа-яІіЇїЄєҐґ]/);
    expect((await onB.get('/api/user')).json().companyRole).toBe('viewer');
  });
});
