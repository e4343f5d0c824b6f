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
})()`;
