import type { CurrentUser } from '@medcalc/domain';
import type { SessionUser } from '../../lib/company-scope';
import type { UserRecord } from './auth.repository';

export interface SignedIn {
  user: CurrentUser;
  sessionToken: string;
  remember: boolean;
  /** A device cookie for this account: this browser then counts as its own sign-in source (issue 24). */
  deviceToken?: string;
}

export function toCurrentUser(record: UserRecord): CurrentUser {
  return {
    id: record.id,
    identifier: record.identifier,
    name: record.name,
    email: record.email,
    phone: record.phone,
    company: record.companyName,
    companyIdentifier: record.companyIdentifier,
    role: record.role,
    companyRole: record.companyRole,
    mustChangePassword: record.mustChangePassword,
  };
}

/** The current user with the company's internal id, for services' scoping (never serialised). */
export function toSessionUser(record: UserRecord): SessionUser {
  return { ...toCurrentUser(record), companyId: record.companyId };
}
