import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { connectBrowser } from '../../../../scripts/lib/chromium.mjs';
import { keepJournal } from './page-journal';

/** Failure screenshots and server logs land here (gitignored). */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../.artifacts/', import.meta.url));

export { connectBrowser };

export interface BrowserSession {
  readonly context: BrowserContext;
  readonly page: Page;
}

/**
 * Content-Security-Policy violations chromium reported in any page since the last call (issue 12: the server's
 * CSP must let the app run). e2e/support/csp-guard.ts fails every test that leaves one.
 */
const cspViolations: string[] = [];
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/**
 * A fresh context (own cookies and local storage) whose relative goto()s resolve against baseURL. It asks for
 * reduced motion, which the app honours for antd's motion too (components/ui/antd-config.tsx): no zoom or slide to
 * wait out before a click, and axe measures colours as drawn. It records a trace (DOM snapshots and network, no
 * screencast), kept only for a failed test (support/journey.ts). `options` change the viewport or turn JavaScript off.
 */
export async function newSession(
  browser: Browser,
  baseURL: string,
  options: Pick<
    BrowserContextOptions,
    'viewport' | 'javaScriptEnabled' | 'hasTouch' | 'isMobile'
  > = {},
): Promise<BrowserSession> {
  const context = await browser.newContext({
    baseURL,
    locale: 'uk-UA',
    timezoneId: 'Europe/Kyiv',
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
    ...options,
  });
  await context.tracing.start({ snapshots: true, screenshots: false });
  // Generous enough for a cold page load on a busy CI machine, short enough to fail well inside the
  // 60 s test timeout with Playwright's own, more precise, message.
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  keepJournal(context);
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()))
      cspViolations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
  });
  // A violation that a script catches (e.g. a probe of `new Function` in a try) logs nothing to the console, but
  // the page still gets a `securitypolicyviolation` event: written to the console, it is caught above too.
  // A string, not a function: a transform's name-keeping helper would not exist in the page.
  await context.addInitScript(`document.addEventListener('securitypolicyviolation', (event) => {
    console.error('Content Security Policy violation: ' + event.violatedDirective + ' at ' + event.sourceFile + ':' + event.lineNumber);
  });`);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Screenshots of `page` at 1366 and 390 px wide, `<name>-<width>.png` in the artifacts folder, for a person to look
 * at (the issues ask for both widths); the page is left at 1366×900. With `ready`, each waits for it to be visible
 * at that width; `fullPage` takes the whole page rather than the window.
 */
export async function screenshotAtWidths(
  page: Page,
  name: string,
  {
    phoneHeight = 900,
    ready,
    fullPage = false,
  }: { phoneHeight?: number; ready?: Locator; fullPage?: boolean } = {},
): Promise<void> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? phoneHeight : 900 });
    await ready?.waitFor({ state: 'visible' });
    await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

export function safeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

/**
 * Saves a full-page screenshot (and, when given, the server's recent output) for a failed test into
 * apps/web/e2e/.artifacts/. Never throws: a failing screenshot must not mask the test's own error.
 */
export async function saveFailureArtifacts(
  page: Page | undefined,
  testName: string,
  serverOutput?: string,
): Promise<void> {
  const base = join(
    ARTIFACTS_DIR,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeName(testName)}`,
  );
  try {
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    const saved: string[] = [];
    if (page && !page.isClosed()) {
      await page.screenshot({ path: `${base}.png`, fullPage: true, timeout: 10_000 });
      saved.push(`${base}.png`);
      await writeFile(`${base}.url.txt`, `${page.url()}\n`);
    }
    if (serverOutput !== undefined) {
      await writeFile(`${base}.server.log`, serverOutput);
      saved.push(`${base}.server.log`);
    }
    if (saved.length > 0) console.error(`[e2e] failure artifacts:\n  ${saved.join('\n  ')}`);
  } catch (error) {
    console.error(`[e2e] could not save failure artifacts: ${String(error)}`);
  }
}
