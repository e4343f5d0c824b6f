import type { BrowserContext, Request } from 'playwright-core';

/**
 * What a browser session did lately, for the report of a failed step: where its pages went, the requests that
 * failed, answered 4xx/5xx or took long, the page's errors and console errors, and the requests still waiting
 * when the step failed. CI prints only the failed test's message; this goes into it (support/journey.ts), so a
 * step that fails only there (a click that led nowhere, an answer that never came) can be told apart.
 */
const KEPT_ENTRIES = 40;
/** A request is listed as slow, or as still waiting, from this long (ms). */
const SLOW_MS = 2_000;
const KEPT_WAITING = 10;

interface Journal {
  readonly entries: string[];
  readonly pending: Map<Request, number>;
}

const journals = new WeakMap<BrowserContext, Journal>();

const clock = () => new Date().toISOString().slice(11, 23);

/** A URL as the report shows it: the path and query of the app's own origin, anything else whole. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol.startsWith('http') ? `${parsed.pathname}${parsed.search}` : url;
  } catch {
    return url;
  }
}

const describeRequest = (request: Request) => `${request.method()} ${shown(request.url())}`;

/** Starts keeping `context`'s journal (every page it opens); {@link journalOf} reads it. */
export function keepJournal(context: BrowserContext): void {
  const journal: Journal = { entries: [], pending: new Map() };
  journals.set(context, journal);
  let last = '';
  const add = (text: string) => {
    // Chromium reports some navigations twice; once is enough.
    if (text === last) return;
    last = text;
    journal.entries.push(`${clock()} ${text.slice(0, 300)}`);
    if (journal.entries.length > KEPT_ENTRIES) journal.entries.shift();
  };
  const finished = (request: Request) => {
    const started = journal.pending.get(request);
    journal.pending.delete(request);
    return started === undefined ? 0 : Date.now() - started;
  };

  context.on('page', (page) => {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) add(`at ${shown(frame.url())}`);
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error') add(`console error: ${message.text()}`);
  });
  context.on('weberror', (error) => add(`page error: ${error.error().message}`));
  context.on('request', (request) => journal.pending.set(request, Date.now()));
  context.on('requestfailed', (request) => {
    const ms = finished(request);
    add(
      `failed after ${ms} ms: ${describeRequest(request)}: ${request.failure()?.errorText ?? ''}`,
    );
  });
  // Answered is enough (a body still streaming is not what a step waits for).
  context.on('response', (response) => {
    const request = response.request();
    const ms = finished(request);
    if (response.status() >= 400)
      add(`${response.status()} after ${ms} ms: ${describeRequest(request)}`);
    else if (ms >= SLOW_MS)
      add(`slow, ${response.status()} after ${ms} ms: ${describeRequest(request)}`);
  });
}

/** `context`'s journal as lines, the requests still waiting last; '' when nothing was kept. */
export function journalOf(context: BrowserContext): string {
  const journal = journals.get(context);
  if (!journal) return '';
  const now = Date.now();
  // Those waiting a while, oldest first; a page's many module preloads are listed only when they hang.
  const waiting = [...journal.pending]
    .filter(([, started]) => now - started >= SLOW_MS)
    .slice(0, KEPT_WAITING)
    .map(
      ([request, started]) =>
        `still waiting after ${now - started} ms: ${describeRequest(request)}`,
    );
  return [...journal.entries, ...waiting].join('\n');
}

/**
 * The server's output lines (`[out] {pino JSON}`) as a failed step's report shows them: one short line per API
 * call or page request and its answer, with times; the static files' requests left out; lines that are not the
 * server's JSON log as they are. The last `count` of them.
 */
export function serverRequestLines(output: string, count: number): string[] {
  const assets = new Set<string>();
  const shownLines: string[] = [];
  for (const line of output.split('\n')) {
    const json = line.replace(/^\[(out|err)\] /, '');
    let entry: {
      time?: number;
      reqId?: string;
      msg?: string;
      req?: { method?: string; url?: string };
      res?: { statusCode?: number };
      responseTime?: number;
    };
    try {
      entry = JSON.parse(json) as typeof entry;
    } catch {
      if (line) shownLines.push(line);
      continue;
    }
    const at = entry.time === undefined ? '' : new Date(entry.time).toISOString().slice(11, 23);
    const id = entry.reqId ?? '';
    if (entry.req?.url?.startsWith('/assets/')) assets.add(id);
    if (assets.has(id)) continue;
    if (entry.msg === 'incoming request')
      shownLines.push(`${at} ${id} → ${entry.req?.method ?? ''} ${entry.req?.url ?? ''}`);
    else if (entry.msg === 'request completed')
      shownLines.push(
        `${at} ${id} ← ${entry.res?.statusCode ?? ''} in ${Math.round(entry.responseTime ?? 0)} ms`,
      );
    else shownLines.push(`${at} ${json.slice(0, 300)}`);
  }
  return shownLines.slice(-count);
}
