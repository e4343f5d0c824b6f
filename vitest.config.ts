import { availableParallelism } from 'node:os';

import { defineConfig } from 'vitest/config';

// One Vitest run covers the unit and HTTP tests of every workspace. The browser journeys (apps/web/e2e) have
// their own config and run from scripts/test-e2e.mjs after the web app is built.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/server/vitest.unit.config.ts', 'apps/web'],
    // One test file per core. Vitest's default is one less than the cores, which on the 2-core CI machine ran
    // every file one after another while the second core idled (docs/performance.md "Test suite time").
    maxWorkers: availableParallelism(),
    // Each module's transform (TypeScript, and the web app's React Compiler through babel) is kept on disk and reused by
    // the next run while the file, the config and package-lock.json are unchanged (node_modules/.experimental-vitest-cache,
    // cleared by `vitest --clearCache`): docs/performance.md "Test suite time".
    experimental: { fsModuleCache: true },
  },
});
