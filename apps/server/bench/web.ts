import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from 'playwright-core';
import type { TemplateListEntry } from '@medcalc/domain';
import { launchBrowser } from '../../../scripts/lib/chromium.mjs';
import { REPO_ROOT, freePort } from '../test/server-process';
import { templateOrderEntries } from './cost-workload';
import { PHONE_SERVICES, benchPhone } from './phone';

/*
 * `npm run bench -- start web wizard`: the production start, what the browser downloads, and the wizard's
 * responsiveness, all against the real compiled server (`scripts/start.mjs --serve`) in Debian's chromium
 * (the way apps/web/e2e drives it). Figures are printed, never asserted.
 *
 * - start: spawn → `GET /api/health` answering, for the compiled server on an empty and on an existing data
 *   folder, for `npm start` on a built tree (the staleness check included), and beside them the server run
 *   from TypeScript through tsx (how it started before it was compiled), on the same folder.
 * - web: the JavaScript `/` downloads in a fresh browser (bytes over the wire: resource timing's
 *   transferSize, headers included), and what opening the wizard of a paid order adds to it.
 * - wizard: an order of 100 services; a step switch (step 1 → 2 → 3 → 2) and a keystroke in a step-2 field,
 *   each from the input event to the next frame after it (performance.mark/measure in the page; the
 *   browser's own Event Timing duration beside it).
 */

const START_SCRIPT = path.join(REPO_ROOT, 'scripts', 'start.mjs');
const SERVER_SOURCE = path.join(REPO_ROOT, 'apps', 'server', 'src', 'main.ts');
const DEMO = { email: 'demo@medcalc.local', password: 'medcalc-demo' };
// Not the README's published password, which must be changed at the first sign-in (issue 34).
const ADMIN = { email: 'admin@medcalc.local', password: 'bench-admin-password-7' };
const WIZARD_SERVICES = 100;
const SAMPLES = 15;

const fmt = (n: number) => n.toFixed(1);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const spread = (values: number[]) =>
  `p50 ${fmt(percentile(values, 50))} ms, max ${fmt(Math.max(...values))} ms (${values.length} runs)`;

function runToEnd(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} failed:\n${output}`)),
    );
  });
}

interface RunningServer {
  url: string;
  /** Spawn → first healthy answer, ms. */
  readyMs: number;
  stop(): Promise<void>;
}

/** Spawns a server on `dataDir` and times it until `GET /api/health` answers ok. */
async function startServer(args: string[], dataDir: string): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'NODE_OPTIONS', 'TEST_DATABASE_URL'])
    delete env[key];
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: url,
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    ADMIN_PASSWORD: ADMIN.password,
  });
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${errors}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > 120_000) {
      await stop();
      throw new Error(`the server did not become healthy in 120 s:\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { url, readyMs: performance.now() - started, stop };
}

/** Production start figures; leaves a server running on a seeded folder for the browser sections. */
async function benchStart(report: string[], dataDir: string): Promise<RunningServer> {
  const first = await startServer([START_SCRIPT, '--serve'], dataDir);
  await first.stop();
  const serveTimes: number[] = [];
  const startTimes: number[] = [];
  const tsxTimes: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    for (const [args, times] of [
      [[START_SCRIPT, '--serve'], serveTimes],
      [[START_SCRIPT], startTimes],
      [['--import', 'tsx', SERVER_SOURCE], tsxTimes],
    ] as const) {
      const server = await startServer([...args], dataDir);
      times.push(server.readyMs);
      await server.stop();
    }
  }
  report.push('production start (spawn → GET /api/health ok; PGlite; 3 runs each, existing data)');
  report.push(
    `  compiled, first start on empty data: ${fmt(first.readyMs)} ms (migrate + seed + accounts)`,
  );
  report.push(`  npm run serve (compiled, node):      ${spread(serveTimes)}`);
  report.push(`  npm start on a built tree:           ${spread(startTimes)}`);
  report.push(`  reference: tsx from TypeScript:      ${spread(tsxTimes)}`);
  return startServer([START_SCRIPT, '--serve'], dataDir);
}

async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: 'uk-UA',
    viewport: { width: 1366, height: 900 },
  });
  context.setDefaultTimeout(60_000);
  return context;
}

