import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import { pageDrawer, SERVER_RENDER_DIR, type DrawnPage } from './drawn-pages';
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
    /** Drawn by the server for each signed-in visit, with its data (./drawn-pages.ts). */
    drawnOnRequest: z.literal(true).optional(),
  }),
);
/** Where the app draws itself in index.html; a page drawn at build time is put inside. */
const ROOT_ELEMENT = '<div id="root"></div>';
/** How Vite's index.html loads the app's entry. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.~-]+\.js)"><\/script>/;
/** Starts the app once a drawn page is on screen (apps/web/public/start-after-paint.js). */
const AFTER_PAINT_STARTER = '/start-after-paint.js';

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
  if (table.some((route) => route.drawnOnRequest === true) && !ENTRY_SCRIPT.test(index)) {
    throw new Error('index.html has no entry script for the pages the server draws');
  }
  return table.map((route) =>
    withEncodings(
      routePattern(route.path),
      route.drawnOnRequest === true ? drawnTemplate(index, route.files) : undefined,
      index
        .replace(
          '</head>',
          `${route.files.map((file) => `  <link rel="modulepreload" crossorigin href="${file}">\n`).join('')}</head>`,
        )
        .replace(ROOT_ELEMENT, () => `<div id="root">${route.markup ?? ''}</div>`),
    ),
  );
}

/**
 * index.html for a page the server draws for its visitor (./drawn-pages.ts): the app's entry is preloaded, not run,
 * and the page's chunks are not named in the head. A starter (`AFTER_PAINT_STARTER`) runs the entry and preloads the
 * chunks once the drawn page is on screen: with the files in its cache, a phone would otherwise compile and run them
 * all before its first paint, holding a page that has arrived off the screen (docs/performance.md "Phone").
 */
function drawnTemplate(index: string, files: string[]): string {
  return index.replace(
    ENTRY_SCRIPT,
    (_script, entry: string) =>
      `<link rel="modulepreload" crossorigin href="${entry}">` +
      `<script defer src="${AFTER_PAINT_STARTER}" data-entry="${entry}" data-preload="${files.join(' ')}"></script>`,
  );
}

/** A first screen's page, and its bytes as brotli and gzip: made once, at start. */
export interface RoutePage {
  pattern: RegExp;
  /**
   * Where the server draws the page for a signed-in visitor (./drawn-pages.ts): the index.html the drawing goes into
   * (`drawnTemplate`). Undrawn, the page is `html`.
   */
  drawnTemplate: string | undefined;
  html: string;
  encoded: Record<PageEncoding, Buffer>;
}
const PAGE_ENCODINGS = ['br', 'gzip'] as const;
type PageEncoding = (typeof PAGE_ENCODINGS)[number];

/**
 * The drawn landing page made `/` ≈ 13 KB, at the edge of what a new connection's first round trip carries (issue 39):
 * sent compressed, like the assets (apps/web/precompress.ts), to a client that accepts it.
 */
function withEncodings(
  pattern: RegExp,
  drawnTemplate: string | undefined,
  html: string,
): RoutePage {
  const bytes = Buffer.from(html);
  return {
    pattern,
    drawnTemplate,
    html,
    encoded: { br: brotliCompressSync(bytes), gzip: gzipSync(bytes) },
  };
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** A drawn page is made for one visit, so it is compressed quickly rather than as small as can be (5 of brotli's 11). */
const DRAWN_PAGE_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * A page's template with a visitor's drawing in it: antd's styles in the head, the page in `#root` (inert), its answers
 * after it.
 */
const withDrawing = (template: string, drawn: DrawnPage) =>
  template
    .replace('</head>', () => `${drawn.head}</head>`)
    // Inert until the app has drawn over it (apps/web/src/app/query-state.ts): a field typed into or a button
    // pressed before then would be lost with the sent page, so the sent page takes no input at all.
    .replace(ROOT_ELEMENT, () => `<div id="root" inert>${drawn.root}</div>${drawn.afterRoot}`);

/**
 * Sends a page drawn for one signed-in visitor: it holds their data, so no cache may keep it or give it to anyone
 * else; compressed when the client accepts it.
 */
async function sendDrawn(reply: FastifyReply, encoding: string | null, html: string) {
  reply.header('cache-control', 'private, no-store').header('vary', 'accept-encoding, cookie');
  if (encoding === 'br') {
    return reply.header('content-encoding', 'br').send(await brotliAsync(html, DRAWN_PAGE_BROTLI));
  }
  if (encoding === 'gzip')
    return reply.header('content-encoding', 'gzip').send(await gzipAsync(html));
  return reply.send(html);
}

/**
 * Serves the built web app (apps/web/dist) on the API's port. Unknown GET paths that are not API paths get
 * index.html, so deep links like /orders or /password/reset/{token} load the SPA; unknown API paths get a
 * JSON 404. Hashed assets are cached for a year, index.html never. The build writes `.br` and `.gz` beside
 * each asset (apps/web/precompress.ts); `preCompressed` sends the best one the client accepts, as it is. A first
 * screen's page also names its route's chunks for preloading (`routePages`).
 */
export const webAppPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      root: string;
      /** The visitor's session, for the drawn pages' limits (./drawn-pages.ts). */
      sessionOf: (request: FastifyRequest) => string | undefined;
    },
  ) => {
    const hasWebApp = existsSync(path.join(options.root, 'index.html'));
    const pages = hasWebApp ? routePages(options.root) : [];
    const drawPage = hasWebApp ? pageDrawer(app, options.root, options.sessionOf) : undefined;
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: options.root,
        wildcard: false,
        index: false,
        preCompressed: true,
        // Off: `send` would otherwise overwrite the header set below with its own `public, max-age=0`.
        cacheControl: false,
        // The server's own drawing module (./drawn-pages.ts) is not the browser's.
        allowedPath: (pathName) => !pathName.startsWith(`/${SERVER_RENDER_DIR}/`),
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

    app.setNotFoundHandler(async (request, reply) => {
      const isApi =
        API_PREFIXES.some((prefix) => request.url.startsWith(prefix)) || request.url === '/api';
      if (hasWebApp && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
        reply.header('cache-control', 'no-cache').type('text/html');
        const pathname = request.url.split('?')[0] ?? '';
        const page = pages.find((candidate) => candidate.pattern.test(pathname));
        if (!page) return reply.sendFile('index.html');
        const encoding = negotiate(request.headers['accept-encoding'] ?? '', [...PAGE_ENCODINGS]);
        // A signed-in first screen comes drawn with the visitor's data where it can be (issue 39); otherwise, and for
        // anyone not signed in, undrawn: the app asks for the data, or sends the visitor to /login.
        if (
          page.drawnTemplate !== undefined &&
          drawPage &&
          request.method === 'GET' &&
          request.headers.cookie
        ) {
          const drawn = await drawPage(request).catch((error: unknown) => {
            request.log.warn({ err: error }, 'a first screen was not drawn on the server');
            return null;
          });
          if (drawn) return sendDrawn(reply, encoding, withDrawing(page.drawnTemplate, drawn));
        }
        reply.header('vary', 'accept-encoding');
        return encoding === 'br' || encoding === 'gzip'
          ? reply.header('content-encoding', encoding).send(page.encoded[encoding])
          : reply.send(page.html);
      }
      return reply.status(404).send(errorAnswer(404, NOT_FOUND_MESSAGE));
    });
  },
);
