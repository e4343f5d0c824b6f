import { MEMBER_MESSAGES, type Member } from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import type { ActivityLog } from '../activity/activity-log';
import type { SessionUser } from '../../lib/company-scope';
import type { Mailer } from '../../lib/mailer';
import type { RunInTransaction } from '../../lib/transaction';
import type { MemberAccounts, MemberRow } from '../auth/member-accounts';
import type { AuthService } from '../auth/auth.service';
import type { CompanyRows } from '../companies/company-rows';
import type { OrderRows } from '../orders/order-rows';
import type { TariffComparisonService } from '../tariff-comparison/tariff-comparison.service';
import type { MembersRepository } from './members.repository';

/**
 * What the members module's use cases (membership.ts, invitations.ts) are given by app.ts: its own repository
 * (invitations), and the ports of the tables' owners for the rest — members are users (auth), a company is
 * locked or deleted by the companies module, its orders counted by the orders module, and a company about to be
 * deleted taken out of the tariff comparison by that module (issue 41).
 */
export interface MembersDeps {
  membersRepository: MembersRepository;
  accounts: MemberAccounts;
  companies: CompanyRows;
  orders: Pick<OrderRows, 'countOfCompany'>;
  tariffComparison: Pick<TariffComparisonService, 'removeCompany'>;
  runInTransaction: RunInTransaction;
  activityLog: ActivityLog;
  mailer: Mailer;
  appUrl: string;
  sessions: Pick<
    AuthService,
    'startSessionFor' | 'forgetCachedSessions' | 'throttleInvitationLink' | 'checkAccountPassword'
  >;
  now?: () => Date;
}

export const ROLE_FIELD = 'Роль';

export const toMember = (row: MemberRow, you: SessionUser): Member => ({
  identifier: row.identifier,
  name: row.name,
  email: row.email,
  role: row.role,
  lastSeenAt: row.lastSeenAt ? new Date(row.lastSeenAt).toISOString() : null,
  isYou: row.id === you.id,
});

export const lastOwner = () => new AppError('CONFLICT', MEMBER_MESSAGES.lastOwner);
export const notFound = () => new AppError('NOT_FOUND', MEMBER_MESSAGES.memberNotFound);
