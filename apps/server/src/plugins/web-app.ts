import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import { errorAnswer, NOT_FOUND_MESSAGE } from './error-handler';

/** Paths that belong to the API even for GET; anything else unknown is a client-side route. */
const API_PREFIXES = ['/api/', '/sanctum/'];

/** Vite's content-hashed output: a file there never changes under its name. */
const ASSETS_DIR = `${path.sep}assets${path.sep}`;
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** Written by the web build beside index.html (apps/web/route-preloads.ts). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';
const routePreloadsSchema = z.array(
  z.object({
    path: z.string(),
    files: z.array(z.string().regex(/^\/assets\/[\w.~-]+\.js$/)),
    /** The page as the app's first render draws it, made by the build (apps/web/src/app/prerender.tsx). */
    markup: z.string().optional(),
  }),
);
/** Where the app draws itself in index.html; a page drawn at build time is put inside. */
const ROOT_ELEMENT = '<div id="root"></div>';

/** A React Router path (`/orders/create/:identifier`) as a RegExp; the router matches case-insensitively. */
const routePattern = (routePath: string) =>
  new RegExp(
    `^${routePath
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
    'i',
  );

/**
 * index.html for each first screen of the build's table, with `<link rel="modulepreload">` for the chunks of
 * its lazy route modules (issue 39): the browser fetches them with the entry instead of after running it. A page
 * the build drew (the landing page) comes drawn, so a phone shows it before the app's code has arrived; the app
 * then takes it over (apps/web/src/main.tsx). Read once, at start, like the rest of a built tree; an older build
 * without the table serves index.html as it is.
 */
export function routePages(root: string): RoutePage[] {
  const tableFile = path.join(root, ROUTE_PRELOADS_FILE);
  if (!existsSync(tableFile)) return [];
  const index = readFileSync(path.join(root, 'index.html'), 'utf8');
  const table = routePreloadsSchema.parse(JSON.parse(readFileSync(tableFile, 'utf8')));
  if (table.some((route) => route.markup !== undefined) && !index.includes(ROOT_ELEMENT)) {
    throw new Error(`index.html has no ${ROOT_ELEMENT} for the pages the build drew`);
  }
  return table.map((route) =>
    withEncodings(
      routePattern(route.path),
      index
        .replace(
          '</head>',
          `${route.files.map((file) => `  <link rel="modulepreload" crossorigin href="${file}">\n`).join('')}</head>`,
        )
        .replace(ROOT_ELEMENT, () => `<div id="root">${route.markup ?? ''}</div>`),
    ),
  );
}

/** A first screen's page, and its bytes as brotli and gzip: made once, at start. */
export interface RoutePage {
  pattern: RegExp;
  html: string;
  encoded: Record<PageEncoding, Buffer>;
}
const PAGE_ENCODINGS = ['br', 'gzip'] as const;
type PageEncoding = (typeof PAGE_ENCODINGS)[number];

/**
 * The drawn landing page made `/` ≈ 13 KB, at the edge of what a new connection's first round trip carries (issue 39):
 * sent compressed, like the assets (apps/web/precompress.ts), to a client that accepts it.
 */
function withEncodings(pattern: RegExp, html: string): RoutePage {
  const bytes = Buffer.from(html);
  return { pattern, html, encoded: { br: brotliCompressSync(bytes), gzip: gzipSync(bytes) } };
}

/**
 * Serves the built web app (apps/web/dist) on the API's port. Unknown GET paths that are not API paths get
 * index.html, so deep links like /orders or /password/reset/{token} load the SPA; unknown API paths get a
 * JSON 404. Hashed assets are cached for a year, index.html never. The build writes `.br` and `.gz` beside
 * each asset (apps/web/precompress.ts); `preCompressed` sends the best one the client accepts, as it is. A first
 * screen's page also names its route's chunks for preloading (`routePages`).
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const hasWebApp = existsSync(path.join(options.root, 'index.html'));
  const pages = hasWebApp ? routePages(options.root) : [];
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Off: `send` would otherwise overwrite the header set below with its own `public, max-age=0`.
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(ASSETS_DIR);
        res.setHeader('cache-control', immutable ? IMMUTABLE_CACHE : 'no-cache');
        // The answer depends on Accept-Encoding (a .br, a .gz or the file itself): shared caches must know.
        if (immutable) res.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn(`web app not built (${options.root}); serving the API only`);
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi =
      API_PREFIXES.some((prefix) => request.url.startsWith(prefix)) || request.url === '/api';
    if (hasWebApp && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache').type('text/html');
      const pathname = request.url.split('?')[0] ?? '';
      const page = pages.find((candidate) => candidate.pattern.test(pathname));
      if (!page) return reply.sendFile('index.html');
      reply.header('vary', 'accept-encoding');
      const encoding = negotiate(request.headers['accept-encoding'] ?? '', [...PAGE_ENCODINGS]);
      return encoding === 'br' || encoding === 'gzip'
        ? reply.header('content-encoding', encoding).send(page.encoded[encoding])
        : reply.send(page.html);
    }
    return reply.status(404).send(errorAnswer(404, NOT_FOUND_MESSAGE));
  });
});
