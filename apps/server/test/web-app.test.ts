import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRAWINGS_AT_ONCE,
  SESSION_DRAWING_BURST,
  SESSION_DRAWING_REFILL_MS,
} from '../src/plugins/drawn-pages';
import { IMMUTABLE_CACHE, routePages, webAppPlugin } from '../src/plugins/web-app';

/*
 * The built web app as the server sends it: precompressed assets chosen by Accept-Encoding with a year's
 * immutable caching, index.html and every SPA fallback revalidated on each load. A dist folder shaped like
 * vite's output (apps/web/precompress.ts writes the .br and .gz files) is made for the test.
 */
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const SCRIPT = `export const text = ${JSON.stringify('Розрахунок собівартості '.repeat(200))};\n`;
const STAMP = 'the-build-stamp-of-the-test';

/** A temporary dist folder with an `assets` folder and `files` (paths below the dist folder). */
function distWith(prefix: string, files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  mkdirSync(path.join(dir, 'assets'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  return dir;
}

/** A dist folder of a build with a route table: its page `index` and `route-preloads.json` of `routes`. */
const distWithRoutes = (prefix: string, index: string, routes: unknown[]) =>
  distWith(prefix, { 'index.html': index, 'route-preloads.json': JSON.stringify(routes) });

/** The test's session: its whole Cookie header (the app passes the session cookie, `sessionKeyOf`). */
const wholeCookie = (request: FastifyRequest) => request.headers.cookie;

/** A server of the web app in `root`, ready for `inject`. */
async function serving(root: string): Promise<FastifyInstance> {
  const server = Fastify();
  await server.register(webAppPlugin, { root, sessionOf: wholeCookie });
  await server.ready();
  return server;
}

let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = distWith('medcalc-web-dist-', {
    'index.html': INDEX_HTML,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    '.build-stamp': STAMP,
    'assets/index-AbC123.js': SCRIPT,
    'assets/index-AbC123.js.br': brotliCompressSync(SCRIPT),
    'assets/index-AbC123.js.gz': gzipSync(SCRIPT),
    // An asset the build left uncompressed (too small): served as it is, still immutable.
    'assets/tiny-XyZ789.css': 'a{color:red}',
  });
  app = await serving(root);
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('hashed assets', () => {
  it('sends the brotli file to a client that accepts br, cached for a year as immutable', async () => {
    const response = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(response.headers['content-length'])).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(SCRIPT);
  });

  it('sends the gzip file to a client without brotli', async () => {
    const response = await get('/assets/index-AbC123.js', 'gzip, deflate');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(SCRIPT);
  });

  it('sends the file itself when the client accepts no compression', async () => {
    const response = await get('/assets/index-AbC123.js', 'identity');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(response.body).toBe(SCRIPT);

    const withoutHeader = await get('/assets/index-AbC123.js');
    expect(withoutHeader.headers['content-encoding']).toBeUndefined();
    expect(withoutHeader.body).toBe(SCRIPT);
  });

  it('serves an asset that has no compressed copies as it is, still immutable', async () => {
    const response = await get('/assets/tiny-XyZ789.css', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(response.body).toBe('a{color:red}');
  });
});

describe('the page and its fallbacks', () => {
  it.each(['/', '/index.html', '/orders', '/password/reset/some-token'])(
    'GET %s answers index.html with no-cache',
    async (url) => {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it('files outside assets/ are not cached as immutable', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('never sends the build stamp', async () => {
    const response = await get('/.build-stamp');
    expect(response.body).not.toContain(STAMP);
  });

  it('an unknown API path is a JSON 404, not the page', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe("a first screen's page names its route's chunks (issue 39)", () => {
  const HEAD_HTML =
    '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>';
  /** The landing page as the build drew it; `$&` and `$'` would be replacement patterns to a careless replace. */
  const LANDING_MARKUP = '<main><h1 class="landing-title">Ціни $&amp; тарифи $\'</h1></main>';
  let preloadRoot: string;
  let preloadApp: FastifyInstance;

  beforeAll(async () => {
    preloadRoot = distWithRoutes('medcalc-web-preloads-', HEAD_HTML, [
      { path: '/', files: ['/assets/landing-d4.js'], markup: LANDING_MARKUP },
      { path: '/orders', files: ['/assets/antd-a1.js', '/assets/orders-b2.js'] },
      {
        path: '/orders/create/:identifier',
        files: ['/assets/antd-a1.js', '/assets/wizard-c3.js'],
      },
    ]);
    preloadApp = await serving(preloadRoot);
  });

  afterAll(async () => {
    await preloadApp.close();
    rmSync(preloadRoot, { recursive: true, force: true });
  });

  const linksOf = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (match) => match[1],
    );

  it.each([
    ['/orders', ['/assets/antd-a1.js', '/assets/orders-b2.js']],
    ['/Orders/?tab=1', ['/assets/antd-a1.js', '/assets/orders-b2.js']],
    ['/orders/create/abc123', ['/assets/antd-a1.js', '/assets/wizard-c3.js']],
  ])('%s gets index.html with its chunks preloaded in the head', async (url, files) => {
    const response = await preloadApp.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(linksOf(response.body)).toEqual(files);
    expect(response.body.indexOf('modulepreload')).toBeLessThan(response.body.indexOf('</head>'));
  });

  it('the page the build drew comes drawn in #root; the other first screens come empty (issue 39)', async () => {
    const landing = await preloadApp.inject({ method: 'GET', url: '/?from=ad' });
    expect(landing.body).toContain(`<body><div id="root">${LANDING_MARKUP}</div></body>`);
    expect(linksOf(landing.body)).toEqual(['/assets/landing-d4.js']);
    const orders = await preloadApp.inject({ method: 'GET', url: '/orders' });
    expect(orders.body).toContain('<body><div id="root"></div></body>');
  });

  it.each([
    ['br', 'gzip, deflate, br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip', 'br;q=0, gzip', (body: Buffer) => gunzipSync(body)],
  ])(
    'the page is sent as %s to a client that accepts it (%s), the same page',
    async (encoding, accepts, decode) => {
      const plain = await preloadApp.inject({ method: 'GET', url: '/' });
      const response = await preloadApp.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': accepts },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(decode(response.rawPayload).toString('utf8')).toBe(plain.body);
      expect(plain.headers['content-encoding']).toBeUndefined();
    },
  );

  it.each([
    [
      'drew a page for an index.html without its root element',
      '<!doctype html><html><head></head><body><main></main></body></html>',
      { path: '/', files: [], markup: LANDING_MARKUP },
      'index.html has no <div id="root"></div>',
    ],
    [
      'has pages the server draws but an index.html without its entry script (issue 39)',
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
      { path: '/orders', files: [], drawnOnRequest: true },
      'index.html has no entry script',
    ],
  ])('a build that %s fails at start', (_case, index, route, message) => {
    const broken = distWithRoutes('medcalc-web-broken-', index, [route]);
    try {
      expect(() => routePages(broken)).toThrow(message);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it.each(['/company', '/orders/create/abc/extra', '/ordersx'])(
    '%s, not in the table, gets index.html as it is',
    async (url) => {
      const response = await preloadApp.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(HEAD_HTML);
    },
  );
});

describe('a signed-in first screen comes drawn with its data (issue 39)', () => {
  const ENTRY = '<script type="module" crossorigin src="/assets/index-AbC123.js"></script>';
  const HEAD_HTML = `<!doctype html><html><head><title>medcalc</title>${ENTRY}</head><body><div id="root"></div></body></html>`;
  /**
   * The web build's drawing module as the server uses it (apps/web/src/app/server-render.tsx): it asks the API through
   * the transport it is given, as the app's own loaders do, and draws what it was answered. `?write` also tries a
   * change, which must be refused; `?fail` throws.
   */
  const DRAWING_MODULE = `
export function createPageRenderer(transport) {
  return async function drawPage(url, screen) {
    const { searchParams } = new URL(url);
    if (searchParams.has('fail')) throw new Error('the drawing failed');
    let write = 'none';
    if (searchParams.has('write')) {
      write = await transport('/api/orders', { method: 'POST' }).then(() => 'sent', (error) => 'refused: ' + error.message);
    }
    const user = await transport('/api/user', { headers: { Accept: 'application/json' } });
    if (user.status !== 200) return null;
    const { name } = await user.json();
    const orders = await (await transport('/api/orders?page=1')).json();
    if (searchParams.has('late')) {
      // A read that leaves after the drawing has ended, as a loader's chained prefetch of a given-up drawing would.
      setTimeout(() => {
        transport('/api/orders?late=1').then(() => { globalThis.lateRead = 'sent'; }, (error) => { globalThis.lateRead = 'refused: ' + error.message; });
      }, 20);
    }
    return {
      head: '<style>.drawn{color:red}</style>',
      root: '<main class="drawn ' + screen + '">' + name + ': ' + orders.join(', ') + ' (' + write + ')</main>',
      afterRoot: '<script type="application/json" id="state">' + JSON.stringify({ name }) + '</script>',
    };
  };
}
`;
  /** Who asked the test's API, as it saw each call. */
  const calls: Array<{ method: string; url: string; cookie?: string; ip: string }> = [];
  let drawnRoot: string;
  let drawnApp: FastifyInstance;

  beforeAll(async () => {
    drawnRoot = distWithRoutes('medcalc-web-drawn-', HEAD_HTML, [
      { path: '/', files: [] },
      { path: '/orders', files: ['/assets/orders-b2.js'], drawnOnRequest: true },
    ]);
    mkdirSync(path.join(drawnRoot, 'server-render'));
    writeFileSync(path.join(drawnRoot, 'server-render', 'server-render.js'), DRAWING_MODULE);
    drawnApp = Fastify();
    // The API the drawing reads: a visitor is whoever the cookie names, after a wait that lets drawings overlap.
    const visitor = (cookie: string | undefined) => /visitor=(\w+)/.exec(cookie ?? '')?.[1];
    drawnApp.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      calls.push({
        method: request.method,
        url: request.url,
        cookie: request.headers.cookie,
        ip: request.ip,
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    drawnApp.get('/api/user', async (request, reply) => {
      const name = visitor(request.headers.cookie);
      return name === undefined
        ? reply.status(401).send({ message: 'Unauthenticated.' })
        : { name };
    });
    drawnApp.get('/api/orders', async (request) => [
      `${visitor(request.headers.cookie)}-1`,
      `${visitor(request.headers.cookie)}-2`,
    ]);
    drawnApp.post('/api/orders', async () => ({ made: true }));
    await drawnApp.register(webAppPlugin, { root: drawnRoot, sessionOf: wholeCookie });
    await drawnApp.ready();
  });

  afterAll(async () => {
    await drawnApp.close();
    rmSync(drawnRoot, { recursive: true, force: true });
  });

  /**
   * A visit. Without `sameSession` each visit is a session of its own (the test's plugin takes the whole Cookie header
   * for the session), so that the limit of one drawing per session every two seconds stays out of the cases that are
   * not about it.
   */
  let visits = 0;
  const open = (
    url: string,
    cookie?: string,
    headers: Record<string, string> = {},
    { sameSession = false } = {},
  ) => {
    visits += 1;
    const sent = cookie === undefined || sameSession ? cookie : `${cookie}; visit=${visits}`;
    return drawnApp.inject({
      method: 'GET',
      url,
      headers: sent === undefined ? headers : { ...headers, cookie: sent },
      remoteAddress: '203.0.113.7',
    });
  };

  it('draws /orders for a signed-in visitor from the API, with their cookie and address, kept by no cache', async () => {
    calls.length = 0;
    const response = await open(
      '/orders',
      'visitor=olena; XSRF-TOKEN=t',
      {},
      { sameSession: true },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toMatch(/cookie/);
    // The entry is preloaded, not run: the starter runs it, and preloads the page's chunks, once the page is painted.
    expect(response.body).toBe(
      '<!doctype html><html><head><title>medcalc</title>' +
        '<link rel="modulepreload" crossorigin href="/assets/index-AbC123.js">' +
        '<script defer src="/start-after-paint.js" data-entry="/assets/index-AbC123.js" data-preload="/assets/orders-b2.js"></script>' +
        '<style>.drawn{color:red}</style></head><body><div id="root" inert><main class="drawn desktop">olena: olena-1, olena-2 (none)</main></div>' +
        '<script type="application/json" id="state">{"name":"olena"}</script></body></html>',
    );
    expect(calls).toEqual([
      { method: 'GET', url: '/api/user', cookie: 'visitor=olena; XSRF-TOKEN=t', ip: '203.0.113.7' },
      {
        method: 'GET',
        url: '/api/orders?page=1',
        cookie: 'visitor=olena; XSRF-TOKEN=t',
        ip: '203.0.113.7',
      },
    ]);
  });

  it('two visitors drawn at the same time each get their own data', async () => {
    const [olena, petro] = await Promise.all([
      open('/orders', 'visitor=olena'),
      open('/orders', 'visitor=petro'),
    ]);
    expect(olena.body).toContain('olena: olena-1, olena-2');
    expect(petro.body).toContain('petro: petro-1, petro-2');
    expect(petro.body).not.toContain('olena');
  });

  it.each([
    ['phone', { 'sec-ch-ua-mobile': '?1' }],
    ['desktop', { 'sec-ch-ua-mobile': '?0', 'user-agent': 'Mobile Safari' }],
    ['phone', { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36' }],
    ['desktop', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0' }],
    ['desktop', {}],
  ])("draws a %s's layout for %j", async (screen, headers) => {
    const response = await open('/orders', 'visitor=olena', headers);
    expect(response.body).toContain(`<main class="drawn ${screen}">`);
  });

  it(`draws a session's pages ${SESSION_DRAWING_BURST} times in a row, then no more often than every ${SESSION_DRAWING_REFILL_MS / 1000} s`, async () => {
    const visits = [];
    for (let visit = 0; visit <= SESSION_DRAWING_BURST; visit += 1) {
      visits.push(await open('/orders', 'visitor=taras', {}, { sameSession: true }));
    }
    const drawn = visits.map((visit) => visit.body.includes('taras: taras-1'));
    expect(drawn).toEqual([...Array<boolean>(SESSION_DRAWING_BURST).fill(true), false]);
    expect(visits.at(-1)?.body).toContain('<div id="root"></div>');
    // Another session of the same visitor is counted on its own.
    expect((await open('/orders', 'visitor=taras')).body).toContain('taras: taras-1');
  });

  it(`draws at most ${DRAWINGS_AT_ONCE} pages at once; the visits beyond get theirs undrawn`, async () => {
    const pages = await Promise.all(
      ['a', 'b', 'c', 'd'].map((name) => open('/orders', `visitor=${name}`)),
    );
    const drawn = pages.filter((page) => page.body.includes('class="drawn'));
    expect(drawn).toHaveLength(DRAWINGS_AT_ONCE);
    // Once they are done, the next visit is drawn again.
    expect((await open('/orders', 'visitor=e')).body).toContain('e: e-1');
  });

  it('a read that leaves after its drawing has ended is refused before it reaches the API', async () => {
    calls.length = 0;
    const response = await open('/orders?late', 'visitor=olena');
    expect(response.body).toContain('olena: olena-1, olena-2');
    await expect
      .poll(() => (globalThis as { lateRead?: string }).lateRead)
      .toBe('refused: the drawing has ended');
    expect(calls.map((call) => call.url)).toEqual(['/api/user', '/api/orders?page=1']);
  });

  it('a drawing can only read: a change it tries is refused before it reaches the API', async () => {
    calls.length = 0;
    const response = await open('/orders?write', 'visitor=olena');
    expect(response.body).toContain('(refused: a drawn page may only read (POST refused))');
    expect(calls.map((call) => call.method)).toEqual(['GET', 'GET']);
  });

  it.each([
    ['without a cookie', undefined],
    ['when the API does not know the visitor (the drawing answers null)', 'other=1'],
    ['when the drawing fails', 'visitor=olena'],
  ])('sends the page undrawn %s', async (_case, cookie) => {
    const url = _case.includes('fails') ? '/orders?fail' : '/orders';
    const response = await open(url, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(
      HEAD_HTML.replace(
        '</head>',
        '  <link rel="modulepreload" crossorigin href="/assets/orders-b2.js">\n</head>',
      ),
    );
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('a page not drawn on request is not drawn for a signed-in visitor either', async () => {
    calls.length = 0;
    const response = await open('/', 'visitor=olena');
    expect(response.body).toBe(HEAD_HTML);
    expect(calls).toEqual([]);
  });

  it('the drawn page is sent as brotli or gzip to a client that accepts it, the same page', async () => {
    const plain = await open('/orders', 'visitor=olena');
    const br = await open('/orders', 'visitor=olena', { 'accept-encoding': 'br' });
    const gzip = await open('/orders', 'visitor=olena', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('never sends the drawing module itself', async () => {
    const response = await open('/server-render/server-render.js');
    expect(response.body).not.toContain('createPageRenderer');
    expect(response.body).toBe(HEAD_HTML);
  });
});
