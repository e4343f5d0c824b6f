import { useUser } from '@/lib/auth';

/**
 * The signed-in user's company identifier, which every company call puts in its path (spec §6, §7). Pages
 * behind the login guard always have a user; the empty string before that keeps their queries disabled.
 */
export function useCompanyIdentifier(): string {
  return useUser().data?.companyIdentifier ?? '';
}
