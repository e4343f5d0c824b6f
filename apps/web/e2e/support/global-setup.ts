import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from '../../../../scripts/lib/chromium.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's one chromium listens (Playwright's protocol over a WebSocket); see support/browser.ts. */
    browserWsEndpoint: string;
  }
}

/**
 * One chromium for the whole run, started here in vitest's main process and closed (and reaped) by the teardown:
 * each journey file connects to it and opens its own contexts (own cookies, storage and cache), instead of
 * starting and stopping a chromium of its own (≈ 1.8 s of CPU each; docs/performance.md "Browser journeys").
 */
export default async function setup(project: TestProject) {
  const browserServer = await launchBrowserServer();
  project.provide('browserWsEndpoint', browserServer.wsEndpoint());
  return () => browserServer.close();
}
