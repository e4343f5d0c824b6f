// eslint-disable-next-line no-restricted-imports -- not who acts: which visitor's cookie a drawing's reads carry (issue 39); the API they reach takes the actor from that cookie, as for a browser's call.
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256 } from '../lib/random';

/** Where the web build puts its server-side drawing of the signed-in first screens (apps/web/server-render-build.ts). */
export const SERVER_RENDER_DIR = 'server-render';
const SERVER_RENDER_MODULE = path.join(SERVER_RENDER_DIR, 'server-render.js');

/** A first screen drawn with its data: what goes before `</head>`, into `#root`, and after it. */
export interface DrawnPage {
  head: string;
  root: string;
  afterRoot: string;
}

type Transport = typeof fetch;
/** The kind of screen a page is drawn for (apps/web/src/hooks/use-breakpoints.ts). */
type DrawnScreen = 'phone' | 'desktop';
type DrawPage = (url: string, screen: DrawnScreen) => Promise<DrawnPage | null>;
interface ServerRenderModule {
  createPageRenderer: (transport: Transport) => DrawPage;
}

/** The URL of what the page's code asks for, as a path on this server. */
function requestPath(input: Parameters<Transport>[0]): string {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(href, 'http://localhost');
  return `${url.pathname}${url.search}`;
}

/**
 * Which layout to draw for: a server measures no window, so it goes by what the browser says of itself — the
 * `Sec-CH-UA-Mobile` hint Chromium sends, or «Mobi» in the user agent, as phones' browsers put it.
 */
export function screenOf(visitor: FastifyRequest): DrawnScreen {
  const hint = visitor.headers['sec-ch-ua-mobile'];
  if (hint === '?1') return 'phone';
  if (hint === '?0') return 'desktop';
  return /Mobi/i.test(visitor.headers['user-agent'] ?? '') ? 'phone' : 'desktop';
}

/**
 * What the page's code sends its calls through while the server draws it: the API in this process
 * (`app.inject`, every hook and scope check as for a browser's call), with the visitor's cookie and address. Reads
 * only: a drawing must never change anything, so any other method is refused before it reaches a route.
 */
function visitorTransport(
  app: FastifyInstance,
  visitor: FastifyRequest,
  isOpen: () => boolean,
): Transport {
  return async (input, init) => {
    // A drawing given up (its data too slow) may still have reads on their way, and a loader may start more when
    // they answer: they end here, and the app asks for the page's data itself.
    if (!isOpen()) throw new Error('the drawing has ended');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new Error(`a drawn page may only read (${method} refused)`);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    if (visitor.headers.cookie !== undefined) headers.cookie = visitor.headers.cookie;
    const userAgent = visitor.headers['user-agent'];
    if (userAgent !== undefined) headers['user-agent'] = userAgent;
    const answer = await app.inject({
      method: 'GET',
      url: requestPath(input),
      headers,
      remoteAddress: visitor.ip,
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      // The session's cookies stay with the browser's own calls.
      if (name === 'set-cookie' || value === undefined) continue;
      answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: answerHeaders,
    });
  };
}

/** At most this many drawings at once in a process: a visit beyond them gets its page undrawn, as before. */
export const DRAWINGS_AT_ONCE = 2;
/**
 * A session's drawings: a burst of this many, then one more each {@link SESSION_DRAWING_REFILL_MS}. A visit past them
 * (a reload held down, a script asking for the page again and again) gets its page undrawn.
 */
export const SESSION_DRAWING_BURST = 5;
export const SESSION_DRAWING_REFILL_MS = 2_000;
/** The sessions whose drawings are counted; the one counted longest ago is forgotten first. */
const SESSIONS_REMEMBERED = 10_000;

/**
 * Which visits may be drawn. A drawing costs the server 50–150 ms of CPU (`/orders`, a 12-service wizard) where an
 * undrawn page costs nothing, so no one session may ask for one drawing after another, and no crowd of them may keep
 * the process busy drawing: past either limit the page goes undrawn and the app asks for its data through the API,
 * whose own limits apply.
 */
function drawingBudget() {
  /** Per session: the drawings it has left, as of `at`. */
  const sessions = new Map<string, { left: number; at: number }>();
  let drawing = 0;
  return {
    /** Takes a drawing for `session` if the limits allow one; `release` when it is done. */
    take(sessionCookie: string): boolean {
      if (drawing >= DRAWINGS_AT_ONCE) return false;
      // Counted by a digest: what the visitor sent may be anything, of any length.
      const session = sha256(sessionCookie);
      const now = Date.now();
      const counted = sessions.get(session);
      const left =
        counted === undefined
          ? SESSION_DRAWING_BURST
          : Math.min(
              SESSION_DRAWING_BURST,
              counted.left + (now - counted.at) / SESSION_DRAWING_REFILL_MS,
            );
      if (left < 1) return false;
      sessions.delete(session);
      sessions.set(session, { left: left - 1, at: now });
      if (sessions.size > SESSIONS_REMEMBERED) {
        const oldest = sessions.keys().next();
        if (oldest.done !== true) sessions.delete(oldest.value);
      }
      drawing += 1;
      return true;
    },
    release(): void {
      drawing -= 1;
    },
  };
}

/**
 * Draws the signed-in first screens on the server with their data (issue 39), where the web build made the module
 * for it; undefined for a build without it (the pages are then sent undrawn, as before). The module (React, antd and
 * the app's pages: ≈ 0.5 s and ≈ 90 MB) is loaded with the first page that needs it, not at start: an instance that
 * serves only the API never loads it. Each drawing's calls go out with its own visitor's cookie, whatever else is
 * being drawn at the same time. `sessionOf` names the visitor's session (the session cookie); a visit without one is
 * not drawn, and the drawings are limited per session and per process ({@link drawingBudget}).
 */
export function pageDrawer(
  app: FastifyInstance,
  root: string,
  sessionOf: (visitor: FastifyRequest) => string | undefined,
): ((visitor: FastifyRequest) => Promise<DrawnPage | null>) | undefined {
  const file = path.join(root, SERVER_RENDER_MODULE);
  if (!existsSync(file)) return undefined;
  const visitors = new AsyncLocalStorage<Transport>();
  const viaVisitor: Transport = (input, init) => {
    const transport = visitors.getStore();
    if (transport === undefined) throw new Error('a drawn page asked for data outside its drawing');
    return transport(input, init);
  };
  let drawer: Promise<DrawPage> | undefined;
  const budget = drawingBudget();
  return async (visitor) => {
    const session = sessionOf(visitor);
    if (session === undefined || !budget.take(session)) return null;
    try {
      return await drawFor(visitor);
    } finally {
      budget.release();
    }
  };

  async function drawFor(visitor: FastifyRequest): Promise<DrawnPage | null> {
    drawer ??= (import(pathToFileURL(file).href) as Promise<ServerRenderModule>).then((loaded) =>
      loaded.createPageRenderer(viaVisitor),
    );
    const draw = await drawer;
    let open = true;
    try {
      return await visitors.run(
        visitorTransport(app, visitor, () => open),
        () => draw(new URL(visitor.url, 'http://localhost').href, screenOf(visitor)),
      );
    } finally {
      open = false;
    }
  }
}
