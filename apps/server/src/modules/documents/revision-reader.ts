import {
  COMPARISON_NEEDS_EARLIER_REVISION_MESSAGE,
  DOCUMENTS_NOT_READY_MESSAGE,
  REVISION_NOT_FOUND_MESSAGE,
  calculationContentSchema,
  compareRevisions,
  documentRefusal,
  formatOrderNumber,
  inputChangeSchema,
  isApproved,
  notesStillTrue,
  priceRoundingSchema,
  serviceCostSchema,
  storedServiceCost,
  type StoredServiceCost,
  type ApprovalSettings,
  type InputChange,
  type OrderApproval,
  type PriceRounding,
  type RevisionSide,
} from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import { assertNotRefused } from '../../lib/order-refusal';
import { parseStoredCompanyInfo } from '../../lib/stored-company-info';
import type { CalculationsService } from '../calculations/calculations.service';
import type {
  OrderRecord,
  OrdersService,
  PaperRecord,
  RevisionRecord,
} from '../orders/orders.service';
import type { ComparisonSource } from './build-comparison-data';
import type { DocumentService, OrderDocumentSource } from './document-source';

/*
 * Reading what the documents print (the documents service's use cases share it): the order the requester may
 * read, one revision of it as its documents print it (or the refusal), what a kept file depends on, and two
 * revisions side by side for the comparison.
 */

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

/** What the documents read of the approvals module (issue 35). */
export interface DocumentApprovals {
  settingsOf(companyId: number): Promise<ApprovalSettings>;
  approvalsOf(order: Pick<OrderRecord, 'id'>): Promise<OrderApproval[]>;
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

/**
 * What a revision kept or frozen says its documents print (issue 33): an earlier revision as kept, or an approved
 * one's paper. Stored JSON, written by older code too: every part is read through today's schemas.
 */
type PrintedRevision =
  | Pick<RevisionRecord, 'orderName' | 'companyName' | 'companyInfo' | 'priceRounding' | 'services'>
  | PaperRecord;

/** The documents' refusal of a status: 403 while `created`, 409 until calculated. */
function assertDocumentsReady(status: OrderRecord['status']): void {
  assertNotRefused(documentRefusal(status));
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
      cost: StoredServiceCost | null;
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
      // A калькуляція calculated before issue 38 has no equipment rows: it prints as none.
      cost: storedServiceCost(row.cost),
    };
  });
}

/** What the documents read orders through: the orders, calculations and approvals modules (injected in app.ts). */
export interface RevisionReaderDeps {
  ordersService: Pick<
    OrdersService,
    'readOwnOrder' | 'readOrderForAdmin' | 'findRevision' | 'paperOf' | 'calculationsOfOrder'
  >;
  calculationsService: Pick<CalculationsService, 'listResultsOfOrder'>;
  /**
   * The company's approval settings and the decisions recorded on an order's revisions (issue 35, the approvals
   * module): the documents print a revision's decision, and the approval package names the settings.
   */
  approvals: DocumentApprovals;
}

/** The documents' reading of orders through the orders, calculations and approvals modules (injected in app.ts). */
export function createRevisionReader(deps: RevisionReaderDeps) {
  const { ordersService, calculationsService, approvals } = deps;

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

  return { readOrder, loadRevision, loadSource, documentStamp, loadComparison };
}

/** The documents' reading of orders and revisions (one per app, shared by the use cases). */
export type RevisionReader = ReturnType<typeof createRevisionReader>;
