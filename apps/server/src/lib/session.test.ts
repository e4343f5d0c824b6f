import { describe, expect, it } from 'vitest';
import type { SessionUser } from './company-scope';
import { createSessionCache } from './session';

const userOf = (id: number): SessionUser => ({
  id,
  identifier: `u${id}`,
  name: `Користувач ${id}`,
  email: `user${id}@clinic.test`,
  phone: '380500000000',
  company: `Заклад ${id}`,
  companyIdentifier: `c${id}`,
  role: 'user',
  companyRole: 'owner',
  companyId: id,
});

/** A cache on a clock the test moves; sessions far from expiry unless a test says otherwise. */
function setUp(ttlMs = 3000, maxEntries?: number) {
  let at = 1_000_000;
  const cache = createSessionCache({
    ttlMs,
    now: () => at,
    ...(maxEntries === undefined ? {} : { maxEntries }),
  });
  const far = () => at + 60 * 60_000;
  return {
    cache,
    far,
    advance: (ms: number) => {
      at += ms;
    },
    now: () => at,
  };
}

describe('session cache', () => {
  it('serves an entry within its lifetime and not after it', () => {
    const { cache, far, advance } = setUp(3000);
    cache.set('s1', userOf(1), far(), cache.ticket());
    expect(cache.get('s1')).toEqual(userOf(1));
    advance(2999);
    expect(cache.get('s1')?.id).toBe(1);
    advance(1);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never serves an entry past the session’s own expiry, even inside the lifetime', () => {
    const { cache, now, advance } = setUp(3000);
    cache.set('s1', userOf(1), now() + 1000, cache.ticket());
    advance(999);
    expect(cache.get('s1')?.id).toBe(1);
    advance(1);
    expect(cache.get('s1')).toBeUndefined();
    // A session that has already expired is not stored at all.
    cache.set('s2', userOf(2), now(), cache.ticket());
    expect(cache.get('s2')).toBeUndefined();
  });

  it('forgets one session at once, and every session of a user at once', () => {
    const { cache, far } = setUp();
    cache.set('a1', userOf(1), far(), cache.ticket());
    cache.set('a2', userOf(1), far(), cache.ticket());
    cache.set('b1', userOf(2), far(), cache.ticket());
    cache.invalidate('a1');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')?.id).toBe(1);
    cache.invalidateUser(1);
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')?.id).toBe(2);
  });

  it('drops a lookup that was reading the database while a session was ended', () => {
    const { cache, far } = setUp();
    const ticket = cache.ticket(); // the lookup starts…
    cache.invalidate('s1'); // …logout ends the session meanwhile…
    cache.set('s1', userOf(1), far(), ticket); // …and the lookup's older answer arrives
    expect(cache.get('s1')).toBeUndefined();
    const later = cache.ticket();
    cache.invalidateUser(7);
    cache.set('s1', userOf(1), far(), later);
    expect(cache.get('s1')).toBeUndefined();
    cache.set('s1', userOf(1), far(), cache.ticket());
    expect(cache.get('s1')?.id).toBe(1);
  });

  it('stores nothing when turned off (0 s)', () => {
    const { cache, far } = setUp(0);
    expect(cache.enabled).toBe(false);
    cache.set('s1', userOf(1), far(), cache.ticket());
    expect(cache.get('s1')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const { cache, far } = setUp(3000, 2);
    cache.set('s1', userOf(1), far(), cache.ticket());
    cache.set('s2', userOf(2), far(), cache.ticket());
    cache.set('s3', userOf(3), far(), cache.ticket());
    expect(cache.size).toBe(2);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s3')?.id).toBe(3);
  });

  it('hands out a frozen copy, so a request cannot change what the next one sees', () => {
    const { cache, far } = setUp();
    const user = userOf(1);
    cache.set('s1', user, far(), cache.ticket());
    user.role = 'admin';
    const cached = cache.get('s1');
    expect(cached?.role).toBe('user');
    expect(Object.isFrozen(cached)).toBe(true);
  });
});
