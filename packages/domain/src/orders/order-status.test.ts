import { describe, expect, it } from 'vitest';
import {
  CALCULATED_STATUSES,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  MAILED_STATUSES,
  canReprice,
  canSendForApproval,
  documentRefusal,
  hasDocuments,
  isApproved,
  isAwaitingApproval,
  isCalculated,
  isMailedStatus,
  isOpenForWork,
  isPaid,
  orderDeletion,
  orderStatusSchema,
  orderStage,
} from './order-status';

describe('order statuses', () => {
  it('lists the six statuses in the display order of spec §4, each with a Ukrainian label', () => {
    expect(ORDER_STATUSES).toEqual(['created', 'payed', 'saved', 'formed', 'sent', 'confirmed']);
    for (const status of ORDER_STATUSES) expect(ORDER_STATUS_LABELS[status]).toMatch(/[а-яіїєґ]/i);
  });

  it('stores the wizard/list spelling only: the admin spellings are not stored values', () => {
    expect(orderStatusSchema.safeParse('paid').success).toBe(false);
    expect(orderStatusSchema.safeParse('agreed').success).toBe(false);
    expect(orderStatusSchema.safeParse('payed').success).toBe(true);
  });
});

describe('isOpenForWork (the payment gate)', () => {
  it('keeps a created order closed until payment is confirmed', () => {
    expect(isOpenForWork('created')).toBe(false);
  });

  it('opens every status after created', () => {
    const open = ORDER_STATUSES.filter(isOpenForWork);
    expect(open).toEqual(['payed', 'saved', 'formed', 'sent', 'confirmed']);
  });
});

describe('canSendForApproval', () => {
  it('allows sending for approval only at formed', () => {
    expect(ORDER_STATUSES.filter(canSendForApproval)).toEqual(['formed']);
  });
});

describe('isCalculated', () => {
  it('is true from formed on (formed, sent, confirmed) and false before', () => {
    expect(ORDER_STATUSES.filter(isCalculated)).toEqual(['formed', 'sent', 'confirmed']);
    expect([...CALCULATED_STATUSES]).toEqual(['formed', 'sent', 'confirmed']);
  });
});

describe('documents and approval', () => {
  it('has the documents exactly when the order is calculated', () => {
    expect(ORDER_STATUSES.filter(hasDocuments)).toEqual(['formed', 'sent', 'confirmed']);
    for (const status of ORDER_STATUSES) expect(hasDocuments(status)).toBe(isCalculated(status));
  });

  it('waits for approval only at sent and is approved only at confirmed', () => {
    expect(ORDER_STATUSES.filter(isAwaitingApproval)).toEqual(['sent']);
    expect(ORDER_STATUSES.filter(isApproved)).toEqual(['confirmed']);
  });
});

describe('documentRefusal and canReprice (the calculated-only operations)', () => {
  it('refuses for payment at created and for the calculation at payed/saved', () => {
    expect(ORDER_STATUSES.map(documentRefusal)).toEqual([
      'payment',
      'not-calculated',
      'not-calculated',
      null,
      null,
      null,
    ]);
  });

  it('re-prices exactly the orders whose documents exist', () => {
    for (const status of ORDER_STATUSES) {
      expect(canReprice(status)).toBe(documentRefusal(status) === null);
    }
  });
});

describe('orderDeletion', () => {
  it('erases an unpaid order and only marks a paid one deleted', () => {
    expect(orderDeletion('created')).toBe('hard');
    for (const status of ORDER_STATUSES.filter(isOpenForWork)) {
      expect(orderDeletion(status)).toBe('soft');
    }
  });
});

describe('MAILED_STATUSES', () => {
  it('mails the company when payment is confirmed and when the calculation is approved', () => {
    expect(ORDER_STATUSES.filter(isMailedStatus)).toEqual([...MAILED_STATUSES]);
    expect(MAILED_STATUSES).toEqual(['payed', 'confirmed']);
    expect(isMailedStatus('paid')).toBe(false);
  });
});

describe('isPaid (issue 33, «Оплата»)', () => {
  it('is an invoice awaiting payment while created, and paid at every later status', () => {
    expect(ORDER_STATUSES.filter((status) => !isPaid(status))).toEqual(['created']);
  });
});

describe('orderStage (issue 33)', () => {
  it('names where each status stands, for the wizard’s title and banner', () => {
    expect(ORDER_STATUSES.map(orderStage)).toEqual([
      'unpaid',
      'new',
      'draft',
      'calculated',
      'awaiting-approval',
      'approved',
    ]);
  });
});
