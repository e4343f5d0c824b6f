import type { Measurement } from '@medcalc/domain';
import type { TableColumnsType } from 'antd';

import { EditablePagedTable, timestampColumns } from '@/components/ui/paged-table';
import { usePagedSearch } from '@/hooks/use-paged-search';
import { useRowDialogs } from '@/hooks/use-row-dialogs';

import { useMeasurements } from '../api/get-measurements';

import { CreateMeasurementModal } from './create-measurement-modal';
import { DeleteMeasurementModal } from './delete-measurement-modal';
import { UpdateMeasurementModal } from './update-measurement-modal';

const COLUMNS: TableColumnsType<Measurement> = [
  { title: 'Назва', dataIndex: 'name', key: 'name' },
  ...timestampColumns<Measurement>(),
];

/**
 * The company's own units (spec §2 "Measurements"): a search box applied after a 1-second pause, a paged
 * table of name, created, updated and the edit and delete icons, an Add button and the three modals.
 */
export function MeasurementsTable({ companyIdentifier }: { companyIdentifier: string }) {
  const search = usePagedSearch();
  const measurements = useMeasurements({ companyIdentifier, ...search.params });
  const dialogs = useRowDialogs<Measurement>();

  return (
    <EditablePagedTable<Measurement>
      label="Власні одиниці виміру"
      searchLabel="Пошук одиниць виміру"
      emptyText="Власних одиниць виміру ще немає"
      columns={COLUMNS}
      search={search}
      query={measurements}
      dialogs={dialogs}
    >
      <CreateMeasurementModal
        companyIdentifier={companyIdentifier}
        open={dialogs.isCreating}
        onClose={dialogs.close}
      />
      <UpdateMeasurementModal
        companyIdentifier={companyIdentifier}
        measurement={dialogs.editing}
        onClose={dialogs.close}
      />
      <DeleteMeasurementModal
        companyIdentifier={companyIdentifier}
        measurement={dialogs.deleting}
        onClose={dialogs.close}
      />
    </EditablePagedTable>
  );
}
