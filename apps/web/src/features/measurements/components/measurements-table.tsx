import type { Measurement, MeasurementInput } from '@medcalc/domain';
import type { TableColumnsType } from 'antd';

import { timestampColumns } from '@/components/ui/paged-table';
import {
  companyItemCalls,
  ReferenceList,
  type ReferenceListTexts,
} from '@/components/ui/reference-list';
import { useMemberCan } from '@/hooks/use-member-can';
import { usePagedSearch } from '@/hooks/use-paged-search';

import { useCreateMeasurement } from '@/lib/queries/create-measurement';
import { useDeleteMeasurement } from '../api/delete-measurement';
import { useMeasurements } from '../api/get-measurements';
import { useUpdateMeasurement } from '../api/update-measurement';

import { MeasurementForm, type MeasurementFormValues } from './measurement-form';

const COLUMNS: TableColumnsType<Measurement> = [
  { title: 'Назва', dataIndex: 'name', key: 'name' },
  ...timestampColumns<Measurement>(),
];

const TEXTS: ReferenceListTexts = {
  label: 'Власні одиниці виміру',
  searchLabel: 'Пошук одиниць виміру',
  emptyText: 'Власних одиниць виміру ще немає',
  createTitle: 'Нова одиниця виміру',
  editTitle: 'Редагувати одиницю виміру',
  deleteTitle: 'Видалити одиницю виміру?',
  // A unit still used by a material answers 409, whose message the API client shows as a toast.
  deleteText: (name) => `Одиницю «${name}» буде видалено без можливості відновлення.`,
};

/**
 * The company's own units (spec §2 "Measurements"): a search box applied after a 1-second pause, a paged
 * table of name, created, updated and the edit and delete icons, an Add button and the three modals.
 */
export function MeasurementsTable({ companyIdentifier }: { companyIdentifier: string }) {
  const search = usePagedSearch();
  const measurements = useMeasurements({ companyIdentifier, ...search.params });
  const creation = useCreateMeasurement();
  const update = useUpdateMeasurement();
  const deletion = useDeleteMeasurement();
  // Issue 22: a «Перегляд» member reads the list only.
  const canEdit = useMemberCan('edit');

  return (
    <ReferenceList<Measurement, MeasurementInput, MeasurementFormValues>
      isReadOnly={!canEdit}
      texts={TEXTS}
      formIds={{ create: 'create-measurement', update: 'update-measurement' }}
      columns={COLUMNS}
      search={search}
      query={measurements}
      renderForm={(props) => <MeasurementForm {...props} />}
      toValues={(measurement) => ({ name: measurement.name })}
      {...companyItemCalls(companyIdentifier, { creation, update, deletion })}
    />
  );
}
