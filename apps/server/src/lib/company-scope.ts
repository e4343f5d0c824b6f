import type { CurrentUser } from '@medcalc/domain';
import { AppError } from './app-error';

/** Shown when a URL names a company that is not the user's own (spec §6: a user sees only their company). */
export const FOREIGN_COMPANY_MESSAGE = 'Немає доступу до даних іншого закладу.';

/**
 * The signed-in user as the server knows it: the wire shape of spec §3 plus the company's internal id, which
 * services use for queries and which never leaves the server (response schemas drop it).
 */
export interface SessionUser extends CurrentUser {
  companyId: number;
}

/**
 * Company scoping (house guide 2.5): the company comes from the session, never from the URL alone. Returns the
 * user's company id when `companyIdentifier` (the spec's `{companyId}`/`{companyIdentifier}`) is the user's own
 * company, and throws 403 otherwise, before anything is read or changed.
 */
export function ownCompanyId(user: SessionUser, companyIdentifier: string): number {
  if (user.companyIdentifier !== companyIdentifier) throw new AppError('FORBIDDEN', FOREIGN_COMPANY_MESSAGE);
  return user.companyId;
}
