import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { MemberRole } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { byId } from '../../lib/by-id';
import { idOfIdentifier } from '../../lib/ids-among';
import { containsFolded, type PageFilter } from '../../lib/paginate';

/** A person as another module's rows name them (an actor, who recorded an approval or changed a status). */
export interface UserName {
  id: number;
  identifier: string;
  name: string;
  email: string;
}

/** A user as the administrator's list shows it (its company is the companies module's, looked up by id). */
export interface UserListRow {
  id: number;
  name: string;
  companyId: number;
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

/**
 * The auth module's port onto the `users` table for the modules that name people beside their own rows
 * (activity, approvals, orders) and for the administrator's users list (users module). app.ts passes it in.
 * Reads only; each is one query.
 */
export function createUserDirectory(db: Executor) {
  const nameColumns = {
    id: users.id,
    identifier: users.identifier,
    name: users.name,
    email: users.email,
  };
  return {
    /** The identifier, name and e-mail of each user among `ids`, by id (a deleted account is absent). */
    namesOf: (ids: Iterable<number | null>, tx: Executor = db): Promise<Map<number, UserName>> =>
      byId(ids, (wanted) => tx.select(nameColumns).from(users).where(inArray(users.id, wanted))),

    /** The internal id of the user with this public identifier, or undefined. */
    idOf: (identifier: string, tx: Executor = db) => idOfIdentifier(tx, users, identifier),

    /** The company's users (its members), in no particular order. */
    async ofCompany(companyId: number, tx: Executor = db): Promise<UserName[]> {
      return tx.select(nameColumns).from(users).where(eq(users.companyId, companyId));
    },

    /**
     * The contact of each company among `companyIds`: its first registered user (role 'user'; registration creates
     * exactly one), by company id; a company with none left is absent.
     */
    async firstContactsOf(
      companyIds: Iterable<number>,
      tx: Executor = db,
    ): Promise<Map<number, { id: number; email: string; phone: string }>> {
      const contacts = await byId(companyIds, (wanted) =>
        tx
          .selectDistinctOn([users.companyId], {
            id: users.companyId,
            email: users.email,
            phone: users.phone,
          })
          .from(users)
          .where(and(inArray(users.companyId, wanted), eq(users.role, 'user')))
          .orderBy(asc(users.companyId), asc(users.id)),
      );
      return contacts;
    },

    /** The company's users (not administrators), oldest first: who hears about the company's orders. */
    async mailContactsOf(
      companyId: number,
      tx: Executor = db,
    ): Promise<Array<{ name: string; email: string }>> {
      return (
        tx
          .select({ name: users.name, email: users.email })
          .from(users)
          // Issue 22: the owners and economists; a viewer («Перегляд») is not mailed.
          .where(
            and(
              eq(users.companyId, companyId),
              eq(users.role, 'user'),
              inArray(users.companyRole, ['owner', 'economist']),
            ),
          )
          .orderBy(asc(users.id))
      );
    },

    /**
     * One page of every user in id order (the administrator's list), `search` in the name, e-mail or phone, or the
     * user's company among `companyIds` (the companies whose name matches, from the companies module's port);
     * `total` counts every matching user.
     */
    async page(
      filter: PageFilter & { companyIds: readonly number[] },
      tx: Executor = db,
    ): Promise<{ rows: UserListRow[]; total: number }> {
      const search = filter.search;
      const where =
        search === ''
          ? undefined
          : or(
              containsFolded(users.name, search),
              containsFolded(users.email, search),
              containsFolded(users.phone, search),
              phoneDigitsContain(search),
              filter.companyIds.length > 0
                ? inArray(users.companyId, [...filter.companyIds])
                : undefined,
            );
      const [totals] = await tx.select({ total: count() }).from(users).where(where);
      const rows = await tx
        .select({
          id: users.id,
          name: users.name,
          companyId: users.companyId,
          phone: users.phone,
          email: users.email,
          role: users.role,
          companyRole: users.companyRole,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .where(where)
        .orderBy(asc(users.id))
        .limit(filter.limit)
        .offset(filter.offset);
      return { rows, total: totals?.total ?? 0 };
    },
  };
}

export type UserDirectory = ReturnType<typeof createUserDirectory>;
