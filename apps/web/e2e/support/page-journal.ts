import type { BrowserContext, Page, Request } from 'playwright-core';

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
  /** When each request of the context started (kept until it finished or failed, for its duration). */
  readonly started: Map<Request, number>;
  /** The requests without an answer yet. */
  readonly waiting: Set<Request>;
  add(text: string): void;
}

const journals = new WeakMap<BrowserContext, Journal>();

const clock = () => new Date().toISOString().slice(11, 23);

/** A URL as the report shows it: an http(s) URL by its path and query (every journey talks to one server). */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol.startsWith('http') ? `${parsed.pathname}${parsed.search}` : url;
  } catch {
    return url;
  }
}

const describeRequest = (request: Request) => `${request.method()} ${shown(request.url())}`;

/** The page a request came from, or undefined (a worker's, or a page already gone). */
function pageOf(request: Request): Page | undefined {
  try {
    return request.frame().page();
  } catch {
    return undefined;
  }
}

/** Starts keeping `context`'s journal (every page it opens); {@link journalOf} reads it. */
export function keepJournal(context: BrowserContext): void {
  let last = '';
  const journal: Journal = {
    entries: [],
    started: new Map(),
    waiting: new Set(),
    add(text: string) {
      // Chromium reports some navigations twice; once is enough.
      if (text === last) return;
      last = text;
      journal.entries.push(`${clock()} ${text.slice(0, 300)}`);
      if (journal.entries.length > KEPT_ENTRIES) journal.entries.shift();
    },
  };
  journals.set(context, journal);
  const { add } = journal;
  const since = (request: Request) => {
    const started = journal.started.get(request);
    return started === undefined ? 0 : Date.now() - started;
  };
  const done = (request: Request) => {
    journal.started.delete(request);
    journal.waiting.delete(request);
  };

  context.on('page', (page) => {
    // A second page of the context (a phone-sized window) says which it is.
    const name = context.pages().length > 1 ? `page ${context.pages().indexOf(page) + 1} ` : '';
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) add(`${name}at ${shown(frame.url())}`);
    });
    // A closed page's requests will never answer.
    page.on('close', () => {
      for (const request of journal.started.keys()) if (pageOf(request) === page) done(request);
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error') add(`console error: ${message.text()}`);
  });
  context.on('weberror', (error) => add(`page error: ${error.error().message}`));
  context.on('request', (request) => {
    journal.started.set(request, Date.now());
    journal.waiting.add(request);
  });
  context.on('requestfailed', (request) => {
    add(
      `failed after ${since(request)} ms: ${describeRequest(request)}: ${request.failure()?.errorText ?? ''}`,
    );
    done(request);
  });
  context.on('requestfinished', done);
  // Answered is what a step waits for (a body still streaming is not).
  context.on('response', (response) => {
    const request = response.request();
    journal.waiting.delete(request);
    const ms = since(request);
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
  const waiting = [...journal.waiting]
    .map((request) => [request, now - (journal.started.get(request) ?? now)] as const)
    .filter(([, ms]) => ms >= SLOW_MS)
    .slice(0, KEPT_WAITING)
    .map(([request, ms]) => `still waiting after ${ms} ms: ${describeRequest(request)}`);
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
