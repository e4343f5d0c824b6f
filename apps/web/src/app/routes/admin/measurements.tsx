import { PageTitle } from '@/components/ui/page-title';
import { AdminMeasurements } from '@/features/admin/components/admin-measurements';
import { MeasurementForm } from '@/features/measurements/components/measurement-form';

/**
 * Spec §2 "Admin panel": template and other companies' units; the measurements feature supplies the unit
 * form.
 */
export default function AdminMeasurementsRoute() {
  return (
    <>
      <PageTitle level={2}>Одиниці виміру</PageTitle>
      <AdminMeasurements renderForm={(props) => <MeasurementForm {...props} />} />
    </>
  );
}
