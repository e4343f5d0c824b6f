import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../orders/order-status';
import {
  ORDER_DOCUMENTS,
  canDownloadDocuments,
  documentRefusal,
  isDocumentApproved,
  orderPdfInputSchema,
} from './order-document.schema';

describe('orderPdfInputSchema', () => {
  it('takes the five wire names and the spec’s spaced spellings', () => {
    for (const { file } of ORDER_DOCUMENTS) {
      expect(orderPdfInputSchema.parse({ file, identifier: 'abc123' }).file).toBe(file);
    }
    expect(orderPdfInputSchema.parse({ file: 'price list', identifier: 'abc' }).file).toBe(
      'price_list',
    );
    expect(orderPdfInputSchema.parse({ file: ' order list ', identifier: 'abc' }).file).toBe(
      'order_list',
    );
  });

  it('refuses an unknown file and a malformed identifier', () => {
    expect(orderPdfInputSchema.safeParse({ file: 'invoice', identifier: 'abc' }).success).toBe(
      false,
    );
    expect(orderPdfInputSchema.safeParse({ file: 'toString', identifier: 'abc' }).success).toBe(
      false,
    );
    expect(orderPdfInputSchema.safeParse({ file: 'title', identifier: '../x' }).success).toBe(
      false,
    );
  });
});

describe('document rules by status', () => {
  it('allows the documents at formed, sent and confirmed only', () => {
    expect(ORDER_STATUSES.filter(canDownloadDocuments)).toEqual(['formed', 'sent', 'confirmed']);
    expect(documentRefusal('created')).toBe('payment');
    expect(documentRefusal('payed')).toBe('not-calculated');
    expect(documentRefusal('saved')).toBe('not-calculated');
  });

  it('marks the documents approved only once the order is confirmed', () => {
    expect(ORDER_STATUSES.filter(isDocumentApproved)).toEqual(['confirmed']);
  });
});
