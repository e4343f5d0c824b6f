import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import {
  FETCHED_UNTIL_READY,
  FIRST_SCREEN_READY,
  readyProbe,
  type FetchedUntilReady,
} from '../../../scripts/lib/first-screen.mjs';

/*
 * `npm run bench -- phone` (issue 39): the first screens as a phone opens them — chromium at 390 × 844, the CPU
 * slowed 4× (`Emulation.setCPUThrottlingRate`), a mobile network of 1.6 Mbit/s down, 750 kbit/s up and 150 ms
 * round trips (`Network.emulateNetworkConditions`), signed in. Each page three times cold (a new browser context:
 * an empty cache, as after a deployment) and each cold visit followed by a warm one (a new tab of the same
 * context). Figures are printed, never asserted; the landing page is the in-run reference.
 */

export const PHONE_SERVICES = 12;
const RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 3);
const KEYSTROKES = Number(process.env.BENCH_PHONE_KEYSTROKES ?? 15);
const VIEWPORT = { width: 390, height: 844 };
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1_000_000) / 8,
  uploadThroughput: (750 * 1_000) / 8,
};
const CPU_SLOWDOWN = 4;

export interface PhonePage {
  /** The page's name in the files a profile or trace is written to. */
  name: keyof typeof FIRST_SCREEN_READY;
  label: string;
  url: string;
  /** What "the page is there" means: the first element matching this, in the viewport and painted. */
  ready: string;
}

export const phonePages = (order: string): PhonePage[] => [
  { name: 'landing', label: 'landing `/`', url: '/', ready: FIRST_SCREEN_READY.landing },
  {
    name: 'orders',
    label: '`/orders` (first order card)',
    url: '/orders',
    ready: FIRST_SCREEN_READY.orders,
  },
  {
    name: 'wizard',
    label: `wizard, ${PHONE_SERVICES} services (first fields)`,
    url: `/orders/create/${encodeURIComponent(order)}`,
    ready: FIRST_SCREEN_READY.wizard,
  },
];

interface Visit {
  ms: number;
  /** Where the page came drawn: when the app took it over (its buttons work from then on). */
  takenOverMs?: number;
  requests: number;
  scripts: number;
  bytes: number;
}

/** Sets the phone's CPU and network on the page (CDP: they hold for this page's target only). */
async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

/**
 * Starts chromium's own CPU profiler on the page (through CDP, so at the throttled rate), sampling every `interval` µs;
 * the function it answers stops it and writes the profile to `file`, for DevTools or a script that sums self time.
 */
async function startProfile(cdp: CDPSession, interval: number, file: string) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
  };
}

/** One visit of `target` in a new tab of `context`: time to ready, and the requests made until then. */
async function visit(context: BrowserContext, target: PhonePage, name: string): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await throttle(context, page);
  await page.addInitScript(readyProbe(target.ready));
  // BENCH_PHONE_VISIT_PROFILE=<folder>: a CPU profile of each visit (from the navigation to the page being there),
  // `<page>-<cold|warm>-<run>.cpuprofile`, for DevTools or a script that sums self time per script.
  const profileDir = process.env.BENCH_PHONE_VISIT_PROFILE;
  const stopProfile = profileDir
    ? await startProfile(cdp, 200, join(profileDir, `${name}.cpuprofile`))
    : undefined;
  // BENCH_PHONE_VISIT_TRACE=<folder>: a chromium trace of each visit, `<page>-<cold|warm>-<run>.json` (the main
  // thread's tasks: module evaluation, requests for the page's files, style, layout and paint).
  const traceDir = process.env.BENCH_PHONE_VISIT_TRACE;
  const browser = context.browser();
  if (traceDir && browser)
    await browser.startTracing(page, {
      path: join(traceDir, `${name}.json`),
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'v8.execute',
        'blink',
        'loading',
      ],
    });
  await page.goto(target.url, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => (window as { __ready?: number }).__ready !== undefined,
    undefined,
    {
      timeout: 120_000,
      polling: 50,
    },
  );
  const fetched = await page.evaluate<FetchedUntilReady>(FETCHED_UNTIL_READY);
  type Probed = { __sentDrawn?: boolean; __takenOver?: number };
  let takenOverMs: number | undefined;
  if (await page.evaluate(() => (window as Probed).__sentDrawn === true)) {
    await page.waitForFunction(() => (window as Probed).__takenOver !== undefined, undefined, {
      timeout: 120_000,
      polling: 50,
    });
    takenOverMs = await page.evaluate(() => (window as Probed).__takenOver);
  }
  if (traceDir && browser) await browser.stopTracing();
  await stopProfile?.();
  const result = {
    list: fetched.requests.map(
      (request) =>
        `${request.start.toFixed(0).padStart(6)} ${request.duration.toFixed(0).padStart(5)} ` +
        `${String(request.bytes).padStart(7)} ${request.path}`,
    ),
    ms: fetched.readyAt,
    takenOverMs,
    requests: fetched.requests.length + 1,
    scripts: fetched.scripts.length,
    bytes: fetched.bytes,
  };
  await page.close();
  const { list, ...visited } = result;
  // BENCH_PHONE_LIST=1: every request until the page is there (start and duration in ms, bytes, path).
  if (process.env.BENCH_PHONE_LIST)
    console.error([`${target.url}, ready at ${visited.ms.toFixed(0)} ms:`, ...list].join('\n'));
  return visited;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function summary(visits: Visit[]) {
  const times = visits.map((v) => seconds(v.ms)).join(', ');
  const takeovers = visits.flatMap((v) => (v.takenOverMs === undefined ? [] : [v.takenOverMs]));
  return (
    `${seconds(median(visits.map((v) => v.ms)))} (${times}); ` +
    (takeovers.length > 0
      ? `came drawn, the app took over at ${seconds(median(takeovers))}; `
      : '') +
    `${median(visits.map((v) => v.requests))} requests, ${median(visits.map((v) => v.scripts))} scripts, ` +
    `${kb(median(visits.map((v) => v.bytes)))}`
  );
}

