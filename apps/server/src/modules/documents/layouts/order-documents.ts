import {
  ORDER_DOCUMENTS,
  PRINT_SET_DOCUMENT,
  SERVICE_COSTING_DOCUMENT,
  type OrderDocumentFile,
} from '@medcalc/domain';
import { AppError } from '../../../lib/app-error';
import { buildChronometryData, hasChronometryAct } from '../build-chronometry-data';
import { buildCompanyInfoData } from '../build-company-info-data';
import { buildMaterialsSpendingData } from '../build-materials-spending-data';
import { buildOrderListData } from '../build-order-list-data';
import { buildPriceListData } from '../build-price-list-data';
import { buildServiceCostingData } from '../build-service-costing-data';
import { buildTitleData } from '../build-title-data';
import type { DocumentService, OrderDocumentSource } from '../document-source';
import { buildPageHeading } from '../page-heading';
import { LAYOUT_RANGE, progressOf, type ProgressReport } from '../render-progress';
import { chronometryLayout } from './chronometry';
import { companyInfoLayout } from './company-info';
import { materialsSpendingLayout } from './materials-spending';
import { orderListLayout } from './order-list';
import { combinedDocumentDefinition, type DocumentLayout } from './pdf-layout';
import { priceListLayout } from './price-list';
import { serviceCostingLayout } from './service-costing';
import { titleLayout } from './title';

/*
 * The layouts of the order's own documents from its data (the five, a service's papers, the print set): what the
 * document pool's worker runs for an `order-pdf` job (render-job.ts). Layout code only: nothing here reads the
 * database or imports the documents service.
 */

/** An order document built from the order's data alone: the five, the print set, or the калькуляція of one service. */
export type OrderLayoutDocument =
  { file: OrderDocumentFile | 'print' } | { file: 'calculation'; serviceId: number };

/** Shown when the калькуляція asked for is not one of the order's services. */
export const CALCULATION_NOT_IN_ORDER_MESSAGE = 'Калькуляцію не знайдено в цьому замовленні.';

/** Each document: its data builder (build-<doc>-data.ts) composed with its layout (layouts/<doc>.ts). */
export const DOCUMENT_LAYOUTS: Record<
  OrderDocumentFile,
  (source: OrderDocumentSource) => DocumentLayout
> = {
  title: (source) => titleLayout(buildTitleData(source)),
  company_info: (source) => companyInfoLayout(buildCompanyInfoData(source)),
  price_list: (source) => priceListLayout(buildPriceListData(source)),
  materials_spending: (source) => materialsSpendingLayout(buildMaterialsSpendingData(source)),
  order_list: (source) => orderListLayout(buildOrderListData(source)),
};

/**
 * The papers of one service: its калькуляція and, when wizard step 2's «Додати акт хронометражу до калькуляції»
 * is ticked, its «Акт хронометражу» after it (issue 33), each from a new page.
 */
export function serviceCostingParts(
  source: OrderDocumentSource,
  service: DocumentService,
): [DocumentLayout, ...DocumentLayout[]] {
  const costing = serviceCostingLayout(buildServiceCostingData(source, service));
  if (!hasChronometryAct(service)) return [costing];
  return [costing, chronometryLayout(buildChronometryData(source, service))];
}

/** The калькуляція of one service as one document, its chronometry act (when it has one) on the pages after it. */
export function servicePapersLayout(
  source: OrderDocumentSource,
  service: DocumentService,
): DocumentLayout {
  const [costing, ...act] = serviceCostingParts(source, service);
  if (act.length === 0) return costing;
  return combinedDocumentDefinition(buildPageHeading(source), costing.pageFrame.title, [
    costing,
    ...act,
  ]);
}

/** Lets the event loop answer what waits (another client's request) before the next part is laid out. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The whole set the card's «Друк» prints (issue 10, the spec's 'print' operation): the five documents in the
 * card's order, then the калькуляція of every service in the order's position order (with its chronometry act when
 * it has one), as one document laid out in
 * one pdfmake pass (a pass per part would cost ~30 ms each, seconds for 200 services). Each part is its own
 * renderer's layout, starting on a new page; the pages are numbered through the set.
 *
 * The parts' data and layouts are built in the request's thread (issue 21: only the layout goes to the document
 * pool), a few hundred ms for 120 services, so the event loop is let go between parts: other requests are answered
 * meanwhile rather than after the whole set.
 */
export async function printSetLayout(
  source: OrderDocumentSource,
  report?: ProgressReport,
): Promise<DocumentLayout> {
  const parts: DocumentLayout[] = [];
  const total = source.services.length;
  for (const document of ORDER_DOCUMENTS) {
    parts.push(DOCUMENT_LAYOUTS[document.file](source));
    await yieldToEventLoop();
  }
  for (const [index, service] of source.services.entries()) {
    parts.push(...serviceCostingParts(source, service));
    report?.(progressOf('services', index + 1, total, LAYOUT_RANGE));
    await yieldToEventLoop();
  }
  return combinedDocumentDefinition(buildPageHeading(source), PRINT_SET_DOCUMENT.title, parts);
}

/**
 * The layout of one order document from the order's data (render-job.ts `order-pdf`): run by the document pool's
 * worker, which loads these layouts and never the documents service, so the request only reads the order. A калькуляція of a service the order does not have is 404.
 */
export async function orderDocumentLayout(
  document: OrderLayoutDocument,
  source: OrderDocumentSource,
  report?: ProgressReport,
): Promise<DocumentLayout> {
  if (document.file === 'print') return printSetLayout(source, report);
  if (document.file === SERVICE_COSTING_DOCUMENT.file) {
    const { serviceId } = document;
    const service = source.services.find((candidate) => candidate.id === serviceId);
    if (!service) throw new AppError('NOT_FOUND', CALCULATION_NOT_IN_ORDER_MESSAGE);
    return servicePapersLayout(source, service);
  }
  return DOCUMENT_LAYOUTS[document.file](source);
}
