import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/** The element a page drawn on the server carries its answers in (app/server-render.tsx). */
export const QUERY_STATE_ELEMENT_ID = 'medcalc-query-state';
/** Marks the styles a page drawn on the server came with: antd's own, for as long as the app has not drawn it. */
export const DRAWN_STYLES_ATTRIBUTE = 'data-drawn-page';

/**
 * Puts the answers a page was drawn from on the server into the app's cache (issue 39), so its first render draws
 * the same page instead of a skeleton and asks again only for what has gone stale. Nothing on a page sent undrawn.
 */
export function takeServerAnswers(queryClient: QueryClient, document: Document): void {
  const element = document.getElementById(QUERY_STATE_ELEMENT_ID);
  if (element?.textContent) {
    const state = JSON.parse(element.textContent) as DehydratedState;
    // As fresh as the page's arrival, by this browser's clock: the server's, or the seconds the page's code took to
    // arrive, would make them stale at once, and a page refetching its order shows its skeleton meanwhile.
    const arrived = Date.now();
    for (const query of state.queries) query.state.dataUpdatedAt = arrived;
    hydrate(queryClient, state);
  }
  element?.remove();
}

/**
 * Once the app has drawn over a page the server drew (`root` lost the sent nodes): the root takes input again (the
 * server sent it inert, so that nothing typed into the sent page is lost with it), and the styles the page came with
 * go — antd has written its own by then, and every rule kept twice would be matched again on every change of the
 * page, each keystroke in the wizard included.
 */
export function onceTakenOver(root: HTMLElement, document: Document): void {
  const sent = root.firstChild;
  if (!root.hasAttribute('inert') || sent === null) return;
  const styles = document.querySelectorAll(`style[${DRAWN_STYLES_ATTRIBUTE}]`);
  new MutationObserver((_records, observer) => {
    if (sent.isConnected) return;
    observer.disconnect();
    root.removeAttribute('inert');
    for (const style of styles) style.remove();
  }).observe(root, { childList: true });
}
