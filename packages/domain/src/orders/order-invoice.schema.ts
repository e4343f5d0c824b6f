import { z } from '../common/zod';
import { moneyStringSchema } from '../calculations/pricing';
import { orderStatusSchema } from './order-status';

/**
 * One invoice of the institution (issue 33, account menu «Оплата»; `GET /api/invoices`): the рахунок на оплату of
 * one of its orders. `number` is the provider's running number («12/2026»), given when the invoice is first issued
 * (downloaded) and kept; null until then. `date` (ISO 8601) is when the order was placed, the day the invoice is
 * dated. `amount` is the order fee (domain `orderFee`) as a two-decimal string; `isPaid` is the domain's `isPaid`
 * of the order's status.
 */
export const orderInvoiceSchema = z.object({
  identifier: z.string(),
  orderName: z.string(),
  number: z.string().nullable(),
  date: z.string(),
  services: z.number().int(),
  amount: moneyStringSchema,
  status: orderStatusSchema,
  isPaid: z.boolean(),
});
export type OrderInvoice = z.infer<typeof orderInvoiceSchema>;
