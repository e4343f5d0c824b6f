import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUsersPageSchema, adminUsersQuerySchema } from '@medcalc/domain';
import { READ_ERRORS } from '../../lib/route-errors';
import type { UsersService } from './users.service';

/** The admin panel's users tab (spec §2, §7 `GET /api/get-users?page&perPage`); administrators only. */
export const usersRoutes: FastifyPluginAsyncZod<{ usersService: UsersService }> = async (
  app,
  { usersService },
) => {
  app.get(
    '/api/get-users',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['users', 'admin'],
        summary: "One page of every company's users (search: name, e-mail, phone, company)",
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersPageSchema, ...READ_ERRORS },
      },
    },
    async (request) => usersService.page(request.query),
  );
};
