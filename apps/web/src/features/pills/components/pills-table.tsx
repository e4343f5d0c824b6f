import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Pill } from '@medcalc/domain';
import { Button, Flex, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';

import { PagedTable } from '@/components/ui/paged-table';
import { SearchInput } from '@/components/ui/search-input';
import { usePagedSearch } from '@/hooks/use-paged-search';
import { formatDateTime, formatMoney } from '@/utils/format';

import { usePills } from '../api/get-pills';

import { CreatePillModal } from './create-pill-modal';
import { DeletePillModal } from './delete-pill-modal';
import type { UnitChoices } from './unit-select';
import { UpdatePillModal } from './update-pill-modal';

/**
 * The company's own materials (spec §2 "Company materials"): search applied after a 1-second pause, paging,
 * and the add, edit and delete modals. The unit choices come from the page, which composes the measurements
 * feature (features do not import each other).
 */
export function PillsTable({
  companyIdentifier,
  units,
}: {
  companyIdentifier: string;
  units: UnitChoices;
}) {
  const { searchText, setSearchText, params, setPage } = usePagedSearch();
  const pills = usePills({ companyIdentifier, ...params });
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<Pill>();
  const [deleting, setDeleting] = useState<Pill>();

  const columns = useMemo<TableColumnsType<Pill>>(
    () => [
      { title: 'Назва', dataIndex: 'name', key: 'name' },
      { title: 'Одиниця виміру', dataIndex: 'measurementType', key: 'measurementType' },
      {
        title: 'Ціна, грн',
        dataIndex: 'price',
        key: 'price',
        align: 'right',
        render: (value: number) => formatMoney(value),
      },
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
        render: (_, pill) => (
          <Flex gap={4}>
            <Button
              type="text"
              icon={<EditOutlined aria-hidden />}
              title="Редагувати"
              aria-label={`Редагувати «${pill.name}»`}
              onClick={() => setEditing(pill)}
            />
            <Button
              type="text"
              danger
              icon={<DeleteOutlined aria-hidden />}
              title="Видалити"
              aria-label={`Видалити «${pill.name}»`}
              onClick={() => setDeleting(pill)}
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
        <SearchInput label="Пошук матеріалів" value={searchText} onChange={setSearchText} />
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setIsCreating(true)}
        >
          Додати
        </Button>
      </Flex>
      <PagedTable<Pill>
        label="Власні матеріали"
        columns={columns}
        rowKey="id"
        rows={pills.data?.data}
        meta={pills.data?.meta}
        perPage={params.perPage}
        onPageChange={setPage}
        isLoading={pills.isPending}
        isFetching={pills.isFetching}
        isError={pills.isError}
        onRetry={() => void pills.refetch()}
        emptyText={
          params.search
            ? `Нічого не знайдено за запитом «${params.search}»`
            : 'Власних матеріалів ще немає. Додайте перший.'
        }
      />
      <CreatePillModal
        companyIdentifier={companyIdentifier}
        units={units}
        open={isCreating}
        onClose={() => setIsCreating(false)}
      />
      <UpdatePillModal
        companyIdentifier={companyIdentifier}
        units={units}
        pill={editing}
        onClose={() => setEditing(undefined)}
      />
      <DeletePillModal
        companyIdentifier={companyIdentifier}
        pill={deleting}
        onClose={() => setDeleting(undefined)}
      />
    </>
  );
}
