import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { PublicPriceList } from '@medcalc/domain';
import { parentId, timestamps } from './columns';
import { companies } from './companies';

/**
 * A company's public price list (issue 36; the public-price-list module's own table): the switch, the public
 * address, and the list as last built from its approved tariffs (`body`, the domain's `publicPriceListSchema`),
 * kept so a public read is one row. `generation` goes up at every change of the company's data (a write of one of
 * its users, any administrator write); the list is stale while `built_generation` is behind it or the Kyiv day has
 * reached `valid_until` (the next approved tariff's effective date), and is then rebuilt on the next read.
 */
export const publicPriceLists = pgTable(
  'public_price_lists',
  {
    companyId: parentId(() => companies.id).primaryKey(),
    slug: text().notNull().unique(),
    published: boolean().notNull().default(false),
    generation: integer().notNull().default(1),
    builtGeneration: integer().notNull().default(0),
    body: jsonb().$type<PublicPriceList>(),
    /** A hash of `body`, the answers' ETag. */
    etag: text(),
    validUntil: date({ mode: 'string' }),
    /** When `body` last changed (its `updated_at`). */
    changedAt: timestamp({ withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [check('public_price_lists_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);

/**
 * Every public address a company has taken, its current one too (issue 36): the key keeps an address one company's
 * for good, so an earlier one redirects to the current one and no other institution can take it.
 */
export const publicPriceListSlugs = pgTable('public_price_list_slugs', {
  slug: text().primaryKey(),
  companyId: parentId(() => companies.id),
  ...timestamps,
});
