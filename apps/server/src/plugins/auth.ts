import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  ACTIVITY_FORBIDDEN_MESSAGE,
  apiRoutes,
  APPROVED_ORDER_DELETE_MESSAGE,
  ORDER_APPROVAL_MESSAGES,
  memberCan,
  PASSWORD_CHANGE_REQUIRED_MESSAGE,
  OWNER_ONLY_MESSAGE,
  VIEWER_READ_ONLY_MESSAGE,
  type ApiAccess,
  type MemberPermission,
} from '@medcalc/domain';
import { AppError } from '../lib/app-error';
import { isTokenShaped } from '../lib/random';
import {
  FOREIGN_COMPANY_MESSAGE,
  actorOf,
  scopeOf,
  type Actor,
  type CompanyScope,
  type SessionUser,
} from '../lib/company-scope';
import {
  REMEMBER_DAYS,
  UNAUTHENTICATED_MESSAGE,
  type ClientContext,
  type SessionAuthenticator,
} from '../lib/session';

export const SESSION_COOKIE = 'medcalc_session';
/** The device cookie of sign-in throttling (issue 24, auth.service.ts `login`); sent to `/login` only. */
export const DEVICE_COOKIE = 'medcalc_device';
const DEVICE_COOKIE_DAYS = 180;
export const FORBIDDEN_MESSAGE = 'Недостатньо прав для цієї дії.';

/**
 * Issue 34: what a user whose password must be changed (`mustChangePassword`) may still call: who they are, the
 * password change and sign-out. Every other signed-in call answers 403 {@link PASSWORD_CHANGE_REQUIRED_MESSAGE}.
 */
