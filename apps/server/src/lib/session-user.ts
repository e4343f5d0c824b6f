import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import type { SessionUser } from './company-scope';

/**
 * The signed-in user of a request guarded by `app.requireUser`/`app.requireAdmin`. The guard has already
 * answered 401 when there is none; the check keeps handlers free of non-null assertions.
 */
export function sessionUserOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Ви не увійшли в систему.');
  return request.user;
}
