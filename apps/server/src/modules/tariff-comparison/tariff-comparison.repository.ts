import { and, eq, gte, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import {
  groupPublicationSchema,
  storedArticleShares,
  type ArticleShares,
  type GroupPublication,
} from '@medcalc/domain';
import type { Database, Executor } from '../../db/client';
import {
  tariffComparisonFigures,
  tariffComparisonGroups,
  tariffComparisonParticipants,
} from '../../db/schema';
import { translateDbErrors } from '../../lib/db-errors';

export interface ParticipantRow {
  companyId: number;
  oblast: string;
  beds: number | null;
}

/** A figure as the statistics read it: with its institution's oblast and beds. */
export interface StoredFigure extends ParticipantRow {
  templateId: number;
  tariff: string;
  shares: ArticleShares;
  /** The date its decision took effect, `YYYY-MM-DD`. */
  approvedOn: string;
}

/** A filter set of the stored statistics: one oblast or any (`''`), one size band or any (`''`). */
export interface GroupKey {
  oblast: string;
  size: string;
}

/** A stored group of one template service under one filter set. */
export interface GroupRow extends GroupKey {
  templateId: number;
  /** The window's first day when the group was made. */
  since: string;
  /** The oldest decision it holds, shown or not: the row holds while it is inside the window. */
  oldest: string;
  publication: GroupPublication;
}

/** Rows written per INSERT statement (well below the driver's bound parameters). */
const INSERT_CHUNK = 1_000;

/** The advisory lock's first key for the stored groups of one template (its second key is the template's id). */
const GROUPS_LOCK = 41;

/** The advisory lock's first key for the changes of one institution (its second key is the company's id). */
const COMPANY_LOCK = 42;

export interface NewFigure {
  templateId: number;
  tariff: string;
  shares: ArticleShares;
  minutes: number;
  approvedOn: string;
}

/**
 * The groups of these (template, filter set) pairs, by the primary key: one probe per pair (a list of pairs, not a
 * filter over every group).
 */
const pairsIn = (pairs: ReadonlyArray<GroupKey & { templateId: number }>) =>
  sql`(${tariffComparisonGroups.templateId}, ${tariffComparisonGroups.oblast}, ${tariffComparisonGroups.size}) IN (VALUES ${sql.join(
    pairs.map((pair) => sql`(${pair.templateId}::int, ${pair.oblast}::text, ${pair.size}::text)`),
    sql`, `,
  )})`;

/** A stored group row with its publication parsed by the domain's schema. */
const parsedGroup = (row: typeof tariffComparisonGroups.$inferSelect): GroupRow => ({
  ...row,
  publication: groupPublicationSchema.parse(row.publication),
});

/** The tariff comparison's tables (issue 41); nothing else reads or writes them. */
export function createTariffComparisonRepository(db: Database) {
  const figureColumns = {
    companyId: tariffComparisonFigures.companyId,
    templateId: tariffComparisonFigures.templateId,
    tariff: tariffComparisonFigures.tariff,
    shares: tariffComparisonFigures.shares,
    approvedOn: tariffComparisonFigures.approvedOn,
    oblast: tariffComparisonParticipants.oblast,
    beds: tariffComparisonParticipants.beds,
  };

  /**
   * The stored figures of the institutions taking part that `where` keeps (a leaver's are gone with its row); the
   * shares of a figure stored before an article was compared read through the domain's `storedArticleShares`.
   */
  async function participantsFigures(
    where: SQL | undefined,
    tx: Executor,
  ): Promise<StoredFigure[]> {
    const rows = await tx
      .select(figureColumns)
      .from(tariffComparisonFigures)
      .innerJoin(
        tariffComparisonParticipants,
        eq(tariffComparisonParticipants.companyId, tariffComparisonFigures.companyId),
      )
      .where(where);
    return rows.map((row) => ({ ...row, shares: storedArticleShares(row.shares) }));
  }

  return {
    async findParticipant(companyId: number, tx: Executor = db) {
      const [row] = await tx
        .select({
          companyId: tariffComparisonParticipants.companyId,
          oblast: tariffComparisonParticipants.oblast,
          beds: tariffComparisonParticipants.beds,
        })
        .from(tariffComparisonParticipants)
        .where(eq(tariffComparisonParticipants.companyId, companyId));
      return row;
    },

    async saveParticipant(row: ParticipantRow, tx: Executor = db) {
      await translateDbErrors(() =>
        tx
          .insert(tariffComparisonParticipants)
          .values(row)
          .onConflictDoUpdate({
            target: tariffComparisonParticipants.companyId,
            set: { oblast: row.oblast, beds: row.beds, updatedAt: new Date() },
          }),
      );
    },

    /** Leaving: the row goes, and its figures with it (ON DELETE CASCADE), in one statement. */
    async deleteParticipant(companyId: number, tx: Executor = db) {
      await tx
        .delete(tariffComparisonParticipants)
        .where(eq(tariffComparisonParticipants.companyId, companyId));
    },

    /** The company's figures become `figures`, whole, in the caller's transaction. */
    async replaceFigures(companyId: number, figures: readonly NewFigure[], tx: Executor) {
      await tx
        .delete(tariffComparisonFigures)
        .where(eq(tariffComparisonFigures.companyId, companyId));
      if (figures.length === 0) return;
      await translateDbErrors(() =>
        tx
          .insert(tariffComparisonFigures)
          .values(figures.map((figure) => ({ companyId, ...figure }))),
      );
    },

    /** Every figure of the templates, of any date (a group made again tells which have left the window). */
    async figures(templateIds: readonly number[], tx: Executor = db) {
      if (templateIds.length === 0) return [];
      return participantsFigures(inArray(tariffComparisonFigures.templateId, [...templateIds]), tx);
    },

    /** The company's own figures (any date), template by template. */
    figuresOf(companyId: number, tx: Executor = db) {
      return participantsFigures(eq(tariffComparisonFigures.companyId, companyId), tx);
    },

    /** The templates with figures approved on or after `since` but no stored group (made before they were kept). */
    async templatesWithoutGroups(since: string, tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .selectDistinct({ templateId: tariffComparisonFigures.templateId })
        .from(tariffComparisonFigures)
        .where(
          and(
            gte(tariffComparisonFigures.approvedOn, since),
            notExists(
              tx
                .select({ templateId: tariffComparisonGroups.templateId })
                .from(tariffComparisonGroups)
                .where(eq(tariffComparisonGroups.templateId, tariffComparisonFigures.templateId)),
            ),
          ),
        );
      return rows.map((row) => row.templateId);
    },

    /**
     * Holds the stored groups of `templateIds` until `tx` ends (in ascending order, so two writers never wait on
     * each other in a circle): each is made again from the figures as committed once the lock is held.
     */
    async lockGroups(templateIds: readonly number[], tx: Executor) {
      if (templateIds.length === 0) return;
      const ids = [...new Set(templateIds)].sort((a, b) => a - b);
      const list = sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      );
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(${GROUPS_LOCK}::int, id) FROM (SELECT unnest(ARRAY[${list}]) AS id ORDER BY 1) AS ids`,
      );
    },

    /**
     * Holds the changes of one institution's figures until `tx` ends (taken before the stored groups' locks, which
     * every writer takes in ascending order after it).
     */
    async lockCompany(companyId: number, tx: Executor) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${COMPANY_LOCK}::int, ${companyId}::int)`);
    },

    /** Every stored group of `templateIds`, under any filter set. */
    async groupsOfTemplates(templateIds: readonly number[], tx: Executor): Promise<GroupRow[]> {
      if (templateIds.length === 0) return [];
      const rows = await tx
        .select()
        .from(tariffComparisonGroups)
        .where(inArray(tariffComparisonGroups.templateId, [...templateIds]));
      return rows.map(parsedGroup);
    },

    /** The stored groups of `templateIds` become `groups`, whole, in the caller's transaction. */
    async replaceGroups(templateIds: readonly number[], groups: readonly GroupRow[], tx: Executor) {
      if (templateIds.length === 0) return;
      await tx
        .delete(tariffComparisonGroups)
        .where(inArray(tariffComparisonGroups.templateId, [...templateIds]));
      for (let start = 0; start < groups.length; start += INSERT_CHUNK)
        await tx.insert(tariffComparisonGroups).values(groups.slice(start, start + INSERT_CHUNK));
    },

    /** The stored groups under `keys` of `templateIds` (of every template when absent). */
    async groups(
      filter: { templateIds?: readonly number[]; keys: readonly GroupKey[] },
      tx: Executor = db,
    ): Promise<GroupRow[]> {
      if (filter.templateIds?.length === 0) return [];
      const keys = or(
        ...filter.keys.map((key) =>
          and(
            eq(tariffComparisonGroups.oblast, key.oblast),
            eq(tariffComparisonGroups.size, key.size),
          ),
        ),
      );
      const wanted = filter.templateIds
        ? pairsIn(
            filter.templateIds.flatMap((templateId) =>
              filter.keys.map((key) => ({ templateId, ...key })),
            ),
          )
        : keys;
      const rows = await tx.select().from(tariffComparisonGroups).where(wanted);
      return rows.map(parsedGroup);
    },
  };
}

export type TariffComparisonRepository = ReturnType<typeof createTariffComparisonRepository>;
