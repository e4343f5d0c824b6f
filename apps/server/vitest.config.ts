import { configDefaults, defineProject } from 'vitest/config';
import { STATIC_TESTS } from './vitest.static-tests';

// The server's HTTP tests (test/): each file starts the app on its own copy of the run's database, and
// scripts/test-pg.mjs runs this project again on PostgreSQL. The unit tests next to the code (src/) are the
// 'server-unit' project (vitest.unit.config.ts).
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // The ones that open no database run once, with the unit tests.
    exclude: [...configDefaults.exclude, ...STATIC_TESTS],
    // Migrates and seeds one database per run, which each HTTP test file copies (test/database-template.ts).
    globalSetup: ['test/global-setup.ts'],
    // Files share their worker's modules (Fastify, drizzle, zod, pdfmake and the app) instead of importing them
    // once per file: the project's CPU fell by ≈ 23 % (docs/performance.md "Test suite time"). No file mocks a
    // module, stubs a global or writes the environment, and each builds and closes its own app and database.
    isolate: false,
    // Not the root config's transform cache: with it, vitest 4.1.12 fails to collect this project («code.charCodeAt
    // is not a function» in vite's source-map lookup; cause not found).
    experimental: { fsModuleCache: false },
    // Each HTTP test file opens its own copy of the run's template database (≈1–2 s); keep generous hook timeouts on 2 cores.
    // A test's timeout is a guard against a hang, not a speed check (those are benches): in `npm test` the PostgreSQL
    // stage runs at nice 10 beside the journeys, where a document test that takes 3 s alone took 12.7 s here and
    // over 30 s on CI (approvals.test.ts, 30 Nov 2026), so 90 s.
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
