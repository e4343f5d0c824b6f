import { PageTitle } from '@/components/ui/page-title';
import { SpreadsheetActions } from '@/features/imports/components/spreadsheet-actions';
import { AdminPills } from '@/features/admin/components/admin-pills';
import { useStandardMeasurements } from '@/lib/queries/standard-measurements';
import { PillForm } from '@/features/pills/components/pill-form';

/**
 * Spec §2 "Admin panel": template and other companies' materials. The page composes three features: the
 * admin sections, the pills feature's material form and the measurements feature's standard units. Template
 * materials take only standard units (architecture: a template must mean the same unit in every company), and
 * the administrator cannot list a company's own units, so "add for a company" offers the standard ones too.
 */
export default function AdminPillsRoute() {
  const standard = useStandardMeasurements();
  const units = {
    standard: standard.data?.map((unit) => unit.label) ?? [],
    own: [],
    isLoading: standard.isPending,
  };
  return (
    <>
      <PageTitle level={2}>Витратні матеріали</PageTitle>
      <SpreadsheetActions target={{ scope: 'admin', table: 'pills' }} />
      <AdminPills renderForm={(props) => <PillForm {...props} units={units} />} />
    </>
  );
}
