import { PageTitle } from '@/components/ui/page-title';
import { getMembersQueryOptions } from '@/features/members/api/get-members';
import { MembersPage } from '@/features/members/components/members-page';

import { prefetchForCompany } from '../../route-prefetch';

/** The members start loading with the page's code. */
export const loader = prefetchForCompany((queryClient) => {
  void queryClient.prefetchQuery(getMembersQueryOptions());
});

/** Issue 22 (account menu «Команда», `/members`): the institution's team. */
export default function MembersRoute() {
  return (
    <>
      <PageTitle>Команда</PageTitle>
      <MembersPage />
    </>
  );
}
