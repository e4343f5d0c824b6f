import { and, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { ArticleShares } from '@medcalc/domain';
import type { Database, Executor } from '../../db/client';
import { tariffComparisonFigures, tariffComparisonParticipants } from '../../db/schema';
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
}

export interface NewFigure {
  templateId: number;
  tariff: string;
  shares: ArticleShares;
  minutes: number;
  approvedOn: string;
}

/** The tariff comparison's two tables (issue 41); nothing else reads or writes them. */
export function createTariffComparisonRepository(db: Database) {
  const figureColumns = {
    companyId: tariffComparisonFigures.companyId,
    templateId: tariffComparisonFigures.templateId,
    tariff: tariffComparisonFigures.tariff,
    shares: tariffComparisonFigures.shares,
    oblast: tariffComparisonParticipants.oblast,
    beds: tariffComparisonParticipants.beds,
  };

  /** The stored figures of the institutions taking part that `where` keeps (a leaver's are gone with its row). */
  async function participantsFigures(
    where: SQL | undefined,
    tx: Executor,
  ): Promise<StoredFigure[]> {
    return tx
      .select(figureColumns)
      .from(tariffComparisonFigures)
      .innerJoin(
        tariffComparisonParticipants,
        eq(tariffComparisonParticipants.companyId, tariffComparisonFigures.companyId),
      )
      .where(where);
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

    /** The figures of the templates (all templates when `templateIds` is absent) approved on or after `since`. */
    async figures(filter: { since: string; templateIds?: readonly number[] }, tx: Executor = db) {
      const conditions = [gte(tariffComparisonFigures.approvedOn, filter.since)];
      if (filter.templateIds)
        conditions.push(inArray(tariffComparisonFigures.templateId, [...filter.templateIds]));
      if (filter.templateIds?.length === 0) return [];
      return participantsFigures(and(...conditions), tx);
    },

    /** The company's own figures (any date), template by template. */
    figuresOf(companyId: number, tx: Executor = db) {
      return participantsFigures(eq(tariffComparisonFigures.companyId, companyId), tx);
    },
  };
}

export type TariffComparisonRepository = ReturnType<typeof createTariffComparisonRepository>;
