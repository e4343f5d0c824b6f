import { z } from '../common/zod';
import { messageResponseSchema } from '../common/api-error.schema';

/**
 * Order statuses in display order (spec §4). The spec spells two of them two ways: the wizard/list reading
 * (`payed`, `confirmed`) and the admin reading (`paid`, `agreed`). We store and answer with the wizard/list
 * spelling because that is what the spec's order list, documents column and wizard compare against; the admin
 * call also accepts the admin spellings as input and maps them here, so both clients keep working.
 */
export const ORDER_STATUSES = ['created', 'payed', 'saved', 'formed', 'sent', 'confirmed'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Answer of a write that moves an order (save, calculate, reprice): the toast and the order's status afterwards. */
export const orderStatusResponseSchema = messageResponseSchema.extend({
  status: orderStatusSchema,
});

/** Admin spellings (spec §4 "admin reading") mapped onto the stored values. */
export const ORDER_STATUS_ALIASES: Readonly<Record<string, OrderStatus>> = {
  paid: 'payed',
  agreed: 'confirmed',
};

/** Ukrainian meaning of each status shown to users (spec §4). */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  created: 'Заявку на оплату сформовано',
  payed: 'Оплачено, можна починати заповнення',
  saved: 'У процесі формування (чернетка)',
  formed: 'Розраховано, готово до відправлення на погодження',
  sent: 'Відправлено на погодження',
  confirmed: 'Розраховано та погоджено',
};
/** Shown for any value outside the six (spec §4). */
export const UNKNOWN_STATUS_LABEL = 'Статус не визначено';

/**
 * Statuses whose order has been calculated (spec §4: formed, sent, confirmed). Their calculations are the
 * company's "own earlier calculations" offered when a new order is put together (spec §2 "Create order").
 */
export const CALCULATED_STATUSES: readonly OrderStatus[] = ['formed', 'sent', 'confirmed'];

/** Shown when an order is opened before its payment is confirmed (spec §1, §2 "Orders list"). */
export const PAYMENT_PENDING_MESSAGE =
  'Розпочати роботу із замовленням можна лише після того, як представник компанії-виконавця підтвердить оплату.';

/** Shown when 'send for approval' is asked for an order that is not calculated yet (spec §4). */
export const SEND_FOR_APPROVAL_NOT_ALLOWED_MESSAGE =
  'Відправити на погодження можна лише розраховане замовлення (статус «Розраховано»).';

/**
 * The payment gate (spec §1: "The user cannot start filling in the order before payment is confirmed"; spec §2:
 * a `created` order does not open the wizard). Every status after `created` means the provider's representative
 * has confirmed payment, so the order may be opened, saved and calculated.
 */
export function isOpenForWork(status: OrderStatus): boolean {
  return status !== 'created';
}

/**
 * Whether the order fee is paid (issue 33, «Оплата»): the provider's representative confirms the payment by moving
 * the order past `created` (the payment gate, {@link isOpenForWork}), so every later status is a paid invoice.
 */
export function isPaid(status: OrderStatus): boolean {
  return isOpenForWork(status);
}

/** 'Send for approval' is available only at `formed` and moves the order to `sent` (spec §4). */
export function canSendForApproval(status: OrderStatus): boolean {
  return status === 'formed';
}

/** Whether the order reached `formed` or later, so its calculations can be reused in a new order (spec §2). */
export function isCalculated(status: OrderStatus): boolean {
  return CALCULATED_STATUSES.includes(status);
}

/** Whether the order's five documents are ready (spec §2 "Documents column"): once it is calculated. */
export function hasDocuments(status: OrderStatus): boolean {
  return isCalculated(status);
}

/**
 * Why an order's calculated-only operations (its documents, the print set, re-pricing) are refused now, or `null`
 * when they may run (`formed`, `sent`, `confirmed`): `payment` while `created` (403: pay first), `not-calculated`
 * while `payed`/`saved` (409: finish the calculation first).
 */
