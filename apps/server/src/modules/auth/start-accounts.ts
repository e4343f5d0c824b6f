import type { SessionUser } from '../../lib/company-scope';
import { verifyPassword } from '../../lib/password';
import { createAccount, type AccountCreation, type NewAccount } from './create-account';
import { toSessionUser } from './current-user';
import type { SessionStore } from './session-store';

/** The accounts the server makes and checks at every start (boot.ts): the administrator, the demo account. */
export function createStartAccounts(deps: { accounts: AccountCreation; store: SessionStore }) {
  const { accounts, store } = deps;
  const { repo } = accounts;

  /**
   * The accounts made at start (the administrator, the demo account), which later starts leave as they are:
   * the new user, or undefined when the e-mail already had an account.
   */
  async function ensureUser(input: NewAccount): Promise<SessionUser | undefined> {
    if (await repo.findUserByEmail(input.email)) return undefined;
    return toSessionUser(await createAccount(accounts, input));
  }

  return {
    /** Creates the administrator of the provider on first start; later starts leave it as it is. */
    async ensureAdmin(input: { email: string; password: string }): Promise<boolean> {
      const created = await ensureUser({
        ...input,
        name: 'Адміністратор',
        phone: '',
        company: 'MedCalc — адміністрація сервісу',
        role: 'admin',
      });
      return created !== undefined;
    },

    ensureUser,

    /**
     * Issue 34: an account whose password is still `publicPassword` (the README's, seeded at start) must change
     * it at its next sign-in: flagged `must_change_password` (true when it was flagged now). Run at every start,
     * so an account made by an earlier version, or left from a demo start, is caught too.
     */
    async requireChangeOfPublicPassword(email: string, publicPassword: string): Promise<boolean> {
      const user = await repo.findUserByEmail(email);
      if (!user || user.mustChangePassword) return false;
      if (!(await verifyPassword(user.passwordHash, publicPassword))) return false;
      await repo.requirePasswordChange(user.id);
      store.cache.invalidateUser(user.id);
      return true;
    },
  };
}
