import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrates and seeds one database per run, which each HTTP test file copies (test/database-template.ts).
    globalSetup: ['test/global-setup.ts'],
    // Each HTTP test file opens its own copy of the run's template database (≈1–2 s); keep generous hook timeouts on 2 cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
