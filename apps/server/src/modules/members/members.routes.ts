import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, apiRoutes, MEMBER_MESSAGES } from '@medcalc/domain';
import { READ_ERRORS, SESSION_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { closeSession, openSession } from '../../lib/session-reply';
import { tableRoute } from '../../lib/table-route';
import { clientContextOf, sessionUserOf } from '../../plugins/auth';
import type { MembersService } from './members.service';

const { members } = apiRoutes;

/**
 * The institution's members and invitations (issue 22). Who may call each is its `access` in the route table
 * (members calls: owners only); the company is always the session's. Accepting an invitation signs in as
 * registration does.
 */
export const membersRoutes: FastifyPluginAsyncZod<{ membersService: MembersService }> = async (
  app,
  { membersService: service },
) => {
  const tags = ['members'];
  const write = { tags, errors: WRITE_ERRORS };

  tableRoute(
    app,
    members.page,
    { tags, errors: READ_ERRORS, summary: "The institution's members and pending invitations" },
    async (request) => service.page(sessionUserOf(request)),
  );
  tableRoute(
    app,
    members.invite,
    {
      tags,
      // 429: the company's or the address's invitation limits (issue 34).
      errors: { ...WRITE_ERRORS, 429: apiErrorSchema },
      summary: 'Invite a person by e-mail with a role (a link valid 7 days)',
    },
    async (request) => service.invite(sessionUserOf(request), request.body),
  );
  tableRoute(
    app,
    members.revokeInvitation,
    { ...write, summary: 'Revoke a pending invitation' },
    async (request) => {
      await service.revokeInvitation(sessionUserOf(request), request.params.id);
      return { message: MEMBER_MESSAGES.revoked };
    },
  );
  tableRoute(
    app,
    members.changeRole,
    { ...write, summary: "Change a member's role (the last owner stays an owner)" },
    async (request) =>
      service.changeRole(sessionUserOf(request), request.params.identifier, request.body.role),
  );
  tableRoute(
    app,
    members.remove,
    { ...write, summary: 'Remove a member: their account is deleted and their sessions end' },
    async (request) => {
      await service.remove(sessionUserOf(request), request.params.identifier);
      return { message: MEMBER_MESSAGES.removed };
    },
  );
  tableRoute(
    app,
    members.leave,
    { ...write, summary: 'Leave the institution: deletes the own account and signs out' },
    async (request, reply) => {
      await service.leave(sessionUserOf(request));
      closeSession(reply);
      return { message: MEMBER_MESSAGES.left };
    },
  );
  tableRoute(
    app,
    members.transferOwnership,
    { ...write, summary: 'Make a member the owner; the caller becomes an economist' },
    async (request) => {
      await service.transferOwnership(sessionUserOf(request), request.body.identifier);
      return { message: MEMBER_MESSAGES.transferred };
    },
  );
  tableRoute(
    app,
    members.invitation,
    {
      tags,
      errors: { ...READ_ERRORS, 410: apiErrorSchema, 429: apiErrorSchema },
      summary: 'What an invitation link invites to (refused links are throttled per IP)',
    },
    async (request) => service.invitationInfo(request.params.token, request.ip),
  );
  tableRoute(
    app,
    members.acceptInvitation,
    {
      tags,
      errors: { ...SESSION_ERRORS, 404: apiErrorSchema, 409: apiErrorSchema, 410: apiErrorSchema },
      summary: 'Join the institution of an invitation, then signed in',
    },
    async (request, reply) => {
      const signedIn = await service.accept(
        request.params.token,
        request.body,
        clientContextOf(request),
      );
      openSession(reply, signedIn);
      return { message: MEMBER_MESSAGES.joined, user: signedIn.user };
    },
  );
};
