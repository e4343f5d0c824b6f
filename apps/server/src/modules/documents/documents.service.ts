import {
  DOCUMENTS_NOT_READY_MESSAGE,
  INVOICE_DOCUMENT,
  ORDER_DOCUMENTS,
  PAYMENT_PENDING_MESSAGE,
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
import type { DocumentService, OrderDocumentSource } from './document-source';
import { renderPdf } from './pdf-layout';
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

/** Who asks: the session user's company, and its registered name (printed when the snapshot has none). */
export interface DocumentRequester {
  companyId: number;
  companyName: string;
}

/** A generated document: the PDF and the Ukrainian file name to offer it under. */
export interface GeneratedDocument {
  fileName: string;
  pdf: Buffer;
}

/** «Титульна сторінка — <order name>.pdf»: the document's Ukrainian name and the order's. */
export function documentFileName(
  file: OrderDocumentFile | typeof INVOICE_DOCUMENT.file,
  orderName: string,
): string {
  const title =
    file === INVOICE_DOCUMENT.file
      ? INVOICE_DOCUMENT.title
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
  ordersService: Pick<OrdersService, 'readOwnOrder'>;
  calculationsService: Pick<CalculationsService, 'listResultsOfOrder'>;
  /** Who the order fee is paid to (config PROVIDER_*), printed on the invoice; the service reads no env. */
  provider: ProviderRequisites;
}) {
  const { ordersService, calculationsService, provider } = deps;

  /**
   * The рахунок на оплату of the order fee (issue 10 item 7): at every status, from `created` on (domain
   * `documentRefusalFor`), so it needs the services' names only, not their results.
   */
  async function generateInvoice(
    requester: DocumentRequester,
    identifier: string,
  ): Promise<GeneratedDocument> {
    const order = await ordersService.readOwnOrder(requester.companyId, identifier);
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
        companyName: requester.companyName,
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
    const order = await ordersService.readOwnOrder(requester.companyId, identifier);
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
      companyName: requester.companyName,
      services,
    };
  }

  return {
    loadSource,

    /** `POST /api/orders/pdf`: one document of the company's calculated order, as PDF bytes with its name. */
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
      const pdf = await renderPdf(DOCUMENT_LAYOUTS[input.file](source));
      return { fileName: documentFileName(input.file, source.order.name), pdf };
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
