import { PageTitle } from '@/components/ui/page-title';
import { UnderConstruction } from '@/components/ui/under-construction';

/** Spec §2 "Measurements": units of measurement. */
export default function MeasurementsRoute() {
  return (
    <>
      <PageTitle>Одиниці виміру</PageTitle>
      <UnderConstruction />
    </>
  );
}
