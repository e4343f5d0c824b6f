import { lastPageOf, type AdminUsersPage, type PageQuery } from '@medcalc/domain';
import { pageWindow } from '../../lib/paginate';
import type { UserDirectory } from '../auth/user-directory';
import type { CompanyNames } from '../companies/company-names';

/**
 * The administrator's list of users (spec §2 Admin panel "Users", §7 `GET /api/get-users`). The module owns no
 * table: the users are the auth module's (`users`), their companies the companies module's (`companies`), both
 * ports passed in by app.ts.
 */
export function createUsersService(deps: {
  users: Pick<UserDirectory, 'page'>;
  companies: Pick<CompanyNames, 'namesOf' | 'idsNamedLike'>;
}) {
  return {
    /**
     * One page of every company's users in id order, `search` matching the name, e-mail, phone or company. The
     * spec's users list puts `current_page` and `last_page` at the top level (spec §3 "Paged response").
     */
    async page(query: PageQuery): Promise<AdminUsersPage> {
      // A search matches the company's name too: the ids of the companies so named, then the users.
      const companyIds = query.search === '' ? [] : await deps.companies.idsNamedLike(query.search);
      const { rows, total } = await deps.users.page({
        search: query.search,
        companyIds,
        ...pageWindow(query),
      });
      const companies = await deps.companies.namesOf(rows.map((row) => row.companyId));
      return {
        data: rows.map((row) => ({
          id: row.id,
          name: row.name,
          company: companies.get(row.companyId)?.name ?? '',
          phone: row.phone,
          email: row.email,
          role: row.role,
          companyRole: row.companyRole,
          created_at: row.createdAt.toISOString(),
          updated_at: row.updatedAt.toISOString(),
        })),
        current_page: query.page,
        last_page: lastPageOf(total, query.perPage),
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
