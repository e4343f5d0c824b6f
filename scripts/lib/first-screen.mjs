// What "a first screen is there" means, for the phone bench (apps/server/bench/phone.ts) and the journey that keeps
// its request counts (apps/web/e2e/first-screens.e2e.ts), issue 39. Types: first-screen.d.mts.

/** The element that shows each first screen is there: the landing page's heading, an order card, a wizard field. */
export const FIRST_SCREEN_READY = {
  landing: 'h1',
  orders: '.ant-card[role="listitem"]',
  wizard: 'section.wizard-step-panel input:not([type="hidden"])',
};

/**
 * A script for `addInitScript`, run in the page before its own: records in `window.__ready` the time (ms since
 * the navigation began) of the first frame after an element matching `selector` is in the document with a size.
 * Where the server sent the page already drawn (the landing page, issue 39), `window.__sentDrawn` is true and
 * `window.__takenOver` records when the app's first render replaced it, the moment the page's buttons start to work;
 * both stay unset on a page that came empty.
 * A string, not a function: a transform's name-keeping helper (`__name`) does not exist in the page.
 * @param {string} selector
 */
export const readyProbe = (selector) => `(() => {
  const selector = ${JSON.stringify(selector)};
  const check = () => {
    if (window.__ready !== undefined || window.__readyPending) return;
    const element = document.querySelector(selector);
    if (!element || element.getBoundingClientRect().height === 0) return;
    window.__readyPending = true;
    requestAnimationFrame(() => setTimeout(() => { window.__ready = performance.now(); }, 0));
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  // Once the HTML is parsed and before the app's scripts run (they are modules, run after parsing).
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const root = document.getElementById('root');
    const sent = root && root.firstChild;
    if (!sent) return;
    window.__sentDrawn = true;
    new MutationObserver((_records, observer) => {
      if (sent.isConnected) return;
      observer.disconnect();
      window.__takenOver = performance.now();
    }).observe(root, { childList: true });
  });
})()`;

/**
 * A script for `page.evaluate`, once `window[mark]` is set (see {@link readyProbe}): what the page fetched until
 * then. `requests`: each request beside the page itself (start and duration in ms, bytes over the wire with the
 * headers, path); `scripts`: the paths of the scripts among them; `bytes`: all of them over the wire, the page itself
 * included. A string for the reason above.
 * @param {'__ready' | '__takenOver'} mark
 */
export const fetchedUntil = (mark) => `(() => {
  const readyAt = window[${JSON.stringify(mark)}];
  const resources = performance.getEntriesByType('resource').filter((entry) => entry.startTime <= readyAt);
  const navigation = performance.getEntriesByType('navigation')[0];
  const requests = resources.map((entry) => ({
    start: entry.startTime,
    duration: entry.duration,
    bytes: entry.transferSize,
    path: new URL(entry.name).pathname,
  }));
  return {
    readyAt,
    requests,
    scripts: requests.map((request) => request.path).filter((path) => /\\.m?js$/.test(path)),
    bytes: (navigation ? navigation.transferSize : 0) + requests.reduce((sum, request) => sum + request.bytes, 0),
  };
})()`;

/** What the page fetched until it was there ({@link fetchedUntil}). */
export const FETCHED_UNTIL_READY = fetchedUntil('__ready');