/**
 * In step 2 of the wizard: a digit and a Backspace in turn, each from its keydown to the next frame after it; once as
 * soon as the step shows, and again once the wizard has rendered steps 3 and 4 ahead (the target's case: typing).
 */
async function keystrokes(browser: Browser, baseURL: string, signIn: SignIn, target: PhonePage) {
  const context = await phoneContext(browser, baseURL);
  await signIn(context);
  const page = await context.newPage();
  await page.goto(`${target.url}?step=2`, { waitUntil: 'networkidle' });
  const step2 = page.getByRole('region', { name: 'Крок 2: Витрати часу' });
  await step2.waitFor();
  const field = step2
    .locator(
      'input:not([readonly]):not([disabled])[inputmode="decimal"], input.ant-input-number-input',
    )
    .first();
  await field.click();
  await page.keyboard.press('End');
  const cdp = await throttle(context, page);
  await page.evaluate(`(() => {
    window.__events = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.interactionId) window.__events.push(entry.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
    document.addEventListener('keydown', (event) => {
      const start = event.timeStamp;
      requestAnimationFrame(() =>
        setTimeout(() => performance.measure('phone:keydown', { start, end: performance.now() }), 0),
      );
    }, { capture: true });
  })()`);
  const pause = (ms: number) =>
    page.evaluate((wait) => new Promise((resolve) => setTimeout(resolve, wait)), ms);
  const settle = () => pause(300);
  /** The Event Timing durations noted since the last call, and a fresh list for the next. */
  const takeEvents = () =>
    page.evaluate(() => {
      const holder = window as unknown as { __events: number[] };
      const events = holder.__events;
      holder.__events = [];
      return events;
    });
  await settle();
  const typeKeys = async () => {
    const frames: number[] = [];
    for (let i = 0; i < KEYSTROKES; i += 1) {
      await page.keyboard.press(i % 2 === 0 ? '5' : 'Backspace');
      await settle();
      frames.push(
        await page.evaluate(
          () => performance.getEntriesByName('phone:keydown').at(-1)?.duration ?? Number.NaN,
        ),
      );
    }
    return frames;
  };
  const priceListRows = page.locator('[aria-label^="Крок 4"] [id^="price-list-"]');
  // At once: the keys meet the wizard's work of its first seconds (steps 3 and 4 rendered ahead, which a key
  // interrupts and which then waits for a pause in typing), unless it was done before them (said in the report).
  const wasRenderedAhead = (await priceListRows.count()) > 0;
  const atOnce = await typeKeys();
  const eventsAtOnce = await takeEvents();
  // Settled: the same keys once steps 3 and 4 are rendered ahead (hidden, in the page) and nothing else is on its way,
  // as for someone typing a while after the wizard opened.
  await pause(2000); // a pause in typing lets the render ahead go on
  // Step 4's panel comes first, its lazy code and the price list's rows after it.
  await priceListRows.first().waitFor({ state: 'attached', timeout: 120_000 });
  await pause(2000);
  await field.click();
  await page.keyboard.press('End');
  // An odd number of keys left one digit more than the field had: taken back, so the value stays valid (a digit too
  // many shows a message under the field and marks the step, a heavier render than a keystroke's).
  if (KEYSTROKES % 2 === 1) await page.keyboard.press('Backspace');
  await settle();
  await takeEvents(); // the set-up's click and keys are not the settled run's
  // BENCH_PHONE_PROFILE=<file>: a CPU profile of the settled keys (chromium's own profiler, through CDP, at the
  // throttled rate), for DevTools or a script that sums self time per function.
  const profileFile = process.env.BENCH_PHONE_PROFILE;
  const stopProfile = profileFile ? await startProfile(cdp, 100, profileFile) : undefined;
  // BENCH_PHONE_TRACE=<file>: a chromium trace of the settled keys (script, style, layout and paint events).
  const traceFile = process.env.BENCH_PHONE_TRACE;
  if (traceFile)
    await browser.startTracing(page, {
      path: traceFile,
      categories: [
        'devtools.timeline',
        'blink.user_timing',
        'disabled-by-default-devtools.timeline',
      ],
    });
  const settled = await typeKeys();
  if (traceFile) await browser.stopTracing();
  await stopProfile?.();
  const eventsSettled = await takeEvents();
  await context.close();
  return {
    atOnce: { frames: atOnce, events: eventsAtOnce, wasRenderedAhead },
    settled: { frames: settled, events: eventsSettled },
  };
}

