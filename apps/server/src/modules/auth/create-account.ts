import type { UserRole } from '@medcalc/domain';
import { hashPassword } from '../../lib/password';
import { newIdentifier } from '../../lib/random';
import type { RunInTransaction } from '../../lib/transaction';
import type { CompaniesService } from '../companies/companies.service';
import type { AuthRepository, UserRecord } from './auth.repository';

/** A new account: a user with a company of their own (house guide 2.5: registration and accounts made at start). */
export interface NewAccount {
  email: string;
  password: string;
  name: string;
  phone: string;
  company: string;
  role: UserRole;
}

/**
 * Creates a user with a company of their own (its staffing table copied) in one transaction: registration and
 * the accounts made at start. A taken e-mail that the caller's check could not see (two at the same moment)
 * surfaces as the unique index's `UniqueViolationError`.
 */
export async function createAccount(
  deps: {
    repo: AuthRepository;
    companiesService: Pick<CompaniesService, 'createCompany'>;
    runInTransaction: RunInTransaction;
  },
  input: NewAccount,
): Promise<UserRecord> {
  const { repo, companiesService, runInTransaction } = deps;
  const passwordHash = await hashPassword(input.password);
  const userId = await runInTransaction(async (tx) => {
    const company = await companiesService.createCompany(
      { name: input.company, phone: input.phone },
      tx,
    );
    return repo.insertUser(
      {
        identifier: newIdentifier(),
        companyId: company.id,
        name: input.name,
        email: input.email,
        phone: input.phone,
        passwordHash,
        role: input.role,
      },
      tx,
    );
  });
  const user = await repo.findUserById(userId);
  if (!user) throw new Error('created user vanished');
  return user;
}

export type AccountCreation = Parameters<typeof createAccount>[0];
