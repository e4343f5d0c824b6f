import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PublicPriceList } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { publicPriceListSlugs, publicPriceLists } from '../../db/schema';
import { createKeptRows } from './kept-rows';

/** A company's publication as stored, without the list itself (read apart, {@link builtListOf}). */
export interface PublicationRow {
  companyId: number;
  slug: string;
  published: boolean;
  generation: number;
  builtGeneration: number;
  /** The hash of the list as last built (its answers' ETag); null before the first build. */
  etag: string | null;
  validUntil: string | null;
  changedAt: Date | null;
}

/** A public read's row: the publication the address belongs to, and whether the address is its current one. */
export interface AddressedPublication extends PublicationRow {
  requested: string;
}

/** What a rebuild writes. */
export interface BuiltValues {
  generation: number;
  body: PublicPriceList;
  etag: string;
  validUntil: string | null;
  changedAt: Date;
}

const columns = {
  companyId: publicPriceLists.companyId,
  slug: publicPriceLists.slug,
  published: publicPriceLists.published,
  generation: publicPriceLists.generation,
  builtGeneration: publicPriceLists.builtGeneration,
  etag: publicPriceLists.etag,
  validUntil: publicPriceLists.validUntil,
  changedAt: publicPriceLists.changedAt,
};

/**
 * The kept rows of each database handle: every app on one handle (a second instance in the tests) shares them, so
 * a write through any of them is seen by all.
 */
const keptByDatabase = new WeakMap<
  Executor,
  ReturnType<typeof createKeptRows<AddressedPublication>>
>();

function keptRowsOf(
  db: Executor,
  read: (slug: string) => Promise<AddressedPublication | undefined>,
) {
  let kept = keptByDatabase.get(db);
  if (!kept) {
    kept = createKeptRows(read);
    keptByDatabase.set(db, kept);
  }
  return kept;
}

/**
 * The public price lists and their addresses (issue 36): the two tables' only reader and writer. With `keepRows`
 * (the embedded database, which one process owns) an address's row is kept between public reads until this
 * repository's next write; on PostgreSQL another instance may write, so every public read reads it.
 */
export function createPublicPriceListRepository(
  db: Executor,
  options: { keepRows?: boolean } = {},
) {
  /**
   * An address's publication as a prepared statement: Drizzle builds its SQL once (node-postgres also prepares it
   * once per pooled connection under this name). Run at every public request.
   */
  const byAddress = db
    .select({ ...columns, requested: publicPriceListSlugs.slug })
    .from(publicPriceListSlugs)
    .innerJoin(publicPriceLists, eq(publicPriceLists.companyId, publicPriceListSlugs.companyId))
    .where(eq(publicPriceListSlugs.slug, sql.placeholder('slug')))
    .limit(1)
    .prepare('medcalc_public_list_by_address');
  const readAddress = async (slug: string): Promise<AddressedPublication | undefined> => {
    const [row] = await byAddress.execute({ slug });
    return row;
  };
  const kept = options.keepRows ? keptRowsOf(db, readAddress) : undefined;
  /** Kept rows are dropped when a write begins and again when it has committed ({@link forgetKeptRows}). */
  const forgetKeptRows = () => kept?.forget();
  /** A write outside a transaction: committed when it answers. */
  async function writing(write: () => Promise<unknown>): Promise<void> {
    forgetKeptRows();
    try {
      await write();
    } finally {
      forgetKeptRows();
    }
  }

  return {
    async findOfCompany(companyId: number, tx: Executor = db): Promise<PublicationRow | undefined> {
      const [row] = await tx
        .select(columns)
        .from(publicPriceLists)
        .where(eq(publicPriceLists.companyId, companyId))
        .limit(1);
      return row;
    },

    /**
     * The publication an address (current or earlier) belongs to: one indexed read of a few small columns per
     * public request (the list itself is read only when this process does not hold its ETag's body).
     */
    findByAddress(slug: string): Promise<AddressedPublication | undefined> {
      return kept ? kept.find(slug) : readAddress(slug);
    },

    /**
     * To be called once a transaction that wrote through {@link claimSlug} or {@link savePublication} has ended
     * (committed or not): the rows kept meanwhile may be the ones from before it.
     */
    forgetKeptRows,

    /** The list as last built, with its ETag (both null before the first build). */
    async builtListOf(
      companyId: number,
    ): Promise<{ body: PublicPriceList | null; etag: string | null } | undefined> {
      const [row] = await db
        .select({ body: publicPriceLists.body, etag: publicPriceLists.etag })
        .from(publicPriceLists)
        .where(eq(publicPriceLists.companyId, companyId))
        .limit(1);
      return row;
    },

    /** The company's earlier addresses, oldest first. */
    async formerSlugsOf(companyId: number, current: string | null, tx: Executor = db) {
      const rows = await tx
        .select({ slug: publicPriceListSlugs.slug })
        .from(publicPriceListSlugs)
        .where(
          current === null
            ? eq(publicPriceListSlugs.companyId, companyId)
            : and(
                eq(publicPriceListSlugs.companyId, companyId),
                ne(publicPriceListSlugs.slug, current),
              ),
        )
        .orderBy(asc(publicPriceListSlugs.createdAt), asc(publicPriceListSlugs.slug));
      return rows.map((row) => row.slug);
    },

    /**
     * Claims `slug` for the company (an address, once taken, stays its company's for good: it redirects) and
     * answers the company that holds it, which is another one when it was taken before.
     */
    async claimSlug(companyId: number, slug: string, tx: Executor): Promise<number> {
      forgetKeptRows();
      await tx.insert(publicPriceListSlugs).values({ companyId, slug }).onConflictDoNothing();
      const [row] = await tx
        .select({ companyId: publicPriceListSlugs.companyId })
        .from(publicPriceListSlugs)
        .where(eq(publicPriceListSlugs.slug, slug))
        .limit(1);
      if (!row) throw new Error(`the address ${slug} vanished in its transaction`);
      return row.companyId;
    },

    /** Writes the switch and the current address. */
    async savePublication(companyId: number, published: boolean, slug: string, tx: Executor) {
      forgetKeptRows();
      await tx
        .insert(publicPriceLists)
        .values({ companyId, published, slug })
        .onConflictDoUpdate({
          target: publicPriceLists.companyId,
          set: { published, slug, updatedAt: new Date() },
        });
    },

    /** Stores a rebuilt list unless a newer build already did (`built_generation` never goes back). */
    saveBuilt(companyId: number, values: BuiltValues): Promise<void> {
      return writing(() =>
        db
          .update(publicPriceLists)
          .set({
            builtGeneration: values.generation,
            body: values.body,
            etag: values.etag,
            validUntil: values.validUntil,
            changedAt: values.changedAt,
          })
          .where(
            and(
              eq(publicPriceLists.companyId, companyId),
              sql`${publicPriceLists.builtGeneration} <= ${values.generation}`,
            ),
          ),
      );
    },

    /** The company's data changed: its list is rebuilt at the next read (a no-op for a company without one). */
    markChanged(companyId: number): Promise<void> {
      return writing(() =>
        db
          .update(publicPriceLists)
          .set({ generation: sql`${publicPriceLists.generation} + 1` })
          .where(eq(publicPriceLists.companyId, companyId)),
      );
    },

    /** Every list is rebuilt at its next read (an administrator's write may touch any company). */
    markAllChanged(): Promise<void> {
      return writing(() =>
        db.update(publicPriceLists).set({ generation: sql`${publicPriceLists.generation} + 1` }),
      );
    },
  };
}

export type PublicPriceListRepository = ReturnType<typeof createPublicPriceListRepository>;
