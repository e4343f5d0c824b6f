import { lastPageOf, type AdminUsersPage, type PageQuery } from '@medcalc/domain';
import { pageWindow } from '../../lib/paginate';
import type { UsersRepository } from './users.repository';

/** The administrator's list of users (spec §2 Admin panel "Users", §7 `GET /api/get-users`). */
export function createUsersService(deps: { usersRepository: UsersRepository }) {
  const repo = deps.usersRepository;
  return {
    /**
     * One page of every company's users in id order, `search` matching the name, e-mail, phone or company. The
     * spec's users list puts `current_page` and `last_page` at the top level (spec §3 "Paged response").
     */
    async page(query: PageQuery): Promise<AdminUsersPage> {
      const { rows, total } = await repo.page({ search: query.search, ...pageWindow(query) });
      return {
        data: rows.map((row) => ({
          id: row.id,
          name: row.name,
          company: row.company,
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
