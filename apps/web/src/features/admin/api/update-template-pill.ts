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

type UpdateTemplatePillVariables = { id: number; input: PillInput };

/** `PUT /api/pills/{id}` {name, measurementType, price} (spec §7; admin only): a template material. */
export const updateTemplatePill = ({
  id,
  input,
}: UpdateTemplatePillVariables): Promise<SavedResponse<Pill>> =>
  api.put(`/api/pills/${id}`, { body: input, schema: savedPillSchema, inlineFieldErrors: true });

export const useUpdateTemplatePill = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplatePill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pills'] }),
  });
};
