import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@medcalc/domain';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import { companyScopeOf, sessionUserOf } from '../../plugins/auth';
import type { ApprovalsService } from './approvals.service';

/**
 * Issue 35: the /company block «Затвердження тарифів» (its GET and PUT, scoped to the session's company like the
 * institution data: another company's identifier is 403 at `onRequest`), the founder's decision on an approved
 * revision (`PUT /api/orders/{identifier}/approval`: owner and economists; 409 on a revision not approved or
 * already recorded, unless the owner corrects it; 404 for another company's order). The tariff history, read from
 * the revisions' documents, is the documents module's (documents.routes.ts).
 */
export const approvalsRoutes: FastifyPluginAsyncZod<{
  approvalsService: ApprovalsService;
}> = async (app, { approvalsService: service }) => {
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
    async (request) => service.updateSettings(companyScopeOf(request), request.body),
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
};
