import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  UNKNOWN_STATUS_LABEL,
  type OrderStatus,
} from '@medcalc/domain';

function isKnownOrderStatus(status: string): status is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(status);
}

/**
 * The meaning of an order status shown to users (spec §4); any other value is 'Статус не визначено'. The answers
 * are parsed with the domain's six-value schema (the server guarantees them with a check constraint), so this
 * rule is the display's own: it takes any text and never fails on one it does not know. The one home of the
 * fallback: every table, drawer and history of the web shows a status through it.
 */
export function orderStatusLabel(status: string): string {
  return isKnownOrderStatus(status) ? ORDER_STATUS_LABELS[status] : UNKNOWN_STATUS_LABEL;
}
