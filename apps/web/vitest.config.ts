import { fileURLToPath } from 'node:url';

import { defineProject } from 'vitest/config';

import { reactPlugins } from './vite.config.ts';

export default defineProject({
  plugins: reactPlugins(),
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // antd renders a lot of DOM in jsdom; the 5 s default is tight on 2 cores.
    testTimeout: 20_000,
  },
});
