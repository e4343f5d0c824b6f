import { z } from 'zod';
import { currentUserSchema } from '../users/user.schema';

/** Minimum password length (issue: "Passwords of at least 8 characters"). */
export const PASSWORD_MIN_LENGTH = 8;
/** Reset links live this long (minutes). */
export const PASSWORD_RESET_TTL_MINUTES = 60;

const required = (label: string) => `Поле «${label}» обов'язкове.`;

const emailSchema = z
  .string({ error: required('Електронна пошта') })
  .trim()
  .min(1, required('Електронна пошта'))
  .max(255, 'Електронна пошта задовга.')
  .pipe(z.email('Вкажіть коректну адресу електронної пошти.'))
  .transform((value) => value.toLowerCase());

const passwordSchema = z
  .string({ error: required('Пароль') })
  .min(1, required('Пароль'))
  .min(PASSWORD_MIN_LENGTH, `Пароль має містити щонайменше ${PASSWORD_MIN_LENGTH} символів.`)
  .max(200, 'Пароль задовгий.');

const passwordsMatch = (value: { password: string; password_confirmation: string }) =>
  value.password === value.password_confirmation;
const MISMATCH = { message: 'Паролі не збігаються.', path: ['password'] };

/** `POST /login` (spec §7). The password is not length-checked here: old passwords must still sign in. */
export const loginInputSchema = z.object({
  email: emailSchema,
  password: z.string({ error: required('Пароль') }).min(1, required('Пароль')),
  remember: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/**
 * `POST /api/register` (spec §2 Registration, §7). Field names are the spec's wire names; `company` is the new
 * company's name and `phone` is digits only (the client's input is numeric).
 */
export const registerInputSchema = z
  .object({
    name: z
      .string({ error: required("Ім'я") })
      .trim()
      .min(1, required("Ім'я"))
      .max(255),
    company: z
      .string({ error: required('Назва закладу') })
      .trim()
      .min(1, required('Назва закладу'))
      .max(255),
    phone: z
      .string({ error: required('Телефон') })
      .trim()
      .min(1, required('Телефон'))
      .regex(/^\+?\d{7,15}$/, 'Телефон має складатися з 7–15 цифр.'),
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string({ error: required('Повтор пароля') }),
  })
  .refine(passwordsMatch, MISMATCH);
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** `POST /password/email` (spec §7). */
export const forgotPasswordInputSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

/** `POST /password/reset` (spec §7); errors of both passwords are reported under `password` (spec §8). */
export const resetPasswordInputSchema = z
  .object({
    token: z.string({ error: required('Токен') }).min(1, required('Токен')),
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string({ error: required('Повтор пароля') }),
  })
  .refine(passwordsMatch, MISMATCH);
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/** Answer of login and registration: a toast message and the signed-in user. */
export const authResponseSchema = z.object({ message: z.string(), user: currentUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Answer of `GET /api/health`. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
