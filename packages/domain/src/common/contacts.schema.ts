import { z } from 'zod';

/**
 * Answer of `GET /api/contacts` (issue 13 "Signing in and out"): how a visitor reaches the provider, from the
 * server's configuration (PROVIDER_PHONE, PROVIDER_EMAIL); `null` where none is configured.
 */
export const contactsResponseSchema = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type ContactsResponse = z.infer<typeof contactsResponseSchema>;
