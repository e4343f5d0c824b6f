import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@medcalc/domain';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import { actorOfRequest } from '../../plugins/auth';
import type { OrdersService } from './orders.service';

const { admin } = apiRoutes;

/**
 * Administrator order calls (spec §2 "Admin panel → Orders", §7). The role is checked on the server at
 * `onRequest` (spec §6: the client shows no role check), so anyone else gets 403 before the body is read.
 */
export const adminOrdersRoutes: FastifyPluginAsyncZod<{ ordersService: OrdersService }> = async (
  app,
  { ordersService: service },
) => {
  const options = { tags: ['administrator'] };

  // Still a plain array, as spec §7 shows it; the rows carry the additions of `adminOrderRowSchema`.
  tableRoute(
    app,
    admin.orders,
    {
      ...options,
      summary:
        "Every company's orders, newest first; optional search (name or identifier), companyIdentifier and status filters",
      errors: READ_ERRORS,
    },
    async (request) => service.listAllOrders(request.query),
  );

  tableRoute(
    app,
    admin.order,
    {
      ...options,
      summary:
        "Any company's order read-only: its services with their stored results, and its status history",
      errors: READ_ERRORS,
    },
    async (request) => service.getOrderForAdmin(request.params.identifier),
  );

  tableRoute(
    app,
    admin.changeOrderStatus,
    {
      ...options,
      summary: 'Set an order’s status (accepts paid/agreed for payed/confirmed)',
      errors: WRITE_ERRORS,
    },
    async (request) => service.changeStatus({ actor: actorOfRequest(request) }, request.body),
  );
};
