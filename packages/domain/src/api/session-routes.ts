import {
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  healthResponseSchema,
  loginInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  authResponseSchema,
} from '../auth/auth.schema';
import { messageResponseSchema } from '../common/api-error.schema';
import { contactsResponseSchema, providerResponseSchema } from '../common/contacts.schema';
import { currentUserSchema } from '../users/user.schema';
import { profileInputSchema, profileSavedResponseSchema } from '../users/profile.schema';
import { apiRoute } from './api-route';

/*
 * Two groups of the route table (api-routes.ts) in a module of their own (issue 39): every page of the web app asks
 * who is signed in and the landing page for the contacts, so these entries are in the code a phone runs first. The
 * rest of the table (its schemas, and through them the calculation engine and decimal.js) is not: a module that
 * imports `sessionRoutes` or `systemRoutes` alone pulls only their schemas. `apiRoutes` still holds them, as
 * `apiRoutes.session` and `apiRoutes.system`; the entries are written here only.
 */

/** Session and password recovery; some outside `/api`, where the spec's (Laravel) client calls them. */
export const sessionRoutes = {
  login: apiRoute({
    method: 'POST',
    path: '/login',
    access: 'public',
    body: loginInputSchema,
    answer: authResponseSchema,
  }),
  register: apiRoute({
    method: 'POST',
    path: '/api/register',
    access: 'public',
    body: registerInputSchema,
    answer: authResponseSchema,
  }),
  logout: apiRoute({
    method: 'POST',
    path: '/logout',
    access: 'user',
    answer: messageResponseSchema,
  }),
  currentUser: apiRoute({
    method: 'GET',
    path: '/api/user',
    access: 'user',
    answer: currentUserSchema,
  }),
  /** Issue 33: the signed-in user's own name and phone (the profile page). */
  updateProfile: apiRoute({
    method: 'PUT',
    path: '/api/user/profile',
    access: 'user',
    body: profileInputSchema,
    answer: profileSavedResponseSchema,
  }),
  /** Issue 33: a new password, given the current one; the user's other sessions end. */
  changePassword: apiRoute({
    method: 'PUT',
    path: '/api/user/password',
    access: 'user',
    body: changePasswordInputSchema,
    answer: messageResponseSchema,
  }),
  forgotPassword: apiRoute({
    method: 'POST',
    path: '/password/email',
    access: 'public',
    body: forgotPasswordInputSchema,
    answer: messageResponseSchema,
  }),
  resetPassword: apiRoute({
    method: 'POST',
    path: '/password/reset',
    access: 'public',
    body: resetPasswordInputSchema,
    answer: messageResponseSchema,
  }),
} as const;

/** Public calls of the system. */
export const systemRoutes = {
  health: apiRoute({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    answer: healthResponseSchema,
  }),
  /** Readiness (issue 21): 200 while the database answers, 503 otherwise; `health` stays the liveness check. */
  ready: apiRoute({
    method: 'GET',
    path: '/api/health/ready',
    access: 'public',
    answer: healthResponseSchema,
  }),
  contacts: apiRoute({
    method: 'GET',
    path: '/api/contacts',
    access: 'public',
    answer: contactsResponseSchema,
  }),
  /** The provider's name and requisites for the footer's pages (issue 23), as the invoice prints them. */
  provider: apiRoute({
    method: 'GET',
    path: '/api/provider',
    access: 'public',
    answer: providerResponseSchema,
  }),
} as const;
