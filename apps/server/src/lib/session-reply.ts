import type { FastifyReply } from 'fastify';

/**
 * The answer of a sign-in (login, registration, joining by an invitation): the session cookie and a fresh XSRF
 * token bound to the new session (plugins/auth.ts, plugins/csrf.ts).
 */
export const openSession = (
  reply: FastifyReply,
  session: { sessionToken: string; remember: boolean },
): FastifyReply =>
  reply.setSession(session.sessionToken, session.remember).issueXsrfToken(session.sessionToken);

/**
 * The answer of a sign-out (logout, leaving the institution): the session cookie goes, and a guest's XSRF token
 * replaces the session's, which dies with it (issue 24).
 */
export const closeSession = (reply: FastifyReply): FastifyReply =>
  reply.clearSession().issueXsrfToken(undefined);
