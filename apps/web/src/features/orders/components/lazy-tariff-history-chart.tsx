import type { TariffHistory } from '@medcalc/domain';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

// The charting library is fetched only when a history is drawn: the orders list and the admin panel, whose cards
// hold this section, stay within their first screens' script budget (issue 39, first-screens.e2e.ts).
const TariffHistoryChart = lazy(() =>
  import('./tariff-history-chart').then((module) => ({ default: module.TariffHistoryChart })),
);

/** {@link TariffHistoryChart} with its code loaded on first use, a skeleton meanwhile. */
export function LazyTariffHistoryChart({ history }: { history: TariffHistory }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} aria-busy="true" />}>
      <TariffHistoryChart history={history} />
    </Suspense>
  );
}