type SignIn = (context: BrowserContext) => Promise<void>;

async function phoneContext(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    locale: 'uk-UA',
    viewport: VIEWPORT,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
  });
  context.setDefaultTimeout(120_000);
  return context;
}

export async function benchPhone(
  report: string[],
  browser: Browser,
  baseURL: string,
  order: string,
  signIn: SignIn,
) {
  const pages = phonePages(order);
  const cold = new Map<PhonePage, Visit[]>(pages.map((p) => [p, []]));
  const warm = new Map<PhonePage, Visit[]>(pages.map((p) => [p, []]));
  // Round by round rather than page by page, so that a noisy minute on the machine falls on every page alike.
  // BENCH_PHONE_RUNS=0: the keystrokes only.
  for (let run = 0; run < RUNS; run += 1) {
    for (const target of pages) {
      const context = await phoneContext(browser, baseURL);
      await signIn(context);
      const first = await visit(context, target, `${target.name}-cold-${run + 1}`);
      const again = await visit(context, target, `${target.name}-warm-${run + 1}`);
      cold.get(target)?.push(first);
      warm.get(target)?.push(again);
      // Progress on stderr (the report is printed at the end).
      console.error(
        `phone run ${run + 1}, ${target.url}: cold ${seconds(first.ms)}, warm ${seconds(again.ms)}`,
      );
      await context.close();
    }
  }
  const wizard = pages[2];
  const keys = wizard ? await keystrokes(browser, baseURL, signIn, wizard) : undefined;

  report.push(
    `phone: chromium ${VIEWPORT.width}×${VIEWPORT.height}, CPU ${CPU_SLOWDOWN}× slower, 1.6 Mbit/s down, ` +
      `750 kbit/s up, ${NETWORK.latency} ms RTT, signed in; median of ${RUNS} (each run), requests and bytes ` +
      'until the page is there (transferSize, headers included)',
  );
  for (const target of RUNS > 0 ? pages : []) {
    report.push(`  ${target.label}`);
    report.push(`    cold: ${summary(cold.get(target) ?? [])}`);
    report.push(`    warm: ${summary(warm.get(target) ?? [])}`);
  }
  if (keys) {
    const fmt = (n: number) => n.toFixed(1);
    report.push(
      `  keystroke in step 2 of the ${PHONE_SERVICES}-service wizard (keydown → next frame, ${CPU_SLOWDOWN}× CPU):`,
    );
    for (const [when, { frames, events }] of [
      [
        `as soon as step 2 shows (steps 3–4 ${keys.atOnce.wasRenderedAhead ? 'already' : 'not yet'} rendered)`,
        keys.atOnce,
      ],
      ['settled (steps 3–4 rendered ahead)', keys.settled],
    ] as const) {
      report.push(
        `    ${when}: median ${fmt(median(frames))} ms, max ${fmt(Math.max(...frames))} ms (${frames.length}); ` +
          `Event Timing: ${
            events.length === 0
              ? 'no event over 16 ms'
              : `${events.length} over 16 ms, longest ${fmt(Math.max(...events))} ms`
          }`,
      );
    }
  }
}
