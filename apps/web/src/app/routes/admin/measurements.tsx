import { PageTitle } from '@/components/ui/page-title';
import { SpreadsheetActions } from '@/features/imports/components/spreadsheet-actions';
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
      <SpreadsheetActions target={{ scope: 'admin', table: 'measurements' }} />
      <AdminMeasurements renderForm={(props) => <MeasurementForm {...props} />} />
    </>
  );
}
