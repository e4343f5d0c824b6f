import {
  DOCUMENTS_NOT_READY_MESSAGE,
  INVOICE_DOCUMENT,
  ORDER_DOCUMENTS,
  PAYMENT_PENDING_MESSAGE,
  PRINT_SET_DOCUMENT,
  SERVICE_COSTING_DOCUMENT,
  documentRefusal,
  type OrderDocumentFile,
  type OrderPdfInput,
} from '@medcalc/domain';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { ProviderRequisites } from '../../config/env';
import { AppError } from '../../lib/app-error';
import { parseStoredCompanyInfo } from '../../lib/stored-company-info';
import type { CalculationsService } from '../calculations/calculations.service';
import type { OrdersService } from '../orders/orders.service';
import { buildCompanyInfoData } from './build-company-info-data';
import { buildInvoiceData } from './build-invoice-data';
import { buildMaterialsSpendingData } from './build-materials-spending-data';
import { buildOrderListData } from './build-order-list-data';
import { buildPriceListData } from './build-price-list-data';
import { buildServiceCostingData } from './build-service-costing-data';
import { buildTitleData } from './build-title-data';
import { buildDocumentHeading } from './document-source';
import type { DocumentService, OrderDocumentSource } from './document-source';
import { combinedDocumentDefinition, renderPdf } from './pdf-layout';
import { renderCompanyInfo } from './render-company-info';
import { renderInvoice } from './render-invoice';
import { renderMaterialsSpending } from './render-materials-spending';
import { renderOrderList } from './render-order-list';
import { renderPriceList } from './render-price-list';
import { renderServiceCosting } from './render-service-costing';
import { renderTitle } from './render-title';

/** Each document: its data builder (build-<doc>-data.ts) composed with its layout (render-<doc>.ts). */
export const DOCUMENT_LAYOUTS: Record<
  OrderDocumentFile,
  (source: OrderDocumentSource) => TDocumentDefinitions
> = {
  title: (source) => renderTitle(buildTitleData(source)),
  company_info: (source) => renderCompanyInfo(buildCompanyInfoData(source)),
  price_list: (source) => renderPriceList(buildPriceListData(source)),
  materials_spending: (source) => renderMaterialsSpending(buildMaterialsSpendingData(source)),
  order_list: (source) => renderOrderList(buildOrderListData(source)),
};

/**
 * The whole set the card's «Друк» prints (issue 10, the spec's 'print' operation): the five documents in the
 * card's order, then the калькуляція of every service in the order's position order, as one document laid out in
 * one pdfmake pass (a pass per part would cost ~30 ms each, seconds for 200 services). Each part is its own
 * renderer's layout, starting on a new page; the pages are numbered through the set.
 */
export function renderPrintSet(source: OrderDocumentSource): TDocumentDefinitions {
  return combinedDocumentDefinition(buildDocumentHeading(source), PRINT_SET_DOCUMENT.title, [
    ...ORDER_DOCUMENTS.map((document) => DOCUMENT_LAYOUTS[document.file](source)),
    ...source.services.map((service) =>
      renderServiceCosting(buildServiceCostingData(source, service)),
    ),
  ]);
}

/** A company user: the session user's company, and its registered name (printed when the snapshot has none). */
export interface CompanyDocumentRequester {
  companyId: number;
  companyName: string;
}

/**
 * The administrator (issue 11, `POST /api/administrator/orders/pdf`): any company's order, read through the
 * orders service's `readOrderForAdmin`; the order's own company's name is printed when the snapshot has none.
 */
export const ANY_COMPANY_REQUESTER = { anyCompany: true } as const;

/** Who asks: a company user (their company's orders only) or the administrator (any company's order). */
export type DocumentRequester = CompanyDocumentRequester | typeof ANY_COMPANY_REQUESTER;

/** A generated document: the PDF and the Ukrainian file name to offer it under. */
export interface GeneratedDocument {
  fileName: string;
  pdf: Buffer;
}

/** «Титульна сторінка — <order name>.pdf»: the document's Ukrainian name and the order's. */
export function documentFileName(
  file: OrderDocumentFile | typeof INVOICE_DOCUMENT.file | typeof PRINT_SET_DOCUMENT.file,
  orderName: string,
): string {
  const title =
    file === INVOICE_DOCUMENT.file
      ? INVOICE_DOCUMENT.title
      : file === PRINT_SET_DOCUMENT.file
        ? PRINT_SET_DOCUMENT.title
        : (ORDER_DOCUMENTS.find((document) => document.file === file)?.title ?? file);
  const name = orderName.trim();
  return name === '' ? `${title}.pdf` : `${title} — ${name}.pdf`;
}

/** Shown when the калькуляція asked for is not one of the order's services. */
export const CALCULATION_NOT_IN_ORDER_MESSAGE = 'Калькуляцію не знайдено в цьому замовленні.';

/** «Калькуляція — <service name>.pdf»: the калькуляція of one service is named after the service. */
export function serviceCostingFileName(serviceName: string): string {
  const name = serviceName.trim();
  const title = SERVICE_COSTING_DOCUMENT.title;
  return name === '' ? `${title}.pdf` : `${title} — ${name}.pdf`;
}

