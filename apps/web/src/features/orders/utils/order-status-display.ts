import type { OrderStatus } from '@medcalc/domain';

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
