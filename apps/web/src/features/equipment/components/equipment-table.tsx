import { PlusOutlined } from '@ant-design/icons';
import { matchesAllWords, type Equipment, type EquipmentInput } from '@medcalc/domain';
import { Button, Flex, Grid, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';

import { ConfirmDeleteModal } from '@/components/ui/confirm-delete-modal';
import { FormModal } from '@/components/ui/form-modal';
import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { NoWrap } from '@/components/ui/no-wrap';
import { rowActionsColumn } from '@/components/ui/row-actions';
import { RowUsageNotice } from '@/components/ui/row-usage-notice';
import { SearchedTable } from '@/components/ui/searched-table';
import { WORD_WRAP } from '@/components/ui/word-wrap';
import { useKeyboardScroll } from '@/hooks/use-keyboard-scroll';
import { useMemberCan } from '@/hooks/use-member-can';
import { useRowDialogs } from '@/hooks/use-row-dialogs';
import { useEquipment } from '@/lib/queries/equipment';
import { formatMinuteRate, formatMoney, formatQuantity } from '@/utils/format';

import { useCreateEquipment } from '../api/create-equipment';
import { useDeleteEquipment } from '../api/delete-equipment';
import { useEquipmentUsage } from '../api/get-equipment-usage';
import { useUpdateEquipment } from '../api/update-equipment';

import { EquipmentForm, type EquipmentFormValues } from './equipment-form';

/** The table's accessible name (and its loading skeleton's). */
const LABEL = 'Реєстр обладнання';

/** «V 1 200 000,00 · S 0,00 · N 5 · T 1 940,4»: a row's figures in one line, under its name on a phone. */
const figuresOf = (row: Equipment) =>
  `V ${formatMoney(row.firstCost)} · S ${formatMoney(row.residualValue)} · N ${row.usefulLifeYears} · T ${formatQuantity(row.hoursPerYear)}`;

/** The words a row is found by: its name and inventory number. */
const searchTextOf = (row: Equipment) => `${row.name} ${row.inventoryNumber}`;

const amountColumn = (
  title: string,
  key: keyof Equipment,
  width: number,
  format: (row: Equipment) => string,
): TableColumnsType<Equipment>[number] => ({
  title,
  key,
  width,
  align: 'right',
  onCell: () => ({ style: WORD_WRAP }),
  render: (_, row) => <NoWrap>{format(row)}</NoWrap>,
});

/**
 * Wide: every figure its own column. On a phone (below `md`) the inventory number and V, S, N, T stand under the
 * name, so the name, the cost of one minute and the actions fit 390 px without scrolling sideways.
 */
const columnsOf = (isNarrow: boolean): TableColumnsType<Equipment> => {
  // On a phone the header is short enough not to break inside its words.
  const rate = isNarrow
    ? amountColumn('Грн за хв', 'id', 88, formatMinuteRate)
    : amountColumn('Вартість хвилини, грн', 'id', 120, formatMinuteRate);
  if (isNarrow)
    return [
      {
        title: 'Обладнання',
        key: 'name',
        onCell: () => ({ style: WORD_WRAP }),
        render: (_, row) => (
          <>
            {row.name}
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
              {row.inventoryNumber ? `Інв. № ${row.inventoryNumber} · ` : ''}
              {figuresOf(row)}
            </Typography.Text>
          </>
        ),
      },
      rate,
    ];
  return [
    { title: 'Назва', dataIndex: 'name', key: 'name', onCell: () => ({ style: WORD_WRAP }) },
    {
      title: 'Інвентарний номер',
      dataIndex: 'inventoryNumber',
      key: 'inventoryNumber',
      width: 130,
      onCell: () => ({ style: WORD_WRAP }),
    },
    amountColumn('Первісна вартість (V), грн', 'firstCost', 140, (row) =>
      formatMoney(row.firstCost),
    ),
    amountColumn('Ліквідаційна вартість (S), грн', 'residualValue', 130, (row) =>
      formatMoney(row.residualValue),
    ),
    amountColumn('Строк (N), років', 'usefulLifeYears', 90, (row) => String(row.usefulLifeYears)),
    amountColumn('Годин на рік (T)', 'hoursPerYear', 100, (row) =>
      formatQuantity(row.hoursPerYear),
    ),
    rate,
  ];
};

/** The form's starting values of a row being edited. */
const toValues = (row: Equipment): EquipmentFormValues => ({
  name: row.name,
  inventoryNumber: row.inventoryNumber,
  firstCost: row.firstCost,
  residualValue: row.residualValue,
  usefulLifeYears: row.usefulLifeYears,
  hoursPerYear: row.hoursPerYear,
});

/** The orders whose equipment lines use the row, read while its delete question is open (as a staffing row's). */
function EquipmentUsage({ companyIdentifier, id }: { companyIdentifier: string; id: number }) {
  const usage = useEquipmentUsage({ companyIdentifier, id });
  return (
    <RowUsageNotice
      usage={usage.data}
      isLoading={usage.isLoading}
      replacementHint="це обладнання доведеться замінити іншим"
    />
  );
}

/**
 * The company's equipment register (issue 38, docs/methodology.md "Equipment depreciation"): each row's name,
 * inventory number, V, S, N, T and the cost of one minute; a search over the loaded list; add and edit in a form
 * that shows the cost of one minute as it is typed; delete after a question naming the orders that use the row.
 * A «Перегляд» member reads it only (issue 22).
 */
export function EquipmentTable({ companyIdentifier }: { companyIdentifier: string }) {
  const equipment = useEquipment(companyIdentifier);
  const creation = useCreateEquipment();
  const update = useUpdateEquipment();
  const deletion = useDeleteEquipment();
  const dialogs = useRowDialogs<Equipment>();
  const { editing, deleting, close } = dialogs;
  const canEdit = useMemberCan('edit');
  // Until the breakpoints are measured `md` is undefined: the wide layout is the default.
  const isNarrow = Grid.useBreakpoint().md === false;
  const [search, setSearch] = useState('');
  const scrollRef = useKeyboardScroll(LABEL);

  const columns = canEdit
    ? [
        ...columnsOf(isNarrow),
        rowActionsColumn<Equipment>({
          width: isNarrow ? 80 : 96,
          isWide: !isNarrow,
          onEdit: dialogs.openEdit,
          onDelete: dialogs.openDelete,
        }),
      ]
    : columnsOf(isNarrow);
  const rows = equipment.data?.filter((row) => matchesAllWords(searchTextOf(row), search));

  return (
    <>
      {canEdit ? (
        <Flex justify="end" style={{ marginBottom: 16 }}>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={dialogs.openCreate}>
            Додати обладнання
          </Button>
        </Flex>
      ) : null}
      {equipment.isPending ? (
        <LoadingBlock label={`${LABEL}: завантаження…`} rows={6} />
      ) : equipment.isError ? (
        <LoadError onRetry={() => void equipment.refetch()} />
      ) : (
        <div role="region" aria-label={LABEL} ref={scrollRef}>
          <SearchedTable<Equipment>
            search={search}
            onSearch={setSearch}
            searchLabel="Пошук обладнання"
            searchPlaceholder="Назва або інвентарний номер"
            emptyText="Реєстр обладнання порожній. Додайте обладнання."
            notFoundText="Обладнання за цим пошуком не знайдено."
            minWidth={1000}
            isNarrow={isNarrow}
            columns={columns}
            dataSource={rows}
          />
        </div>
      )}
      <FormModal open={dialogs.isCreating} title="Нове обладнання" onClose={close}>
        <EquipmentForm
          idPrefix="create-equipment"
          submitText="Додати"
          isPending={creation.isPending}
          onCancel={close}
          onSubmit={async (input: EquipmentInput) => {
            await creation.mutateAsync({ companyIdentifier, input });
            close();
          }}
        />
      </FormModal>
      <FormModal open={editing !== undefined} title="Редагувати обладнання" onClose={close}>
        {editing ? (
          <EquipmentForm
            idPrefix="update-equipment"
            defaultValues={toValues(editing)}
            submitText="Зберегти"
            isPending={update.isPending}
            onCancel={close}
            onSubmit={async (input: EquipmentInput) => {
              await update.mutateAsync({ companyIdentifier, id: editing.id, input });
              close();
            }}
          />
        ) : null}
      </FormModal>
      <ConfirmDeleteModal<Equipment>
        row={deleting}
        title="Видалити обладнання?"
        isPending={deletion.isPending}
        onCancel={close}
        onConfirm={(row) => deletion.mutateAsync({ companyIdentifier, id: row.id }).finally(close)}
      >
        <Typography.Paragraph>
          Обладнання «{deleting?.name ?? ''}» буде видалено з реєстру без можливості відновлення.
          Замовлення, що його використовують, зберігають свої значення до перерахунку.
        </Typography.Paragraph>
        {deleting ? (
          <EquipmentUsage companyIdentifier={companyIdentifier} id={deleting.id} />
        ) : null}
      </ConfirmDeleteModal>
    </>
  );
}
