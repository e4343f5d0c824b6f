import { QueryClient } from '@tanstack/react-query';
import { createStaticHandler, type RouteObject } from 'react-router';

import { createRoutes } from './router';
import { drawStaticPage, loadStaticPage } from './static-page';

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
  const loaded = await loadStaticPage(handler, new URL(path, 'http://localhost').href);
  // A page that failed to load would be drawn as the error page, and a build would ship it.
  if (!('context' in loaded)) {
    throw new Error(`prerender: ${path} answered ${loaded.status}`, { cause: loaded.cause });
  }
  const markup = drawStaticPage(handler, loaded.context, new QueryClient());
  if (markup === undefined) throw new Error(`prerender: ${path} has a part that did not render`);
  return markup;
}
