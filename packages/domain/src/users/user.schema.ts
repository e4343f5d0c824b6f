import { z } from '../common/zod';
import { memberRoleSchema } from '../members/member-role';

/** Roles of spec §6. Only 'admin' is checked by the client (the Admin header link). */
export const USER_ROLES = ['user', 'admin'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

/**
 * The current user as `GET /api/user`, `POST /login` and `POST /api/register` answer it (spec §3 "Current user").
 * `company` is the company's name; `companyIdentifier` is the public id used in every company-scoped URL.
 */
export const currentUserSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  companyIdentifier: z.string(),
  role: userRoleSchema,
  /** The user's role inside their institution (issue 22); the provider's `role` is separate. */
  companyRole: memberRoleSchema,
  /**
   * Issue 34: the account was made with a publicly known password (the README's administrator password): until
   * the user sets a new one, every call but the password change, `GET /api/user` and sign-out answers 403 and the
   * web shows only the password change. Absent means false.
   */
  mustChangePassword: z.boolean().optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
