import { ORDER_STATUS_LABELS, type OrderStatus } from '@medcalc/domain';
import { COPY_MESSAGES } from './order-copies';

export const ORDER_MESSAGES = {
  created:
    'Замовлення оформлено. Представник компанії-виконавця зв’яжеться з вами та проведе первинну консультацію.',
  duplicated:
    'Створено нове замовлення на основі обраного. Роботу з ним можна розпочати після підтвердження оплати.',
  deleted: 'Замовлення видалено.',
  sentForApproval: 'Калькуляцію відправлено на погодження.',
  notFound: 'Замовлення не знайдено.',
  deletedByCompany: 'Компанія видалила це замовлення; його статус більше не змінюється.',
  ...COPY_MESSAGES,
  statusChanged: (status: OrderStatus) =>
    `Статус замовлення змінено: «${ORDER_STATUS_LABELS[status]}».`,
  statusUnchanged: (status: OrderStatus) =>
    `Замовлення вже має статус «${ORDER_STATUS_LABELS[status]}».`,
} as const;
