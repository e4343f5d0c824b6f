import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
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

/** A fresh context (own cookies and local storage) whose relative goto()s resolve against baseURL. */
export async function newSession(browser: Browser, baseURL: string): Promise<BrowserSession> {
  const context = await browser.newContext({
    baseURL,
    locale: 'uk-UA',
    timezoneId: 'Europe/Kyiv',
    viewport: { width: 1280, height: 900 },
  });
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
 * Waits until antd's overlays and effects are still: a modal's zoom, a dropdown's slide, a popover's zoom, a tab's
 * ink bar. axe measures colours as drawn. And a click on an overlay that is still moving may not do what it
 * should: the likely cause, not a proven one, of two CI failures (a menu link that led nowhere, a popconfirm whose
 * «yes» changed nothing). An antd overlay is in the page before its animation starts (its motion first steps
 * through `-prepare` and `-start` classes, a few frames each), so this waits, frame by frame, until no element
 * has a motion class and no finite animation runs, two frames in a row; at most `timeoutMs`. Endless animations
 * (spinners) are left running.
 */
export async function afterAnimations(page: Page, timeoutMs = 5_000): Promise<void> {
  await page.evaluate(async (timeout) => {
    const MOTION_CLASS = /^ant-[\w-]+-(appear|enter|leave)(-(prepare|start|active))?$/;
    const moving = () =>
      Array.from(
        document.querySelectorAll('[class*="-appear"], [class*="-enter"], [class*="-leave"]'),
      ).some((element) => Array.from(element.classList).some((name) => MOTION_CLASS.test(name))) ||
      document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getTiming().iterations !== Infinity,
        );
    const deadline = performance.now() + timeout;
    for (let still = 0; still < 2 && performance.now() < deadline;) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      still = moving() ? 0 : still + 1;
    }
  }, timeoutMs);
}

/** Waits until `target` is shown and its page is still ({@link afterAnimations}): before a click on an overlay. */
export async function whenStill(target: Locator): Promise<void> {
  await target.waitFor({ state: 'visible' });
  await afterAnimations(target.page());
}

/**
 * Screenshots of `page` at 1366 and 390 px wide, `<name>-<width>.png` in the artifacts folder, for a person to look
 * at (the issues ask for both widths); the page is left at 1366×900.
 */
export async function screenshotAtWidths(
  page: Page,
  name: string,
  { phoneHeight = 900 }: { phoneHeight?: number } = {},
): Promise<void> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? phoneHeight : 900 });
    await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

function safeName(name: string): string {
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
