import { FileAddOutlined } from '@ant-design/icons';
import type { AdminCalculation } from '@medcalc/domain';
import { Empty, Flex, type TableColumnsType } from 'antd';
import { useState } from 'react';

import { timestampColumns } from '@/components/ui/paged-table';
import { LocalPagedTable } from '@/components/ui/local-paged-table';
import { orderStatusColumn, serviceNameColumn } from '@/components/ui/service-columns';

import { useAdminCalculations } from '../api/get-admin-calculations';

import { AddToTemplateModal } from './add-to-template-modal';
import { addToTemplatesColumn } from './add-to-templates-column';
import type { CategoryChoices } from './category-select';
import { CompanySelect } from './company-select';

/** Spec §8 empty state 'Calculations in company absent'. */
export const NO_COMPANY_CALCULATIONS_TEXT = 'У закладі ще немає розрахованих послуг';

/**
 * Spec §2 Admin panel → Calculations: a searchable company selector, then that company's calculations (code,
 * name, order, the order's status, created, updated) with an add-to-template action (spec §7
 * `add-to-template`). The categories come from the page, which composes the orders feature.
 */
export function AdminCalculationsTable({ categories }: { categories: CategoryChoices }) {
  const [companyIdentifier, setCompanyIdentifier] = useState<string>();
  const calculations = useAdminCalculations(companyIdentifier ?? '');
  const [promoting, setPromoting] = useState<AdminCalculation>();

  const columns: TableColumnsType<AdminCalculation> = [
    { title: 'Код', dataIndex: 'companyCode', key: 'companyCode', width: 90 },
    serviceNameColumn<AdminCalculation>(),
    { title: 'Замовлення', dataIndex: 'orderName', key: 'orderName', width: 180 },
    orderStatusColumn<AdminCalculation>(),
    ...timestampColumns<AdminCalculation>().map((column) => ({ ...column, width: 120 })),
    addToTemplatesColumn<AdminCalculation>(<FileAddOutlined aria-hidden />, setPromoting),
  ];

  return (
    <>
      <Flex vertical gap={4} style={{ marginBottom: 16, maxWidth: 420 }}>
        <label htmlFor="admin-calculations-company">Заклад</label>
        <CompanySelect
          id="admin-calculations-company"
          value={companyIdentifier}
          onChange={setCompanyIdentifier}
        />
      </Flex>
      {companyIdentifier === undefined ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="Оберіть заклад, щоб побачити його послуги"
        />
      ) : (
        <LocalPagedTable<AdminCalculation>
          label="Послуги закладу"
          columns={columns}
          rows={calculations.data}
          query={calculations}
          emptyText={NO_COMPANY_CALCULATIONS_TEXT}
        />
      )}
      <AddToTemplateModal
        calculation={promoting}
        categories={categories}
        onClose={() => setPromoting(undefined)}
      />
    </>
  );
}
