import {
  pillSchema,
  savedResponseSchema,
  type Pill,
  type PillInput,
  type SavedResponse,
} from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

const savedPillSchema = savedResponseSchema(pillSchema);

type CreateTemplatePillVariables = {
  input: PillInput;
  /** A company to add the material for (spec §6); without it the material is a template one. */
  companyIdentifier?: string;
};

/**
 * `POST /api/pills` {name, measurementType, price, companyIdentifier?} (spec §7; admin only). Another company's
 * material is copied into the templates by `copy-to-templates.ts` instead, which also copies a unit of its own.
 */
export const createTemplatePill = ({
  input,
  companyIdentifier,
}: CreateTemplatePillVariables): Promise<SavedResponse<Pill>> =>
  api.post('/api/pills', {
    body: companyIdentifier === undefined ? input : { ...input, companyIdentifier },
    schema: savedPillSchema,
    inlineFieldErrors: true,
  });

export const useCreateTemplatePill = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplatePill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pills'] }),
  });
};
