import {
  APPROVAL_PACKAGE_DOCUMENT,
  type ApprovalSettings,
  type OrderApproval,
  type TariffHistory,
  serviceCodeOf,
  servicePriceOf,
  COMPARISON_DOCUMENT,
  COMPARISON_NEEDS_EARLIER_REVISION_MESSAGE,
  REVISION_NOT_FOUND_MESSAGE,
  calculationContentSchema,
  formatOrderNumber,
  isApproved,
  compareRevisions,
  inputChangeSchema,
  notesStillTrue,
  priceRoundingSchema,
  serviceCostSchema,
  type InputChange,
  type PriceRounding,
  type RevisionSide,
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
import type { ProviderRequisites } from '../../config/env';
import { AppError } from '../../lib/app-error';
import { parseStoredCompanyInfo } from '../../lib/stored-company-info';
import type { CalculationsService } from '../calculations/calculations.service';
import type {
  OrderRecord,
  OrdersService,
  PaperRecord,
  RevisionRecord,
} from '../orders/orders.service';
import { buildComparisonData, type ComparisonSource } from './build-comparison-data';
import { buildApprovalPackageData, type ApprovalPackageData } from './build-approval-package-data';
import { renderComparison } from './render-comparison';
import { buildCompanyInfoData } from './build-company-info-data';
import { buildInvoiceData } from './build-invoice-data';
import type { InvoiceNumbers } from './invoice-numbers';
import { buildMaterialsSpendingData } from './build-materials-spending-data';
import { buildOrderListData } from './build-order-list-data';
import { buildPriceListData } from './build-price-list-data';
import { buildServiceCostingData } from './build-service-costing-data';
import { buildChronometryData, hasChronometryAct } from './build-chronometry-data';
import { buildTitleData } from './build-title-data';
import { buildPageHeading } from './page-heading';
import { titledFileName, type DocumentService, type OrderDocumentSource } from './document-source';
import type { DocumentRenderer } from './document-pool';
import type { OrderLayoutDocument, RenderJob } from './render-job';
import { combinedDocumentDefinition } from './pdf-layout';
import { renderCompanyInfo } from './render-company-info';
import { renderInvoice } from './render-invoice';
import { renderMaterialsSpending } from './render-materials-spending';
import { renderOrderList } from './render-order-list';
import { renderPriceList } from './render-price-list';
import { renderServiceCosting } from './render-service-costing';
import { renderChronometry } from './render-chronometry';
import { renderTitle } from './render-title';
import type { DocumentLayout } from './pdf-layout';
import { LAYOUT_RANGE, progressOf, type ProgressReport } from './render-progress';

/** Each document: its data builder (build-<doc>-data.ts) composed with its layout (render-<doc>.ts). */
export const DOCUMENT_LAYOUTS: Record<
  OrderDocumentFile,
  (source: OrderDocumentSource) => DocumentLayout
> = {
  title: (source) => renderTitle(buildTitleData(source)),
  company_info: (source) => renderCompanyInfo(buildCompanyInfoData(source)),
  price_list: (source) => renderPriceList(buildPriceListData(source)),
  materials_spending: (source) => renderMaterialsSpending(buildMaterialsSpendingData(source)),
  order_list: (source) => renderOrderList(buildOrderListData(source)),
};

/**
 * The papers of one service: its калькуляція and, when wizard step 2's «Додати акт хронометражу до калькуляції»
 * is ticked, its «Акт хронометражу» after it (issue 33), each from a new page.
 */
export function serviceCostingParts(
  source: OrderDocumentSource,
  service: DocumentService,
): [DocumentLayout, ...DocumentLayout[]] {
  const costing = renderServiceCosting(buildServiceCostingData(source, service));
  if (!hasChronometryAct(service)) return [costing];
  return [costing, renderChronometry(buildChronometryData(source, service))];
}

/** The калькуляція of one service as one document, its chronometry act (when it has one) on the pages after it. */
export function serviceCostingLayout(
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
export async function renderPrintSet(
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
 * worker, so the request only reads the order. A калькуляція of a service the order does not have is 404.
 */
export async function orderDocumentLayout(
  document: OrderLayoutDocument,
  source: OrderDocumentSource,
  report?: ProgressReport,
): Promise<DocumentLayout> {
  if (document.file === 'print') return renderPrintSet(source, report);
  if (document.file === SERVICE_COSTING_DOCUMENT.file) {
    const { serviceId } = document;
    const service = source.services.find((candidate) => candidate.id === serviceId);
    if (!service) throw new AppError('NOT_FOUND', CALCULATION_NOT_IN_ORDER_MESSAGE);
    return serviceCostingLayout(source, service);
  }
  return DOCUMENT_LAYOUTS[document.file](source);
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
  return titledFileName(title, orderName, 'pdf');
}

/** «Порівняння тарифів — <order name>.pdf|xlsx». */
export function comparisonFileName(orderName: string, extension: 'pdf' | 'xlsx'): string {
  return titledFileName(COMPARISON_DOCUMENT.title, orderName, extension);
}

/** Shown when the калькуляція asked for is not one of the order's services. */
export const CALCULATION_NOT_IN_ORDER_MESSAGE = 'Калькуляцію не знайдено в цьому замовленні.';

/** «Калькуляція — <service name>.pdf»: the калькуляція of one service is named after the service. */
export function serviceCostingFileName(serviceName: string): string {
  return titledFileName(SERVICE_COSTING_DOCUMENT.title, serviceName, 'pdf');
}

/**
 * The five PDF documents of an order (spec §2 "Documents column", §7 `POST /api/orders/pdf`). The order is read
 * through the orders service (another company's order is 404) and its services with their stored results through
 * the calculations service; the documents print those results, never a recomputation. Only a calculated order
 * has documents (domain `documentRefusal`): `created` → 403 (payment first), `payed`/`saved` → 409 (calculate
 * first).
 */
/**
 * What a revision kept or frozen says its documents print (issue 33): an earlier revision as kept, or an approved
 * one's paper. Stored JSON, written by older code too: every part is read through today's schemas.
 */
/** What the documents read of the approvals module (issue 35). */
export interface DocumentApprovals {
  settingsOf(companyId: number): Promise<ApprovalSettings>;
  approvalsOf(order: Pick<OrderRecord, 'id'>): Promise<OrderApproval[]>;
}

/** The body of an approval package call (`POST /api/orders/docx` or `/pdf` with `file: 'approval'`). */
export interface ApprovalPackageInput {
  identifier: string;
  revision?: number | undefined;
  withCostings?: boolean | undefined;
}

/** A revision's recorded decision as its documents print it, or null. */
const approvalOfRevision = (recorded: readonly OrderApproval[], number: number) => {
  const found = recorded.find((approval) => approval.revision === number);
  return found
    ? {
        approver: found.approver,
        decisionNumber: found.decisionNumber,
        decisionDate: found.decisionDate,
      }
    : null;
};

type PrintedRevision =
  | Pick<RevisionRecord, 'orderName' | 'companyName' | 'companyInfo' | 'priceRounding' | 'services'>
  | PaperRecord;

export function createDocumentsService(deps: {
  ordersService: Pick<
    OrdersService,
    'readOwnOrder' | 'readOrderForAdmin' | 'findRevision' | 'paperOf' | 'calculationsOfOrder'
  >;
  calculationsService: Pick<CalculationsService, 'listResultsOfOrder'>;
  /** Who the order fee is paid to (config PROVIDER_*), printed on the invoice; the service reads no env. */
  provider: ProviderRequisites;
  /** The invoices' running numbers (invoice-numbers.ts): taken when an order's invoice is first issued, then kept. */
  invoiceNumbers: InvoiceNumbers;
  /**
   * Turns a layout or workbook data into bytes: the app's pool of worker threads (document-pool.ts), so the
   * event loop only builds the data and the layout.
   */
  renderer: DocumentRenderer;
  /**
   * The company's approval settings and the decisions recorded on an order's revisions (issue 35, the approvals
   * module): the documents print a revision's decision, and the approval package names the settings.
   */
  approvals: DocumentApprovals;
}) {
  const { ordersService, calculationsService, provider, invoiceNumbers, renderer, approvals } =
    deps;
  const renderPdf = (layout: DocumentLayout) => renderer.render({ kind: 'pdf', layout });

  /**
   * The order the requester may read and the company name its documents fall back on: a company user's own order
   * (another company's is 404, like a missing one), or any company's for the administrator.
   */
  async function readOrder(requester: DocumentRequester, identifier: string) {
    const read =
      'anyCompany' in requester
        ? await ordersService.readOrderForAdmin(identifier)
        : {
            order: await ordersService.readOwnOrder(requester.companyId, identifier),
            companyName: requester.companyName,
          };
    return { ...read, calculationOf: calculationsOf(read.order) };
  }

  /**
   * The рахунок на оплату of the order fee (issue 10 item 7): at every status, from `created` on (domain
   * `documentRefusalFor`), so it needs the services' names only, not their results. Its number is given when the
   * provider issues it (invoice-numbers.ts: the administrator's print or payment confirmation) and kept.
   */
  async function generateInvoice(
    requester: DocumentRequester,
    identifier: string,
  ): Promise<GeneratedDocument> {
    const { order, companyName } = await readOrder(requester, identifier);
    const rows = await calculationsService.listResultsOfOrder(order.id);
    // Issue 34: only the provider issues (the administrator's print of an order the company has not deleted);
    // everyone else prints the invoice as issued, or unnumbered until it is.
    const issued =
      'anyCompany' in requester && order.deletedAt === null
        ? await invoiceNumbers.issue(order.id)
        : await invoiceNumbers.issuedFor(order.id);
    const data = buildInvoiceData(
      {
        order: {
          identifier: order.identifier,
          number: formatOrderNumber(order.numberYear, order.number),
          name: order.name,
          status: order.status,
          createdAt: order.createdAt,
          companyInfo: parseStoredCompanyInfo(order.companyInfo),
        },
        companyName,
        services: rows.map((row) => ({ name: row.name })),
      },
      provider,
      issued,
    );
    const pdf = await renderPdf(renderInvoice(data));
    return { fileName: documentFileName(INVOICE_DOCUMENT.file, order.name), pdf };
  }

  /** The documents' refusal of a status: 403 while `created`, 409 until calculated. */
  function assertDocumentsReady(status: OrderRecord['status']): void {
    const refusal = documentRefusal(status);
    if (refusal === 'payment') throw new AppError('FORBIDDEN', PAYMENT_PENDING_MESSAGE);
    if (refusal === 'not-calculated') throw new AppError('CONFLICT', DOCUMENTS_NOT_READY_MESSAGE);
  }

  /**
   * The services of a calculated revision with their stored results. Calculate stores every service's results as
   * it moves the order to formed, and Save clears them as it moves it back; a calculated revision without them is
   * not ready, whatever its status says.
   */
  function documentServices(
    rows: ReadonlyArray<
      Omit<DocumentService, 'identifier' | 'cost'> & {
        identifier: string;
        cost: DocumentService['cost'] | null;
      }
    >,
  ): DocumentService[] {
    return rows.map((row) => {
      if (row.cost === null) throw new AppError('CONFLICT', DOCUMENTS_NOT_READY_MESSAGE);
      return {
        id: row.id,
        identifier: row.identifier,
        serviceNumber: row.serviceNumber,
        categoryName: row.categoryName,
        name: row.name,
        content: row.content,
        cost: row.cost,
      };
    });
  }

  /**
   * Who calculated a revision of the order and when, as the documents' source carries it (issue 33): the status
   * history is read at the first question and only once for the request, whichever revisions it prints.
   */
  function calculationsOf(order: OrderRecord) {
    let lookup: ReturnType<typeof ordersService.calculationsOfOrder> | undefined;
    return async (number: number): Promise<NonNullable<OrderDocumentSource['calculation']>> => {
      lookup ??= ordersService.calculationsOfOrder(order);
      const formed = (await lookup)(number);
      return {
        economist: formed?.userName?.trim() || null,
        calculatedAt: formed?.at.toISOString() ?? null,
      };
    };
  }

  /**
   * Everything the documents of one revision of the order print, or the refusal (issue 18): the current revision
   * (absent or equal `revision`) from the order and its calculations, an earlier one from what it kept, with the
   * status it had when it was closed (so an approved revision stays approved). Also its rounding and, for an
   * earlier revision, the notes of the re-pricing that closed it (what the comparison with the next one prints).
   * A kept service or note that today's schemas cannot read makes the revision "not ready" (409), never a 500.
   */
  async function loadRevision(
    requester: DocumentRequester,
    identifier: string,
    revision?: number,
    read?: Awaited<ReturnType<typeof readOrder>>,
  ): Promise<{ source: OrderDocumentSource; priceRounding: PriceRounding; notes: InputChange[] }> {
    const { order, companyName, calculationOf } = read ?? (await readOrder(requester, identifier));
    const number = revision ?? order.revision;
    if (number > order.revision) throw new AppError('NOT_FOUND', REVISION_NOT_FOUND_MESSAGE);
    const kept =
      number === order.revision ? undefined : await ordersService.findRevision(order, number);
    if (number !== order.revision && !kept)
      throw new AppError('NOT_FOUND', REVISION_NOT_FOUND_MESSAGE);
    const status = kept?.status ?? order.status;
    assertDocumentsReady(status);
    // An approved revision prints its frozen paper (issue 33): what it printed when it was approved, whatever
    // changed since. The current one's paper is frozen here if its approval came before papers existed.
    const paper = isApproved(status) ? await ordersService.paperOf(order, number) : undefined;
    const printed: PrintedRevision | undefined = paper ?? kept;
    const head = {
      identifier: order.identifier,
      number: formatOrderNumber(order.numberYear, order.number),
      createdAt: order.createdAt,
      revision: number,
    };
    const notes = (Array.isArray(kept?.notes) ? kept.notes : []).flatMap(
      (note) => inputChangeSchema.safeParse(note).data ?? [],
    );
    const approval = approvalOfRevision(await approvals.approvalsOf(order), number);
    if (!printed) {
      const rows = await calculationsService.listResultsOfOrder(order.id);
      return {
        priceRounding: order.priceRounding,
        notes,
        source: {
          order: {
            ...head,
            name: order.name,
            status,
            companyInfo: parseStoredCompanyInfo(order.companyInfo),
          },
          companyName,
          calculation: await calculationOf(number),
          services: documentServices(rows),
          approval,
        },
      };
    }
    return {
      priceRounding: priceRoundingSchema.safeParse(printed.priceRounding).data ?? 'none',
      notes,
      source: {
        order: {
          ...head,
          name: printed.orderName,
          status,
          companyInfo: parseStoredCompanyInfo(printed.companyInfo),
        },
        companyName: printed.companyName,
        // A paper keeps who calculated the revision as it printed them (a user renamed later stays as signed).
        calculation:
          'signatures' in printed && printed.signatures.calculatedAt !== undefined
            ? {
                economist: printed.signatures.economist ?? null,
                calculatedAt: printed.signatures.calculatedAt,
              }
            : await calculationOf(number),
        services: documentServices(
          (Array.isArray(printed.services) ? printed.services : []).map((service) => {
            const content = calculationContentSchema.safeParse(service.content).data;
            const cost = serviceCostSchema.safeParse(service.cost).data;
            if (!content || !cost || !Number.isInteger(service.serviceNumber))
              throw new AppError('CONFLICT', DOCUMENTS_NOT_READY_MESSAGE);
            return { ...service, content, cost };
          }),
        ),
        approval,
      },
    };
  }

  /**
   * What a kept file of the order's documents depends on beside the call (issue 34, document-requests.ts
   * `documentKey`), read without the services: the order's content version (every save, calculation and re-pricing
   * bumps it), its revision and status, its name and number, the company's name, the institution data and who
   * calculated the revision. Anything else a document prints changes with one of these.
   */
  async function documentStamp(
    requester: DocumentRequester,
    identifier: string,
    revision?: number,
  ): Promise<unknown[]> {
    const { order, companyName, calculationOf } = await readOrder(requester, identifier);
    const number = revision ?? order.revision;
    return [
      order.identifier,
      number,
      order.revision,
      order.version,
      order.status,
      order.name,
      formatOrderNumber(order.numberYear, order.number),
      companyName,
      order.companyInfo,
      number <= order.revision ? await calculationOf(number) : null,
      // The decision recorded on the revision changes its approval block (issue 35).
      approvalOfRevision(await approvals.approvalsOf(order), number),
    ];
  }

  /** Everything the documents of the order (of `revision`, default the current one) print, or the refusal. */
  async function loadSource(
    requester: DocumentRequester,
    identifier: string,
    revision?: number,
  ): Promise<OrderDocumentSource> {
    return (await loadRevision(requester, identifier, revision)).source;
  }

  /**
   * «Порівняння тарифів» (issue 18) of `revision` (default the current one) against the revision before it: each
   * service's stored cost and tariff on both sides and the input changes, through the domain's `compareRevisions`
   * (the same function the preview uses), with the notes of the re-pricing between them that still hold (a line
   * still points to the deleted row or material). The first revision has nothing to compare with (409); either
   * side not calculated is the documents' refusal.
   */
  async function loadComparison(
    requester: DocumentRequester,
    identifier: string,
    revision?: number,
    known?: Awaited<ReturnType<typeof readOrder>>,
  ): Promise<ComparisonSource> {
    const read = known ?? (await readOrder(requester, identifier));
    const after = await loadRevision(requester, identifier, revision, read);
    const afterRevision = after.source.order.revision ?? 1;
    if (afterRevision <= 1)
      throw new AppError('CONFLICT', COMPARISON_NEEDS_EARLIER_REVISION_MESSAGE);
    const before = await loadRevision(requester, identifier, afterRevision - 1, read);
    const side = (loaded: typeof after): RevisionSide => ({
      companyInfo: loaded.source.order.companyInfo,
      priceRounding: loaded.priceRounding,
      services: loaded.source.services.map((service) => ({
        ...service,
        identifier: service.identifier ?? '',
      })),
    });
    return {
      after: after.source,
      beforeRevision: afterRevision - 1,
      afterRevision,
      comparison: compareRevisions(
        side(before),
        side(after),
        notesStillTrue(before.notes, after.source.services),
      ),
    };
  }

  /**
   * One of the order's own documents (the five, the print set, a калькуляція) of `source`, the order as
   * `loadSource` read it; `report` hears the rendering's progress (a document job, issue 24).
   */
  async function renderOrderDocument(
    source: OrderDocumentSource,
    input: OrderPdfInput & { file: OrderLayoutDocument['file'] },
    report?: ProgressReport,
  ): Promise<GeneratedDocument> {
    // The layout is built where the PDF is rendered (the pool's worker): the request reads the order only.
    const renderOrderPdf = (document: OrderLayoutDocument) =>
      renderer.render({ kind: 'order-pdf', document, source, creationDate: new Date() }, report);
    if (input.file === SERVICE_COSTING_DOCUMENT.file) {
      // The калькуляція of one service of this order (issue 10 item 6); another order's service is 404.
      const service = source.services.find((candidate) => candidate.id === input.calculationId);
      if (!service) throw new AppError('NOT_FOUND', CALCULATION_NOT_IN_ORDER_MESSAGE);
      const pdf = await renderOrderPdf({ file: input.file, serviceId: service.id });
      return { fileName: serviceCostingFileName(service.name), pdf };
    }
    const pdf = await renderOrderPdf({ file: input.file });
    return { fileName: documentFileName(input.file, source.order.name), pdf };
  }

  /**
   * The data of the approval package of a revision (issue 35): its documents' source, the company's approval
   * settings, the comparison with the revision before (from the second on), the decision in force (the latest one
   * recorded on an earlier revision, else the settings'), and whether annex 2 is in it. Refused like the
   * revision's other documents.
   */
  async function loadApprovalPackage(
    requester: DocumentRequester,
    input: ApprovalPackageInput,
  ): Promise<ApprovalPackageData> {
    const read = await readOrder(requester, input.identifier);
    const { source } = await loadRevision(requester, input.identifier, input.revision, read);
    const number = source.order.revision ?? 1;
    const comparison =
      number > 1 ? await loadComparison(requester, input.identifier, number, read) : null;
    const settings = await approvals.settingsOf(read.order.companyId);
    const earlier = (await approvals.approvalsOf(read.order))
      .filter((approval) => approval.revision < number)
      .at(-1);
    const inForce = earlier
      ? { approver: earlier.approver, number: earlier.decisionNumber, date: earlier.decisionDate }
      : settings.inForceNumber && settings.inForceDate
        ? {
            approver: settings.approver,
            number: settings.inForceNumber,
            date: settings.inForceDate,
          }
        : null;
    return buildApprovalPackageData({
      source,
      settings,
      comparison,
      inForce,
      withCostings: input.withCostings ?? true,
    });
  }

  /**
   * `GET /api/orders/{identifier}/tariff-history` (issue 35): each service's stored cost and tariff in every
   * calculated revision of the order (a revision whose documents are refused has no point), with the date each
   * recorded approval took effect, and the approvals themselves.
   */
  async function tariffHistory(
    requester: DocumentRequester,
    identifier: string,
  ): Promise<TariffHistory> {
    const read = await readOrder(requester, identifier);
    const recorded = await approvals.approvalsOf(read.order);
    const services = new Map<string, TariffHistory['services'][number]>();
    for (let number = 1; number <= read.order.revision; number += 1) {
      const loaded = await loadRevision(requester, identifier, number, read).catch(
        (error: unknown) => {
          if (error instanceof AppError) return undefined;
          throw error;
        },
      );
      const approvedOn =
        recorded.find((approval) => approval.revision === number)?.effectiveDate ?? null;
      for (const service of loaded?.source.services ?? []) {
        const key = service.identifier ?? String(service.id);
        const entry = services.get(key) ?? {
          identifier: key,
          code: serviceCodeOf(service),
          name: service.name,
          points: [],
        };
        entry.name = service.name;
        entry.points.push({
          revision: number,
          cost: service.cost.summary,
          tariff: servicePriceOf(service.cost).tariff,
          approvedOn,
        });
        services.set(key, entry);
      }
    }
    return {
      identifier: read.order.identifier,
      approvals: recorded,
      services: [...services.values()],
    };
  }

  /** The approval package as a PDF or a Word file, with its name (issue 35). */
  async function generateApprovalPackage(
    requester: DocumentRequester,
    input: ApprovalPackageInput,
    format: 'pdf' | 'docx',
  ): Promise<{ fileName: string; bytes: Buffer }> {
    const data = await loadApprovalPackage(requester, input);
    const bytes = await renderer.render({ kind: `approval-${format}`, data });
    return {
      fileName: titledFileName(APPROVAL_PACKAGE_DOCUMENT.title, data.heading.orderName, format),
      bytes,
    };
  }

  return {
    loadSource,
    documentStamp,
    loadComparison,
    loadApprovalPackage,
    tariffHistory,

    generateApprovalPackage,
    /** The renderer's bytes of a layout or workbook (order-workbook.ts renders «Калькуляції» through it). */
    render: (job: RenderJob, report?: ProgressReport) => renderer.render(job, report),

    /** `POST /api/orders/xlsx` with `file: 'comparison'`: «Порівняння тарифів» as a workbook (issue 18). */
    async generateComparisonWorkbook(
      requester: DocumentRequester,
      identifier: string,
      revision?: number,
    ): Promise<{ fileName: string; xlsx: Buffer }> {
      const source = await loadComparison(requester, identifier, revision);
      const xlsx = await renderer.render({
        kind: 'comparison-workbook',
        data: buildComparisonData(source),
        now: new Date(),
      });
      return { fileName: comparisonFileName(source.after.order.name, 'xlsx'), xlsx };
    },

    /**
     * `POST /api/orders/pdf`: one document of the company's calculated order (or the whole set, `print`), as PDF
     * bytes with its name.
     */
    async generate(requester: DocumentRequester, input: OrderPdfInput): Promise<GeneratedDocument> {
      if (input.file === INVOICE_DOCUMENT.file) return generateInvoice(requester, input.identifier);
      if (input.file === APPROVAL_PACKAGE_DOCUMENT.file) {
        const document = await generateApprovalPackage(requester, input, 'pdf');
        return { fileName: document.fileName, pdf: document.bytes };
      }
      if (input.file === COMPARISON_DOCUMENT.file) {
        const comparison = await loadComparison(requester, input.identifier, input.revision);
        const pdf = await renderPdf(renderComparison(buildComparisonData(comparison)));
        return { fileName: comparisonFileName(comparison.after.order.name, 'pdf'), pdf };
      }
      const source = await loadSource(requester, input.identifier, input.revision);
      return renderOrderDocument(source, { ...input, file: input.file });
    },

    renderOrderDocument,
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
