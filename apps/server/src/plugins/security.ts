import {
  errorCodes,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';
import helmet, { type HelmetOptions } from 'helmet';
import { jsonTextParser } from '../lib/json-body';
import { errorAnswer } from './error-handler';

/** Default body limit of every route; the wizard's save/calculate calls raise it for themselves (8 MiB). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * Fastify's `frameworkErrors`: the router's own refusals (a malformed escape in the path, a path parameter longer
 * than the router takes) answered in the documented shape `{ message, code }` in Ukrainian instead of Fastify's English
 * `{ error, code, message }` (found by test/fuzz-sweep.test.ts).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ err: error }, 'client error (router)');
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  void reply
    .status(status)
    .send(
      errorAnswer(status, status === 414 ? 'Адреса запиту задовга.' : 'Некоректна адреса запиту.'),
    );
}

/** HSTS max-age when the app is served over HTTPS: one year. */
const HSTS_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The Content-Security-Policy of every answer (the web app, the API, the OpenAPI UI). The built web app has no
 * inline script (index.html loads only `/assets/*.js`); Ant Design's CSS-in-JS writes `<style>` elements at run
 * time, so styles need `'unsafe-inline'` (no script can be injected through it: `script-src` stays `'self'`).
 * PDFs are printed from a `blob:` URL in a hidden iframe, downloads are `blob:` links, and the only images and
 * fonts are the app's own (or `data:` URIs inside the CSS).
 */
export function contentSecurityPolicy(https: boolean) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'blob:'],
      // Chromium shows a PDF in a frame with its plugin, which the frame's (inherited) policy must allow.
      objectSrc: ["'self'", 'blob:'],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * The headers helmet sets, computed once: every policy here is static, so they are the same for every answer.
 * (@fastify/helmet runs helmet's middleware on every request, re-building the CSP text each time: about 5 % of
 * the server's CPU on a small answer, docs/performance.md.) helmet writes through `setHeader`/`removeHeader` only.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    response as unknown as Parameters<ReturnType<typeof helmet>>[1],
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * Security headers and request bodies (issue 12; `Cache-Control: no-store` by default, issue 24):
 * - helmet: the CSP above, `X-Content-Type-Options`, `Referrer-Policy`, frame and cross-origin policies; HSTS
 *   only when `APP_URL` is https (`https`), since a browser would otherwise pin plain-HTTP hosts to HTTPS.
 * - bodies as Laravel read them: `application/x-www-form-urlencoded` is parsed (@fastify/formbody), and an empty
 *   body is read as "no body" whatever its content type (an axios `POST /logout` sends an empty form body, a
 *   client may send `Content-Type: application/json` with nothing), so the route's schema decides. A non-empty
 *   body of a type the API does not read stays 415.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { https: boolean }) => {
    const headers = helmetHeaders({
      contentSecurityPolicy: contentSecurityPolicy(options.https),
      hsts: options.https ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
    // No answer is kept by a browser or a shared cache unless its route says so (issue 24): signed-in answers
    // carry a company's data (the IBAN of /api/company-info). The web app's files set their own header.
    app.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
    });
    await app.register(formbody);

    // JSON as before (prototype-poisoning keys refused with 400), but an empty body is "no body" (lib/json-body.ts).
    const parseJsonText = jsonTextParser(app);
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
      parseJsonText(request, body.toString(), done),
    );
    // Any other content type: an empty body is read as none; anything else is refused (415).
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
      if (Buffer.isBuffer(body) && body.length === 0) {
        done(null, undefined);
        return;
      }
      done(
        new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type']),
        undefined,
      );
    });
  },
  { name: 'security' },
);
