import {
  messageResponseSchema,
  type MessageResponse,
  type TemplateUpdateInput,
} from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

type UpdateTemplateVariables = { id: number; input: TemplateUpdateInput };

/**
 * `PUT /api/templates/{id}` {name, categoryId} (beyond the spec, issue 11): rename a template or move it to
 * another category. Orders that copied it keep their copy.
 */
export const updateTemplate = ({ id, input }: UpdateTemplateVariables): Promise<MessageResponse> =>
  api.put(`/api/templates/${id}`, {
    body: input,
    schema: messageResponseSchema,
    inlineFieldErrors: true,
  });

/** Both template lists (admin, and the create-order page's by category) are refreshed by prefix. */
export const useUpdateTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['templates'] }),
  });
};
