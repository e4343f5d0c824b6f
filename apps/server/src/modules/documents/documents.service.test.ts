import { describe, expect, it } from 'vitest';
import {
  DOCUMENTS_NOT_READY_MESSAGE,
  ORDER_DOCUMENTS,
  ORDER_DOCUMENT_FILES,
  PAYMENT_PENDING_MESSAGE,
  type OrderStatus,
  DEFAULT_APPROVAL_SETTINGS,
} from '@medcalc/domain';
import { DEMO_PROVIDER } from '../../lib/provider-requisites';
import { AppError } from '../../lib/app-error';
import type { StoredCalculationResult } from '../calculations/calculations.service';
import type { OrderRecord } from '../orders/orders.service';
import {
  WORKED_CONTENT,
  WORKED_INFO,
  WORKED_SERVICE_NAME,
  documentSource,
  workedExampleSource,
  workedService,
} from '../../../test/document-fixtures';
import { buildServiceCostingData } from './build-service-costing-data';
import { createDocumentsService } from './documents.service';
import { documentFileName } from './generated-document';
import { DOCUMENT_LAYOUTS, printSetLayout } from './layouts/order-documents';
import { createDocumentRenderer } from './document-pool';
import { renderPdf } from './render-pdf';
import { pagesOf, squeeze } from './read-back';
import { serviceCostingLayout } from './layouts/service-costing';

const requester = { companyId: 1, companyName: 'КНП «Лікарня»' };

/** A documents service over one order of company 1 holding the worked example, in `status`. */
function serviceWith(
  status: OrderStatus,
  options: { withoutResults?: boolean; revision?: number } = {},
) {
  const source = workedExampleSource({ status });
  const order: OrderRecord = {
    id: 5,
    identifier: source.order.identifier,
    numberYear: 2026,
    number: 7,
    companyId: 1,
    name: source.order.name,
    status,
    companyInfo: WORKED_INFO,
    deletedAt: null,
    revision: options.revision ?? 1,
    version: 1,
    priceRounding: 'none',
    createdAt: source.order.createdAt,
    updatedAt: source.order.createdAt,
  };
  const rows: StoredCalculationResult[] = source.services.map((service, position) => ({
    id: service.id,
    identifier: `svc${service.id}`,
    serviceNumber: service.serviceNumber,
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
  const historyReads: number[] = [];
  const service = createDocumentsService({
    approvals: {
      settingsOf: async () => DEFAULT_APPROVAL_SETTINGS,
      approvalsOf: async () => [],
    },
    ordersService: {
      async readOwnOrder(companyId, identifier) {
        if (companyId !== order.companyId || identifier !== order.identifier)
          throw new AppError('NOT_FOUND', 'Замовлення не знайдено.');
        return order;
      },
      // An earlier revision kept as the current one is now (formed, same services): what a comparison reads.
      async findRevision(_order, number) {
        if (number >= order.revision) return undefined;
        return {
          number,
          status: 'formed' as const,
          orderName: order.name,
          companyName: 'Заклад замовлення',
          companyInfo: WORKED_INFO,
          priceRounding: 'none' as const,
          services: rows.map((row) => ({ ...row, categoryId: 3 })),
          notes: [],
          createdAt: source.order.createdAt,
        };
      },
      // Frozen papers of approved revisions (issue 33) are the orders module's; tested over HTTP.
      async paperOf() {
        return undefined;
      },
      async calculationsOfOrder() {
        historyReads.push(order.id);
        return () => ({
          userName: 'Іваненко Марія Петрівна',
          at: new Date('2026-11-25T09:00:00Z'),
        });
      },
      async readOrderForAdmin(identifier) {
        if (identifier !== order.identifier)
          throw new AppError('NOT_FOUND', 'Замовлення не знайдено.');
        return { order, companyName: 'Заклад замовлення' };
      },
    },
    calculationsService: {
      async listResultsOfOrder(orderId) {
        reads.push(orderId);
        return rows;
      },
    },
    provider: DEMO_PROVIDER,
    // Each order's invoice keeps the number it was first given, as invoice-numbers.ts does in the database.
    invoiceNumbers: {
      async issue(id) {
        return { number: 100 + id, year: 2026, issuedAt: new Date('2026-11-22T09:00:00Z') };
      },
      async issuedFor(id) {
        return { number: 100 + id, year: 2026, issuedAt: new Date('2026-11-22T09:00:00Z') };
      },
    },
    // The calling thread: what the pool's workers do is tested in document-pool.test.ts.
    renderer: createDocumentRenderer({ threads: 0, queueLimit: 0 }),
  });
  return { service, order, reads, historyReads };
}

async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { status: error.statusCode, message: error.message };
}

/** The HTTP status company 2 gets asking for `file` of company 1's order in `status`. */
async function foreignRefusalStatus(
  status: OrderStatus,
  file: Parameters<ReturnType<typeof serviceWith>['service']['generate']>[1]['file'],
) {
  const { service, order } = serviceWith(status);
  const refusal = await refusalOf(
    service.generate({ ...requester, companyId: 2 }, { file, identifier: order.identifier }),
  );
  return refusal.status;
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
      expect(squeeze(pagesOf(document.pdf).join('\n'))).toContain(
        `Рахунок на оплату № ${100 + order.id}/2026 від 22.11.2026`,
      );
      expect(reads).toEqual([order.id]);
    }
    expect(await foreignRefusalStatus('created', 'invoice')).toBe(404);
  });

  it('answers 404 for another company’s order', async () => {
    expect(await foreignRefusalStatus('formed', 'title')).toBe(404);
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

  it('reads the status history once for a comparison of two revisions (issue 33)', async () => {
    const { service, order, historyReads } = serviceWith('formed', { revision: 2 });
    const document = await service.generate(requester, {
      file: 'comparison',
      identifier: order.identifier,
    });
    expect(document.fileName).toMatch(/^Порівняння тарифів/);
    expect(historyReads).toEqual([order.id]);
  });

  it('answers the print set as one PDF named «Комплект документів — <order>», under the same refusals', async () => {
    const { service, order } = serviceWith('sent');
    const document = await service.generate(requester, {
      file: 'print',
      identifier: order.identifier,
    });
    expect(document.fileName).toBe(`Комплект документів — ${order.name}.pdf`);
    const pages = pagesOf(document.pdf);
    // The five (the company information takes two pages), then the worked example's калькуляція.
    expect(pages).toHaveLength(7);
    expect(pages.at(-1)).toMatch(/Собівартість послуги\s+C = L \+ A \+ E \+ M \+ OH\s+243,34/);
    for (const [status, expected] of [
      ['created', 403],
      ['payed', 409],
      ['saved', 409],
    ] as const) {
      const refused = serviceWith(status);
      const refusal = await refusalOf(
        refused.service.generate(requester, {
          file: 'print',
          identifier: refused.order.identifier,
        }),
      );
      expect(refusal.status, status).toBe(expected);
    }
    const foreign = await refusalOf(
      service.generate(
        { ...requester, companyId: 2 },
        { file: 'print', identifier: order.identifier },
      ),
    );
    expect(foreign.status).toBe(404);
  });
});

