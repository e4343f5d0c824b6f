import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { hmac, newToken, safeEqual } from '../lib/random';
import { SESSION_COOKIE } from './auth';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CSRF_MESSAGE = 'Термін дії сторінки минув. Оновіть сторінку та спробуйте ще раз.';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Sets a fresh XSRF-TOKEN cookie bound to `sessionToken`, the session cookie the browser will send with it
     * (undefined: none, a guest). Done at sign-in and sign-out too, like Sanctum regenerating its token.
     */
    issueXsrfToken(sessionToken: string | undefined): FastifyReply;
  }
}

/**
 * Sanctum-style CSRF protection (spec §7): `GET /sanctum/csrf-cookie` sets a readable `XSRF-TOKEN` cookie and every
 * state-changing request must echo it in `X-XSRF-TOKEN`, else 419. The token is a random part and its HMAC with
 * the session secret and the session cookie it was issued with (issue 24): a guest's token (one an attacker
 * fetched for themselves, or planted by a sibling sub-domain) is refused for a signed-in session, and a token
 * dies with its session. No server state is needed. A cross-site page can neither read the cookie nor set the
 * custom header.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, options: { secret: string; secureCookies: boolean }) => {
    const sign = (random: string, sessionToken: string | undefined) =>
      `${random}.${hmac(options.secret, `xsrf:${random}:${sessionToken ?? ''}`)}`;
    const isValid = (token: string, sessionToken: string | undefined) => {
      const [random, mac] = token.split('.');
      return Boolean(random && mac) && safeEqual(sign(random ?? '', sessionToken), token);
    };

    app.decorateReply(
      'issueXsrfToken',
      function issueXsrfToken(this: FastifyReply, sessionToken: string | undefined) {
        return this.setCookie(XSRF_COOKIE, sign(newToken(), sessionToken), {
          path: '/',
          httpOnly: false, // the SPA reads it to echo it in the header
          sameSite: 'lax',
          secure: options.secureCookies,
          maxAge: 2 * 60 * 60,
        });
      },
    );

    app.addHook('onRequest', async (request) => {
      if (!UNSAFE_METHODS.has(request.method)) return;
      const header = request.headers[XSRF_HEADER];
      const cookie = request.cookies[XSRF_COOKIE];
      const sent = Array.isArray(header) ? header[0] : header;
      const session = request.cookies[SESSION_COOKIE];
      if (!sent || !cookie || !safeEqual(sent, cookie) || !isValid(cookie, session)) {
        throw new AppError('CSRF_MISMATCH', CSRF_MESSAGE);
      }
    });

    app.get(
      '/sanctum/csrf-cookie',
      { schema: { tags: ['session'], summary: 'Set the XSRF-TOKEN cookie', hide: false } },
      async (request, reply) =>
        reply.issueXsrfToken(request.cookies[SESSION_COOKIE]).status(204).send(),
    );
  },
  { name: 'csrf' },
);
