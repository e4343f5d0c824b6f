import { defineProject } from 'vitest/config';
import { STATIC_TESTS } from './vitest.static-tests';

// The server's unit tests (src/): none of them opens the test database (TEST_DATABASE_URL, test/helper.ts), so
// they run once, on the PGlite stage; scripts/test-pg.mjs runs only the 'server' project (vitest.config.ts).
export default defineProject({
  test: {
    name: 'server-unit',
    environment: 'node',
    // And the tests under test/ that open no database either (they read the source and its config).
    include: ['src/**/*.test.ts', ...STATIC_TESTS],
    // Files share their worker's modules instead of importing the app's modules again each (≈ half their CPU on
    // 2 cores): none of them mocks a module, stubs the environment or keeps state in a module between tests
    // (docs/performance.md "Test suite time").
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
