import { lazy, Suspense } from 'react';
import { useRouteError } from 'react-router';

import { PageSpinner } from '@/components/ui/page-spinner';

export { isServerUnreachableError } from './server-unreachable';

const RouteErrorView = lazy(() => import('./route-error-view'));

/**
 * Router error boundary: a missing page, an unreachable server, or anything else. Its antd view is fetched when
 * an error is first shown, so the landing page does not download antd (docs/performance.md "Landing page").
 */
export function RouteError() {
  const error = useRouteError();
  return (
    <Suspense fallback={<PageSpinner />}>
      <RouteErrorView error={error} />
    </Suspense>
  );
}
