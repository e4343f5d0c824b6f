import type { SessionUser } from './company-scope';

/** Lifetime of a 'remember me' session, days: the cookie's max-age and the session row's expiry agree. */
export const REMEMBER_DAYS = 30;

/** The 401 answer of a call that needs a signed-in user (spec §6). */
export const UNAUTHENTICATED_MESSAGE = 'Ви не увійшли в систему.';

/**
 * What the auth plugin needs of the auth module: the user behind a session cookie. The plugin receives it in
 * its options (app.ts passes the auth service), so plugins never import modules.
 */
export interface SessionAuthenticator {
  authenticate(token: string | undefined): Promise<SessionUser | undefined>;
}

/** Where a sign-in comes from (`clientContextOf` in plugins/auth.ts reads it off the request). */
export interface ClientContext {
  ip: string;
  userAgent: string | undefined;
  /** The session token the request came with; it is ended at login (session rotation). */
  previousToken: string | undefined;
  /** The browser's device cookie (issue 24): a sign-in source of its own for the account it was issued for. */
  deviceToken?: string | undefined;
}

/** Default lifetime of a cached session lookup, seconds (`SESSION_CACHE_SECONDS`; 0 turns the cache off). */
export const DEFAULT_SESSION_CACHE_SECONDS = 3;

/**
 * A short in-process cache of the session lookup (session ⋈ user ⋈ company), keyed by the session's stored id.
 * An entry lives `ttlMs` at most, and never past the session's own expiry, so:
 *
 * - on this instance, `invalidate`/`invalidateUser` (logout, password reset, login rotation) take effect at once:
 *   a lookup that was reading the database while an invalidation happened does not store its (older) answer
 *   (`ticket` → `set`);
 * - on other instances sharing the database, a session ended elsewhere is still served for at most `ttlMs`,
 *   after which the next request reads the database again (docs/decisions.md "Sessions and authentication").
 *
 * The clock is injected (the auth service's), so tests move time instead of waiting.
 */
export function createSessionCache(options: {
  ttlMs: number;
  now: () => number;
  /** Oldest entries are dropped beyond this many (a bound on memory, not a policy). */
  maxEntries?: number;
}) {
  const { ttlMs, now } = options;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, { user: SessionUser; until: number }>();
  /** Bumped by every invalidation; a lookup started before the bump may not store its answer. */
  let generation = 0;

  return {
    get enabled() {
      return ttlMs > 0;
    },
    get size() {
      return entries.size;
    },
    /** The cached user of a session, or undefined when absent or past its lifetime. */
    get(key: string): SessionUser | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() >= entry.until) {
        entries.delete(key);
        return undefined;
      }
      return entry.user;
    },
    /** Taken before reading the database; `set` ignores an answer read across an invalidation. */
    ticket(): number {
      return generation;
    },
    /** Stores a lookup's answer until `ttlMs` from now or the session's expiry, whichever comes first. */
    set(key: string, user: SessionUser, sessionExpiresAt: number, ticket: number) {
      if (ttlMs <= 0 || ticket !== generation) return;
      const at = now();
      const until = Math.min(at + ttlMs, sessionExpiresAt);
      if (until <= at) return;
      entries.delete(key);
      if (entries.size >= maxEntries) {
        // Map keeps insertion order: drop the oldest entries first.
        for (const oldest of entries.keys()) {
          entries.delete(oldest);
          if (entries.size < maxEntries) break;
        }
      }
      entries.set(key, { user: Object.freeze({ ...user }), until });
    },
    /** Forgets one session (logout, rotation at login). */
    invalidate(key: string) {
      generation += 1;
      entries.delete(key);
    },
    /** Forgets every session of a user (password reset or change). */
    invalidateUser(userId: number) {
      generation += 1;
      for (const [key, entry] of entries) if (entry.user.id === userId) entries.delete(key);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
