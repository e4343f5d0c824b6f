import { z } from '../common/zod';
import { messageResponseSchema } from '../common/api-error.schema';
import { nameFieldSchema } from '../common/fields';
import { optionalPhoneFieldSchema } from '../common/requisites';
import { currentUserSchema } from './user.schema';

/**
 * `PUT /api/user/profile` (issue 33): the signed-in user's own name and phone. The phone follows the registration's
 * rule and is stored formatted (`+380 67 111 22 33`); a blank phone clears it (an invited member may have none).
 * The e-mail is not here: it signs the user in, and a new address would need a confirmation letter first.
 */
export const profileInputSchema = z.object({
  name: nameFieldSchema('Ім’я'),
  phone: optionalPhoneFieldSchema(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

/** Answer of a profile save: the toast and the user as `GET /api/user` now answers it. */
export const profileSavedResponseSchema = messageResponseSchema.extend({ user: currentUserSchema });
export type ProfileSavedResponse = z.infer<typeof profileSavedResponseSchema>;