/** The X-XSRF-TOKEN header echoing the context's current XSRF-TOKEN cookie (it changes on sign-in). */
async function xsrf(request: APIRequestContext) {
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  return { 'x-xsrf-token': decodeURIComponent(cookie?.value ?? '') };
}

/** Sanctum's SPA flow over a request context: the CSRF cookie, then POST /login. */
async function signIn(request: APIRequestContext, credentials: typeof DEMO) {
  await request.get('/sanctum/csrf-cookie');
  const response = await request.post('/login', {
    data: credentials,
    headers: await xsrf(request),
  });
  if (!response.ok()) throw new Error(`signing in failed: ${response.status()}`);
}

/** A paid order of `count` services (templates repeated) for the demo company; returns its identifier. */
async function placeLargeOrder(context: BrowserContext, baseURL: string, count: number) {
  await signIn(context.request, DEMO);
  const user = (await (await context.request.get('/api/user')).json()) as {
    companyIdentifier: string;
  };
  const templates = templateOrderEntries(
    (await (await context.request.get('/api/get-templates-list')).json()) as TemplateListEntry[],
  );
  if (templates.length === 0) throw new Error('no templates to place an order of');
  const calculations = Array.from({ length: count }, (_, i) => {
    const template = templates[i % templates.length] ?? templates[0];
    return { ...template, templateName: `${template?.templateName ?? ''} (${i + 1})` };
  });
  const placed = await context.request.post(`/api/company/${user.companyIdentifier}/orders/add`, {
    data: { name: `Замовлення на ${count} послуг`, calculations },
    headers: await xsrf(context.request),
  });
  if (!placed.ok())
    throw new Error(`placing the order failed: ${placed.status()} ${await placed.text()}`);
  const { identifier } = (await placed.json()) as { identifier: string };

  const { request } = await import('playwright-core');
  const admin = await request.newContext({ baseURL });
  await signIn(admin, ADMIN);
  const paid = await admin.patch('/api/administrator/orders/change-status', {
    data: { identifier, status: 'paid' },
    headers: await xsrf(admin),
  });
  if (!paid.ok()) throw new Error(`marking the order paid failed: ${paid.status()}`);
  await admin.dispose();
  return identifier;
}

interface Scripts {
  bytes: number;
  files: Set<string>;
}

/** Script resources the page has loaded so far (resource timing: bytes over the wire, headers included). */
async function scriptsOf(page: Page): Promise<Scripts> {
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => entry.initiatorType === 'script' || /\.m?js(\?|$)/.test(entry.name))
      .map((entry) => ({ name: new URL(entry.name).pathname, size: entry.transferSize })),
  );
  return {
    bytes: entries.reduce((sum, entry) => sum + entry.size, 0),
    files: new Set(entries.map((entry) => entry.name)),
  };
}

async function benchWebBytes(report: string[], browser: Browser, baseURL: string, order: string) {
  const context = await newContext(browser, baseURL);
  const page = await context.newPage();
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const landing = await scriptsOf(page);

  // The same browser then signs in and opens the wizard: what it downloads beyond the landing page.
  await signIn(context.request, DEMO);
  await page.evaluate(() => performance.setResourceTimingBufferSize(10_000));
  await page.goto(`/orders/create/${encodeURIComponent(order)}`, { waitUntil: 'networkidle' });
  await page.getByRole('navigation', { name: 'Кроки розрахунку' }).waitFor();
  const wizard = await scriptsOf(page);
  const added = [...wizard.files].filter((file) => !landing.files.has(file));
  const addedBytes = await page.evaluate(
    (files) =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) => files.includes(new URL(entry.name).pathname))
        .reduce((sum, entry) => sum + entry.transferSize, 0),
    added,
  );
  await context.close();

  // The wizard opened directly in a fresh browser: everything it needs.
  const cold = await newContext(browser, baseURL);
  await signIn(cold.request, DEMO);
  const coldPage = await cold.newPage();
  await coldPage.goto(`/orders/create/${encodeURIComponent(order)}`, { waitUntil: 'networkidle' });
  await coldPage.getByRole('navigation', { name: 'Кроки розрахунку' }).waitFor();
  const wizardCold = await scriptsOf(coldPage);
  await cold.close();

  report.push('web: JavaScript over the wire in chromium (brotli; target for / ≤ 200 KB)');
  report.push(
    `  GET / (fresh cache):                 ${kb(landing.bytes)} in ${landing.files.size} files`,
  );
  report.push(
    `  the wizard adds after /:             ${kb(addedBytes)} in ${added.length} files (${wizard.files.size} scripts on the page)`,
  );
  report.push(
    `  the wizard opened directly:          ${kb(wizardCold.bytes)} in ${wizardCold.files.size} files`,
  );
}

