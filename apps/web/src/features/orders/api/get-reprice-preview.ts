import { apiRoutes } from '@medcalc/domain';
import { queryOptions } from '@tanstack/react-query';

import { routeQueryOptions } from '@/lib/api-hooks';

/**
 * `GET /api/orders/{identifier}/reprice-preview` (issue 18): what «Оновити дані в калькуляції» would change — each
 * service's cost and tariff before → after with the company's current salaries, material prices and institution
 * data, and the changes in words. Stores nothing. A refusal (409 for a status that does not allow it, 403 before
 * payment, 404) is shown in the preview itself, so it is not toasted; any other failure is, by the api client.
 *
 * One opening of the preview (`opening` counts them): every opening reads the company's data afresh, and a
 * closed preview is dropped at once (`gcTime: 0`), never shown again as if it were current. Kept out of the
 * orders' prefix, so the invalidation after the re-pricing does not ask for a preview the new status refuses.
 */
export const repricePreviewQueryOptions = (identifier: string, opening: number) =>
  queryOptions({
    ...routeQueryOptions(
      apiRoutes.orders.repricePreview,
      ['reprice-preview', { identifier, opening }],
      {
        path: { identifier },
        quietStatuses: [403, 404, 409],
      },
    ),
    staleTime: 0,
    gcTime: 0,
  });
