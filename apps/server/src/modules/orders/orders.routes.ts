import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyCalculationsEntrySchema,
  companyParamsSchema,
  messageResponseSchema,
  newOrderInputSchema,
  orderCreatedResponseSchema,
  orderDetailSchema,
  orderIdentifierInputSchema,
  orderListItemSchema,
  orderParamsSchema,
  orderRevisionsSchema,
  orderServicesSchema,
} from '@medcalc/domain';
import { READ_ERRORS, SIGNED_IN_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { companyScopeOf } from '../../plugins/auth';
import type { OrdersService } from './orders.service';

/**
 * The company user's order calls of spec §7 "Orders and calculations". The guards run at `onRequest`, before the
 * body is parsed, so a signed-out caller gets 401 and a `{companyIdentifier}` that is not the user's company gets
 * 403 (`app.requireOwnCompany`) whatever was sent. Handlers pass the session's company (`companyScopeOf`) to the
 * service, which looks orders up within it only: another company's order is 404.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{ ordersService: OrdersService }> = async (
  app,
  { ordersService: service },
) => {
  app.get(
    '/api/company/:companyIdentifier/calculations',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['orders'],
        summary:
          "The company's own calculated calculations (orders at formed or later), by category",
        params: companyParamsSchema,
        response: { 200: z.array(companyCalculationsEntrySchema), ...READ_ERRORS },
      },
    },
    async (request) => service.listCompanyCalculations(companyScopeOf(request).companyId),
  );

  app.post(
    '/api/company/:companyIdentifier/orders/add',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['orders'],
        summary: 'Place an order (status created) with copies of the chosen calculations',
        params: companyParamsSchema,
        body: newOrderInputSchema,
        response: { 200: orderCreatedResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => service.createOrder(companyScopeOf(request), request.body),
  );

  app.get(
    '/api/orders',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "The company's orders, newest first",
        response: { 200: z.array(orderListItemSchema), ...SIGNED_IN_ERRORS },
      },
      // The hottest read (issue 12): its items are built field by field from the domain type
      // (`toOrderListItem`), so the answer is written as it is instead of being checked against the schema again,
      // which was about a sixth of the route's time on PostgreSQL (docs/performance.md "Orders list"). The schema
      // still documents the answer; the HTTP tests read every answer with it.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => service.listOrders(companyScopeOf(request).companyId),
  );

  app.get(
    '/api/orders/:identifier',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'One order for the wizard (403 until payment is confirmed)',
        params: orderParamsSchema,
        response: { 200: orderDetailSchema, ...READ_ERRORS },
      },
    },
    async (request) =>
      service.getOrder(companyScopeOf(request).companyId, request.params.identifier),
  );

  app.get(
    '/api/orders/:identifier/services',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "An order's services, read-only, at any status (also before payment)",
        params: orderParamsSchema,
        response: { 200: orderServicesSchema, ...READ_ERRORS },
      },
    },
    async (request) =>
      service.getOrderServices(companyScopeOf(request).companyId, request.params.identifier),
  );

  app.get(
    '/api/orders/:identifier/revisions',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          "An order's revisions, oldest first, each with its status and status history (issue 18)",
        params: orderParamsSchema,
        response: { 200: orderRevisionsSchema, ...READ_ERRORS },
      },
    },
    async (request) =>
      service.getRevisions(companyScopeOf(request).companyId, request.params.identifier),
  );

  app.delete(
    '/api/orders/:identifier',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          'Delete an order: an unpaid one with its calculations; a paid one stays for the administrator, marked deleted',
        params: orderParamsSchema,
        response: { 200: messageResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request) =>
      service.deleteOrder(companyScopeOf(request).companyId, request.params.identifier),
  );

  app.post(
    '/api/orders/duplicate',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'A new order (status created) with copies of this order’s calculations',
        body: orderIdentifierInputSchema,
        response: { 200: orderCreatedResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => service.duplicateOrder(companyScopeOf(request), request.body.identifier),
  );

  app.post(
    '/api/calculations/approve-from-user',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Send a formed order for approval (formed → sent)',
        body: orderIdentifierInputSchema,
        response: { 200: messageResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => service.sendForApproval(companyScopeOf(request), request.body.identifier),
  );
};
