import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createStaticHandler } from 'react-router';

import { DrawnScreenContext, type DrawnScreen } from '@/hooks/use-breakpoints';
import { configureApiClient } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';

import { createRoutes } from './router';
import { createRouteContext } from './route-prefetch';
import { DRAWN_STYLES_ATTRIBUTE, QUERY_STATE_ELEMENT_ID } from './query-state';
import { drawStaticPage, loadStaticPage } from './static-page';
import { usedStyles } from './used-styles';

/** The parts of a signed-in first screen the server puts into index.html (apps/server/src/plugins/web-app.ts). */
export interface DrawnPage {
  /** antd's styles for what was drawn (the rules that can apply to it): a `<style>` element, before `</head>`. */
  head: string;
  /** The page as the app's first render draws it, inside `#root`. */
  root: string;
  /** The answers it was drawn from, after `#root`: the app starts with them instead of asking again. */
  afterRoot: string;
}

/**
 * The longest the page's data may take on the server before it is sent undrawn, as before (the app asks then, and
 * shows its skeleton meanwhile). Its reads are the very reads the app would make, so waiting for them costs the
 * visitor nothing the app would not; a read that fails (the database away: 503 at once) ends the wait. 1 s was too
 * short for a busy server: the whole check's journeys saw `/api/orders` take 0.74 s beside the PostgreSQL stage.
 */
const DATA_WAIT_MS = 4_000;

/** Resolves once no query of `queryClient` has been fetching for a few turns (a loader chains its prefetches). */
async function settled(queryClient: QueryClient): Promise<boolean> {
  const deadline = Date.now() + DATA_WAIT_MS;
  for (let idleTurns = 0; idleTurns < 3;) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 0));
    idleTurns = queryClient.isFetching() === 0 ? idleTurns + 1 : 0;
  }
  return true;
}

/** JSON inside `<script>`: no `</script>` or `<!--` can end or bend the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Draws a signed-in first screen (`/orders`, the wizard) on the server with its data, for a phone's or a laptop's
 * layout (`screen`, guessed by the server), issue 39: a phone shows the
 * page as soon as the HTML is there instead of after ≈ 350–490 KB of code have arrived and run at its slow CPU. The
 * page's own loaders ask for its data through `transport` (the server's API in the same process, with the visitor's
 * cookie), exactly as the app asks for it; the answers travel with the page, so the app's first render draws the
 * same page and takes it over without a skeleton between (main.tsx).
 *
 * Answers null where the page is better sent undrawn: nobody is signed in (the app sends the visitor to /login), a
 * call failed (the app shows its own message and retry), the data took longer than {@link DATA_WAIT_MS}, or a part of
 * the page did not render.
 */
export function createPageRenderer(transport: typeof fetch) {
  configureApiClient({ transport });
  const routes = createRoutes();
  const handler = createStaticHandler(routes);
  // One antd style cache for every drawing: a fresh one per drawing made antd compute every component's styles again,
  // ≈ 44 of a /orders drawing's ≈ 55 ms on the server's event loop, against ≈ 12 ms with the cache kept (issue 39,
  // docs/performance.md "Phone"). A drawing renders synchronously, so two never write to it at once; what the page
  // gets of it is the rules its own markup can use (`usedStyles`), the same as from a fresh cache (server-render.test).
  const styles = createCache();

  return async function drawPage(url: string, screen: DrawnScreen): Promise<DrawnPage | null> {
    const queryClient = createQueryClient();
    // A failed read is not tried again here: the page goes undrawn at once and the app retries as it always does.
    queryClient.setDefaultOptions({
      ...queryClient.getDefaultOptions(),
      queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    });
    const loaded = await loadStaticPage(handler, url, createRouteContext(queryClient)());
    if (!('context' in loaded)) return null;
    if (!(await settled(queryClient))) return null;
    if (!queryClient.getQueryData(USER_QUERY_KEY)) return null;
    const failed = queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status === 'error');
    if (failed) return null;

    const markup = drawStaticPage(handler, loaded.context, queryClient, (page) => (
      <StyleProvider cache={styles}>
        <DrawnScreenContext value={screen}>{page}</DrawnScreenContext>
      </StyleProvider>
    ));
    if (markup === undefined) return null;
    return {
      head: `<style ${DRAWN_STYLES_ATTRIBUTE}>${usedStyles(extractStyle(styles, { plain: true }), markup)}</style>`,
      root: markup,
      afterRoot: `<script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">${scriptJson(dehydrate(queryClient))}</script>`,
    };
  };
}
