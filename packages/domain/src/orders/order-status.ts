import { z } from 'zod';

/**
 * Order statuses in display order (spec §4). The spec spells two of them two ways: the wizard/list reading
 * (`payed`, `confirmed`) and the admin reading (`paid`, `agreed`). We store and answer with the wizard/list
 * spelling because that is what the spec's order list, documents column and wizard compare against; the admin
 * call also accepts the admin spellings as input and maps them here, so both clients keep working.
 */
export const ORDER_STATUSES = ['created', 'payed', 'saved', 'formed', 'sent', 'confirmed'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Admin spellings (spec §4 "admin reading") mapped onto the stored values. */
export const ORDER_STATUS_ALIASES: Readonly<Record<string, OrderStatus>> = { paid: 'payed', agreed: 'confirmed' };

/** Ukrainian meaning of each status shown to users (spec §4). */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  created: 'Заявку на оплату сформовано',
  payed: 'Оплачено, можна починати заповнення',
  saved: 'У процесі формування (чернетка)',
  formed: 'Розраховано, готово до відправлення на погодження',
  sent: 'Відправлено на погодження',
  confirmed: 'Розраховано та погоджено',
};
/** Shown for any value outside the six (spec §4). */
export const UNKNOWN_STATUS_LABEL = 'Статус не визначено';
