import { apiRoutes, type PillInput } from '@medcalc/domain';

import { useApiMutation } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

type CreateTemplatePillVariables = {
  input: PillInput;
  /** A company to add the material for (spec §6); without it the material is a template one. */
  companyIdentifier?: string;
};

/**
 * `POST /api/pills` {name, measurementType, price, companyIdentifier?} (spec §7; admin only). Another company's
 * material is copied into the templates by `copy-to-templates.ts` instead, which also copies a unit of its own.
 */
export const useCreateTemplatePill = () =>
  useApiMutation(
    apiRoutes.pills.createTemplate,
    ({ input, companyIdentifier }: CreateTemplatePillVariables) => ({
      body: companyIdentifier === undefined ? input : { ...input, companyIdentifier },
      inlineFieldErrors: true,
    }),
    [queryKeys.pills.all],
  );
