import { describe, expect, it } from 'vitest';
import {
  DOCUMENTS_NOT_READY_MESSAGE,
  ORDER_DOCUMENT_FILES,
  PAYMENT_PENDING_MESSAGE,
  type OrderStatus,
} from '@medcalc/domain';
import { DEMO_PROVIDER } from '../../config/env';
import { AppError } from '../../lib/app-error';
import type { StoredCalculationResult } from '../calculations/calculations.service';
import type { OrderRecord } from '../orders/orders.service';
import { WORKED_INFO, workedExampleSource } from '../../../test/document-fixtures';
import { createDocumentsService, documentFileName } from './documents.service';

const requester = { companyId: 1, companyName: 'КНП «Лікарня»' };

/** A documents service over one order of company 1 holding the worked example, in `status`. */
function serviceWith(status: OrderStatus, options: { withoutResults?: boolean } = {}) {
  const source = workedExampleSource({ status });
  const order: OrderRecord = {
    id: 5,
    identifier: source.order.identifier,
    companyId: 1,
    name: source.order.name,
    status,
    companyInfo: WORKED_INFO,
    createdAt: source.order.createdAt,
    updatedAt: source.order.createdAt,
  };
  const rows: StoredCalculationResult[] = source.services.map((service, position) => ({
    id: service.id,
    categoryId: 3,
    categoryName: service.categoryName,
    name: service.name,
    position,
    content: service.content,
    summary: options.withoutResults ? null : service.cost.summary,
    summaryWithProfit: options.withoutResults ? null : service.cost.summaryWithProfit,
    cost: options.withoutResults ? null : service.cost,
  }));
  const reads: number[] = [];
  const service = createDocumentsService({
    ordersService: {
      async readOwnOrder(companyId, identifier) {
        if (companyId !== order.companyId || identifier !== order.identifier)
          throw new AppError('NOT_FOUND', 'Замовлення не знайдено.');
        return order;
      },
    },
    calculationsService: {
      async listResultsOfOrder(orderId) {
        reads.push(orderId);
        return rows;
      },
    },
    provider: DEMO_PROVIDER,
  });
  return { service, order, reads };
}

async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { status: error.statusCode, message: error.message };
}

describe('documents service', () => {
  it('generates each of the five documents of a calculated order as a PDF with its Ukrainian name', async () => {
    const { service, order } = serviceWith('formed');
    for (const file of ORDER_DOCUMENT_FILES) {
      const document = await service.generate(requester, { file, identifier: order.identifier });
      expect(document.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(document.fileName).toBe(documentFileName(file, order.name));
    }
    expect(documentFileName('title', 'Платні послуги 2027')).toBe(
      'Титульна сторінка — Платні послуги 2027.pdf',
    );
    expect(documentFileName('order_list', '  ')).toBe('Перелік послуг, що калькулюються.pdf');
  });

  it('refuses while awaiting payment (403) and before Calculate (409), reading no calculations', async () => {
    for (const [status, expected] of [
      ['created', { status: 403, message: PAYMENT_PENDING_MESSAGE }],
      ['payed', { status: 409, message: DOCUMENTS_NOT_READY_MESSAGE }],
      ['saved', { status: 409, message: DOCUMENTS_NOT_READY_MESSAGE }],
    ] as const) {
      const { service, order, reads } = serviceWith(status);
      expect(
        await refusalOf(
          service.generate(requester, { file: 'title', identifier: order.identifier }),
        ),
      ).toEqual(expected);
      expect(reads).toEqual([]);
    }
  });

  it('generates the invoice at every status, from created on (without results)', async () => {
    for (const status of ['created', 'payed', 'saved', 'confirmed'] as const) {
      const { service, order, reads } = serviceWith(status, { withoutResults: true });
      const document = await service.generate(requester, {
        file: 'invoice',
        identifier: order.identifier,
      });
      expect(document.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(document.fileName).toBe(`Рахунок на оплату — ${order.name}.pdf`);
      expect(reads).toEqual([order.id]);
    }
    const { service, order } = serviceWith('created');
    const refusal = await refusalOf(
      service.generate(
        { ...requester, companyId: 2 },
        { file: 'invoice', identifier: order.identifier },
      ),
    );
    expect(refusal.status).toBe(404);
  });

  it('answers 404 for another company’s order', async () => {
    const { service, order } = serviceWith('formed');
    const refusal = await refusalOf(
      service.generate(
        { ...requester, companyId: 2 },
        { file: 'title', identifier: order.identifier },
      ),
    );
    expect(refusal.status).toBe(404);
  });

  it('refuses a calculated order whose results are missing rather than printing blanks', async () => {
    const { service, order } = serviceWith('sent', { withoutResults: true });
    expect(
      await refusalOf(
        service.generate(requester, { file: 'order_list', identifier: order.identifier }),
      ),
    ).toEqual({ status: 409, message: DOCUMENTS_NOT_READY_MESSAGE });
  });

  it('builds the documents from the stored snapshot and results, with the session company as fallback name', async () => {
    const { service, order } = serviceWith('confirmed');
    const source = await service.loadSource(requester, order.identifier);
    expect(source.companyName).toBe('КНП «Лікарня»');
    expect(source.order.status).toBe('confirmed');
    expect(source.services.map((s) => [s.cost.summary, s.cost.summaryWithProfit])).toEqual([
      ['243.34', '279.84'],
    ]);
  });
});
