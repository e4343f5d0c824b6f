import { z } from '../common/zod';
import { savedResponseSchema } from '../common/saved-response.schema';
import { transliterate } from '../common/transliteration';

/*
 * Issue 36: the institution's public price list. The owner publishes it on /company under `/p/{slug}`; anyone reads
 * it there (HTML), embeds it (`/p/{slug}/embed`) or takes it as open data (`/p/{slug}.json`, `/p/{slug}.csv`).
 * Everything public is built from the whitelists below: a field not named here never leaves the server.
 */

/** Shortest and longest public address. */
export const PUBLIC_SLUG_MIN = 3;
export const PUBLIC_SLUG_MAX = 60;
/** Latin letters, digits and single hyphens between them. */
export const PUBLIC_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Longest search text the public page takes (the script cuts what is typed to it). */
export const PUBLIC_SEARCH_MAX = 100;

/** The open data's licence, named as open-data portals expect. */
export const PUBLIC_PRICE_LIST_LICENCE = {
  name: 'CC BY 4.0',
  url: 'https://creativecommons.org/licenses/by/4.0/',
} as const;
/** Version of the open-data schema below; a change of its fields is a new version. */
export const PUBLIC_PRICE_LIST_SCHEMA_VERSION = 1;
/** Every price is in hryvnias. */
export const PUBLIC_PRICE_CURRENCY = 'UAH';
/** What a service is priced per. */
export const PUBLIC_PRICE_UNIT = 'послуга';

export const PUBLIC_PRICE_LIST_MESSAGES = {
  slug: `Адреса — від ${PUBLIC_SLUG_MIN} до ${PUBLIC_SLUG_MAX} символів: латинські літери, цифри й дефіси між ними.`,
  slugTaken: 'Ця адреса вже зайнята іншим закладом. Оберіть іншу.',
  published: 'Прейскурант опубліковано.',
  unpublished: 'Публікацію прейскуранта вимкнено.',
  saved: 'Налаштування публікації збережено.',
  notFound: 'Прейскурант не знайдено.',
  tooMany: 'Забагато запитів. Спробуйте за хвилину.',
} as const;

/** A public address suggested from the institution's name: transliterated, other characters as single hyphens. */
export function suggestSlug(name: string): string {
  const slug = transliterate(name)
    .replace(/['’ʼ`"«»]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PUBLIC_SLUG_MAX)
    .replace(/-+$/, '');
  return slug.length >= PUBLIC_SLUG_MIN ? slug : `zaklad${slug ? `-${slug}` : ''}`;
}

/** Whether `slug` is a well-formed public address. */
export const isPublicSlug = (slug: string): boolean =>
  slug.length >= PUBLIC_SLUG_MIN &&
  slug.length <= PUBLIC_SLUG_MAX &&
  PUBLIC_SLUG_PATTERN.test(slug);

/** A public address as typed: trimmed and lower-cased, then checked. */
export const publicSlugSchema = z
  .string({ error: PUBLIC_PRICE_LIST_MESSAGES.slug })
  .trim()
  .toLowerCase()
  .refine(isPublicSlug, PUBLIC_PRICE_LIST_MESSAGES.slug);

/** Body of `PUT /api/company/{companyIdentifier}/public-price-list`: the switch and the address. */
export const publicationInputSchema = z.object({
  published: z.boolean({ error: 'Вкажіть, чи публікувати прейскурант.' }),
  slug: publicSlugSchema,
});
export type PublicationInput = z.input<typeof publicationInputSchema>;

/** `GET` of the same: the switch, the address (null before the first publication) and the one suggested. */
export const publicationSchema = z.object({
  published: z.boolean(),
  slug: z.string().nullable(),
  suggestedSlug: z.string(),
  /** Earlier addresses that redirect to the current one. */
  formerSlugs: z.array(z.string()),
});
export type Publication = z.infer<typeof publicationSchema>;

export const publicationSavedSchema = savedResponseSchema(publicationSchema);

const money = z.string().regex(/^\d+\.\d{2}$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * One published service: the open data's row, field for field (`/p/{slug}.json` `services[]` and the CSV's
 * columns, in this order). Strict: a field not named here is an error, so nothing else can be published.
 */
export const publicServiceSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    category: z.string(),
    unit: z.string(),
    price_without_vat: money,
    vat: money,
    price: money,
    currency: z.literal(PUBLIC_PRICE_CURRENCY),
    effective_from: isoDate,
    decision_number: z.string(),
    decision_date: isoDate,
    decision_body: z.string(),
  })
  .strict();
export type PublicService = z.infer<typeof publicServiceSchema>;

/** The CSV's columns: the open-data fields, in the schema's order. */
export const PUBLIC_SERVICE_FIELDS = Object.keys(publicServiceSchema.shape) as Array<
  keyof PublicService
>;

/** The institution as published: name, address, phones, ЄДРПОУ, nothing else. */
export const publicInstitutionSchema = z
  .object({
    name: z.string(),
    address: z.string(),
    phones: z.array(z.string()),
    edrpou: z.string(),
  })
  .strict();
export type PublicInstitution = z.infer<typeof publicInstitutionSchema>;

/**
 * `/p/{slug}.json`: the schema's version, the licence, the institution, the date of the last change and the
 * services (sorted by category, then code). Strict at every level.
 */
export const publicPriceListSchema = z
  .object({
    schema_version: z.literal(PUBLIC_PRICE_LIST_SCHEMA_VERSION),
    licence: z.object({ name: z.string(), url: z.string() }).strict(),
    institution: publicInstitutionSchema,
    updated_at: isoDate,
    services: z.array(publicServiceSchema),
  })
  .strict();
export type PublicPriceList = z.infer<typeof publicPriceListSchema>;
