import { pillSchema, type Pill } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

const allPillsSchema = z.array(pillSchema);

/**
 * `GET /api/company/{companyIdentifier}/pills/all-list` (spec §7): the materials step 3 offers, the provider's
 * template materials first (`companyIdentifier` null), then the company's own.
 */
export const getAllPills = (companyIdentifier: string, signal?: AbortSignal): Promise<Pill[]> =>
  api.get(`/api/company/${encodeURIComponent(companyIdentifier)}/pills/all-list`, {
    schema: allPillsSchema,
    signal,
  });

export const getAllPillsQueryOptions = (companyIdentifier: string) =>
  queryOptions({
    queryKey: ['pills', 'all-list', { companyIdentifier }],
    queryFn: ({ signal }) => getAllPills(companyIdentifier, signal),
    enabled: companyIdentifier !== '',
  });

export const useAllPills = (companyIdentifier: string) =>
  useQuery(getAllPillsQueryOptions(companyIdentifier));
