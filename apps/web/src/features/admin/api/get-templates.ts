import { adminTemplateSchema, type AdminTemplate } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

/** `GET /api/get-templates` (spec §7; admin only): every template with its category and content. */
export const getTemplates = ({ signal }: { signal?: AbortSignal } = {}): Promise<AdminTemplate[]> =>
  api.get('/api/get-templates', { schema: z.array(adminTemplateSchema), signal });

export const getTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: ['templates', { view: 'admin' }],
    queryFn: ({ signal }) => getTemplates({ signal }),
  });

export const useTemplates = () => useQuery(getTemplatesQueryOptions());