/**
 * The five PDF documents of an order (spec §2 "Documents column", §7 `POST /api/orders/pdf`). The order is read
 * through the orders service (another company's order is 404) and its services with their stored results through
 * the calculations service; the documents print those results, never a recomputation. Only a calculated order
 * has documents (domain `documentRefusal`): `created` → 403 (payment first), `payed`/`saved` → 409 (calculate
 * first).
 */
export function createDocumentsService(deps: {
  ordersService: Pick<OrdersService, 'readOwnOrder' | 'readOrderForAdmin'>;
  calculationsService: Pick<CalculationsService, 'listResultsOfOrder'>;
  /** Who the order fee is paid to (config PROVIDER_*), printed on the invoice; the service reads no env. */
  provider: ProviderRequisites;
}) {
  const { ordersService, calculationsService, provider } = deps;

  /**
   * The order the requester may read and the company name its documents fall back on: a company user's own order
   * (another company's is 404, like a missing one), or any company's for the administrator.
   */
  async function readOrder(requester: DocumentRequester, identifier: string) {
    if ('anyCompany' in requester) return ordersService.readOrderForAdmin(identifier);
    const order = await ordersService.readOwnOrder(requester.companyId, identifier);
    return { order, companyName: requester.companyName };
  }

  /**
   * The рахунок на оплату of the order fee (issue 10 item 7): at every status, from `created` on (domain
   * `documentRefusalFor`), so it needs the services' names only, not their results.
   */
  async function generateInvoice(
    requester: DocumentRequester,
    identifier: string,
  ): Promise<GeneratedDocument> {
    const { order, companyName } = await readOrder(requester, identifier);
    const rows = await calculationsService.listResultsOfOrder(order.id);
    const data = buildInvoiceData(
      {
        order: {
          identifier: order.identifier,
          name: order.name,
          status: order.status,
          createdAt: order.createdAt,
          companyInfo: parseStoredCompanyInfo(order.companyInfo),
        },
        companyName,
        services: rows.map((row) => ({ name: row.name })),
      },
      provider,
    );
    const pdf = await renderPdf(renderInvoice(data));
    return { fileName: documentFileName(INVOICE_DOCUMENT.file, order.name), pdf };
  }

  /** Everything the documents of the order print, or the refusal. */
  async function loadSource(
    requester: DocumentRequester,
    identifier: string,
  ): Promise<OrderDocumentSource> {
    const { order, companyName } = await readOrder(requester, identifier);
    const refusal = documentRefusal(order.status);
    if (refusal === 'payment') throw new AppError('FORBIDDEN', PAYMENT_PENDING_MESSAGE);
    if (refusal === 'not-calculated') throw new AppError('CONFLICT', DOCUMENTS_NOT_READY_MESSAGE);
    const rows = await calculationsService.listResultsOfOrder(order.id);
    const services: DocumentService[] = [];
    for (const row of rows) {
      // Calculate stores every service's results as it moves the order to formed, and Save clears them as it
      // moves it back; a calculated order without them is not ready, whatever its status says.
      if (row.cost === null) throw new AppError('CONFLICT', DOCUMENTS_NOT_READY_MESSAGE);
      services.push({
        id: row.id,
        categoryName: row.categoryName,
        name: row.name,
        content: row.content,
        cost: row.cost,
      });
    }
    return {
      order: {
        identifier: order.identifier,
        name: order.name,
        status: order.status,
        createdAt: order.createdAt,
        companyInfo: parseStoredCompanyInfo(order.companyInfo),
      },
      companyName,
      services,
    };
  }

  return {
    loadSource,

    /**
     * `POST /api/orders/pdf`: one document of the company's calculated order (or the whole set, `print`), as PDF
     * bytes with its name.
     */
    async generate(requester: DocumentRequester, input: OrderPdfInput): Promise<GeneratedDocument> {
      if (input.file === INVOICE_DOCUMENT.file) return generateInvoice(requester, input.identifier);
      const source = await loadSource(requester, input.identifier);
      if (input.file === SERVICE_COSTING_DOCUMENT.file) {
        // The калькуляція of one service of this order (issue 10 item 6); another order's service is 404.
        const service = source.services.find((candidate) => candidate.id === input.calculationId);
        if (!service) throw new AppError('NOT_FOUND', CALCULATION_NOT_IN_ORDER_MESSAGE);
        const pdf = await renderPdf(renderServiceCosting(buildServiceCostingData(source, service)));
        return { fileName: serviceCostingFileName(service.name), pdf };
      }
      if (input.file === PRINT_SET_DOCUMENT.file) {
        const pdf = await renderPdf(renderPrintSet(source));
        return { fileName: documentFileName(input.file, source.order.name), pdf };
      }
      const pdf = await renderPdf(DOCUMENT_LAYOUTS[input.file](source));
      return { fileName: documentFileName(input.file, source.order.name), pdf };
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
