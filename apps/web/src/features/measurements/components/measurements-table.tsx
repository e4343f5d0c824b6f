import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Measurement } from '@medcalc/domain';
import { Button, Flex, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';

import { PagedTable } from '@/components/ui/paged-table';
import { SearchInput } from '@/components/ui/search-input';
import { usePagedSearch } from '@/hooks/use-paged-search';
import { formatDateTime } from '@/utils/format';

import { useMeasurements } from '../api/get-measurements';

import { CreateMeasurementModal } from './create-measurement-modal';
import { DeleteMeasurementModal } from './delete-measurement-modal';
import { UpdateMeasurementModal } from './update-measurement-modal';

/**
 * The company's own units (spec §2 "Measurements"): a search box applied after a 1-second pause, a paged
 * table of name, created, updated and the edit and delete icons, an Add button and the three modals.
 */
export function MeasurementsTable({ companyIdentifier }: { companyIdentifier: string }) {
  const { searchText, setSearchText, params, setPage } = usePagedSearch();
  const measurements = useMeasurements({ companyIdentifier, ...params });
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<Measurement>();
  const [deleting, setDeleting] = useState<Measurement>();

  const columns = useMemo<TableColumnsType<Measurement>>(
    () => [
      { title: 'Назва', dataIndex: 'name', key: 'name' },
      {
        title: 'Створено',
        dataIndex: 'created_at',
        key: 'created_at',
        render: (value: string) => formatDateTime(value),
      },
      {
        title: 'Оновлено',
        dataIndex: 'updated_at',
        key: 'updated_at',
        render: (value: string) => formatDateTime(value),
      },
      {
        title: 'Дії',
        key: 'actions',
        width: 110,
        render: (_, measurement) => (
          <Flex gap={4}>
            <Button
              type="text"
              icon={<EditOutlined aria-hidden />}
              title="Редагувати"
              aria-label={`Редагувати «${measurement.name}»`}
              onClick={() => setEditing(measurement)}
            />
            <Button
              type="text"
              danger
              icon={<DeleteOutlined aria-hidden />}
              title="Видалити"
              aria-label={`Видалити «${measurement.name}»`}
              onClick={() => setDeleting(measurement)}
            />
          </Flex>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <Flex wrap justify="space-between" gap={16} style={{ marginBottom: 16 }}>
        <SearchInput label="Пошук одиниць виміру" value={searchText} onChange={setSearchText} />
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setIsCreating(true)}
        >
          Додати
        </Button>
      </Flex>
      <PagedTable<Measurement>
        label="Власні одиниці виміру"
        columns={columns}
        rowKey="id"
        rows={measurements.data?.data}
        meta={measurements.data?.meta}
        perPage={params.perPage}
        onPageChange={setPage}
        isLoading={measurements.isPending}
        isFetching={measurements.isFetching}
        isError={measurements.isError}
        onRetry={() => void measurements.refetch()}
        emptyText={
          params.search
            ? `Нічого не знайдено за запитом «${params.search}»`
            : 'Власних одиниць виміру ще немає'
        }
      />
      <CreateMeasurementModal
        companyIdentifier={companyIdentifier}
        open={isCreating}
        onClose={() => setIsCreating(false)}
      />
      <UpdateMeasurementModal
        companyIdentifier={companyIdentifier}
        measurement={editing}
        onClose={() => setEditing(undefined)}
      />
      <DeleteMeasurementModal
        companyIdentifier={companyIdentifier}
        measurement={deleting}
        onClose={() => setDeleting(undefined)}
      />
    </>
  );
}
