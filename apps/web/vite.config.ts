import { fileURLToPath } from 'node:url';

import babel from '@rolldown/plugin-babel';
import react, { reactCompilerPreset } from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type ProxyOptions } from 'vite';

import { precompressAssets } from './precompress.ts';
import { routePreloads } from './route-preloads.ts';
import { serverRenderBuild } from './server-render-build.ts';

/**
 * `/login`, `/logout` and `/password/{email,reset}` are both SPA pages (GET) and server actions (POST), the
 * Laravel-style contract of spec §7. In dev only the non-GET calls go to the server; a GET (a page load or
 * a reload on /login) is answered with index.html so the router can show the page.
 */
const spaOnGet: ProxyOptions['bypass'] = (req) =>
  req.method === 'GET' || req.method === 'HEAD' ? '/index.html' : undefined;

/**
 * React with the React Compiler (issue 19): components and hooks are memoised at build time, so the wizard needs no
 * hand-written render caches. Shared with vitest.config.ts, so the unit tests run the code the browser runs.
 */
export const reactPlugins = () => [react(), babel({ presets: [reactCompilerPreset()] })];

/**
 * Everything index.html loads in one chunk (issue 39): React, the router, TanStack Query, the API client and the
 * domain's schemas. Left to itself rolldown split them by which lazy pages share each module, and the landing page
 * fetched 16 files before it could run, a round trip (150 ms on a phone) apiece, six at a time.
 *
 * Tried and dropped (docs/performance.md "Phone"): grouping antd and the app's shared modules by how many pages
 * use them. A group takes what its modules import as well, so antd's grouped chunk grew to 206 KB (brotli) and
 * the landing page, which imports antd's icons, came to need it too; grouping by the pages that share a module
 * (`entriesAware`) with small groups merged made the landing page load 28 chunks, 435 KB.
 */
const CHUNK_GROUPS = {
  groups: [
    { name: 'entry', tags: ['$initial' as const] },
    // antd's colour code, which the landing page's two-tone icon needs: in a chunk of its own (5 KB brotli), not in
    // the group below, which takes it with the rest of antd and made `/` download 104 KB more (issue 39).
    { name: 'icon-colors', test: /node_modules[\\/]@ant-design[\\/](colors|fast-color)[\\/]/ },
    // The domain's phone formatting (no zod), which the landing page's first screen shows the provider's phone with:
    // on its own, since the group below would take it with the schemas (a group takes its modules' imports too).
    { name: 'phone', test: /packages[\\/]domain[\\/]src[\\/]common[\\/]phone\.ts/ },
    // zod and the domain's schemas and route table: every signed-in page needs them, the landing page's first screen
    // does not (its contacts and the session's calls load them after it). Without this group they went into the
    // next one, with antd, which the landing page would then have fetched for its contacts.
    {
      name: 'schemas',
      test: /node_modules[\\/]zod[\\/]|packages[\\/]domain[\\/]src[\\/]/,
    },
    // The two hooks every page with a save or a download takes (one chunk, not two round trips). A group takes what
    // its modules import as well: this one holds antd's core and its form (100 KB brotli), which every page but the
    // landing one needs. Without the group `/orders` needed 73 chunks instead of 48 (issue 39).
    { name: 'page-hooks', test: /src[\\/]hooks[\\/]use-(api-mutation|file-download)\.ts/ },
  ],
};

export default defineConfig(({ mode }) => {
  // `loadEnv` with an empty prefix filter would expose every variable; only VITE_* is read here.
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  const target = env.VITE_API_PROXY || 'http://127.0.0.1:3000';

  return {
    plugins: [
      ...reactPlugins(),
      precompressAssets(),
      routePreloads(),
      serverRenderBuild(reactPlugins),
    ],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    server: {
      port: 5173,
      proxy: {
        '/api': { target },
        '/sanctum': { target },
        '^/(login|logout|password/(email|reset))(\\?.*)?$': { target, bypass: spaOnGet },
      },
    },
    preview: { port: 4173 },
    build: {
      outDir: 'dist',
      sourcemap: true,
      rolldownOptions: {
        output: {
          codeSplitting: CHUNK_GROUPS,
        },
      },
    },
  };
});
