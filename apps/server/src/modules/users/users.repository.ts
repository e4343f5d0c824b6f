import { asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { MemberRole } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { companies, users } from '../../db/schema';
import { containsFolded, type PageFilter } from '../../lib/paginate';

/** A user as the administrator's list shows it: the user, its company's name and the timestamps. */
export interface UserListRecord {
  id: number;
  name: string;
  company: string;
  phone: string;
  email: string;
  role: string;
  companyRole: MemberRole;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The phone's digits contain the digits of `search` (issue 23): phones are stored grouped (`+380 67 111 22 33`),
 * so `0671112` or `067-111` still finds one. Only for a search of digits and phone punctuation with 3 or more digits.
 */
function phoneDigitsContain(search: string): SQL | undefined {
  const digits = search.replace(/\D/g, '');
  if (!/^[\d\s()+-]+$/.test(search) || digits.length < 3) return undefined;
  return sql`regexp_replace(${users.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`;
}

/** `search` in the user's name, e-mail, phone or company name, case-insensitively (Cyrillic included). */
const searchFilter = (search: string): SQL | undefined =>
  search === ''
    ? undefined
    : or(
        containsFolded(users.name, search),
        containsFolded(users.email, search),
        containsFolded(users.phone, search),
        phoneDigitsContain(search),
        containsFolded(companies.name, search),
      );

/** Read-only storage of users for the admin panel (the auth module owns their writes). Drizzle only. */
export function createUsersRepository(db: Executor) {
  return {
    /** One page of users with their company, in id order; `total` counts every matching user. */
    async page(
      filter: PageFilter,
      tx: Executor = db,
    ): Promise<{ rows: UserListRecord[]; total: number }> {
      const where = searchFilter(filter.search);
      const [totals] = await tx
        .select({ total: count() })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(where);
      const rows = await tx
        .select({
          id: users.id,
          name: users.name,
          company: companies.name,
          phone: users.phone,
          email: users.email,
          role: users.role,
          companyRole: users.companyRole,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(where)
        .orderBy(asc(users.id))
        .limit(filter.limit)
        .offset(filter.offset);
      return { rows, total: totals?.total ?? 0 };
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
