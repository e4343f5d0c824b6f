import type { BenchmarkService, TariffBenchmark } from '@medcalc/domain';

import { jsonResponse } from './test-utils';

/**
 * The server's answer to a tariff comparison (issue 41; the company's or the administrator's) with no filter chosen:
 * `services`.
 */
export const benchmarkResponse = (services: BenchmarkService[]) =>
  jsonResponse(200, {
    filters: { oblast: null, size: null },
    services,
  } satisfies TariffBenchmark);
