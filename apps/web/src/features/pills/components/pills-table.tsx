import type { Pill, PillInput } from '@medcalc/domain';
import { Grid, Typography, type TableColumnsType } from 'antd';

import { timestampColumns } from '@/components/ui/paged-table';
import { RowUsageNotice } from '@/components/ui/row-usage-notice';
import {
  companyItemCalls,
  ReferenceList,
  type ReferenceListTexts,
} from '@/components/ui/reference-list';
import { useMemberCan } from '@/hooks/use-member-can';
import { usePagedSearch } from '@/hooks/use-paged-search';
import { formatPrice } from '@/utils/format';

import { useCreatePill } from '../api/create-pill';
import { useDeletePill } from '../api/delete-pill';
import { getPillUsageQueryOptions } from '../api/get-pill-usage';
import { usePills } from '../api/get-pills';
import { useUpdatePill } from '../api/update-pill';

import { PillForm, type PillFormValues } from './pill-form';
import type { UnitChoices } from './unit-select';

/**
 * On a phone (below `sm`) the unit is no column of its own but stands under the price (issue 33), so the name,
 * the price and the edit and delete icons fit the screen without scrolling sideways.
 */
const columnsOf = (isPhone: boolean): TableColumnsType<Pill> => [
  { title: 'Назва', dataIndex: 'name', key: 'name' },
  ...(isPhone
    ? []
    : [
        {
          title: 'Одиниця виміру',
          dataIndex: 'measurementType',
          key: 'measurementType',
          width: 130,
        },
      ]),
  {
    title: 'Ціна, грн',
    dataIndex: 'price',
    key: 'price',
    width: 110,
    align: 'right',
    // Up to four decimals where the price has them (issue 33: 2,375); on a phone the unit goes under it.
    render: (value: number, pill) =>
      isPhone ? (
        <>
          {formatPrice(value)}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
            за {pill.measurementType}
          </Typography.Text>
        </>
      ) : (
        formatPrice(value)
      ),
  },
  ...timestampColumns<Pill>(),
];

const TEXTS: ReferenceListTexts = {
  label: 'Власні матеріали',
  searchLabel: 'Пошук матеріалів',
  emptyText: 'Власних матеріалів ще немає. Додайте перший.',
  createTitle: 'Новий матеріал',
  editTitle: 'Редагувати матеріал',
  deleteTitle: 'Видалити матеріал?',
  deleteText: (name) => `Матеріал «${name}» буде видалено без можливості відновлення.`,
};

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
  const creation = useCreatePill();
  const update = useUpdatePill();
  const deletion = useDeletePill();
  // Issue 22: a «Перегляд» member reads the list only.
  const canEdit = useMemberCan('edit');
  // Until the breakpoints are measured `sm` is undefined: the wide layout is the default.
  const isPhone = Grid.useBreakpoint().sm === false;

  return (
    <ReferenceList<Pill, PillInput, PillFormValues>
      isReadOnly={!canEdit}
      texts={TEXTS}
      formIds={{ create: 'create-pill', update: 'update-pill' }}
      columns={columnsOf(isPhone)}
      search={search}
      query={pills}
      renderForm={(props) => <PillForm {...props} units={units} />}
      toValues={(pill) => ({
        name: pill.name,
        measurementType: pill.measurementType,
        price: pill.price,
      })}
      {...companyItemCalls(companyIdentifier, { creation, update, deletion })}
      // Issue 33: the orders whose material lines use the material, read while its delete question is open.
      deleteDetails={(pill) => (
        <RowUsageNotice
          query={getPillUsageQueryOptions({ companyIdentifier, id: pill.id })}
          replacementHint="цей матеріал доведеться замінити іншим"
        />
      )}
    />
  );
}
