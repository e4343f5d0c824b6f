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

/**
 * Who acts, as services take it: the session user's company (the only company the user may reach; never taken from
 * the URL) and the user's id (recorded in the order status history).
 */
export interface CompanyScope {
  companyId: number;
  userId: number;
}
