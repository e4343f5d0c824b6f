import type { BenchmarkQuery } from '@medcalc/domain';
import { Typography } from 'antd';
import { useState } from 'react';

import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/loading-block';

import { useProviderBenchmark } from '../api/get-provider-benchmark';
import { BenchmarkFilters, BenchmarkServices } from './tariff-comparison-view';

/**
 * Issue 41, the provider's view (admin panel «Порівняння тарифів»): every template service across all taking-part
 * institutions, with the same k rule, filters, table and charts as the participants' page, without «ours».
 */
export function ProviderComparisonView() {
  const [query, setQuery] = useState<BenchmarkQuery>({});
  const benchmark = useProviderBenchmark(query);
  return (
    <>
      <Typography.Paragraph type="secondary">
        Затверджені тарифи закладів, що беруть участь у порівнянні, за шаблонами послуг. Цифру
        показано, лише якщо її складають щонайменше 5 закладів.
      </Typography.Paragraph>
      <BenchmarkFilters query={query} onChange={setQuery} />
      {benchmark.isPending ? (
        <LoadingBlock label="Порівняння тарифів: завантаження…" rows={3} />
      ) : benchmark.isError ? (
        <LoadError onRetry={() => void benchmark.refetch()} />
      ) : (
        <BenchmarkServices
          services={benchmark.data.services}
          empty="Жоден шаблон ще не має затверджених тарифів учасників порівняння."
        />
      )}
    </>
  );
}
