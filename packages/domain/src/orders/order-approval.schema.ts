import { z } from '../common/zod';
import { savedResponseSchema } from '../common/saved-response.schema';
import { CONTROL_CHARACTER_MESSAGE, hasNoNul } from '../common/fields';
import {
  APPROVER_VALUES,
  decisionReference,
  isoDateSchema,
  type Approver,
} from '../company/approval-settings.schema';
import { isApproved, type OrderStatus } from './order-status';

/*
 * Issue 35: the founder's decision that approved a revision's tariffs, recorded by the owner or an economist on the
 * confirmed revision (`PUT /api/orders/{identifier}/approval`), once; the owner may correct it.
 */

export const ORDER_APPROVAL_MESSAGES = {
  revision: 'Поле «Редакція» має бути цілим числом.',
  decisionNumber: 'Вкажіть номер рішення (наказу).',
  decisionNumberTooLong: 'Номер рішення — не більше 50 символів.',
  decisionDate: 'Вкажіть дату рішення у форматі РРРР-ММ-ДД.',
  effectiveDate: 'Вкажіть дату набрання чинності тарифами у форматі РРРР-ММ-ДД.',
  effectiveBeforeDecision: 'Тарифи не можуть набрати чинності раніше дати рішення.',
  notApproved:
    'Рішення засновника можна внести лише для погодженої редакції замовлення (статус «Погоджено»).',
  alreadyRecorded:
    'Рішення про затвердження цієї редакції вже внесено. Виправити його може лише керівник облікового запису.',
  recorded: 'Рішення про затвердження тарифів внесено.',
  corrected: 'Рішення про затвердження тарифів виправлено.',
} as const;

/** Body of `PUT /api/orders/{identifier}/approval`. */
export const orderApprovalInputSchema = z
  .object({
    revision: z
      .number({ error: ORDER_APPROVAL_MESSAGES.revision })
      .int(ORDER_APPROVAL_MESSAGES.revision)
      .positive(ORDER_APPROVAL_MESSAGES.revision)
      .max(100_000, ORDER_APPROVAL_MESSAGES.revision),
    decisionNumber: z
      .string({ error: ORDER_APPROVAL_MESSAGES.decisionNumber })
      .trim()
      .min(1, ORDER_APPROVAL_MESSAGES.decisionNumber)
      .max(50, ORDER_APPROVAL_MESSAGES.decisionNumberTooLong)
      .refine(hasNoNul, CONTROL_CHARACTER_MESSAGE),
    decisionDate: isoDateSchema(ORDER_APPROVAL_MESSAGES.decisionDate),
    effectiveDate: isoDateSchema(ORDER_APPROVAL_MESSAGES.effectiveDate),
  })
  .refine((input) => input.effectiveDate >= input.decisionDate, {
    path: ['effectiveDate'],
    message: ORDER_APPROVAL_MESSAGES.effectiveBeforeDecision,
  });
export type OrderApprovalInput = z.infer<typeof orderApprovalInputSchema>;

/** A recorded approval: the decision, who approved (kind of body, as set when it was entered), who entered it. */
export const orderApprovalSchema = z.object({
  revision: z.number().int(),
  approver: z.enum(APPROVER_VALUES),
  decisionNumber: z.string(),
  decisionDate: z.string(),
  effectiveDate: z.string(),
  recordedBy: z.string().nullable(),
  recordedAt: z.string(),
});
export type OrderApproval = z.infer<typeof orderApprovalSchema>;

/** Answer of the PUT: the toast and the approval as stored. */
export const orderApprovalSavedSchema = savedResponseSchema(orderApprovalSchema);

/** `Затверджено рішенням виконавчого комітету від 01.02.2026 № 15` — the documents' line of an approved revision. */
export function approvedLine(approval: {
  approver: Approver;
  decisionNumber: string;
  decisionDate: string;
}): string {
  return `Затверджено ${decisionReference(approval.approver, {
    number: approval.decisionNumber,
    date: approval.decisionDate,
  })}`;
}

/**
 * Why an approval cannot be recorded on a revision in `status`, or null: only an approved (confirmed) revision
 * has a decision of its founder to record.
 */
export function approvalRefusal(status: OrderStatus): 'not-approved' | null {
  return isApproved(status) ? null : 'not-approved';
}

/** One point of a service's tariff history: a revision's cost and tariff, and the date its approval took effect. */
export const tariffHistoryPointSchema = z.object({
  revision: z.number().int(),
  cost: z.string(),
  tariff: z.string(),
  approvedOn: z.string().nullable(),
});

/**
 * `GET /api/orders/{identifier}/tariff-history`: each service's cost and tariff over the order's calculated
 * revisions (a revision not calculated has no point), with the approvals recorded on them.
 */
export const tariffHistorySchema = z.object({
  identifier: z.string(),
  /** The decisions recorded on the order's revisions, by revision. */
  approvals: z.array(orderApprovalSchema),
  services: z.array(
    z.object({
      identifier: z.string(),
      code: z.string(),
      name: z.string(),
      points: z.array(tariffHistoryPointSchema),
    }),
  ),
});
export type TariffHistory = z.infer<typeof tariffHistorySchema>;
