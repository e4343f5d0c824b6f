import { z } from '../common/zod';
import { messageResponseSchema } from '../common/api-error.schema';
import { nameFieldSchema, requiredMessage as required } from '../common/fields';
import { phoneFieldSchema } from '../common/requisites';
import { currentUserSchema } from '../users/user.schema';

/**
 * Minimum length of a new password (issue 34: 12, up from 8). Passwords set before keep signing in: sign-in and
 * the current password of a change are not length-checked.
 */
export const PASSWORD_MIN_LENGTH = 12;
/**
 * Issue 34: the server refuses a new password found in its list of common and breached passwords
 * (apps/server/src/lib/common-passwords.ts), under `password`.
 */
export const PASSWORD_COMMON_MESSAGE =
  'Цей пароль надто поширений або траплявся у витоках даних: його легко вгадати. Оберіть інший.';
/** Issue 34: what a user whose account was made with a publicly known password is told on every other call. */
export const PASSWORD_CHANGE_REQUIRED_MESSAGE =
  'Обліковий запис створено з відомим паролем. Щоб продовжити, встановіть новий пароль.';
/** Reset links live this long (minutes). */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/** An e-mail field: trimmed, lower-cased (registration, recovery, invitations). */
export const emailSchema = z
  .string({ error: required('Електронна пошта') })
  .trim()
  .min(1, required('Електронна пошта'))
  .max(255, 'Електронна пошта задовга.')
  .pipe(z.email('Вкажіть коректну адресу електронної пошти.'))
  .transform((value) => value.toLowerCase());

/** A new password's rules (registration, reset, joining by invitation, the profile's change): one rule. */
export const passwordSchema = z
  .string({ error: required('Пароль') })
  .min(1, required('Пароль'))
  .min(PASSWORD_MIN_LENGTH, `Пароль має містити щонайменше ${PASSWORD_MIN_LENGTH} символів.`)
  .max(200, 'Пароль задовгий.');

/** Shown under the repeat field, the one to correct (issue 13), on the web and in the server's 422. */
export const PASSWORD_MISMATCH_MESSAGE = 'Паролі не збігаються.';

/**
 * The repeat password arrives as `password_confirmation` (spec §7, Laravel's name) or `passwordConfirmation` (the
 * camelCase of house guide §2.3); both keys are read, the spec's first. Its errors are reported under
 * `password_confirmation`, and the parsed value has that key only.
 */
const confirmationFields = {
  password_confirmation: z.string().optional(),
  passwordConfirmation: z.string().optional(),
};
type WithConfirmation = {
  password: string;
  password_confirmation?: string | undefined;
  passwordConfirmation?: string | undefined;
};
export const checkConfirmation = (value: WithConfirmation, ctx: z.RefinementCtx) => {
  const confirmation = value.password_confirmation ?? value.passwordConfirmation;
  const path = ['password_confirmation'];
  if (confirmation === undefined || confirmation === '')
    ctx.addIssue({ code: 'custom', path, message: required('Повтор пароля') });
  else if (confirmation !== value.password)
    ctx.addIssue({ code: 'custom', path, message: PASSWORD_MISMATCH_MESSAGE });
};
const withSpecConfirmation = <T extends WithConfirmation>({
  password_confirmation,
  passwordConfirmation,
  ...rest
}: T) => ({ ...rest, password_confirmation: password_confirmation ?? passwordConfirmation ?? '' });

/** `POST /login` (spec §7). The password is not length-checked here: old passwords must still sign in. */
export const loginInputSchema = z.object({
  email: emailSchema,
  password: z.string({ error: required('Пароль') }).min(1, required('Пароль')),
  remember: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/**
 * `POST /api/register` (spec §2 Registration, §7). Field names are the spec's wire names; `company` is the new
 * company's name and `phone` a phone number (10–15 digits; spaces, brackets, hyphens and a leading `+` allowed).
 */
export const registerInputSchema = z
  .object({
    name: nameFieldSchema('Ім’я'),
    company: nameFieldSchema('Назва закладу'),
    phone: phoneFieldSchema(required('Телефон')),
    email: emailSchema,
    password: passwordSchema,
    ...confirmationFields,
  })
  .superRefine(checkConfirmation)
  .transform(withSpecConfirmation);
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** `POST /password/email` (spec §7). */
export const forgotPasswordInputSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

/**
 * `POST /password/reset` (spec §7). Password rule errors are under `password` (spec §8); a mismatch is under
 * `password_confirmation`, the field that shows it (issue 13).
 */
export const resetPasswordInputSchema = z
  .object({
    token: z.string({ error: required('Токен') }).min(1, required('Токен')),
    email: emailSchema,
    password: passwordSchema,
    ...confirmationFields,
  })
  .superRefine(checkConfirmation)
  .transform(withSpecConfirmation);
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/** Issue 33: the current password typed on the profile page is not the account's. */
export const CURRENT_PASSWORD_WRONG_MESSAGE = 'Поточний пароль вказано невірно.';
/** Issue 33: a «new» password equal to the current one changes nothing and ends no session. */
export const PASSWORD_UNCHANGED_MESSAGE = 'Новий пароль має відрізнятися від поточного.';

/**
 * `PUT /api/user/password` (issue 33): the current password (not length-checked: an older, shorter password must
 * still prove the account), the new one by the registration's rules ({@link passwordSchema}) and its repeat, read
 * and reported as registration and reset do. Errors: `current_password`, `password`, `password_confirmation`.
 */
export const changePasswordInputSchema = z
  .object({
    current_password: z
      .string({ error: required('Поточний пароль') })
      .min(1, required('Поточний пароль'))
      .max(1000, 'Пароль задовгий.'),
    password: passwordSchema,
    ...confirmationFields,
  })
  .superRefine(checkConfirmation)
  .superRefine((value, ctx) => {
    if (value.password === value.current_password)
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_UNCHANGED_MESSAGE });
  })
  .transform(withSpecConfirmation);
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/** Answer of login and registration: a toast message and the signed-in user. */
export const authResponseSchema = messageResponseSchema.extend({ user: currentUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Answer of `GET /api/health`. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
