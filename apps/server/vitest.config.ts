import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each HTTP test file starts its own embedded database (≈1–3 s); keep generous hook timeouts on 2 cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
