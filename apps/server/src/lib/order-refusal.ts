import {
  DOCUMENTS_NOT_READY_MESSAGE,
  ORDER_APPROVAL_MESSAGES,
  PAYMENT_PENDING_MESSAGE,
  READ_ONLY_WHILE_APPROVAL_MESSAGE,
  type approvalRefusal,
  type documentRefusal,
  type editRefusal,
} from '@medcalc/domain';
import { AppError, type AppErrorCode } from './app-error';

/** Why the domain refuses an operation on an order at its status (`documentRefusal`, `editRefusal`, `approvalRefusal`). */
export type OrderRefusal = NonNullable<
  ReturnType<typeof documentRefusal | typeof editRefusal | typeof approvalRefusal>
>;

/**
 * The answer of each refusal: 403 while the order waits for its payment (spec §1: nothing before it), 409 for a
 * state the company moves on itself (calculate first, wait for the approval).
 */
const REFUSAL_CODES: Readonly<Record<OrderRefusal, AppErrorCode>> = {
  payment: 'FORBIDDEN',
  'not-calculated': 'CONFLICT',
  approval: 'CONFLICT',
  'not-approved': 'CONFLICT',
};

const REFUSAL_MESSAGES: Readonly<Record<OrderRefusal, string>> = {
  payment: PAYMENT_PENDING_MESSAGE,
  'not-calculated': DOCUMENTS_NOT_READY_MESSAGE,
  approval: READ_ONLY_WHILE_APPROVAL_MESSAGE,
  'not-approved': ORDER_APPROVAL_MESSAGES.notApproved,
};

/**
 * Throws the refusal as its coded error (nothing for `null`): the one place a refusal becomes a status. `messages`
 * words a refusal the operation's own way (re-pricing a draft says so rather than «documents not ready»).
 */
export function assertNotRefused(
  refusal: OrderRefusal | null,
  messages: Partial<Record<OrderRefusal, string>> = {},
): void {
  if (refusal === null) return;
  throw new AppError(REFUSAL_CODES[refusal], messages[refusal] ?? REFUSAL_MESSAGES[refusal]);
}
