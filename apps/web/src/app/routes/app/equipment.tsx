import { COMPANY_INFO_LABELS } from '@medcalc/domain';
import { Alert } from 'antd';
import { Link } from 'react-router';

import { prefetchCompanyTable } from '@/app/company-table-loader';
import { paths } from '@/config/paths';
import { getEquipmentQueryOptions } from '@/features/equipment/api/get-equipment';
import { EquipmentTable } from '@/features/equipment/components/equipment-table';
import { CompanyTablePage } from '@/features/imports/components/company-table-page';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';

/** The register starts loading with the page's code. */
export const loader = prefetchCompanyTable('equipment', (queryClient, companyIdentifier) => {
  void queryClient.prefetchQuery(getEquipmentQueryOptions(companyIdentifier));
});

/**
 * Issue 38: the institution's equipment register, whose depreciation its services carry per minute of use
 * (docs/methodology.md "Equipment depreciation"). The same equipment must not also stay in the institution's
 * general depreciation, or it is counted twice: the page says so. Import and export by spreadsheet as the
 * staffing table's (the same preview, all-or-nothing, undo).
 */
export default function EquipmentRoute() {
  const companyIdentifier = useCompanyIdentifier();
  return (
    <CompanyTablePage
      title="Обладнання"
      table="equipment"
      companyIdentifier={companyIdentifier}
      intro={
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="Амортизація цього обладнання входить у калькуляції окремою статтею «Амортизація обладнання»."
          description={
            <>
              Не залишайте її також у полі «{COMPANY_INFO_LABELS.general_depreciation}»
              загальновиробничих витрат у <Link to={paths.company}>Даних закладу</Link>: інакше її
              буде враховано двічі.
            </>
          }
        />
      }
    >
      <EquipmentTable companyIdentifier={companyIdentifier} />
    </CompanyTablePage>
  );
}
