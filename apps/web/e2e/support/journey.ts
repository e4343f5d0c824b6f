import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeEach } from 'vitest';

import { launchBrowser, newSession, type BrowserSession } from './browser';
import { startServer, type TestServer } from './server';

/**
 * The steps of a journey build on each other: after a failure the rest are skipped instead of failing
 * confusingly, so the first red test is the one to read. `onFailure` saves what shows the failed step
 * (screenshots, the server's log), named after it.
 */
export function skipAfterFirstFailure(onFailure: (step: string) => Promise<void>): void {
  let failedStep: string | undefined;
  beforeEach((ctx) => {
    if (failedStep) ctx.skip(`an earlier step failed: ${failedStep}`);
    ctx.onTestFailed(async () => {
      failedStep ??= ctx.task.name;
      await onFailure(ctx.task.name);
    });
  });
}

/**
 * What every journey starts with (in its `beforeAll`): its own server (`env` on top of the test defaults), a
 * chromium, and a first session that is not signed in yet. A failed start stops what it had started.
 */
export async function openJourney(
  env: Record<string, string> = {},
): Promise<{ server: TestServer; browser: Browser; session: BrowserSession }> {
  const server = await startServer(env);
  try {
    const browser = await launchBrowser();
    return { server, browser, session: await newSession(browser, server.url) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * Closes what a journey opened (in its `afterAll`): the pages and contexts given, chromium, then the server. Any
 * of them may be missing (a start that failed half-way); a close that fails is passed over, so the server still
 * stops.
 */
export async function closeJourney(
  server: TestServer | undefined,
  browser: Browser | undefined,
  ...opened: (BrowserContext | Page | undefined)[]
): Promise<void> {
  for (const item of opened) await item?.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await server?.stop();
}
