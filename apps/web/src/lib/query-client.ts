import { QueryClient } from '@tanstack/react-query';

import { ApiRequestError } from './api-client';
import { isTemporaryStatus } from './http-failures';

/** Only a temporary failure (http-failures.ts) is worth one more try: a refusal or a bug answers the same again. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && !isTemporaryStatus(error.status)) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
