import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Pure functions: no file mocks a module or changes the environment, so files share their worker's modules
    // (docs/performance.md "Test suite time").
    isolate: false,
    // The property tests run thousands of cases each: 2–3 s alone, over 7 s while the journeys run beside this
    // stage (scripts/test.mjs) — a correctness suite, not a timing, so the 5 s default is too tight.
    testTimeout: 30_000,
  },
});
