import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { formatStaffRateLabel, type StaffRate } from '@medcalc/domain';
import { Button, Empty, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';

import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { useRowDialogs } from '@/hooks/use-row-dialogs';

import { useStaff } from '../api/get-staff';

import { CreateStaffRateModal } from './create-staff-rate-modal';
import { DeleteStaffRateModal } from './delete-staff-rate-modal';
import { SalaryInput } from './salary-input';

const labelOf = (rate: StaffRate) =>
  formatStaffRateLabel({
    qualification: rate.qualification,
    category: rate.category,
    scientificDegree: rate.scientific_degree,
  });

/**
 * The staffing table (spec §2 "Staff"): qualification, category, scientific degree, an editable salary saved
 * 2 s after the last keystroke, and actions. A company can add its own position and remove one.
 */
export function StaffTable({ companyIdentifier }: { companyIdentifier: string }) {
  const staff = useStaff(companyIdentifier);
  const dialogs = useRowDialogs<StaffRate>();
  const { deleting, openDelete } = dialogs;

  const columns = useMemo<TableColumnsType<StaffRate>>(
    () => [
      { title: 'Кваліфікація', dataIndex: 'qualification', key: 'qualification' },
      { title: 'Категорія', dataIndex: 'category', key: 'category' },
      { title: 'Науковий ступінь', dataIndex: 'scientific_degree', key: 'scientific_degree' },
      {
        title: 'Оклад, грн',
        key: 'salary',
        width: 320,
        render: (_, rate) => (
          <SalaryInput
            rate={rate}
            label={`Оклад: ${labelOf(rate)}`}
            isDeleting={deleting?.id === rate.id}
          />
        ),
      },
      {
        title: 'Дії',
        key: 'actions',
        width: 70,
        render: (_, rate) => (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            title="Видалити"
            aria-label={`Видалити «${labelOf(rate)}»`}
            onClick={() => openDelete(rate)}
          />
        ),
      },
    ],
    [deleting, openDelete],
  );

  return (
    <>
      <Flex wrap justify="space-between" align="center" gap={16} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          Змінений оклад зберігається автоматично через 2 секунди після введення.
        </Typography.Text>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={dialogs.openCreate}>
          Додати посаду
        </Button>
      </Flex>
      {staff.isPending ? (
        <LoadingBlock label="Штатний розпис: завантаження…" rows={8} />
      ) : staff.isError ? (
        <LoadError onRetry={() => void staff.refetch()} />
      ) : (
        <div role="region" aria-label="Штатний розпис">
          <Table<StaffRate>
            columns={columns}
            rowKey="id"
            dataSource={staff.data}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description="Штатний розпис порожній. Додайте посаду."
                />
              ),
            }}
          />
        </div>
      )}
      <CreateStaffRateModal
        companyIdentifier={companyIdentifier}
        open={dialogs.isCreating}
        onClose={dialogs.close}
      />
      <DeleteStaffRateModal
        companyIdentifier={companyIdentifier}
        rate={deleting}
        onClose={dialogs.close}
      />
    </>
  );
}
