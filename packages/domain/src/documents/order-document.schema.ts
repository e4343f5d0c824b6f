import { z } from '../common/zod';
import { publicIdentifierSchema } from '../common/fields';
import { documentRefusal, type OrderStatus } from '../orders/order-status';

/**
 * The five PDF documents of an order (spec §2 "Orders list → Documents column", §7 `POST /api/orders/pdf`), in
 * the order the card lists them. `file` is the wire value; `title` the Ukrainian name shown on the card and used
 * (with the order's name) as the download's file name.
 */
export const ORDER_DOCUMENTS = [
  { file: 'title', title: 'Титульна сторінка' },
  { file: 'company_info', title: 'Інформація про заклад' },
  { file: 'price_list', title: 'Прейскурант використаних матеріалів' },
  { file: 'materials_spending', title: 'Витрати використаних матеріалів' },
  { file: 'order_list', title: 'Перелік послуг, що калькулюються' },
] as const;

export type OrderDocumentFile = (typeof ORDER_DOCUMENTS)[number]['file'];
export const ORDER_DOCUMENT_FILES = ORDER_DOCUMENTS.map((document) => document.file) as [
  OrderDocumentFile,
  ...OrderDocumentFile[],
];

/** The spec's spaced spellings of `file` (spec §7: 'company info', 'price list', …), mapped once here. */
const SPACED_SPELLINGS: Readonly<Record<string, OrderDocumentFile>> = {
  'company info': 'company_info',
  'price list': 'price_list',
  'materials spending': 'materials_spending',
  'order list': 'order_list',
};

/** Shown for a `file` outside the five. */
export const UNKNOWN_DOCUMENT_MESSAGE = 'Невідомий документ.';

/**
 * The калькуляція of one service of the order (issue 10, beyond the spec, item 6): every row of the methodology
 * with its formula and coefficient. Not one of the spec's five (it is per service, so it takes `calculationId`);
 * downloadable under the same status rule ({@link documentRefusal}).
 */
export const SERVICE_COSTING_DOCUMENT = { file: 'calculation', title: 'Калькуляція' } as const;
export type ServiceCostingFile = (typeof SERVICE_COSTING_DOCUMENT)['file'];

/**
 * The рахунок на оплату of the order fee (issue 10, beyond the spec, item 7): 240 UAH per service
 * ({@link orderFee}) with the provider's requisites. Not one of the spec's five: it is available at every status,
 * from `created` on, so the institution can pay at once ({@link documentRefusalFor}).
 */
export const INVOICE_DOCUMENT = { file: 'invoice', title: 'Рахунок на оплату' } as const;
export type InvoiceFile = (typeof INVOICE_DOCUMENT)['file'];

/**
 * The whole set printed at once (issue 10, the spec's 'print' operation, disabled there): the five documents and
 * the калькуляція of every service, in one PDF the /orders card opens in the browser's print dialog. Same status
 * rule as the five ({@link documentRefusal}).
 */
export const PRINT_SET_DOCUMENT = { file: 'print', title: 'Комплект документів' } as const;
export type PrintSetFile = (typeof PRINT_SET_DOCUMENT)['file'];

/**
 * The XLSX workbook of the order (issue 10, beyond the spec, item 8): the прейскурант of all services and one
 * sheet per category with the калькуляція of each of its services, numbers as numbers. `POST /api/orders/xlsx`
 * {identifier}; same status rule as the five ({@link documentRefusal}).
 */
export const ORDER_WORKBOOK_DOCUMENT = {
  title: 'Калькуляції (Excel)',
  fileTitle: 'Калькуляції',
} as const;
export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * «Порівняння тарифів» (issue 18): each service's cost and tariff in a revision and the one before it, with the
 * input changes that caused the difference, as PDF (`POST /api/orders/pdf`) and XLSX (`POST /api/orders/xlsx`),
 * for the council with the new прейскурант. Kept out of `ORDER_DOCUMENTS`, so the spec's five stay five.
 */
export const COMPARISON_DOCUMENT = { file: 'comparison', title: 'Порівняння тарифів' } as const;
export type ComparisonFile = (typeof COMPARISON_DOCUMENT)['file'];

/**
 * The approval package of a revision (issue 35): the draft decision of the founder with annex 1 (the price list),
 * annex 2 (the калькуляції, `withCostings: false` leaves it out) and the explanatory note; as an editable Word file
 * (`POST /api/orders/docx`) and as a PDF (`POST /api/orders/pdf`), both with `file: 'approval'`.
 */
export const APPROVAL_PACKAGE_DOCUMENT = {
  file: 'approval',
  title: 'Пакет на затвердження тарифів',
} as const;
export type ApprovalPackageFile = (typeof APPROVAL_PACKAGE_DOCUMENT)['file'];
export const DOCX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The package's annex 2 switch: absent means the калькуляції are included. */
const withCostingsSchema = z
  .boolean({ error: 'Поле «Додаток 2 (калькуляції)» має бути так або ні.' })
  .optional();

