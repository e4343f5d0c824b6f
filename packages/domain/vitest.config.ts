import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Pure functions: no file mocks a module or changes the environment, so files share their worker's modules
    // (docs/performance.md "Test suite time").
    isolate: false,
  },
});
