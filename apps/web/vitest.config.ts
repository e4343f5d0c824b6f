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
    // The files of a worker share its modules and its jsdom window instead of importing React, antd and the app
    // and building a window once per file: the project's CPU fell by ≈ 31 % (docs/performance.md "Test suite
    // time"). No file mocks a module; the set-up file puts back timers and stubbed globals after every test, and
    // vitest restores spies between files.
    isolate: false,
  },
});
