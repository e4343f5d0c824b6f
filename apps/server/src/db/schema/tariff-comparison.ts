import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import type { StoredArticleShares, StoredGroupPublication } from '@medcalc/domain';
import { parentId, timestamps } from './columns';
import { companies } from './companies';

/**
 * The institutions taking part in the anonymous tariff comparison (issue 41; the tariff-comparison module's own
 * table): a row while the owner's switch is on, with the oblast the owner chose and the beds of the institution data
 * as last read (the size filter). Leaving deletes the row, and with it every figure of the institution.
 */
export const tariffComparisonParticipants = pgTable('tariff_comparison_participants', {
  companyId: parentId(() => companies.id).primaryKey(),
  oblast: text().notNull(),
  beds: integer(),
  ...timestamps,
});

/**
 * One participant's figure per template service (issue 41): the tariff of its latest approved revision of a service
 * made from that template within the last 24 months, and that калькуляція's cost articles as shares of the
 * собівартість. Written when the institution joins and when one of its approvals is recorded; nothing private
 * (no name, salary or material price) is stored here.
 */
export const tariffComparisonFigures = pgTable(
  'tariff_comparison_figures',
  {
    companyId: parentId(() => tariffComparisonParticipants.companyId),
    templateId: integer().notNull(),
    tariff: numeric({ precision: 14, scale: 2 }).notNull(),
    // A figure stored before the equipment's depreciation was compared has no `depreciation` (read as 0 %).
    shares: jsonb().$type<StoredArticleShares>().notNull(),
    /** The staff minutes of the service (the sum of its staff lines). */
    minutes: integer().notNull(),
    /** The date the approval took effect (Kyiv), for the 24-month window. */
    approvedOn: date({ mode: 'string' }).notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.templateId] }),
    index('tariff_comparison_figures_template_idx').on(t.templateId),
  ],
);

/**
 * The stored statistics of the tariff comparison (issue 41): per template service and filter set — any oblast or one,
 * any size band or one (`''` for any) — what the group of participants' figures inside the 24-month window shows
 * (`GroupPublication`: the statistics of the set it last showed, the institutions whose figure now differs from that set,
 * and whether it may be shown), the window's first day when it was made (`since`), and the oldest decision it holds,
 * shown or not (the row is read only while that one is still inside the window). Made again, template by template,
 * in the transaction of each change of the figures or of the participants.
 */
export const tariffComparisonGroups = pgTable(
  'tariff_comparison_groups',
  {
    templateId: integer().notNull(),
    oblast: text().notNull(),
    size: text().notNull(),
    since: date({ mode: 'string' }).notNull(),
    oldest: date({ mode: 'string' }).notNull(),
    // As stored: read through the domain's `groupPublicationSchema` (an old group's missing keys are filled there).
    publication: jsonb().$type<StoredGroupPublication>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.oblast, t.size] })],
);