/** In the page: times `act()` from its input to the next frame after it (a rAF, then a task after paint). */
async function benchWizard(report: string[], browser: Browser, baseURL: string, order: string) {
  const context = await newContext(browser, baseURL);
  await signIn(context.request, DEMO);
  const page = await context.newPage();
  await page.goto(`/orders/create/${encodeURIComponent(order)}`, { waitUntil: 'networkidle' });
  const nav = page.getByRole('navigation', { name: 'Кроки розрахунку' });
  await nav.waitFor();
  // Steps 2–4 are rendered ahead, hidden, in the browser's idle time after the wizard opens (a user reads step 1
  // first): the first switch to each is measured once they are there.
  await page
    .locator('section.wizard-step-panel')
    .nth(3)
    .waitFor({ state: 'attached', timeout: 60_000 });
  // A string, not a function: tsx's name-keeping helper (`__name`) does not exist in the page.
  await page.evaluate(`(() => {
    window.__events = [];
    new PerformanceObserver((list) => {
      window.__events.push(...list.getEntries());
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
    // From an input event's own timestamp to the first task after the frame it causes.
    for (const type of ['click', 'keydown']) {
      document.addEventListener(
        type,
        (event) => {
          const start = event.timeStamp;
          requestAnimationFrame(() =>
            setTimeout(() => performance.measure('bench:' + type, { start, end: performance.now() }), 0),
          );
        },
        { capture: true },
      );
    }
  })()`);
  const settle = () => page.evaluate('new Promise((resolve) => setTimeout(resolve, 50))');
  const lastMeasure = (name: string) =>
    page.evaluate(
      (measureName) => performance.getEntriesByName(measureName).at(-1)?.duration ?? Number.NaN,
      name,
    );
  const eventDurations = (types: string[]) =>
    page.evaluate((wanted) => {
      const w = window as unknown as { __events: PerformanceEventTiming[] };
      const found = w.__events.filter((entry) => wanted.includes(entry.name));
      w.__events = [];
      return found.map((entry) => entry.duration);
    }, types);

  const stepButton = (title: string) => nav.getByRole('button', { name: new RegExp(`${title}$`) });
  // Steps 2 and 3 render their first cards with the step and the others near the window in a background render
  // (the rest as they are scrolled to): wait until the rendered cards stop changing, so the next interaction is
  // measured on a settled step with nothing else running.
  const settledCards = async (title: string) => {
    if (title === 'Дані закладу') return;
    const cards = page
      .getByRole('region', { name: new RegExp(`^Крок \\d: ${title}$`) })
      .getByRole('region', { name: /^Послуга: / });
    const deadline = Date.now() + 120_000;
    let last = -1;
    let stable = 0;
    while (stable < 3 && Date.now() < deadline) {
      await settle();
      const count = await cards.count();
      stable = count === last ? stable + 1 : 0;
      last = count;
    }
  };
  // BENCH_WIZARD_PROFILE=<folder>: a CPU profile of each loop below (chromium's own profiler, through CDP),
  // written there as wizard-steps.cpuprofile and wizard-keys.cpuprofile (open them in Chrome's DevTools).
  const profileDir = process.env.BENCH_WIZARD_PROFILE;
  const cdp = profileDir ? await context.newCDPSession(page) : undefined;
  const startProfile = async () => {
    if (!cdp) return;
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  };
  const stopProfile = async (name: string) => {
    if (!cdp || !profileDir) return;
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(path.join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
  };
  const stepTimes: number[] = [];
  const stepTimesTo = new Map<string, number[]>();
  await startProfile();
  const traceFile = process.env.BENCH_WIZARD_TRACE;
  if (traceFile)
    await browser.startTracing(page, {
      path: traceFile,
      categories: ['devtools.timeline', 'blink', 'disabled-by-default-devtools.timeline'],
    });
  const cycle = ['Витрати часу', 'Витрати матеріалів', 'Дані закладу'];
  for (let i = 0; i < SAMPLES; i += 1) {
    const title = cycle[i % cycle.length] ?? 'Дані закладу';
    await stepButton(title).click();
    await page.getByRole('region', { name: new RegExp(`^Крок \\d: ${title}$`) }).waitFor();
    await settle();
    const took = await lastMeasure('bench:click');
    stepTimes.push(took);
    stepTimesTo.set(title, [...(stepTimesTo.get(title) ?? []), took]);
    await settledCards(title);
  }
  await stopProfile('wizard-steps');
  if (traceFile) await browser.stopTracing();
  const stepEvents = await eventDurations(['click', 'pointerup', 'pointerdown']);

  await stepButton('Витрати часу').click();
  await page.getByRole('region', { name: 'Крок 2: Витрати часу' }).waitFor();
  await settledCards('Витрати часу');
  await settle();
  await eventDurations([]);
  // The first editable number of step 2 (a staff line's minutes); typed into, then restored by Backspace.
  const field = page
    .getByRole('region', { name: 'Крок 2: Витрати часу' })
    .locator(
      'input:not([readonly]):not([disabled])[inputmode="decimal"], input.ant-input-number-input',
    )
    .first();
  await field.click();
  await page.keyboard.press('End');
  await settle();
  const keyTimes: number[] = [];
  await startProfile();
  for (let i = 0; i < SAMPLES; i += 1) {
    await page.keyboard.press(i % 2 === 0 ? '5' : 'Backspace');
    await settle();
    keyTimes.push(await lastMeasure('bench:keydown'));
  }
  await stopProfile('wizard-keys');
  const keyEvents = await eventDurations(['keydown', 'keypress', 'keyup', 'input', 'beforeinput']);
  const step2 = page.getByRole('region', { name: 'Крок 2: Витрати часу' });
  const services = await step2.getByRole('region', { name: /^Послуга: / }).count();
  const placeholders = await step2.locator('.wizard-card-placeholder').count();
  await context.close();

  const eventNote = (durations: number[]) =>
    durations.length === 0
      ? 'no event over 16 ms'
      : `${durations.length} events over 16 ms, longest ${fmt(Math.max(...durations))} ms`;
  report.push(
    `wizard in chromium: an order of ${WIZARD_SERVICES} services (step 2: ${services} cards rendered, ${placeholders} not yet scrolled to); target < 50 ms`,
  );
  report.push(
    `  step switch (click → next frame):     ${spread(stepTimes)}; Event Timing: ${eventNote(stepEvents)}`,
  );
  for (const [title, times] of stepTimesTo) {
    // The first switch to a step builds it; later ones show it again (steps 1–4 stay rendered, hidden).
    report.push(
      `    to «${title}»: first ${fmt(times[0] ?? Number.NaN)} ms, then ${spread(times.slice(1))}`,
    );
  }
  report.push(
    '  (steps 2 and 3 render their first two cards with the step, the ones near the window in a background render)',
  );
  report.push(
    `  keystroke in step 2 (→ next frame):   ${spread(keyTimes)}; Event Timing: ${eventNote(keyEvents)}`,
  );
}

export const WEB_SECTIONS = ['start', 'web', 'wizard', 'phone'] as const;
export type WebSection = (typeof WEB_SECTIONS)[number];

/** Builds what is stale, then runs the requested sections against one compiled server. */
export async function benchWebSections(report: string[], sections: readonly WebSection[]) {
  await runToEnd(process.execPath, [START_SCRIPT, '--build']);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medcalc-bench-web-'));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    if (sections.includes('start')) server = await benchStart(report, dataDir);
    else server = await startServer([START_SCRIPT, '--serve'], dataDir);
    if (sections.includes('web') || sections.includes('wizard')) {
      browser ??= await launchBrowser();
      const setup = await newContext(browser, server.url);
      const order = await placeLargeOrder(setup, server.url, WIZARD_SERVICES);
      await setup.close();
      if (sections.includes('web')) await benchWebBytes(report, browser, server.url, order);
      if (sections.includes('wizard')) await benchWizard(report, browser, server.url, order);
    }
    if (sections.includes('phone')) {
      browser ??= await launchBrowser();
      const setup = await newContext(browser, server.url);
      const order = await placeLargeOrder(setup, server.url, PHONE_SERVICES);
      await setup.close();
      await benchPhone(report, browser, server.url, order, (context) =>
        signIn(context.request, DEMO),
      );
    }
  } finally {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