export function documentRefusal(status: OrderStatus): 'payment' | 'not-calculated' | null {
  if (!isOpenForWork(status)) return 'payment';
  if (!isCalculated(status)) return 'not-calculated';
  return null;
}

/** Whether an order may be re-priced (issue 18): once it is calculated (`formed`, `sent`, `confirmed`). */
export function canReprice(status: OrderStatus): boolean {
  return isCalculated(status);
}

/**
 * What deleting an order does (issue 13): an unpaid (`created`) order is erased with its calculations and history
 * (`hard`); a paid one is only marked deleted (`soft`): gone for the company, kept for the administrator, because
 * the provider must keep a record of what was paid. The web's delete confirmation says which.
 */
export function orderDeletion(status: OrderStatus): 'hard' | 'soft' {
  return isOpenForWork(status) ? 'soft' : 'hard';
}

/**
 * The statuses the provider sets that the company hears about by e-mail (issue 11): payment confirmed (work can
 * start) and calculation approved. Because they look irreversible to the company, the admin panel asks before
 * setting them (issue 13).
 */
export const MAILED_STATUSES = ['payed', 'confirmed'] as const satisfies readonly OrderStatus[];
export type MailedStatus = (typeof MAILED_STATUSES)[number];

export function isMailedStatus(status: string): status is MailedStatus {
  return (MAILED_STATUSES as readonly string[]).includes(status);
}

/** `sent`: the calculation waits for the provider's approval (spec §4). */
export function isAwaitingApproval(status: OrderStatus): boolean {
  return status === 'sent';
}

/**
 * `confirmed`: calculated and approved, so the documents lose their «НЕ ПОГОДЖЕНО» mark (spec §2: 'not approved'
 * for formed/sent; §4).
 */
export function isApproved(status: OrderStatus): boolean {
  return status === 'confirmed';
}

/**
 * Where an order stands, as the wizard's title and banner say it (issue 33): `unpaid` (`created`), `new` (`payed`:
 * paid, nothing saved yet), `draft` (`saved`), `calculated` (`formed`), `awaiting-approval` (`sent`) and `approved`
 * (`confirmed`).
 */
export type OrderStage =
  'unpaid' | 'new' | 'draft' | 'calculated' | 'awaiting-approval' | 'approved';

export function orderStage(status: OrderStatus): OrderStage {
  if (!isOpenForWork(status)) return 'unpaid';
  if (isApproved(status)) return 'approved';
  if (isAwaitingApproval(status)) return 'awaiting-approval';
  if (isCalculated(status)) return 'calculated';
  return status === 'saved' ? 'draft' : 'new';
}

/** Shown when save or calculate is asked while the order is being approved or is approved (spec §4). */
export const READ_ONLY_WHILE_APPROVAL_MESSAGE =
  'Замовлення на погодженні або вже погоджене: змінювати калькуляції не можна.';

/**
 * Why the wizard's calculations of an order cannot be changed now, or `null` when they can (save, calculate):
 * `payment` while `created` (spec §1: payment first; the server answers 403), `approval` while `sent` or
 * `confirmed` (read-only while approval runs; 409).
 */
export function editRefusal(status: OrderStatus): 'payment' | 'approval' | null {
  if (!isOpenForWork(status)) return 'payment';
  if (status === 'sent' || status === 'confirmed') return 'approval';
  return null;
}

/** Whether the wizard may change the order's calculations (`payed`, `saved`, `formed`). */
export function isEditable(status: OrderStatus): boolean {
  return editRefusal(status) === null;
}

/**
 * The status after Save (spec §4 "Save stores a draft"): `payed` → `saved`, `saved` stays, and `formed` → `saved`,
 * because an edit invalidates the documents until the order is calculated again. Only editable statuses get here.
 */
export function statusAfterSave(status: OrderStatus): OrderStatus {
  return status === 'payed' || status === 'formed' ? 'saved' : status;
}

/** The status after Calculate (spec §4 "Confirming Calculate produces formed"). */
export const STATUS_AFTER_CALCULATE: OrderStatus = 'formed';
