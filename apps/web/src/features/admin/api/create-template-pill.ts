import { apiRoutes, type PillInput } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

import { templateItemCall } from './template-item-call';

/**
 * `POST /api/pills` {name, measurementType, price, companyIdentifier?} (spec §7; admin only). Another company's
 * material is copied into the templates by `copy-to-templates.ts` instead, which also copies a unit of its own.
 */
export const useCreateTemplatePill = () =>
  useApiMutation(apiRoutes.pills.createTemplate, templateItemCall<PillInput>, [
    queryKeys.pills.all,
  ]);
