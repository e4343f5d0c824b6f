import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  authResponseSchema,
  currentUserSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  messageResponseSchema,
  registerInputSchema,
  resetPasswordInputSchema,
} from '@medcalc/domain';
import { SESSION_ERRORS, SIGNED_IN_ERRORS } from '../../lib/route-errors';
import { sessionTokenOf } from '../../plugins/auth';
import { MESSAGES, type AuthService, type ClientContext } from './auth.service';

const clientContext = (request: FastifyRequest): ClientContext => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  previousToken: sessionTokenOf(request),
});

/** Session and recovery calls of spec §7, at the spec's exact paths (some outside `/api`, as Laravel has them). */
export const authRoutes: FastifyPluginAsyncZod<{ authService: AuthService }> = async (
  app,
  { authService },
) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['session'],
        summary: 'Sign in',
        body: loginInputSchema,
        response: { 200: authResponseSchema, ...SESSION_ERRORS },
      },
    },
    async (request, reply) => {
      const signedIn = await authService.login(request.body, clientContext(request));
      reply.setSession(signedIn.sessionToken, signedIn.remember).issueXsrfToken();
      return { message: MESSAGES.loggedIn, user: signedIn.user };
    },
  );

  app.post(
    '/api/register',
    {
      schema: {
        tags: ['session'],
        summary: 'Register a company and its first user, then sign in',
        body: registerInputSchema,
        response: { 200: authResponseSchema, ...SESSION_ERRORS },
      },
    },
    async (request, reply) => {
      const signedIn = await authService.register(request.body, clientContext(request));
      reply.setSession(signedIn.sessionToken, signedIn.remember).issueXsrfToken();
      return { message: MESSAGES.registered, user: signedIn.user };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['session'],
        summary: 'Sign out (ends the session)',
        response: { 200: messageResponseSchema, 419: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await authService.logout(sessionTokenOf(request));
      reply.clearSession();
      return { message: MESSAGES.loggedOut };
    },
  );

  app.get(
    '/api/user',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['session'],
        summary: 'The signed-in user',
        response: { 200: currentUserSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => currentUserSchema.parse(request.user),
  );

  app.post(
    '/password/email',
    {
      schema: {
        tags: ['session'],
        summary: 'Mail a password-reset link',
        body: forgotPasswordInputSchema,
        response: { 200: messageResponseSchema, ...SESSION_ERRORS },
      },
    },
    async (request) => {
      await authService.requestPasswordReset(request.body, request.ip);
      return { message: MESSAGES.resetLinkSent };
    },
  );

  app.post(
    '/password/reset',
    {
      schema: {
        tags: ['session'],
        summary: 'Set a new password with a reset token',
        body: resetPasswordInputSchema,
        response: { 200: messageResponseSchema, ...SESSION_ERRORS },
      },
    },
    async (request) => {
      await authService.resetPassword(request.body, request.ip);
      return { message: MESSAGES.resetDone };
    },
  );
};
