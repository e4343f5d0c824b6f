import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys: run by scripts/test-e2e.mjs after `npm run build -w @medcalc/web`, never by the
// root `vitest run` (its projects only pick up *.test.ts(x)). Every journey file starts a real server
// and a chromium, so files run one at a time: two of each at once would overload 2 cores and make
// timeouts flaky.
export default defineConfig({
  // The repo root, so `include` and the server's relative paths do not depend on the caller's cwd.
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['apps/web/e2e/**/*.e2e.ts'],
    // Fails a test during which chromium reported a Content-Security-Policy violation.
    setupFiles: ['apps/web/e2e/support/csp-guard.ts'],
    environment: 'node',
    fileParallelism: false,
    // Browser steps include server round trips and password hashing on a loaded CI machine.
    testTimeout: 60_000,
    // beforeAll starts the server (tsx compile + migrations) and the browser.
    hookTimeout: 120_000,
    // Retrying a failed journey hides real bugs and doubles the time to red; fail once, loudly.
    retry: 0,
  },
});
