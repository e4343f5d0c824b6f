import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@medcalc/domain';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import { companyScopeOf, sessionUserOf } from '../../plugins/auth';
import { ANY_COMPANY_REQUESTER, type DocumentsService } from '../documents/documents.service';
import type { ApprovalsService } from './approvals.service';

/**
 * Issue 35: the /company block «Затвердження тарифів» (its GET and PUT, scoped to the session's company like the
 * institution data: another company's identifier is 403 at `onRequest`), the founder's decision on an approved
 * revision (`PUT /api/orders/{identifier}/approval`: owner and economists; 409 on a revision not approved or
 * already recorded, unless the owner corrects it; 404 for another company's order), and the tariff history of an
 * order for its card and for the administrator's drawer.
 */
export const approvalsRoutes: FastifyPluginAsyncZod<{
  approvalsService: ApprovalsService;
  documentsService: Pick<DocumentsService, 'tariffHistory'>;
}> = async (app, { approvalsService: service, documentsService }) => {
  const tags = ['approvals'];

  tableRoute(
    app,
    apiRoutes.company.approvalSettings,
    {
      tags,
      summary: 'How the founder approves the tariffs, and the profitability cap',
      errors: READ_ERRORS,
    },
    async (request) => service.getSettings(companyScopeOf(request).companyId),
  );

  tableRoute(
    app,
    apiRoutes.company.updateApprovalSettings,
    {
      tags,
      summary:
        'Store the approval settings (who approves, legal basis, decision in force, profitability cap)',
      errors: WRITE_ERRORS,
    },
    async (request) => service.updateSettings(companyScopeOf(request).companyId, request.body),
  );

  tableRoute(
    app,
    apiRoutes.orders.approval,
    {
      tags,
      summary:
        "Record the founder's decision (number, date, date in force) on an approved revision; once, the owner may correct it",
      errors: WRITE_ERRORS,
    },
    async (request) =>
      service.record(
        companyScopeOf(request),
        sessionUserOf(request).companyRole,
        request.params.identifier,
        request.body,
      ),
  );

  tableRoute(
    app,
    apiRoutes.orders.tariffHistory,
    {
      tags,
      summary:
        "Each service's cost and tariff over the order's revisions, with the approvals recorded",
      errors: READ_ERRORS,
    },
    async (request) => {
      const user = sessionUserOf(request);
      return documentsService.tariffHistory(
        { companyId: user.companyId, companyName: user.company },
        request.params.identifier,
      );
    },
  );

  tableRoute(
    app,
    apiRoutes.admin.orderTariffHistory,
    {
      tags: ['administrator'],
      summary: "Any company's order's tariff history (administrator)",
      errors: READ_ERRORS,
    },
    async (request) =>
      documentsService.tariffHistory(ANY_COMPANY_REQUESTER, request.params.identifier),
  );
};