/** Shown when a comparison is asked of the first revision, which has nothing to compare with (409). */
export const COMPARISON_NEEDS_EARLIER_REVISION_MESSAGE =
  'Порівняння тарифів з’являється після оновлення даних у калькуляції: у цієї редакції немає попередньої.';

/**
 * The revision a document is made of (issue 18): absent means the current one; an earlier revision's documents
 * print what that revision stored.
 */
export const documentRevisionSchema = z
  .number({ error: 'Поле «Редакція» має бути цілим числом.' })
  .int('Поле «Редакція» має бути цілим числом.')
  .positive('Поле «Редакція» має бути цілим числом.')
  .max(100_000, 'Такої редакції замовлення немає.')
  .optional();

export const CALCULATION_ID_REQUIRED_MESSAGE = 'Оберіть послугу, калькуляцію якої завантажити.';

/** Body of `POST /api/orders/pdf` (spec §7): which document of which order (and, for a калькуляція, which service). */
export const orderPdfInputSchema = z
  .object({
    file: z.preprocess(
      (value) =>
        typeof value === 'string' && Object.hasOwn(SPACED_SPELLINGS, value.trim())
          ? SPACED_SPELLINGS[value.trim()]
          : value,
      z.enum(
        [
          ...ORDER_DOCUMENT_FILES,
          SERVICE_COSTING_DOCUMENT.file,
          INVOICE_DOCUMENT.file,
          PRINT_SET_DOCUMENT.file,
          COMPARISON_DOCUMENT.file,
          APPROVAL_PACKAGE_DOCUMENT.file,
        ],
        UNKNOWN_DOCUMENT_MESSAGE,
      ),
    ),
    identifier: publicIdentifierSchema('Замовлення'),
    /** The service (calculation id) whose калькуляція is asked for; required for `file: 'calculation'` only. */
    calculationId: z
      .number({ error: CALCULATION_ID_REQUIRED_MESSAGE })
      .int(CALCULATION_ID_REQUIRED_MESSAGE)
      .positive(CALCULATION_ID_REQUIRED_MESSAGE)
      .max(2_147_483_647, CALCULATION_ID_REQUIRED_MESSAGE)
      .optional(),
    revision: documentRevisionSchema,
    /** For `file: 'approval'`: whether annex 2 (the калькуляції) is in the package; default yes. */
    withCostings: withCostingsSchema,
  })
  .refine(
    (input) => input.file !== SERVICE_COSTING_DOCUMENT.file || input.calculationId !== undefined,
    { path: ['calculationId'], message: CALCULATION_ID_REQUIRED_MESSAGE },
  );
export type OrderPdfInput = z.infer<typeof orderPdfInputSchema>;

/** Body of `POST /api/orders/xlsx`: which order's workbook. */
export const orderWorkbookInputSchema = z.object({
  identifier: publicIdentifierSchema('Замовлення'),
  /** Absent: the калькуляції workbook; `comparison`: «Порівняння тарифів» (issue 18). */
  file: z.literal(COMPARISON_DOCUMENT.file, UNKNOWN_DOCUMENT_MESSAGE).optional(),
  revision: documentRevisionSchema,
});
export type OrderWorkbookInput = z.infer<typeof orderWorkbookInputSchema>;

/** Body of `POST /api/orders/docx` (issue 35): the approval package of the order (of `revision`) as a Word file. */
export const orderDocxInputSchema = z.object({
  identifier: publicIdentifierSchema('Замовлення'),
  file: z.literal(APPROVAL_PACKAGE_DOCUMENT.file, UNKNOWN_DOCUMENT_MESSAGE),
  revision: documentRevisionSchema,
  withCostings: withCostingsSchema,
});
export type OrderDocxInput = z.infer<typeof orderDocxInputSchema>;

/**
 * Why document `file` of an order cannot be downloaded now, or `null` when it can: the invoice (the fee to pay)
 * at every status, from `created` on; every other document under {@link documentRefusal}.
 */
export function documentRefusalFor(
  file: OrderPdfInput['file'],
  status: OrderStatus,
): 'payment' | 'not-calculated' | null {
  return file === INVOICE_DOCUMENT.file ? null : documentRefusal(status);
}

/** Whether the order's five documents can be downloaded (`formed`, `sent`, `confirmed`). */
export function canDownloadDocuments(status: OrderStatus): boolean {
  return documentRefusal(status) === null;
}

/** Shown when documents are asked for before the order is calculated. */
export const DOCUMENTS_NOT_READY_MESSAGE =
  'Документи будуть доступні після розрахунку замовлення (кнопка «Розрахувати» у майстрі).';

/**
 * 503 (with Retry-After) when the server's document queue is full (issue 21): the documents being generated and
 * those waiting for a worker have reached the limit of the process.
 */
export const DOCUMENTS_BUSY_MESSAGE = 'Сервер зараз формує інші документи. Спробуйте за хвилину.';
