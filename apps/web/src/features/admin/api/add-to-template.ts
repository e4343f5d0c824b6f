import { apiRoutes, type AddToTemplateInput } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/**
 * `POST /api/calculations/add-to-template` {templateName, calculationIdentifier, categoryId} (spec §7; admin
 * only): a new template copied from the calculation. The answer's message is the success toast. Every templates
 * query is refreshed by prefix (the admin list and the create-order page's list by category), and so are the
 * materials and units: the server may have copied a company's material or unit into the templates in the same
 * transaction.
 */
export const useAddToTemplate = () =>
  useApiMutation(
    apiRoutes.templates.addFromCalculation,
    (input: AddToTemplateInput) => ({ body: input, inlineFieldErrors: true }),
    [queryKeys.templates.all, queryKeys.pills.all, queryKeys.measurements.all],
  );
