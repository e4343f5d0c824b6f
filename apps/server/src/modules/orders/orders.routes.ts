import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@medcalc/domain';
import { READ_ERRORS, SIGNED_IN_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import { companyScopeOf, sessionUserOf } from '../../plugins/auth';
import type { OrdersService } from './orders.service';

const { orders } = apiRoutes;

/**
 * The handler of a call on one order named in the path (`{identifier}`): `call` gets the session's company and the
 * identifier (the service answers 404 for another company's order).
 */
const onOwnOrder =
  <T>(call: (companyId: number, identifier: string) => Promise<T>) =>
  async (request: FastifyRequest<{ Params: { identifier: string } }>): Promise<T> =>
    call(companyScopeOf(request).companyId, request.params.identifier);

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
  const tags = ['orders'];
  const read = { tags, errors: READ_ERRORS };
  const write = { tags, errors: WRITE_ERRORS };

  tableRoute(
    app,
    orders.companyCalculations,
    {
      ...read,
      summary: "The company's own calculated calculations (orders at formed or later), by category",
    },
    async (request) => service.listCompanyCalculations(companyScopeOf(request).companyId),
  );

  tableRoute(
    app,
    orders.add,
    {
      ...write,
      summary: 'Place an order (status created) with copies of the chosen calculations',
    },
    async (request) => service.createOrder(companyScopeOf(request), request.body),
  );

  tableRoute(
    app,
    orders.list,
    {
      tags,
      summary: "The company's orders, newest first",
      errors: SIGNED_IN_ERRORS,
      // The hottest read (issue 12): its items are built field by field from the domain type
      // (`toOrderListItem`), so the answer is written as it is instead of being checked against the schema again,
      // which was about a sixth of the route's time on PostgreSQL (docs/performance.md "Orders list"). The schema
      // still documents the answer; the HTTP tests read every answer with it.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => service.listOrders(companyScopeOf(request).companyId),
  );

  tableRoute(
    app,
    orders.detail,
    { ...read, summary: 'One order for the wizard (403 until payment is confirmed)' },
    onOwnOrder(service.getOrder),
  );

  tableRoute(
    app,
    orders.services,
    { ...read, summary: "An order's services, read-only, at any status (also before payment)" },
    onOwnOrder(service.getOrderServices),
  );

  tableRoute(
    app,
    orders.revisions,
    {
      ...read,
      summary:
        "An order's revisions, oldest first, each with its status and status history (issue 18)",
    },
    onOwnOrder(service.getRevisions),
  );

  tableRoute(
    app,
    orders.remove,
    {
      ...write,
      summary:
        'Delete an order: an unpaid one with its calculations; a paid one stays for the administrator, marked deleted',
    },
    async (request) =>
      service.deleteOrder(
        companyScopeOf(request).companyId,
        request.params.identifier,
        sessionUserOf(request).companyRole,
      ),
  );

  tableRoute(
    app,
    orders.duplicate,
    { ...write, summary: 'A new order (status created) with copies of this order’s calculations' },
    async (request) => service.duplicateOrder(companyScopeOf(request), request.body.identifier),
  );

  tableRoute(
    app,
    orders.sendForApproval,
    { ...write, summary: 'Send a formed order for approval (formed → sent)' },
    async (request) => service.sendForApproval(companyScopeOf(request), request.body.identifier),
  );
};
