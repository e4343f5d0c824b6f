import { apiRoutes, type MeasurementInput } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

import { templateItemCall } from './template-item-call';

/**
 * `POST /api/measurements` {name, companyIdentifier?} (spec §7; admin only). Another company's unit is copied
 * into the templates by `copy-to-templates.ts`. Every units query is refreshed by prefix, the standard-unit
 * choices of the material forms included.
 */
export const useCreateTemplateMeasurement = () =>
  useApiMutation(apiRoutes.measurements.createTemplate, templateItemCall<MeasurementInput>, [
    queryKeys.measurements.all,
  ]);
