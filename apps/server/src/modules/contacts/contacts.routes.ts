import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, type ContactsResponse } from '@medcalc/domain';
import { tableRoute } from '../../lib/table-route';

/**
 * `GET /api/contacts` (issue 13): the provider's phone and e-mail for the landing page's 'Зв’язатися зараз', from
 * configuration (PROVIDER_PHONE, PROVIDER_EMAIL). Public: it is what the provider publishes anyway, and it names
 * no company's data.
 */
export const contactsRoutes: FastifyPluginAsyncZod<{ contacts: ContactsResponse }> = async (
  app,
  { contacts },
) => {
  tableRoute(
    app,
    apiRoutes.system.contacts,
    { tags: ['system'], summary: "The provider's public contacts" },
    async () => contacts,
  );
};