const WHILE_PASSWORD_MUST_CHANGE = new Set(
  [apiRoutes.session.currentUser, apiRoutes.session.changePassword, apiRoutes.session.logout].map(
    (route) => `${route.method} ${route.path}`,
  ),
);

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`/`requireAdmin`; guarded handlers can rely on it. */
    user: SessionUser | undefined;
  }
  interface FastifyReply {
    setSession(token: string, remember: boolean): FastifyReply;
    clearSession(): FastifyReply;
    setDeviceCookie(token: string): FastifyReply;
  }
  interface FastifyInstance {
    /** onRequest guard: 401 unless signed in. */
    requireUser(request: FastifyRequest): Promise<void>;
    /** onRequest guard: 401 unless signed in, 403 unless an administrator (spec §6; checked on the server). */
    requireAdmin(request: FastifyRequest): Promise<void>;
    /**
     * onRequest guard of every route with `:companyIdentifier`: 401 unless signed in, 403 unless the URL names
     * the user's own company (spec §6), before the body or the other parameters are even validated.
     */
    requireOwnCompany(request: FastifyRequest): Promise<void>;
    /**
     * The `onRequest` guard of a route of the table from its `access` (issue 22): none for `public`; `user` and
     * `admin` as above; `read`/`edit`/`members`/`activity` a signed-in user whose company role has that permission
     * (403 otherwise, {@link ROLE_REFUSALS}), on a path with `:companyIdentifier` the user's own company too.
     */
    guardFor(route: {
      access: ApiAccess;
      path: string;
    }): ((request: FastifyRequest) => Promise<void>) | undefined;
  }
}

/** The 403 message of a role without the permission a call needs. */
export const ROLE_REFUSALS: Readonly<Record<MemberPermission, string>> = {
  read: FORBIDDEN_MESSAGE,
  edit: VIEWER_READ_ONLY_MESSAGE,
  members: OWNER_ONLY_MESSAGE,
  activity: ACTIVITY_FORBIDDEN_MESSAGE,
  deleteApproved: APPROVED_ORDER_DELETE_MESSAGE,
  correctApproval: ORDER_APPROVAL_MESSAGES.alreadyRecorded,
};

/**
 * The signed-in user of a request guarded by `app.requireUser`/`app.requireAdmin`/`app.requireOwnCompany`. The
 * guard has already answered 401 when there is none; the check keeps handlers free of non-null assertions.
 */
export function sessionUserOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE);
  return request.user;
}

/**
 * The company scope of a guarded request: the session user's company (the only company the user may reach) and
 * the user as the actor the activity log records. The company comes from the session, never from the URL (house
 * guide 2.5); on routes with `{companyIdentifier}` the `requireOwnCompany` guard has already refused any other
 * company (403), so handlers pass the scope to services without checking the URL again. This is where the log's
 * actor comes from: services pass the scope on to `activityLog.record`.
 */
export function companyScopeOf(request: FastifyRequest): CompanyScope {
  return scopeOf(sessionUserOf(request));
}

/** The signed-in user of a guarded request as the activity log's actor (the administrator's calls among them). */
export const actorOfRequest = (request: FastifyRequest): Actor => actorOf(sessionUserOf(request));

/** Reads the session cookie of a request (undefined when absent). */
export const sessionTokenOf = (request: FastifyRequest) => request.cookies[SESSION_COOKIE];
/**
 * The session cookie of a request where it has a session token's shape, unchecked otherwise: a key for what is
 * counted per session before anyone has asked whether the session is real (the drawn pages' limits), whose size a
 * visitor must not choose.
 */
export const sessionKeyOf = (request: FastifyRequest) => {
  const token = sessionTokenOf(request);
  return token !== undefined && isTokenShaped(token) ? token : undefined;
};
/** Reads the device cookie of a request (undefined when absent). */
export const deviceTokenOf = (request: FastifyRequest) => request.cookies[DEVICE_COOKIE];

/** Where a sign-in (login, registration, an accepted invitation) comes from: address, browser and its cookies. */
export const clientContextOf = (request: FastifyRequest): ClientContext => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  previousToken: sessionTokenOf(request),
  deviceToken: deviceTokenOf(request),
});

/**
 * Session cookie handling and the guards every module uses. The cookie is httpOnly, SameSite=Lax and Secure
 * behind HTTPS; the session itself is a database row, so any app instance can serve any request.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    options: { authService: SessionAuthenticator; secureCookies: boolean },
  ) => {
    const { authService } = options;
    app.decorateRequest('user', undefined);

    app.decorateReply(
      'setSession',
      function setSession(this: FastifyReply, token: string, remember: boolean) {
        return this.setCookie(SESSION_COOKIE, token, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: options.secureCookies,
          ...(remember ? { maxAge: REMEMBER_DAYS * 24 * 60 * 60 } : {}),
        });
      },
    );
    app.decorateReply('clearSession', function clearSession(this: FastifyReply) {
      return this.clearCookie(SESSION_COOKIE, { path: '/' });
    });
    app.decorateReply(
      'setDeviceCookie',
      function setDeviceCookie(this: FastifyReply, token: string) {
        return this.setCookie(DEVICE_COOKIE, token, {
          path: '/login',
          httpOnly: true,
          sameSite: 'lax',
          secure: options.secureCookies,
          maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
        });
      },
    );

    async function requireUser(request: FastifyRequest) {
      request.user ??= await authService.authenticate(sessionTokenOf(request));
      if (!request.user) throw new AppError('UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE);
      if (
        request.user.mustChangePassword === true &&
        !WHILE_PASSWORD_MUST_CHANGE.has(`${request.method} ${request.routeOptions.url ?? ''}`)
      )
        throw new AppError('FORBIDDEN', PASSWORD_CHANGE_REQUIRED_MESSAGE);
    }
    app.decorate('requireUser', requireUser);
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await requireUser(request);
      if (request.user?.role !== 'admin') throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
    });
    async function requireOwnCompany(request: FastifyRequest) {
      await requireUser(request);
      // Note: at onRequest the router has matched the path, so `params` holds the raw URL segment (not yet
      // validated). Comparing it with the session's identifier answers 403 for another company whatever the body
      // or the row id is, so a caller learns nothing about another company's data from validation messages. A
      // route without the parameter fails closed (403). This is the one check of the URL's company: handlers then
      // take the company from the session (`companyScopeOf`).
      const { companyIdentifier } = (request.params ?? {}) as { companyIdentifier?: unknown };
      if (
        typeof companyIdentifier !== 'string' ||
        companyIdentifier !== request.user?.companyIdentifier
      ) {
        throw new AppError('FORBIDDEN', FOREIGN_COMPANY_MESSAGE);
      }
    }
    app.decorate('requireOwnCompany', requireOwnCompany);

    const companyGuards = new Map<string, (request: FastifyRequest) => Promise<void>>();
    app.decorate('guardFor', ({ access, path }: { access: ApiAccess; path: string }) => {
      if (access === 'public') return undefined;
      if (access === 'user') return requireUser;
      if (access === 'admin') return app.requireAdmin;
      const ownCompany = path.includes(':companyIdentifier');
      const key = `${access} ${ownCompany}`;
      let guard = companyGuards.get(key);
      if (!guard) {
        guard = async (request: FastifyRequest) => {
          await (ownCompany ? requireOwnCompany : requireUser)(request);
          if (!memberCan(request.user?.companyRole, access))
            throw new AppError('FORBIDDEN', ROLE_REFUSALS[access]);
        };
        companyGuards.set(key, guard);
      }
      return guard;
    });
  },
  { name: 'auth', dependencies: ['csrf'] },
);
