import type { OrderApproval } from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import type { ApprovalsService } from '../approvals/approvals.service';
import type { OrdersService } from '../orders/orders.service';
import type { OrderDocumentSource } from './document-source';
import type { DocumentsService } from './documents.service';

/** A revision with a recorded founder's decision, with its documents' source (its frozen paper). */
export interface ApprovedSource {
  approval: OrderApproval;
  source: OrderDocumentSource;
}

/**
 * Every revision of a company's orders whose decision is recorded, each with the source its documents print (the
 * public price list, issue 36, and the tariff comparison, issue 41, read the approved tariffs through it). A revision
 * whose documents are refused (no longer approved) is left out.
 */
export function approvedSourcesOf(deps: {
  ordersService: Pick<OrdersService, 'listOrders' | 'readOwnOrder'>;
  approvalsService: Pick<ApprovalsService, 'approvalsOf'>;
  documentsService: Pick<DocumentsService, 'loadSource'>;
}) {
  const { ordersService, approvalsService, documentsService } = deps;
  return async (companyId: number): Promise<ApprovedSource[]> => {
    const requester = { companyId, companyName: '' };
    const found: ApprovedSource[] = [];
    for (const listed of await ordersService.listOrders(companyId)) {
      const order = await ordersService.readOwnOrder(companyId, listed.identifier);
      for (const approval of await approvalsService.approvalsOf(order)) {
        const source = await documentsService
          .loadSource(requester, order.identifier, approval.revision)
          .catch((error: unknown) => {
            if (error instanceof AppError) return undefined;
            throw error;
          });
        if (source) found.push({ approval, source });
      }
    }
    return found;
  };
}
