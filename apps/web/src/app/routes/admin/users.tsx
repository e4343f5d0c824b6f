import { PageTitle } from '@/components/ui/page-title';
import { UnderConstruction } from '@/components/ui/under-construction';

/** Spec §2 "Admin panel": the paged user table. */
export default function AdminUsersRoute() {
  return (
    <>
      <PageTitle level={2}>Користувачі</PageTitle>
      <UnderConstruction />
    </>
  );
}
