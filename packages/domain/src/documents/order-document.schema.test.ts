import { describe, expect, it } from 'vitest';
import { orderFee } from '../orders/order-fee';
import { ORDER_STATUSES, documentRefusal } from '../orders/order-status';
import {
  CALCULATION_ID_REQUIRED_MESSAGE,
  INVOICE_DOCUMENT,
  ORDER_DOCUMENTS,
  SERVICE_COSTING_DOCUMENT,
  canDownloadDocuments,
  documentRefusalFor,
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
    expect(orderPdfInputSchema.safeParse({ file: 'receipt', identifier: 'abc' }).success).toBe(
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

describe('orderPdfInputSchema: the калькуляція of one service', () => {
  it('is not one of the spec’s five documents', () => {
    expect(ORDER_DOCUMENTS).toHaveLength(5);
    expect(ORDER_DOCUMENTS.map((document) => document.file)).not.toContain(
      SERVICE_COSTING_DOCUMENT.file,
    );
    expect(SERVICE_COSTING_DOCUMENT).toEqual({ file: 'calculation', title: 'Калькуляція' });
  });

  it('takes `calculation` with a positive whole calculationId', () => {
    expect(
      orderPdfInputSchema.parse({ file: 'calculation', identifier: 'abc', calculationId: 42 }),
    ).toEqual({ file: 'calculation', identifier: 'abc', calculationId: 42 });
  });

  it('requires calculationId for `calculation`, naming it in the error', () => {
    for (const calculationId of [undefined, null, 0, -3, 1.5, '42']) {
      const result = orderPdfInputSchema.safeParse({
        file: 'calculation',
        identifier: 'abc',
        calculationId,
      });
      expect(result.success, String(calculationId)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['calculationId']);
      expect(result.error?.issues[0]?.message).toBe(CALCULATION_ID_REQUIRED_MESSAGE);
    }
  });

  it('does not ask the five documents for a calculationId', () => {
    expect(orderPdfInputSchema.safeParse({ file: 'title', identifier: 'abc' }).success).toBe(true);
  });
});

describe('document rules by status', () => {
  it('allows the documents at formed, sent and confirmed only', () => {
    expect(ORDER_STATUSES.filter(canDownloadDocuments)).toEqual(['formed', 'sent', 'confirmed']);
  });
});

describe('the invoice (рахунок на оплату)', () => {
  it('is accepted by the schema without calculationId, and is not one of the five', () => {
    expect(orderPdfInputSchema.parse({ file: 'invoice', identifier: 'abc123' })).toEqual({
      file: INVOICE_DOCUMENT.file,
      identifier: 'abc123',
    });
    expect(ORDER_DOCUMENTS).toHaveLength(5);
    expect(ORDER_DOCUMENTS.map((document) => document.file)).not.toContain('invoice');
  });

  it('charges 240 UAH per service (orderFee)', () => {
    expect(orderFee(0)).toBe(0);
    expect(orderFee(1)).toBe(240);
    expect(orderFee(2)).toBe(480);
  });

  it('is downloadable at every status, from created on', () => {
    for (const status of ORDER_STATUSES) expect(documentRefusalFor('invoice', status)).toBeNull();
  });

  it('leaves every other document under the status rule', () => {
    for (const status of ORDER_STATUSES) {
      for (const file of ['title', 'order_list', 'calculation'] as const) {
        expect(documentRefusalFor(file, status)).toBe(documentRefusal(status));
      }
    }
    expect(documentRefusalFor('title', 'created')).toBe('payment');
  });
});
