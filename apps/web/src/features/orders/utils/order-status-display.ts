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
 * The meaning shown to users (spec §4); any other value is 'Статус не визначено'. The answers are parsed with
 * the domain's six-value schema (the server guarantees them with a check constraint), so this rule is the
 * display's own: it takes any text and never fails on one it does not know.
 */
export function orderStatusLabel(status: string): string {
  return isKnownOrderStatus(status) ? ORDER_STATUS_LABELS[status] : UNKNOWN_STATUS_LABEL;
}

/**
 * Short names for the admin panel's status button group (spec §2 "Admin panel → Orders"), where six full
 * sentences would not fit in a table cell; each button's tooltip carries the full meaning. One word each, so
 * the group fits three by two in its column.
 */
export const ORDER_STATUS_SHORT_LABELS: Readonly<Record<OrderStatus, string>> = {
  created: 'Створено',
  payed: 'Оплачено',
  saved: 'Чернетка',
  formed: 'Розраховано',
  sent: 'Надіслано',
  confirmed: 'Погоджено',
};
