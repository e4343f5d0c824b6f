import {
  measurementSchema,
  pillSchema,
  savedResponseSchema,
  type Measurement,
  type Pill,
  type SavedResponse,
} from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { invalidateUnitDependentQueries } from './invalidate-unit-dependent-queries';

const savedPillSchema = savedResponseSchema(pillSchema);
const savedMeasurementSchema = savedResponseSchema(measurementSchema);

/**
 * `POST /api/pills/companies/{id}/to-templates` (admin only): copies another company's material into the
 * templates with its name, unit and price; its unit becomes a standard one when it was the company's own. The
 * server's message is the toast either way (a name the templates already have is a 422 with nothing to show
 * under a field: the confirmation has none).
 */
export const copyPillToTemplates = (id: number): Promise<SavedResponse<Pill>> =>
  api.post(`/api/pills/companies/${id}/to-templates`, { schema: savedPillSchema });

/** `POST /api/measurements/companies/{id}/to-templates` (admin only): the company's unit becomes a standard one. */
export const copyMeasurementToTemplates = (id: number): Promise<SavedResponse<Measurement>> =>
  api.post(`/api/measurements/companies/${id}/to-templates`, { schema: savedMeasurementSchema });

/** A copy may add a standard unit as well as a material: both resources are refreshed by prefix. */
const useCopyToTemplates = <T>(copy: (id: number) => Promise<T>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copy,
    onSuccess: () => invalidateUnitDependentQueries(queryClient),
  });
};

export const useCopyPillToTemplates = () => useCopyToTemplates(copyPillToTemplates);

export const useCopyMeasurementToTemplates = () => useCopyToTemplates(copyMeasurementToTemplates);