describe('the print set (printSetLayout)', () => {
  /** The worked example and a second service of another category, with a 12-material line list. */
  const source = (status: OrderStatus) =>
    documentSource(
      [
        workedService(),
        {
          id: 43,
          categoryName: 'Функціональна діагностика',
          name: 'ЕКГ у спокої',
          content: {
            ...WORKED_CONTENT,
            profit: 10,
            pills: Array.from({ length: 12 }, (_, index) => ({
              id: 200 + index,
              name: `Електрод одноразовий № ${index + 1}`,
              price: 1.25 + index,
              spend: 1 + index,
              measurement_type: 'шт',
            })),
          },
        },
      ],
      { status },
    );

  it('holds the five in card order, then each service’s калькуляція in position order, pages numbered through', async () => {
    const formed = source('formed');
    const pages = pagesOf(await renderPdf(await printSetLayout(formed)));

    // As many pages as the parts rendered apart: each part starts on a page of its own, none is lost.
    const partPages = await Promise.all([
      ...ORDER_DOCUMENT_FILES.map(
        async (file) => pagesOf(await renderPdf(DOCUMENT_LAYOUTS[file](formed))).length,
      ),
      ...formed.services.map(
        async (service) =>
          pagesOf(await renderPdf(serviceCostingLayout(buildServiceCostingData(formed, service))))
            .length,
      ),
    ]);
    expect(pages.length).toBe(partPages.reduce((sum, count) => sum + count, 0));

    pages.forEach((page, index) => {
      expect(page).toContain(`Сторінка ${index + 1} з ${pages.length}`);
      expect(page).toContain('Комплект документів');
      expect(page).toContain('Код ЄДРПОУ: 00032129');
      expect(page).toContain('НЕ ПОГОДЖЕНО');
    });

    // Each part begins at the top of a page, in the card's order, then the калькуляції in position order.
    const starts = [
      // The title page's title wraps before «послуг».
      /Калькуляції вартості платних медичних/,
      ...ORDER_DOCUMENTS.slice(1).map((document) => new RegExp(document.title)),
      new RegExp(`00042 · ${WORKED_SERVICE_NAME}`),
      /00043 · ЕКГ у спокої/,
    ];
    let firstPages: number[] = [];
    let from = 0;
    for (const start of starts) {
      const index = pages.findIndex((page, position) => position >= from && start.test(page));
      expect(index, start.source).toBeGreaterThanOrEqual(from);
      firstPages = [...firstPages, index];
      from = index + 1;
    }
    expect(firstPages[0]).toBe(0);
    const text = pages.join('\n');
    expect(text.match(/Калькуляція вартості платної медичної послуги/g)).toHaveLength(2);
    const worked = pages.slice(firstPages[5], firstPages[6]).join('\n');
    expect(worked).toMatch(/Собівартість послуги\s+C = L \+ A \+ E \+ M \+ OH\s+243,34/);
    expect(worked).toMatch(/Тариф \(ціна\) без ПДВ\s+Тариф = C \+ P\s+279,84/);
    expect(pages.slice(firstPages[6]).join('\n')).toContain('Електрод одноразовий № 12');
  });

  it('drops the «НЕ ПОГОДЖЕНО» mark once the order is confirmed', async () => {
    const text = pagesOf(await renderPdf(await printSetLayout(source('confirmed')))).join('\n');
    expect(text).not.toContain('НЕ ПОГОДЖЕНО');
    expect(text).toContain('Комплект документів');
    expect(text).toMatch(/243,34/);
  });
});
