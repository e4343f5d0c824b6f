import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticRouter,
  StaticRouterProvider,
  type RouterContextProvider,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router';

/*
 * A page of the app's routes drawn outside a browser (issue 39): the landing page at build time (prerender.tsx) and a
 * signed-in first screen for its visitor on the server (server-render.tsx). Each decides what a page that cannot be
 * drawn means: the build fails, the server sends the page undrawn.
 */

/** The page at `url` with its route modules and loaders done, or the status it answered instead. */
export type LoadedPage = { context: StaticHandlerContext } | { status: number; cause?: unknown };

/**
 * Loads the page at `url` through `handler`; `requestContext` is what its loaders read (the query client they fill).
 * A page that failed to load (its module, a loader) would be drawn as the error page, so it answers its status.
 */
export async function loadStaticPage(
  handler: StaticHandler,
  url: string,
  requestContext?: RouterContextProvider,
): Promise<LoadedPage> {
  const context = await handler.query(
    new Request(url),
    requestContext === undefined ? undefined : { requestContext },
  );
  if (context instanceof Response) return { status: context.status };
  if (context.statusCode !== 200 || context.errors !== null) {
    return { status: context.statusCode, cause: context.errors };
  }
  return { context };
}

/**
 * The markup of a loaded page as the app's first render draws it, inside whatever providers `around` adds; undefined
 * where a part is still waiting (`<!--$?-->`) or failed (`<!--$!-->`), which would be sent as its placeholder, drawn
 * for good.
 */
export function drawStaticPage(
  handler: StaticHandler,
  context: StaticHandlerContext,
  queryClient: QueryClient,
  around: (page: ReactNode) => ReactNode = (page) => page,
): string | undefined {
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <StrictMode>
      {around(
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>,
      )}
    </StrictMode>,
  );
  if (/<!--\$[?!]-->/.test(markup)) return undefined;
  // React puts a page's <title> first (its own render moves it into <head>); index.html has its title already.
  return markup.replace(/<title>[^<]*<\/title>/g, '');
}
