import { z } from 'zod';
import { idFieldSchema, publicIdentifierSchema } from './fields';

/** Page sizes the tables offer (spec §9); 10 is the default. */
export const PAGE_SIZES = [5, 10, 15, 20, 25] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The search box applies this long after typing stops, milliseconds (spec §4, §9). */
export const SEARCH_DEBOUNCE_MS = 1000;

/**
 * `?page&perPage&search` of every paged list (spec §7 "Company reference data"). Query values arrive as text;
 * a bad page or size falls back to the default instead of failing, as a table would show. `search` is matched
 * case-insensitively against the name (Ukrainian letters included).
 */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  perPage: z.coerce
    .number()
    .int()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size))
    .catch(DEFAULT_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).catch('').default(''),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** `{ currentPage, lastPage }` of spec §3 "Paged response"; `lastPage` is at least 1, even for no rows. */
export const pageMetaSchema = z.object({
  currentPage: z.number().int(),
  lastPage: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** A paged answer `{ data, meta }` (spec §3 "Paged response"). A page past the end has empty `data`. */
export const pagedResponseSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: pageMetaSchema });
export type Paged<T> = { data: T[]; meta: PageMeta };

/** The last page for `total` rows of `perPage` each: at least 1. */
export function lastPageOf(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** `{ value, label }` of dropdown lists (spec §3 "Category", "Company list option"). */
export const optionSchema = z.object({ value: z.number().int(), label: z.string() });
export type Option = z.infer<typeof optionSchema>;

/** Path parameter `{companyIdentifier}` (spec §7: `{companyId}` means the company identifier too). */
export const companyParamsSchema = z.object({ companyIdentifier: publicIdentifierSchema('Заклад') });
/** Path parameters of one company-owned row. */
export const companyRowParamsSchema = companyParamsSchema.extend({ id: idFieldSchema() });
/** Path parameter `{id}` of a template-level row. */
export const idParamsSchema = z.object({ id: idFieldSchema() });
