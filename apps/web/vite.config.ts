import { fileURLToPath } from 'node:url';

import babel from '@rolldown/plugin-babel';
import react, { reactCompilerPreset } from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type ProxyOptions } from 'vite';

import { precompressAssets } from './precompress.ts';

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

export default defineConfig(({ mode }) => {
  // `loadEnv` with an empty prefix filter would expose every variable; only VITE_* is read here.
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  const target = env.VITE_API_PROXY || 'http://127.0.0.1:3000';

  return {
    plugins: [...reactPlugins(), precompressAssets()],
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
    },
  };
});
