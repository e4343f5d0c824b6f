import { jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { CompanyInfo } from '@medcalc/domain';
import { timestamps } from './columns';

/** A medical institution (or the provider itself). `identifier` is the public id used in URLs. */
export const companies = pgTable('companies', {
  id: serial().primaryKey(),
  identifier: text().notNull().unique(),
  name: text().notNull(),
  phone: text().notNull().default(''),
  /** Institution data of spec §3 "Company info", kept whole; orders snapshot it. */
  info: jsonb().$type<CompanyInfo>().notNull(),
  ...timestamps,
});
