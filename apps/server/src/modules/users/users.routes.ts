import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@medcalc/domain';
import { READ_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import type { UsersService } from './users.service';

/** The admin panel's users tab (spec §2, §7 `GET /api/get-users?page&perPage`); administrators only. */
export const usersRoutes: FastifyPluginAsyncZod<{ usersService: UsersService }> = async (
  app,
  { usersService },
) => {
  tableRoute(
    app,
    apiRoutes.admin.users,
    {
      tags: ['users', 'admin'],
      summary: "One page of every company's users (search: name, e-mail, phone, company)",
      errors: READ_ERRORS,
    },
    async (request) => usersService.page(request.query),
  );
};
