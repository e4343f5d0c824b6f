import {
  DOCUMENTS_NOT_READY_MESSAGE,
  ORDER_APPROVAL_MESSAGES,
  PAYMENT_PENDING_MESSAGE,
  READ_ONLY_WHILE_APPROVAL_MESSAGE,
  approvalRefusal,
  documentRefusal,
  editRefusal,
} from '@medcalc/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { assertNotRefused, type OrderRefusal } from './order-refusal';

const refusalOf = (refusal: OrderRefusal | null, messages = {}) => {
  try {
    assertNotRefused(refusal, messages);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return [error.statusCode, error.message];
  }
};

describe('assertNotRefused (an order refusal → its status)', () => {
  it('answers 403 while unpaid and 409 for a state the company moves on itself', () => {
    expect(refusalOf(documentRefusal('created'))).toEqual([403, PAYMENT_PENDING_MESSAGE]);
    expect(refusalOf(documentRefusal('saved'))).toEqual([409, DOCUMENTS_NOT_READY_MESSAGE]);
    expect(refusalOf(editRefusal('sent'))).toEqual([409, READ_ONLY_WHILE_APPROVAL_MESSAGE]);
    expect(refusalOf(approvalRefusal('formed'))).toEqual([
      409,
      ORDER_APPROVAL_MESSAGES.notApproved,
    ]);
  });

  it('lets an allowed operation through and takes an operation’s own words', () => {
    expect(refusalOf(documentRefusal('formed'))).toBeNull();
    expect(refusalOf(editRefusal('saved'))).toBeNull();
    expect(refusalOf('not-calculated', { 'not-calculated': 'Спершу розрахуйте.' })).toEqual([
      409,
      'Спершу розрахуйте.',
    ]);
  });
});
