import { isPaid, type OrderInvoice } from '@medcalc/domain';
import type { OrdersService } from '../orders/orders.service';
import { formatInvoiceNumber } from './build-invoice-data';
import type { KeptInvoiceNumbers } from './invoice-numbers';

/**
 * `GET /api/invoices` (issue 33, account menu «Оплата»): the рахунок на оплату of each of the company's orders, in
 * the orders list's order (newest first, deleted orders left out, as the list leaves them). The number is the one the
 * invoice was given when first issued (invoice-numbers.ts), null until it is; a read gives no number, so listing
 * never moves the provider's running count. The amount is the order fee the invoice prints, and the status is paid
 * once the order is past `created` (domain `isPaid`).
 */
export function createInvoiceList(deps: {
  ordersService: Pick<OrdersService, 'listOrders'>;
  invoiceNumbers: KeptInvoiceNumbers;
}) {
  const { ordersService, invoiceNumbers } = deps;
  return {
    async list(companyId: number): Promise<OrderInvoice[]> {
      const [orders, numbers] = await Promise.all([
        ordersService.listOrders(companyId),
        invoiceNumbers.keptOfCompany(companyId),
      ]);
      return orders.map((order) => {
        const number = numbers.get(order.identifier);
        return {
          identifier: order.identifier,
          orderName: order.name,
          number: number === undefined ? null : formatInvoiceNumber(number),
          // The invoice's date: the day the provider issued it, else the day the order was placed (issue 34).
          date: number === undefined ? order.createdAt : number.issuedAt.toISOString(),
          services: order.services,
          amount: order.amount,
          status: order.status,
          isPaid: isPaid(order.status),
        };
      });
    },
  };
}

export type InvoiceList = ReturnType<typeof createInvoiceList>;
