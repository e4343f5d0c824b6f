import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';

import { connectBrowser, newSession, saveFailureArtifacts, type BrowserSession } from './browser';
import { measured, startCpuReport, writeCpuReport } from './cpu-report';
import { journalOf, serverRequestLines } from './page-journal';
import { signIn, type Credentials } from './flows';
import { startServer, type TestServer } from './server';

/**
 * The steps of a journey build on each other: after a failure the rest are skipped instead of failing
 * confusingly, so the first red test is the one to read. `onFailure` saves what shows the failed step
 * (screenshots, the server's log), named after it, and answers a report added to the failed test's message.
 */
export function skipAfterFirstFailure(onFailure: (step: string) => Promise<string>): void {
  let failedStep: string | undefined;
  beforeEach((ctx) => {
    if (failedStep) ctx.skip(`an earlier step failed: ${failedStep}`);
    ctx.onTestFailed(async () => {
      failedStep ??= ctx.task.name;
      const report = await onFailure(ctx.task.name);
      // The failed test's message is what CI prints in full; the report rides along in it.
      const [first] = ctx.task.result?.errors ?? [];
      if (report && first) first.message += `\n${report}`;
    });
  });
}

/**
 * What every journey starts with (in its `beforeAll`): its own server (`env` on top of the test defaults), a
 * connection to the run's chromium (support/global-setup.ts), and a first session that is not signed in yet. A
 * failed start stops what it had started.
 */
