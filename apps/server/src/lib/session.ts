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
