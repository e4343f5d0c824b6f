import { z } from './zod';

/**
 * Answer of `GET /api/contacts` (issue 13 "Signing in and out"): how a visitor reaches the provider, from the
 * server's configuration (PROVIDER_PHONE, PROVIDER_EMAIL); `null` where none is configured.
 */
export const contactsResponseSchema = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type ContactsResponse = z.infer<typeof contactsResponseSchema>;

/**
 * Answer of `GET /api/provider` (issue 23): who provides the service, as the footer's pages (contacts, the offer
 * agreement, the privacy notice) name it, from the same configuration the invoice prints (PROVIDER_*): the
 * contacts above and the requisites. `isDemo` while any requisite is still the demo's: the pages then say the
 * requisites are not real.
 */
export const providerResponseSchema = contactsResponseSchema.extend({
  name: z.string(),
  /** ЄДРПОУ (8 digits) or РНОКПП (10 digits). */
  code: z.string(),
  iban: z.string(),
  bank: z.string(),
  address: z.string(),
  isDemo: z.boolean(),
});
export type ProviderResponse = z.infer<typeof providerResponseSchema>;
