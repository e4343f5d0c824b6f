import { defineConfig } from 'vitest/config';

// One Vitest run covers the unit and HTTP tests of every workspace. The browser journeys (apps/web/e2e) have
// their own config and run from scripts/test-e2e.mjs after the web app is built.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
  },
});
