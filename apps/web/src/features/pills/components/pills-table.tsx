import type { Pill } from '@medcalc/domain';
import type { TableColumnsType } from 'antd';

import { EditablePagedTable, timestampColumns } from '@/components/ui/paged-table';
import { usePagedSearch } from '@/hooks/use-paged-search';
import { useRowDialogs } from '@/hooks/use-row-dialogs';
import { formatMoney } from '@/utils/format';

import { usePills } from '../api/get-pills';

import { CreatePillModal } from './create-pill-modal';
import { DeletePillModal } from './delete-pill-modal';
import type { UnitChoices } from './unit-select';
import { UpdatePillModal } from './update-pill-modal';

const COLUMNS: TableColumnsType<Pill> = [
  { title: 'Назва', dataIndex: 'name', key: 'name' },
  { title: 'Одиниця виміру', dataIndex: 'measurementType', key: 'measurementType', width: 130 },
  {
    title: 'Ціна, грн',
    dataIndex: 'price',
    key: 'price',
    width: 120,
    align: 'right',
    render: (value: number) => formatMoney(value),
  },
  ...timestampColumns<Pill>(),
];

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
  const search = usePagedSearch();
  const pills = usePills({ companyIdentifier, ...search.params });
  const dialogs = useRowDialogs<Pill>();

  return (
    <EditablePagedTable<Pill>
      label="Власні матеріали"
      searchLabel="Пошук матеріалів"
      emptyText="Власних матеріалів ще немає. Додайте перший."
      columns={COLUMNS}
      search={search}
      query={pills}
      dialogs={dialogs}
    >
      <CreatePillModal
        companyIdentifier={companyIdentifier}
        units={units}
        open={dialogs.isCreating}
        onClose={dialogs.close}
      />
      <UpdatePillModal
        companyIdentifier={companyIdentifier}
        units={units}
        pill={dialogs.editing}
        onClose={dialogs.close}
      />
      <DeletePillModal
        companyIdentifier={companyIdentifier}
        pill={dialogs.deleting}
        onClose={dialogs.close}
      />
    </EditablePagedTable>
  );
}
