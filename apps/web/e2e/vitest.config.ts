import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys: run by scripts/test-e2e.mjs after `npm run build` (the web app and the compiled server), never
// by the root `vitest run` (its projects only pick up *.test.ts(x)). Every journey file starts its own server (own
// port and data folder) and opens its own contexts in the run's one chromium; most of a journey's time is waiting
// (the server, the page), so two files run at once (docs/performance.md "Browser journeys").
export default defineConfig({
  // The repo root, so `include` and the server's relative paths do not depend on the caller's cwd.
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['apps/web/e2e/**/*.e2e.ts'],
    // One chromium for the run, which every journey file connects to (support/global-setup.ts).
    globalSetup: ['apps/web/e2e/support/global-setup.ts'],
    // Fails a test during which chromium reported a Content-Security-Policy violation.
    setupFiles: ['apps/web/e2e/support/csp-guard.ts'],
    environment: 'node',
    fileParallelism: true,
    maxWorkers: 2,
    // Each of the two worker processes runs its files one after another, loading vitest, Playwright's client and
    // the support modules once instead of once per file. The support modules keep no state between files
    // (support/browser.ts' CSP list is emptied after every test; support/journey.ts' fixtures are file-scoped).
    isolate: false,
    // Browser steps include server round trips and password hashing on a loaded CI machine.
    testTimeout: 60_000,
    // beforeAll starts the server (its migrations and boot work) and connects to the browser.
    hookTimeout: 120_000,
    // Retrying a failed journey hides real bugs and doubles the time to red; fail once, loudly.
    retry: 0,
  },
});
