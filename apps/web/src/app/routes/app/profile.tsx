import { PageTitle } from '@/components/ui/page-title';
import { ProfilePage } from '@/features/profile/components/profile-page';

/** Issue 33 (account menu «Профіль», `/profile`): the own name, phone and password. */
export default function ProfileRoute() {
  return (
    <>
      <PageTitle>Профіль</PageTitle>
      <ProfilePage />
    </>
  );
}
