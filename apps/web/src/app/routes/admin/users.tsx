import { PageTitle } from '@/components/ui/page-title';
import { UsersTable } from '@/features/admin/components/users-table';

/** Spec §2 "Admin panel": the paged user table. */
export default function AdminUsersRoute() {
  return (
    <>
      <PageTitle level={2}>Користувачі</PageTitle>
      <UsersTable />
    </>
  );
}
