import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { hmac, newToken, safeEqual } from '../lib/random';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CSRF_MESSAGE = 'Термін дії сторінки минув. Оновіть сторінку та спробуйте ще раз.';

declare module 'fastify' {
  interface FastifyReply {
    /** Sets a fresh XSRF-TOKEN cookie (also done at login, like Laravel regenerating its token). */
    issueXsrfToken(): FastifyReply;
  }
}

/**
 * Sanctum-style CSRF protection (spec §7): `GET /sanctum/csrf-cookie` sets a readable `XSRF-TOKEN` cookie and every
 * state-changing request must echo it in `X-XSRF-TOKEN`, else 419. The token is signed with the session secret
 * (random part + HMAC), so a cookie planted by a sibling sub-domain is rejected too, and no server state is needed
 * before login. A cross-site page can neither read the cookie nor set the custom header.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, options: { secret: string; secureCookies: boolean }) => {
    const sign = (random: string) => `${random}.${hmac(options.secret, random)}`;
    const isValid = (token: string) => {
      const [random, mac] = token.split('.');
      return Boolean(random && mac) && safeEqual(sign(random ?? ''), token);
    };

    app.decorateReply('issueXsrfToken', function issueXsrfToken(this: FastifyReply) {
      return this.setCookie(XSRF_COOKIE, sign(newToken()), {
        path: '/',
        httpOnly: false, // the SPA reads it to echo it in the header
        sameSite: 'lax',
        secure: options.secureCookies,
        maxAge: 2 * 60 * 60,
      });
    });

    app.addHook('onRequest', async (request) => {
      if (!UNSAFE_METHODS.has(request.method)) return;
      const header = request.headers[XSRF_HEADER];
      const cookie = request.cookies[XSRF_COOKIE];
      const sent = Array.isArray(header) ? header[0] : header;
      if (!sent || !cookie || !safeEqual(sent, cookie) || !isValid(cookie)) {
        throw new AppError('CSRF_MISMATCH', CSRF_MESSAGE);
      }
    });

    app.get(
      '/sanctum/csrf-cookie',
      { schema: { tags: ['session'], summary: 'Set the XSRF-TOKEN cookie', hide: false } },
      async (_request, reply) => reply.issueXsrfToken().status(204).send(),
    );
  },
  { name: 'csrf' },
);
