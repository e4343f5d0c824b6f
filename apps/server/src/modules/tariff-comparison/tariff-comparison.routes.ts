import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { XLSX_CONTENT_TYPE, apiRoutes, type ChangeOrderStatusInput } from '@medcalc/domain';
import { sendAttachment } from '../../lib/content-disposition';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import { companyScopeOf } from '../../plugins/auth';
import { benchmarkWorkbook } from './benchmark-workbook';
import type { OrderComparison } from './order-comparison';
import type { TariffComparisonService } from './tariff-comparison.service';

/**
 * Issue 41: the /company switch «Брати участь у порівнянні тарифів» (read by members, changed by the owner), the
 * participant's comparison and the administrator's view per template service.
 */
export const tariffComparisonRoutes: FastifyPluginAsyncZod<{
  service: TariffComparisonService;
  orderComparison: OrderComparison;
}> = async (app, { service, orderComparison }) => {
  const tags = ['tariff comparison'];
  const routes = apiRoutes.tariffComparison;
  tableRoute(
    app,
    routes.participation,
    {
      tags,
      summary: 'Whether the institution takes part in the tariff comparison',
      errors: READ_ERRORS,
    },
    async (request) => service.getParticipation(companyScopeOf(request).companyId),
  );
  tableRoute(
    app,
    routes.updateParticipation,
    {
      tags,
      summary: 'Join the tariff comparison with the oblast, or leave it (figures removed at once)',
      errors: WRITE_ERRORS,
    },
    async (request) => service.updateParticipation(companyScopeOf(request), request.body),
  );
  tableRoute(
    app,
    routes.comparison,
    {
      tags,
      summary: "The institution's template services among the other participants (k-anonymous)",
      errors: READ_ERRORS,
    },
    async (request) => service.compare(companyScopeOf(request).companyId, request.query),
  );
  tableRoute(
    app,
    routes.export,
    {
      tags,
      errors: READ_ERRORS,
      fileAnswer: `${XLSX_CONTENT_TYPE}; Content-Disposition: attachment`,
      summary: 'The same comparison as an .xlsx, one row per service',
    },
    async (request, reply) => {
      const benchmark = await service.compare(companyScopeOf(request).companyId, request.query);
      const workbook = await benchmarkWorkbook(benchmark);
      return sendAttachment(reply, {
        fileName: workbook.fileName,
        contentType: XLSX_CONTENT_TYPE,
        body: workbook.xlsx,
      });
    },
  );
  tableRoute(
    app,
    routes.orderComparison,
    {
      tags,
      summary:
        "The comparison of an order's services, for the wizard's step 5 (none for a company not taking part)",
      errors: READ_ERRORS,
    },
    async (request) =>
      orderComparison(companyScopeOf(request).companyId, request.params.identifier),
  );
  tableRoute(
    app,
    routes.providerComparison,
    {
      tags: ['administrator'],
      summary: 'Every template service across the participants (administrator, k-anonymous)',
      errors: READ_ERRORS,
    },
    async (request) => service.compareForProvider(request.query),
  );
};

/** The route of a recorded decision, as Fastify names it: a participant's figures are made again after it. */
const APPROVAL_ROUTE = apiRoutes.orders.approval;
/**
 * The administrator's status change: an order set back before its calculation prints no approved documents, which
 * withdraws its recorded approvals from the figures (setting it `confirmed` again restores them).
 */
const STATUS_ROUTE = apiRoutes.admin.changeOrderStatus;

const isRoute = (request: FastifyRequest, route: { method: string; path: string }) =>
  request.method === route.method && request.routeOptions.url === route.path;

/**
 * An `onSend` hook for the whole app (issue 41): after a successful `PUT /api/orders/{identifier}/approval`, the
 * company's figures are made again (when it takes part), and after the administrator's successful
 * `PATCH /api/administrator/orders/change-status` those of the order's company, before the answer leaves, so the
 * statistics are computed when an approval is recorded or withdrawn and never per request.
 */
export function refreshFiguresOnApproval(
  service: Pick<TariffComparisonService, 'refreshFigures' | 'refreshFiguresOfOrder'>,
) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const user = request.user;
    if (!user || reply.statusCode >= 400) return payload;
    try {
      if (isRoute(request, APPROVAL_ROUTE)) await service.refreshFigures(user.companyId);
      else if (isRoute(request, STATUS_ROUTE))
        await service.refreshFiguresOfOrder((request.body as ChangeOrderStatusInput).identifier);
    } catch (error) {
      request.log.error({ err: error }, 'the tariff comparison figures were not refreshed');
    }
    return payload;
  };
}
