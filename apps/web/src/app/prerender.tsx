import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';

import { createRoutes } from './router';

/**
 * The markup of a public page as the app's first render draws it (issue 39): the build renders it once and the
 * server puts it into that page's index.html, so a phone shows the page while the app's code is still on its way.
 * Nothing is signed in and nothing is fetched: the header shows what it shows while the session is being asked for.
 */
export async function prerender(
  path: string,
  routes: RouteObject[] = createRoutes(),
): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  // A page that failed to load (its module, a loader) would be drawn as the error page, and a build would ship it.
  if (context instanceof Response || context.statusCode !== 200 || context.errors !== null) {
    const status = context instanceof Response ? context.status : context.statusCode;
    throw new Error(`prerender: ${path} answered ${status}`, {
      cause: context instanceof Response ? undefined : context.errors,
    });
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
  // A part still waiting (<!--$?-->) or failed (<!--$!-->) would be sent as its placeholder, drawn for good.
  if (/<!--\$[?!]-->/.test(markup))
    throw new Error(`prerender: ${path} has a part that did not render`);
  // React puts a page's <title> first (its own render moves it into <head>); index.html has its title already.
  return markup.replace(/<title>[^<]*<\/title>/g, '');
}
