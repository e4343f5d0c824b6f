import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys: run by scripts/test-e2e.mjs after `npm run build` (the web app and the compiled server), never
// by the root `vitest run` (its projects only pick up *.test.ts(x)). Every journey file starts a real server of its
// own (own port, data folder and outbox) and opens its own contexts in the run's one chromium. A journey mostly waits
// (on chromium, its server and the app's debounces: ≈ 10 s of its node processes' CPU in 50–100 s), so two files run
// at once (E2E_WORKERS, default 2; 1 runs them one after another): docs/performance.md "Test suite time".
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

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
    fileParallelism: WORKERS > 1,
    maxWorkers: WORKERS,
    // Each worker process runs its files one after another and loads vitest, Playwright's client and the support
    // modules once instead of once per file. Each file still starts its own server and opens its own browser
    // contexts; the support modules keep no state between files (support/browser.ts' CSP list is emptied after
    // every test; support/journey.ts' fixtures, the CPU report's count among them, are file-scoped).
    isolate: false,
    // Browser steps include server round trips and password hashing on a loaded CI machine.
    testTimeout: 60_000,
    // beforeAll starts the server (its migrations and boot work) and connects to the browser.
    hookTimeout: 120_000,
    // Retrying a failed journey hides real bugs and doubles the time to red; fail once, loudly.
    retry: 0,
  },
});
