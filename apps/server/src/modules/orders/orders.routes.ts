import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  companyCalculationsEntrySchema,
  companyParamsSchema,
  messageResponseSchema,
  newOrderInputSchema,
  orderCreatedResponseSchema,
  orderDetailSchema,
  orderIdentifierInputSchema,
  orderListItemSchema,
  orderParamsSchema,
  validationErrorSchema,
} from '@medcalc/domain';
import { sessionUserOf } from '../../lib/session-user';
import type { OrdersService } from './orders.service';

/** A 422 is a validation answer with field errors, or a refused state change (INVALID_STATE) with a message only. */
const unprocessableSchema = z.union([validationErrorSchema, apiErrorSchema]);
const writeErrors = {
  401: apiErrorSchema,
  404: apiErrorSchema,
  419: apiErrorSchema,
  422: unprocessableSchema,
};

/**
 * The company user's order calls of spec §7 "Orders and calculations". The guard runs at `onRequest`, before the
 * body is parsed, so a signed-out caller gets 401 whatever it sent. Scoping is the service's: a
 * `{companyIdentifier}` that is not the user's company → 403, another company's order → 404.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{ ordersService: OrdersService }> = async (
  app,
  { ordersService: service },
) => {
  app.get(
    '/api/company/:companyIdentifier/calculations',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          "The company's own calculated calculations (orders at formed or later), by category",
        params: companyParamsSchema,
        response: {
          200: z.array(companyCalculationsEntrySchema),
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) =>
      service.listCompanyCalculations(sessionUserOf(request), request.params.companyIdentifier),
  );

  app.post(
    '/api/company/:companyIdentifier/orders/add',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Place an order (status created) with copies of the chosen calculations',
        params: companyParamsSchema,
        body: newOrderInputSchema,
        response: { 200: orderCreatedResponseSchema, 403: apiErrorSchema, ...writeErrors },
      },
    },
    async (request) =>
      service.createOrder(sessionUserOf(request), request.params.companyIdentifier, request.body),
  );

  app.get(
    '/api/orders',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "The company's orders, newest first",
        response: { 200: z.array(orderListItemSchema), 401: apiErrorSchema },
      },
    },
    async (request) => service.listOrders(sessionUserOf(request)),
  );

  app.get(
    '/api/orders/:identifier',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'One order for the wizard (403 until payment is confirmed)',
        params: orderParamsSchema,
        response: {
          200: orderDetailSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => service.getOrder(sessionUserOf(request), request.params.identifier),
  );

  app.delete(
    '/api/orders/:identifier',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Delete an order with its calculations',
        params: orderParamsSchema,
        response: { 200: messageResponseSchema, ...writeErrors },
      },
    },
    async (request) => service.deleteOrder(sessionUserOf(request), request.params.identifier),
  );

  app.post(
    '/api/orders/duplicate',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'A new order (status created) with copies of this order’s calculations',
        body: orderIdentifierInputSchema,
        response: { 200: orderCreatedResponseSchema, ...writeErrors },
      },
    },
    async (request) => service.duplicateOrder(sessionUserOf(request), request.body.identifier),
  );

  app.post(
    '/api/calculations/approve-from-user',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Send a formed order for approval (formed → sent)',
        body: orderIdentifierInputSchema,
        response: { 200: messageResponseSchema, ...writeErrors },
      },
    },
    async (request) => service.sendForApproval(sessionUserOf(request), request.body.identifier),
  );
};
