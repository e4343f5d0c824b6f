import { describe, expect, it } from 'vitest';
import {
  ORDER_APPROVAL_MESSAGES,
  approvalRefusal,
  approvedLine,
  orderApprovalInputSchema,
} from './order-approval.schema';

const input = {
  revision: 2,
  decisionNumber: ' 15 ',
  decisionDate: '2026-02-01',
  effectiveDate: '2026-03-01',
};

describe('orderApprovalInputSchema', () => {
  it('keeps a decision, its number trimmed', () => {
    expect(orderApprovalInputSchema.parse(input).decisionNumber).toBe('15');
  });

  it.each([
    [{ decisionNumber: '' }, 'decisionNumber', ORDER_APPROVAL_MESSAGES.decisionNumber],
    [{ decisionDate: '2026-02-30' }, 'decisionDate', ORDER_APPROVAL_MESSAGES.decisionDate],
    [
      { effectiveDate: '2026-01-31' },
      'effectiveDate',
      ORDER_APPROVAL_MESSAGES.effectiveBeforeDecision,
    ],
    [{ revision: 0 }, 'revision', ORDER_APPROVAL_MESSAGES.revision],
  ])('refuses %j under %s', (change, path, message) => {
    const result = orderApprovalInputSchema.safeParse({ ...input, ...change });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [path, message],
    ]);
  });
});

describe('approvedLine and approvalRefusal', () => {
  it('prints the decision', () => {
    expect(
      approvedLine({
        approver: 'executive_committee',
        decisionNumber: '15',
        decisionDate: '2026-02-01',
      }),
    ).toBe('Затверджено рішенням виконавчого комітету від 01.02.2026 № 15');
  });

  it.each([
    ['confirmed', null],
    ['sent', 'not-approved'],
    ['formed', 'not-approved'],
  ] as const)('a %s revision: %s', (status, refusal) => {
    expect(approvalRefusal(status)).toBe(refusal);
  });
});
