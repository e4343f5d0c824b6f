import type { QueryClient } from '@tanstack/react-query';

/**
 * What shows a unit's name and so goes stale when a unit is renamed or deleted, by query-key prefix. Every
 * query key starts with its resource's name (house guide §2.4: `['pills', …]`, `['measurements', …]`), so
 * other features' queries are reached by that prefix without importing them:
 * - `measurements`: this feature's lists and the unit choices of the materials form;
 * - `pills`: the materials, whose `measurementType` is the unit's name (spec §3 "Material"; the server joins
 *   it from the unit). Left alone, the materials list would show the old name for the 30 s the cache keeps
 *   data fresh, and saving such a material unchanged would send a unit that no longer exists (422).
 */
export const UNIT_DEPENDENT_QUERY_KEYS = [['measurements'], ['pills']] as const;

/** Marks every query of {@link UNIT_DEPENDENT_QUERY_KEYS} stale; the ones on screen reload at once. */
export const invalidateUnitQueries = (queryClient: QueryClient) =>
  Promise.all(
    UNIT_DEPENDENT_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
