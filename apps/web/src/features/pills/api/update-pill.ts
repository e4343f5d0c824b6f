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

type UpdatePillVariables = { companyIdentifier: string; id: number; input: PillInput };

/** `PUT /api/company/{companyIdentifier}/pills/{id}` {name, measurementType, price} (spec §7). */
export const updatePill = ({
  companyIdentifier,
  id,
  input,
}: UpdatePillVariables): Promise<SavedResponse<Pill>> =>
  api.put(`/api/company/${encodeURIComponent(companyIdentifier)}/pills/${id}`, {
    body: input,
    schema: savedPillSchema,
    inlineFieldErrors: true,
  });

export const useUpdatePill = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pills'] }),
  });
};
