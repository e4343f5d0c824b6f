import type { QueryClient } from '@tanstack/react-query';

/**
 * A renamed or deleted unit goes stale wherever its name shows: the units themselves and the materials, whose
 * `measurementType` is the unit's name (spec §3 "Material"). Reached by query-key prefix (conventions: query
 * keys start with the resource name), the measurements feature does the same for a company's units.
 */
export const invalidateUnitDependentQueries = (queryClient: QueryClient) =>
  Promise.all(
    [['measurements'], ['pills']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
