import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, apiRoutes, currentUserSchema } from '@medcalc/domain';
import { SESSION_ERRORS, SIGNED_IN_ERRORS } from '../../lib/route-errors';
import { closeSession, openSession } from '../../lib/session-reply';
import { tableRoute } from '../../lib/table-route';
import { clientContextOf, sessionTokenOf, sessionUserOf } from '../../plugins/auth';
import { MESSAGES, type AuthService, type SignedIn } from './auth.service';

const { session } = apiRoutes;

/** Session and recovery calls of spec §7, at the spec's exact paths (some outside `/api`, as Laravel has them). */
export const authRoutes: FastifyPluginAsyncZod<{ authService: AuthService }> = async (
  app,
  { authService },
) => {
  const tags = ['session'];
  const guest = { tags, errors: SESSION_ERRORS };

  /**
   * Login and registration both end signed in: the session cookie, a fresh XSRF token bound to it, the device
   * cookie of sign-in throttling, the user.
   */
  const signInReply = (reply: FastifyReply, signedIn: SignedIn, message: string) => {
    openSession(reply, signedIn);
    if (signedIn.deviceToken) reply.setDeviceCookie(signedIn.deviceToken);
    return { message, user: signedIn.user };
  };

  tableRoute(app, session.login, { ...guest, summary: 'Sign in' }, async (request, reply) =>
    signInReply(
      reply,
      await authService.login(request.body, clientContextOf(request)),
      MESSAGES.loggedIn,
    ),
  );

  tableRoute(
    app,
    session.register,
    { ...guest, summary: 'Register a company and its first user, then sign in' },
    async (request, reply) =>
      signInReply(
        reply,
        await authService.register(request.body, clientContextOf(request)),
        MESSAGES.registered,
      ),
  );

  tableRoute(
    app,
    session.logout,
    { tags, summary: 'Sign out (ends the session)', errors: { 419: apiErrorSchema } },
    async (request, reply) => {
      await authService.logout(sessionTokenOf(request));
      closeSession(reply);
      return { message: MESSAGES.loggedOut };
    },
  );

  tableRoute(
    app,
    session.currentUser,
    { tags, summary: 'The signed-in user', errors: SIGNED_IN_ERRORS },
    async (request) => currentUserSchema.parse(request.user),
  );

  tableRoute(
    app,
    session.forgotPassword,
    { ...guest, summary: 'Mail a password-reset link' },
    async (request) => {
      await authService.requestPasswordReset(request.body, request.ip);
      return { message: MESSAGES.resetLinkSent };
    },
  );

  tableRoute(
    app,
    session.resetPassword,
    { ...guest, summary: 'Set a new password with a reset token' },
    async (request) => {
      await authService.resetPassword(request.body, request.ip);
      return { message: MESSAGES.resetDone };
    },
  );

  // Issue 33, the profile page: the signed-in user's own name and phone, and a new password given the current one.
  // Any signed-in user, whatever their role in the institution: it is their own account.
  tableRoute(
    app,
    session.updateProfile,
    { tags, summary: 'Change the own name and phone', errors: SESSION_ERRORS },
    async (request) => ({
      message: MESSAGES.profileSaved,
      user: await authService.updateProfile(sessionUserOf(request), request.body),
    }),
  );

  tableRoute(
    app,
    session.changePassword,
    {
      tags,
      summary: 'Change the own password (the current one required); ends the other sessions',
      errors: SESSION_ERRORS,
    },
    async (request) => {
      await authService.changePassword(
        sessionUserOf(request),
        request.body,
        clientContextOf(request),
      );
      return { message: MESSAGES.passwordChanged };
    },
  );
};
