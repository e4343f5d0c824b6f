import { z } from './zod';
import {
  CONTROL_CHARACTER_MESSAGE,
  hasNoNul,
  idFieldSchema,
  publicIdentifierSchema,
} from './fields';

/** Longest search text used, in characters (Unicode code points); longer text is cut to this length. */
export const MAX_SEARCH_LENGTH = 200;

/** Page sizes the tables offer (spec §9); 10 is the default. */
export const PAGE_SIZES = [5, 10, 15, 20, 25] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The search box applies this long after typing stops, milliseconds (spec §4, §9). */
export const SEARCH_DEBOUNCE_MS = 1000;

/**
 * `?page&perPage&search` of every paged list (spec §7 "Company reference data"). Query values arrive as text;
 * a bad page or size falls back to the default instead of failing, as a table would show. `search` is matched
 * case-insensitively against the name (Ukrainian letters included); it is trimmed and cut to
 * {@link MAX_SEARCH_LENGTH} characters, and a NUL character (which PostgreSQL cannot compare) is refused with 422.
 */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  perPage: z.coerce
    .number()
    .int()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size))
    .catch(DEFAULT_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE),
  search: z
    .preprocess(
      // `?search=a&search=b` arrives as an array; the first value is what the search box sent.
      (value) => (Array.isArray(value) ? value[0] : value),
      z
        .string()
        // A longer search is cut, not dropped: dropping it would answer the whole list as if nothing was typed.
        .transform((text) => Array.from(text.trim()).slice(0, MAX_SEARCH_LENGTH).join('').trimEnd())
        .refine(hasNoNul, { error: CONTROL_CHARACTER_MESSAGE }),
    )
    .default(''),
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
export const companyParamsSchema = z.object({
  companyIdentifier: publicIdentifierSchema('Заклад'),
});
/** Path parameters of one company-owned row. */
export const companyRowParamsSchema = companyParamsSchema.extend({ id: idFieldSchema() });
/** Path parameter `{id}` of a template-level row. */
export const idParamsSchema = z.object({ id: idFieldSchema() });
