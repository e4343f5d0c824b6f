import {
  savedResponseSchema,
  staffRateSchema,
  type SavedResponse,
  type StaffRate,
  type StaffRateInput,
} from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

const savedStaffRateSchema = savedResponseSchema(staffRateSchema);

type CreateStaffRateVariables = { companyIdentifier: string; input: StaffRateInput };

/**
 * `POST /api/company/{companyIdentifier}/stuff` {qualification, category, scientific_degree, salary}: a
 * company's own position (a call beyond spec §7, issue "Company reference data").
 */
export const createStaffRate = ({
  companyIdentifier,
  input,
}: CreateStaffRateVariables): Promise<SavedResponse<StaffRate>> =>
  api.post(`/api/company/${encodeURIComponent(companyIdentifier)}/stuff`, {
    body: input,
    schema: savedStaffRateSchema,
    inlineFieldErrors: true,
  });

export const useCreateStaffRate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaffRate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
};
