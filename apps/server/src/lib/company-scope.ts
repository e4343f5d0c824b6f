import type { CurrentUser } from '@medcalc/domain';

/** Shown when a URL names a company that is not the user's own (spec §6: a user sees only their company). */
export const FOREIGN_COMPANY_MESSAGE = 'Немає доступу до даних іншого закладу.';

/**
 * The signed-in user as the server knows it: the wire shape of spec §3 plus the company's internal id, which
 * services use for queries and which never leaves the server (response schemas drop it).
 */
export interface SessionUser extends CurrentUser {
  companyId: number;
}

/** Who makes a change, as the activity log records it (issue 22; the e-mail tells two people of one name apart). */
export interface Actor {
  userId: number;
  name: string;
  email: string;
}

/**
 * Who acts, as services take it: the session user's company (the only company the user may reach; never taken from
 * the URL) and the user as the actor. It is the very scope the activity log's writer takes
 * (`activityLog.record(tx, scope, change)`), so a service passes on what it was given; the user's id is kept once,
 * in `actor` (recorded in the order status history too), rather than beside it.
 */
export interface CompanyScope {
  companyId: number;
  actor: Actor;
}

/**
 * Work no person asked for, done in a company for one of its users (the demo account's set-up at the start): rows
 * that name a user (an order's creator, its status history) name `userId`, and with no actor the services write no
 * activity row (they check `scope.actor` before calling the log).
 */
export interface UnattendedScope {
  companyId: number;
  actor: null;
  userId: number;
}

/** The scope of a service call that the start's set-up makes too: a person's, or nobody's for a user. */
export type WorkScope = CompanyScope | UnattendedScope;

/** Who does a change of a row that names its company itself (an order's status): a person, or nobody for a user. */
export type Acting = Pick<CompanyScope, 'actor'> | Pick<UnattendedScope, 'actor' | 'userId'>;

/** The user a change is made by or for (who the order status history names). */
export const userIdOf = (acting: Acting): number =>
  acting.actor === null ? acting.userId : acting.actor.userId;

/** The session user as the activity log's actor. */
export const actorOf = (user: SessionUser): Actor => ({
  userId: user.id,
  name: user.name,
  email: user.email,
});

/** The session user's own company scope. */
export const scopeOf = (user: SessionUser): CompanyScope => ({
  companyId: user.companyId,
  actor: actorOf(user),
});
