import { z } from '../common/zod';
import { checkConfirmation, emailSchema, passwordSchema } from '../auth/auth.schema';
import { idFieldSchema, publicIdentifierSchema, requiredMessage } from '../common/fields';
import { phoneFieldSchema } from '../common/requisites';
import { memberRoleSchema } from './member-role';

/** An invitation link lives this long (days), and is used once. */
export const INVITATION_TTL_DAYS = 7;

/** One member of the signed-in user's institution (`GET /api/members`). */
export const memberSchema = z.object({
  identifier: z.string(),
  name: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  /** ISO time of the member's newest session's last request; null when never seen (or every session gone). */
  lastSeenAt: z.string().nullable(),
  isYou: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

/** A pending invitation (not used, not revoked, not expired). */
export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: memberRoleSchema,
  /** The inviting member's name as it was when invited. */
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** `GET /api/members`: the members, and the pending invitations (an empty list for a non-owner). */
export const membersPageSchema = z.object({
  members: z.array(memberSchema),
  invitations: z.array(invitationSchema),
});
export type MembersPage = z.infer<typeof membersPageSchema>;

/** `POST /api/members/invitations`. */
export const inviteMemberInputSchema = z.object({
  email: emailSchema,
  role: memberRoleSchema,
});
export type InviteMemberInput = z.infer<typeof inviteMemberInputSchema>;

/** `PATCH /api/members/:identifier`. */
export const changeMemberRoleInputSchema = z.object({ role: memberRoleSchema });
export type ChangeMemberRoleInput = z.infer<typeof changeMemberRoleInputSchema>;

/** `POST /api/members/transfer-ownership`: the member who becomes the owner. */
export const transferOwnershipInputSchema = z.object({
  identifier: publicIdentifierSchema('Учасник'),
});
export type TransferOwnershipInput = z.infer<typeof transferOwnershipInputSchema>;

/** Path parameter of one member. */
export const memberParamsSchema = z.object({ identifier: publicIdentifierSchema('Учасник') });
/** Path parameter of one invitation (its row id, for revoking). */
export const invitationParamsSchema = z.object({ id: idFieldSchema('Запрошення') });
/** Path parameter of an invitation link: the token from the e-mail. */
export const invitationTokenParamsSchema = z.object({
  token: z.string().min(1, requiredMessage('Запрошення')).max(200, 'Запрошення не знайдено.'),
});

/** `GET /api/invitations/:token`: what the invitation page shows before joining: the invitation and its company. */
export const invitationInfoSchema = invitationSchema
  .pick({ email: true, role: true, invitedBy: true, expiresAt: true })
  .extend({
    companyName: z.string(),
    /** The e-mail already has a medcalc account: joining asks for its current password instead of a new one. */
    existingUser: z.boolean(),
  });
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

/**
 * `POST /api/invitations/:token/accept` as sent. For an existing account `password` is its current password (checked
 * like a sign-in); for a new e-mail the fields follow {@link newMemberInputSchema} (the registration's rules).
 */
export const acceptInvitationInputSchema = z.object({
  name: z.string().optional(),
  password: z.string({ error: requiredMessage('Пароль') }).min(1, requiredMessage('Пароль')),
  password_confirmation: z.string().optional(),
  phone: z.string().optional(),
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationInputSchema>;

/** The accept body of a new e-mail: name, a password by the registration's rules and its repeat; phone optional. */
export const newMemberInputSchema = z
  .object({
    name: z
      .string({ error: requiredMessage('Ім’я') })
      .trim()
      .min(1, requiredMessage('Ім’я'))
      .max(255),
    password: passwordSchema,
    password_confirmation: z.string().optional(),
    phone: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      phoneFieldSchema(requiredMessage('Телефон')).optional(),
    ),
  })
  .superRefine(checkConfirmation);
export type NewMemberInput = z.infer<typeof newMemberInputSchema>;

/** The Ukrainian answers of the members and invitation calls. */
export const MEMBER_MESSAGES = {
  alreadyMember: 'Ця адреса вже належить учаснику установи.',
  alreadyInvited: 'Запрошення на цю адресу вже надіслано.',
  revoked: 'Запрошення відкликано.',
  removed: 'Учасника видалено.',
  left: 'Ви вийшли з установи.',
  transferred: 'Права керівника передано.',
  lastOwner: 'Установа повинна мати хоча б одного керівника облікового запису.',
  removeSelf: 'Себе видалити не можна: скористайтеся виходом з установи.',
  memberNotFound: 'Учасника не знайдено.',
  invitationNotFound: 'Запрошення не знайдено.',
  invitationGone: 'Запрошення вже використане, відкликане або прострочене.',
  memberOfAnother: 'Ця адреса належить учаснику іншої установи. Спершу вийдіть з неї.',
  wrongPassword: 'Неправильний пароль.',
  joined: 'Ви приєдналися до установи.',
  invited: 'Запрошення надіслано.',
} as const;

/**
 * Issue 34: limits on invitation letters, so an account cannot mail-bomb addresses from the provider's address.
 * Every invitation made counts (revoked and used ones too, so revoking and inviting again is no way round them).
 */
export const INVITATION_LIMITS = {
  /** Letters one institution sends per hour and per day. */
  perCompanyHour: 20,
  perCompanyDay: 50,
  /** Letters to one address from one institution per day (the first and the re-invitations). */
  perRecipientFromCompanyDay: 3,
  /** Letters to one address from all institutions together per day. */
  perRecipientDay: 5,
} as const;

export const INVITATION_LIMIT_MESSAGES = {
  company: (hours: number) =>
    `Ваша установа надіслала забагато запрошень (не більше ${INVITATION_LIMITS.perCompanyHour} за годину і ${INVITATION_LIMITS.perCompanyDay} за добу). Спробуйте ще раз через ${hours} год.`,
  recipient: (hours: number) =>
    `На цю адресу вже надіслано забагато запрошень за добу (разом із повторними). Спробуйте ще раз через ${hours} год.`,
} as const;

/**
 * Text someone typed (an institution's or a person's name) made inert for an e-mail (issue 34): one line, no
 * invisible or direction-changing characters, and nothing a mail client would turn into a link — `://` becomes
 * `[:]//` and a dot between two letters or digits `[.]` («http[:]//evil[.]example»), as security advisories write
 * addresses that must not be clicked. HTML escaping is the letter's own job on top of this.
 */
export const inertMailText = (value: string) =>
  value
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu, ' ')
    .trim()
    .replace(/:\/\//g, '[:]//')
    .replace(/(?<=[\p{L}\p{N}])[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}])/gu, '[.]');

/** The subject of the invitation e-mail: the institution's name inert ({@link inertMailText}). */
export const invitationMailSubject = (companyName: string) =>
  `Запрошення до установи «${inertMailText(companyName)}» у medcalc`;
