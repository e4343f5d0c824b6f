import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test as base, inject } from 'vitest';

import {
  ARTIFACTS_DIR,
  connectBrowser,
  newSession,
  safeName,
  saveFailureArtifacts,
  type BrowserSession,
} from './browser';
import { measured, startCpuReport, writeCpuReport } from './cpu-report';
import { signIn, type Credentials } from './flows';
import { journalOf, serverRequestLines } from './page-journal';
import { startServer, type TestServer } from './server';

/** How many of the server's last log lines a failed step's report shows (a request takes two: → and ←). */
const SERVER_LINES_REPORTED = 30;

/** What a journey file keeps between its steps: its name, its first failed step, what its fixtures started. */
interface JourneyState {
  name: string;
  failedStep?: string;
  server?: TestServer;
  browser?: Browser;
}

/** The server's environment for the administrator a journey's server creates at start (config/env.ts). */
export const adminEnv = (admin: Credentials): Record<string, string> => ({
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
});

/**
 * Opens a window of the journey (own cookies), signed in as `credentials` when given; `options` as {@link newSession}
 * takes them (a phone's viewport, JavaScript off).
 */
export type OpenWindow = (
  credentials?: Credentials,
  options?: Parameters<typeof newSession>[2],
) => Promise<BrowserSession>;

/**
 * A window's part of a failed step's report: where its pages are, and its context's journal
 * (support/page-journal.ts).
 */
function windowReport(number: number, context: BrowserContext): string {
  const urls = context.pages().map((page) => (page.isClosed() ? '(closed)' : page.url()));
  return `--- window ${number} at ${urls.join(', ') || '(no page)'}; its journal: ---\n${journalOf(context) || '(empty)'}`;
}

/**
 * Saves what shows a failed step of every window the journey has open: a screenshot of each page, the trace of the
 * step (open it with `npx playwright show-trace <file>`), and the server's log; answers the report that rides along
 * in the failed test's message (CI prints only that).
 */
async function reportFailure(state: JourneyState, step: string): Promise<string> {
  const contexts = state.browser?.contexts() ?? [];
  const base = `${state.name}-${step}`;
  const reports: string[] = [];
  await saveFailureArtifacts(undefined, base, state.server?.output());
  for (const [index, context] of contexts.entries()) {
    for (const page of context.pages()) await saveFailureArtifacts(page, `${base}-${index + 1}`);
    reports.push(windowReport(index + 1, context));
  }
  return [
    ...reports,
    `--- the server's last ${SERVER_LINES_REPORTED} log lines (static files left out) ---`,
    ...serverRequestLines(state.server?.output() ?? '', SERVER_LINES_REPORTED),
  ].join('\n');
}

/**
 * Ends the trace chunk every open window recorded during a step and starts the next: written to the artifacts folder
 * when the step failed (path printed), dropped when it passed. Never throws: a trace that cannot be written must not
 * hide the step's own result.
 */
async function rotateTraces(state: JourneyState, failedStep?: string): Promise<void> {
  const contexts = state.browser?.contexts() ?? [];
  if (failedStep) await mkdir(ARTIFACTS_DIR, { recursive: true });
  for (const [index, context] of contexts.entries()) {
    try {
      const path = failedStep
        ? join(ARTIFACTS_DIR, `${safeName(`${state.name}-${failedStep}-${index + 1}`)}.trace.zip`)
        : undefined;
      await context.tracing.stopChunk(path ? { path } : undefined);
      if (path) console.error(`[e2e] trace of the failed step: ${path}`);
      await context.tracing.startChunk();
    } catch (error) {
      console.error(`[e2e] could not keep a trace: ${String(error)}`);
    }
  }
}

/**
 * The journeys' `test`: vitest's, with the fixtures a journey file uses. Each file gets its own server (`serverEnv`
 * on top of the test defaults: {@link startJourney}, or `test.override('serverEnv', …)`, at the top of a file), its
 * own connection to the run's one chromium (support/global-setup.ts) and a first window that is not signed in yet
 * (`session`, its `page`); `openWindow` opens more (own cookies), `signedIn` one for a single use. All are
 * file-scoped: the steps of a journey build on each other, and share them. Every test also gets `journeyStep`
 * (automatic): after a failed step the rest are skipped, so the first red test is the one to read; the failed step
 * leaves a screenshot and a trace of every open window and the server's log in apps/web/e2e/.artifacts/.
 */
export const test = base
  .extend('serverEnv', { scope: 'file' }, {} as Record<string, string>)
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern: none.
  .extend('journeyState', { scope: 'file' }, async ({}, { onCleanup }) => {
    startCpuReport();
    const state: JourneyState = { name: 'journey' };
    onCleanup(() => writeCpuReport(state.name));
    return state;
  })
  .extend('server', { scope: 'file' }, async ({ serverEnv, journeyState }, { onCleanup }) => {
    const server = await startServer(serverEnv);
    journeyState.server = server;
    onCleanup(() => measured('server', () => server.stop()));
    return server;
  })
  .extend('browser', { scope: 'file' }, async ({ journeyState }, { onCleanup }) => {
    const browser = await connectBrowser(inject('browserWsEndpoint'));
    journeyState.browser = browser;
    // Closing a connection closes the contexts it opened; chromium itself runs on for the next journey.
    onCleanup(() => browser.close().catch(() => undefined));
    return browser;
  })
  .extend(
    'openWindow',
    { scope: 'file' },
    async ({ browser, server }) =>
      async (
        credentials?: Credentials,
        options?: Parameters<typeof newSession>[2],
      ): Promise<BrowserSession> => {
        const session = await newSession(browser, server.url, options);
        if (credentials) await signIn(session.page, credentials);
        return session;
      },
  )
  .extend(
    'signedIn',
    { scope: 'file' },
    async ({ openWindow }) =>
      async <T>(credentials: Credentials, use: (page: Page) => Promise<T>): Promise<T> => {
        const { context, page } = await openWindow(credentials);
        const result = await use(page);
        // Left open when `use` failed, so the failed step's report and trace show it.
        await context.close();
        return result;
      },
  )
  .extend('session', { scope: 'file' }, async ({ openWindow }) => openWindow())
  .extend('page', { scope: 'file' }, async ({ session }) => session.page)
  .extend('journeyStep', { auto: true }, async ({ task, skip, journeyState }, { onCleanup }) => {
    journeyState.name = basename(task.file.name).replace(/\.e2e\.ts$/, '');
    if (journeyState.failedStep) skip(`an earlier step failed: ${journeyState.failedStep}`);
    onCleanup(async () => {
      if (task.result?.state !== 'fail') return rotateTraces(journeyState);
      journeyState.failedStep ??= task.name;
      await rotateTraces(journeyState, task.name);
      const report = await reportFailure(journeyState, task.name);
      // The failed test's message is what CI prints in full; the report rides along in it.
      const [first] = task.result.errors ?? [];
      if (first) first.message += `\n${report}`;
    });
  });

/**
 * A journey file's set-up, at its top: its server's environment on top of the test defaults (`serverEnv`; none keeps
 * them), and `takePage` handed the first window's page before the first step, for the file's steps and helpers.
 */
export function startJourney({
  serverEnv,
  takePage,
}: {
  serverEnv?: Record<string, string>;
  takePage: (page: Page) => void;
}): void {
  if (serverEnv) test.override('serverEnv', { scope: 'file' }, serverEnv);
  test.beforeAll(({ page }) => takePage(page));
}
