import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderDetailSchema,
  adminOrderRowSchema,
  adminOrdersQuerySchema,
  changeOrderStatusInputSchema,
  messageResponseSchema,
  orderParamsSchema,
} from '@medcalc/domain';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { sessionUserOf } from '../../plugins/auth';
import type { OrdersService } from './orders.service';

/**
 * Administrator order calls (spec §2 "Admin panel → Orders", §7). The role is checked on the server at
 * `onRequest` (spec §6: the client shows no role check), so anyone else gets 403 before the body is read.
 */
export const adminOrdersRoutes: FastifyPluginAsyncZod<{ ordersService: OrdersService }> = async (
  app,
  { ordersService: service },
) => {
  app.get(
    '/api/administrator/orders',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['administrator'],
        summary:
          "Every company's orders, newest first; optional search (name or identifier), companyIdentifier and status filters",
        querystring: adminOrdersQuerySchema,
        // Still a plain array, as spec §7 shows it; the rows carry the additions of `adminOrderRowSchema`.
        response: { 200: z.array(adminOrderRowSchema), ...READ_ERRORS },
      },
    },
    async (request) => service.listAllOrders(request.query),
  );

  app.get(
    '/api/administrator/orders/:identifier',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['administrator'],
        summary:
          "Any company's order read-only: its services with their stored results, and its status history",
        params: orderParamsSchema,
        response: { 200: adminOrderDetailSchema, ...READ_ERRORS },
      },
    },
    async (request) => service.getOrderForAdmin(request.params.identifier),
  );

  app.patch(
    '/api/administrator/orders/change-status',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['administrator'],
        summary: 'Set an order’s status (accepts paid/agreed for payed/confirmed)',
        body: changeOrderStatusInputSchema,
        response: { 200: messageResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => service.changeStatus(sessionUserOf(request).id, request.body),
  );
};
