import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { formatStaffRateLabel, type StaffRate } from '@medcalc/domain';
import { Button, Empty, Flex, Table, Typography, theme, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';

import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { useRowDialogs } from '@/hooks/use-row-dialogs';

import { useStaff } from '../api/get-staff';

import { CreateStaffRateModal } from './create-staff-rate-modal';
import { DeleteStaffRateModal } from './delete-staff-rate-modal';
import { SalaryInput } from './salary-input';

/** How long a newly added position stays highlighted, milliseconds. */
export const NEW_ROW_HIGHLIGHT_MS = 3000;

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
  const { token } = theme.useToken();
  // The table is sorted by the server, so a new position may land out of view: it is scrolled to and
  // highlighted for a moment once the reloaded table has it.
  const [newRowId, setNewRowId] = useState<number>();
  const hasNewRow = newRowId !== undefined && (staff.data ?? []).some((row) => row.id === newRowId);
  useEffect(() => {
    if (!hasNewRow) return;
    document
      .querySelector(`[data-row-key="${newRowId}"]`)
      ?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    const timer = setTimeout(() => setNewRowId(undefined), NEW_ROW_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [hasNewRow, newRowId]);

  const highlightBg = token.colorSuccessBg;
  const columns = useMemo<TableColumnsType<StaffRate>>(() => {
    // Each cell is coloured, not the row: the fixed columns paint their own background over the row's.
    const onCell = (rate: StaffRate) =>
      rate.id === newRowId ? { style: { background: highlightBg } } : {};
    return [
      { title: 'Кваліфікація', dataIndex: 'qualification', key: 'qualification', onCell },
      { title: 'Категорія', dataIndex: 'category', key: 'category', onCell },
      {
        title: 'Науковий ступінь',
        dataIndex: 'scientific_degree',
        key: 'scientific_degree',
        onCell,
      },
      {
        title: 'Оклад, грн',
        key: 'salary',
        width: 320,
        // On a phone the descriptive columns scroll sideways while the salary and delete stay in reach.
        fixed: 'right',
        onCell,
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
        fixed: 'right',
        onCell,
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
    ];
  }, [deleting, openDelete, newRowId, highlightBg]);

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
            onRow={(rate) => (rate.id === newRowId ? { 'aria-current': 'true' } : {})}
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
        onCreated={(rate) => setNewRowId(rate.id)}
      />
      <DeleteStaffRateModal
        companyIdentifier={companyIdentifier}
        rate={deleting}
        onClose={dialogs.close}
      />
    </>
  );
}
