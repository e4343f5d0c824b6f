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

type CreatePillVariables = { companyIdentifier: string; input: PillInput };

/** `POST /api/company/{companyIdentifier}/pills` {name, measurementType, price} (spec §7). */
export const createPill = ({
  companyIdentifier,
  input,
}: CreatePillVariables): Promise<SavedResponse<Pill>> =>
  api.post(`/api/company/${encodeURIComponent(companyIdentifier)}/pills`, {
    body: input,
    schema: savedPillSchema,
    inlineFieldErrors: true,
  });

export const useCreatePill = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pills'] }),
  });
};
