import { z } from '../common/zod';
import { pageMetaSchema } from '../common/pagination';

/** What an activity row records (issue 22). */
export const ACTIVITY_KINDS = [
  'salary',
  'position',
  'material',
  'unit',
  'equipment',
  'company-info',
  'order-created',
  'order-status',
  'order-saved',
  'order-calculated',
  'order-repriced',
  'order-approval',
  'approval-settings',
  'public-price-list',
  'tariff-comparison',
  'document-downloaded',
  'member-invited',
  'member-joined',
  'member-role',
  'member-removed',
  'member-left',
  'ownership-transferred',
  'import',
  'profile',
  'password-changed',
] as const;
export const activityKindSchema = z.enum(ACTIVITY_KINDS);

/** The kinds whose subject is an order's identifier: the log shows that order's number (issue 33). */
export const ORDER_ACTIVITY_KINDS: ReadonlySet<string> = new Set<ActivityKind>(
  ACTIVITY_KINDS.filter((kind) => kind.startsWith('order-') || kind === 'document-downloaded'),
);
export type ActivityKind = z.infer<typeof activityKindSchema>;

export const ACTIVITY_KIND_LABELS: Readonly<Record<ActivityKind, string>> = {
  salary: 'Зарплата',
  position: 'Посада',
  material: 'Матеріал',
  unit: 'Одиниця виміру',
  equipment: 'Обладнання',
  'company-info': 'Дані установи',
  'order-created': 'Замовлення створено',
  'order-status': 'Статус замовлення',
  'order-saved': 'Калькуляції збережено',
  'order-calculated': 'Розраховано',
  'order-repriced': 'Переоцінено',
  'order-approval': 'Рішення про затвердження тарифів',
  'approval-settings': 'Налаштування затвердження тарифів',
  'public-price-list': 'Публічний прейскурант',
  'tariff-comparison': 'Порівняння тарифів',
  'document-downloaded': 'Документ завантажено',
  'member-invited': 'Запрошено учасника',
  'member-joined': 'Учасник приєднався',
  'member-role': 'Роль змінено',
  'member-removed': 'Учасника видалено',
  'member-left': 'Учасник вийшов',
  'ownership-transferred': 'Права керівника передано',
  import: 'Імпорт даних',
  profile: 'Профіль змінено',
  'password-changed': 'Пароль змінено',
};

/** One changed field: its Ukrainian label and the old and new values as shown (money as «12 500,00»). */
export const activityChangeSchema = z.object({
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type ActivityChange = z.infer<typeof activityChangeSchema>;

/**
 * Who acted: the name and e-mail as they were then (issue 34: a member who joins under another's name is told
 * apart by the e-mail); the identifier is null once the account is gone, the e-mail null on rows written before
 * issue 34 whose account was gone by then.
 */
export const activityActorSchema = z.object({
  identifier: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
});

/** «Олена Коваль (olena@clinic.ua)»: a person as the log, its filter and its export name them (issue 34). */
export const activityPersonText = (person: { name: string; email: string | null }): string =>
  person.email === null ? person.name : `${person.name} (${person.email})`;

/** One row of the activity log. */
export const activityEntrySchema = z.object({
  id: z.number().int(),
  /** ISO time. */
  at: z.string(),
  actor: activityActorSchema,
  kind: activityKindSchema,
  /** What it is about: the position, the material, the order's identifier, the member's e-mail, the field… */
  subject: z.string(),
  /** An order's row (issue 33): the order's name when the change was made; null for other rows and older ones. */
  orderName: z.string().nullable(),
  /** An order's row (issue 33): the number people quote («З-2026-0007»); null for other rows and erased orders. */
  orderNumber: z.string().nullable(),
  changes: z.array(activityChangeSchema),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/**
 * The subject as the log and its export show it: an order by its number and name («З-2026-0007 «Планові УЗД»»,
 * issue 33), an erased order's row by its name and identifier; any other row by its subject.
 */
export function activitySubjectText(
  entry: Pick<ActivityEntry, 'subject' | 'orderName' | 'orderNumber'>,
): string {
  if (entry.orderNumber !== null)
    return entry.orderName === null
      ? entry.orderNumber
      : `${entry.orderNumber} «${entry.orderName}»`;
  return entry.orderName === null ? entry.subject : `«${entry.orderName}» (${entry.subject})`;
}

/** Rows per page of the activity log. */
export const ACTIVITY_PAGE_SIZE = 50;

const DATE_MESSAGE = 'Дата має бути у форматі РРРР-ММ-ДД.';
const dateFilterSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), DATE_MESSAGE);
/** An empty query value (`?kind=`) means no filter. */
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** The filters of the log and its export: the actor's identifier, the kind, the dates (inclusive, Kyiv days). */
export const activityFilterSchema = z.object({
  person: z.preprocess(blankToUndefined, z.string().max(64).optional()),
  kind: z.preprocess(blankToUndefined, activityKindSchema.optional()),
  from: z.preprocess(blankToUndefined, dateFilterSchema.optional()),
  to: z.preprocess(blankToUndefined, dateFilterSchema.optional()),
});
export type ActivityFilter = z.infer<typeof activityFilterSchema>;

/** `GET /api/activity?person&kind&from&to&page` (1-based pages of {@link ACTIVITY_PAGE_SIZE}). */
export const activityQuerySchema = activityFilterSchema.extend({
  page: z.coerce.number().int().min(1).catch(1).default(1),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** A person the log can be filtered by (every actor of the institution's log, and every current member). */
export const activityPersonSchema = z.object({
  identifier: z.string(),
  name: z.string(),
  email: z.string().nullable(),
});

/** `GET /api/activity`: a page of rows (`{ data, meta }` as every paged list) and the filter's people. */
export const activityPageSchema = z.object({
  data: z.array(activityEntrySchema),
  meta: pageMetaSchema,
  people: z.array(activityPersonSchema),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** The export's column headings, one row per change. */
export const ACTIVITY_EXPORT_COLUMNS = [
  'Час',
  'Хто',
  'Дія',
  'Предмет',
  'Поле',
  'Було',
  'Стало',
] as const;
