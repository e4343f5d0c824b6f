import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, type ContactsResponse, type ProviderResponse } from '@medcalc/domain';
import { tableRoute } from '../../lib/table-route';

/**
 * `GET /api/contacts` (issue 13): the provider's phone and e-mail for the landing page's 'Зв’язатися зараз', from
 * configuration (PROVIDER_PHONE, PROVIDER_EMAIL). `GET /api/provider` (issue 23): its name and requisites for the
 * footer's pages, from the configuration the invoice prints (PROVIDER_*). Public: it is what the provider
 * publishes anyway, and it names no company's data.
 */
export const contactsRoutes: FastifyPluginAsyncZod<{
  contacts: ContactsResponse;
  provider: ProviderResponse;
}> = async (app, { contacts, provider }) => {
  tableRoute(
    app,
    apiRoutes.system.contacts,
    { tags: ['system'], summary: "The provider's public contacts" },
    async () => contacts,
  );
  tableRoute(
    app,
    apiRoutes.system.provider,
    { tags: ['system'], summary: "The provider's name and requisites (the footer's pages)" },
    async () => provider,
  );
};
