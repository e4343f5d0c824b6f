import {
  addToTemplateResponseSchema,
  type AddToTemplateInput,
  type AddToTemplateResponse,
} from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/**
 * `POST /api/calculations/add-to-template` {templateName, calculationIdentifier, categoryId} (spec §7; admin
 * only): a new template copied from the calculation. The answer's message is the success toast.
 */
export const addToTemplate = (input: AddToTemplateInput): Promise<AddToTemplateResponse> =>
  api.post('/api/calculations/add-to-template', {
    body: input,
    schema: addToTemplateResponseSchema,
    inlineFieldErrors: true,
  });

/**
 * Every templates query is refreshed by prefix (the admin list and the create-order page's list by category),
 * and so are the materials and units: the server may have copied a company's material or unit into the
 * templates in the same transaction.
 */
export const useAddToTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToTemplate,
    onSuccess: () =>
      Promise.all(
        [['templates'], ['pills'], ['measurements']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
};
