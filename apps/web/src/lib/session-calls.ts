import {
  sessionRoutes,
  type AuthResponse,
  type CurrentUser,
  type LoginInput,
  type MessageResponse,
  type RegisterInput,
} from '@medcalc/domain';

import { ApiRequestError, callApi } from './api-client';

/*
 * The session's calls (lib/auth.tsx loads this module when it first makes one, issue 39): their answers are checked
 * with the route table's schemas, and so with zod, which the landing page's first screen does without.
 */

/** `GET /api/user`; a 401 only means "signed out", so it is neither a toast nor a redirect. */
export async function getUser(): Promise<CurrentUser | null> {
  try {
    return await callApi(sessionRoutes.currentUser, {
      redirectOnAuthError: false,
      quietStatuses: [401, 419],
    });
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 419)) {
      return null;
    }
    throw error;
  }
}

/** `POST /login` (spec §7); a fresh XSRF cookie is fetched first. Field errors are shown under the fields. */
export const login = (input: LoginInput): Promise<AuthResponse> =>
  callApi(sessionRoutes.login, {
    body: input,
    refreshCsrf: true,
    inlineFieldErrors: true,
  });

/** `POST /api/register` (spec §7); the server signs the new user in. */
export const register = (input: RegisterInput): Promise<AuthResponse> =>
  callApi(sessionRoutes.register, {
    body: input,
    refreshCsrf: true,
    inlineFieldErrors: true,
  });

/** `POST /logout`; an expired session must not bounce the user to /login on the way out. */
export const logout = (): Promise<MessageResponse> =>
  callApi(sessionRoutes.logout, {
    redirectOnAuthError: false,
    quietStatuses: [401, 419],
  });