export async function openJourney(
  env: Record<string, string> = {},
): Promise<{ server: TestServer; browser: Browser; session: BrowserSession }> {
  const server = await startServer(env);
  try {
    const browser = await connectBrowser(inject('browserWsEndpoint'));
    return { server, browser, session: await newSession(browser, server.url) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * Closes what a journey opened (in its `afterAll`): the pages and contexts given, its connection to chromium (the
 * browser itself runs on for the next journey), then the server. Any
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
  await measured('server', () => server?.stop() ?? Promise.resolve());
}

/** How many of the server's last log lines a failed step's report shows (a request takes two: → and ←). */
const SERVER_LINES_REPORTED = 30;

/** One window in a failed step's report: where its page is, and its journal (support/page-journal.ts). */
function windowReport(key: string, page: Page | undefined, journal = true): string {
  if (!page) return `--- ${key}: not open ---`;
  const url = page.isClosed() ? '(closed)' : page.url();
  if (!journal) return `--- ${key} at ${url}; its journal is its session's, above ---`;
  return `--- ${key} at ${url}; its journal: ---\n${journalOf(page.context()) || '(empty)'}`;
}

/** A window a journey opens after its start: a session (closed by its context) or a lone page. */
type ExtraWindow = BrowserSession | Page | undefined;

/** The page of a window, and what closes it (a session's context, or the page itself). */
const windowParts = (window: ExtraWindow) =>
  window &&
  ('goto' in window ? { page: window, closes: window } : { ...window, closes: window.context });

/**
 * The windows a journey opens after its start, each a fresh session (own cookies) of its chromium against its
 * server, kept under a key: closed before the first session at the end and, when a step fails, saved as
 * `<name>-<step>-<key>` (see {@link useJourney}).
 */
export interface JourneyWindows {
  /** Opens window `key` (signed in as `credentials` when given, landing where {@link signIn} says). */
  open(key: string, credentials?: Credentials): Promise<BrowserSession>;
  /** The page of the open window `key`; throws when it is not open (an earlier step failed). */
  page(key: string): Page;
  /** Closes window `key` now, when the journey is done with it. */
  close(key: string): Promise<void>;
  /** Opens a window signed in as `credentials` for `use` alone, and closes it whatever `use` does. */
  signedIn<T>(credentials: Credentials, use: (page: Page) => Promise<T>): Promise<T>;
}

/**
 * The set-up of a whole journey file: {@link openJourney} in `beforeAll` (with the administrator `admin`, when
 * given, created at start from ADMIN_EMAIL/ADMIN_PASSWORD, apps/server/src/config/env.ts), {@link closeJourney}
 * in `afterAll` and {@link skipAfterFirstFailure}. `opened` hands the started server, chromium and first session
 * (also as its `context` and `page`) to the file. `extraWindows` names the windows the journey opened since (read
 * when a step fails and at the end): each is closed before the first session and, on a failure, saved as
 * `<name>-<step>-<key>` next to the first session's `<name>-<step>` (with the server's output). It answers the
 * {@link JourneyWindows} the steps open more sessions with, kept and saved the same way.
 */
export function useJourney(options: {
  name: string;
  admin?: { email: string; password: string };
  opened: (journey: {
    server: TestServer;
    browser: Browser;
    session: BrowserSession;
    context: BrowserContext;
    page: Page;
  }) => void;
  extraWindows?: () => Record<string, ExtraWindow>;
  /** More of the server's environment (e.g. issue 24's DOCUMENT_JOB_LINES, to make a small order's set a job). */
  env?: Record<string, string>;
}): JourneyWindows {
  const { name, admin, opened, env = {} } = options;
  let journey: Awaited<ReturnType<typeof openJourney>> | undefined;
  const windows = new Map<string, BrowserSession>();
  const extraWindows = () => ({ ...Object.fromEntries(windows), ...options.extraWindows?.() });
  const started = () => {
    if (!journey) throw new Error(`${name}: the journey did not start`);
    return journey;
  };
  beforeAll(async () => {
    startCpuReport();
    journey = await openJourney({
      ...env,
      ...(admin ? { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } : {}),
    });
    opened({ ...journey, ...journey.session });
  });
  afterAll(async () => {
    await closeJourney(
      journey?.server,
      journey?.browser,
      ...Object.values<ExtraWindow>(extraWindows()).map((window) => windowParts(window)?.closes),
      journey?.session.context,
    );
    writeCpuReport(name);
  });
  // Windows `signedIn` closed when their step failed, as the report shows them.
  const closedOnFailure: string[] = [];
  skipAfterFirstFailure(async (step) => {
    await saveFailureArtifacts(journey?.session.page, `${name}-${step}`, journey?.server.output());
    const first = journey?.session.page;
    const reports = [windowReport('first window', first)];
    // A lone page opened in a session already shown (a phone-sized window) shares its journal.
    const shownContexts = new Set(first ? [first.context()] : []);
    for (const [key, window] of Object.entries<ExtraWindow>(extraWindows())) {
      const page = windowParts(window)?.page;
      if (page) await saveFailureArtifacts(page, `${name}-${step}-${key}`);
      reports.push(windowReport(key, page, !page || !shownContexts.has(page.context())));
      if (page) shownContexts.add(page.context());
    }
    reports.push(...closedOnFailure.splice(0));
    return [
      ...reports,
      `--- the server's last ${SERVER_LINES_REPORTED} log lines (static files left out) ---`,
      ...serverRequestLines(journey?.server.output() ?? '', SERVER_LINES_REPORTED),
    ].join('\n');
  });

  const journeyWindows: JourneyWindows = {
    async open(key, credentials) {
      const { browser, server } = started();
      const session = await newSession(browser, server.url);
      windows.set(key, session);
      if (credentials) await signIn(session.page, credentials);
      return session;
    },
    page(key) {
      const session = windows.get(key);
      if (!session) throw new Error(`${name}: no window «${key}» is open`);
      return session.page;
    },
    async close(key) {
      await windows.get(key)?.context.close();
      windows.delete(key);
    },
    async signedIn(credentials, use) {
      const key = `signed-in-${credentials.email}`;
      try {
        return await use((await journeyWindows.open(key, credentials)).page);
      } catch (error) {
        const page = windows.get(key)?.page;
        await saveFailureArtifacts(page, `${name}-${key}`);
        closedOnFailure.push(windowReport(key, page));
        throw error;
      } finally {
        await journeyWindows.close(key);
      }
    },
  };
  return journeyWindows;
}
