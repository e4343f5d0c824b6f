import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** A server of the web app in `root`, ready for `inject`. */
async function serving(root: string): Promise<FastifyInstance> {
  const server = Fastify();
  await server.register(webAppPlugin, { root });
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
    preloadRoot = distWith('medcalc-web-preloads-', {
      'index.html': HEAD_HTML,
      'route-preloads.json': JSON.stringify([
        { path: '/', files: ['/assets/landing-d4.js'], markup: LANDING_MARKUP },
        { path: '/orders', files: ['/assets/antd-a1.js', '/assets/orders-b2.js'] },
        {
          path: '/orders/create/:identifier',
          files: ['/assets/antd-a1.js', '/assets/wizard-c3.js'],
        },
      ]),
    });
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

  it('a build that drew a page for an index.html without its root element fails at start', () => {
    const broken = distWith('medcalc-web-noroot-', {
      'index.html': '<!doctype html><html><head></head><body><main></main></body></html>',
      'route-preloads.json': JSON.stringify([{ path: '/', files: [], markup: LANDING_MARKUP }]),
    });
    try {
      expect(() => routePages(broken)).toThrow('index.html has no <div id="root"></div>');
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
