import { PlusOutlined } from '@ant-design/icons';
import { matchesAllWords, type Equipment, type EquipmentInput } from '@medcalc/domain';
import { Button, Flex, Grid, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';

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
import { formatMinuteRate, formatMoney, formatQuantity } from '@/utils/format';

import { useCreateEquipment } from '../api/create-equipment';
import { useDeleteEquipment } from '../api/delete-equipment';
import { useEquipment } from '../api/get-equipment';
import { getEquipmentUsageQueryOptions } from '../api/get-equipment-usage';
import { useUpdateEquipment } from '../api/update-equipment';

import { EquipmentForm, type EquipmentFormValues } from './equipment-form';

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
 * name, so the name, the cost of one minute and the actions fit 390 px without scrolling sideways. The template
 * equipment has no inventory number (it is each institution's own): no column for it.
 */
const columnsOf = (
  isNarrow: boolean,
  withInventoryNumber: boolean,
): TableColumnsType<Equipment> => {
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
    ...(withInventoryNumber
      ? [
          {
            title: 'Інвентарний номер',
            dataIndex: 'inventoryNumber',
            key: 'inventoryNumber',
            width: 130,
            onCell: () => ({ style: WORD_WRAP }),
          },
        ]
      : []),
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

/** The words of one equipment list: its name, its empty state, its modals' titles and its delete question. */
export type EquipmentListTexts = {
  /** The table's accessible name (and its loading skeleton's). */
  label: string;
  emptyText: string;
  createTitle: string;
  editTitle: string;
  deleteTitle: string;
  deleteText: (name: string) => ReactNode;
};

/** The list's rows as a query gives them (the features' `useQuery` results fit). */
type EquipmentQuery = {
  data: readonly Equipment[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
};

/** The list's calls; each rejects with the API error (a 422's messages go under the form's fields). */
export type EquipmentListCalls = {
  onCreate: (input: EquipmentInput) => Promise<unknown>;
  isCreating: boolean;
  onUpdate: (row: Equipment, input: EquipmentInput) => Promise<unknown>;
  isUpdating: boolean;
  onDelete: (row: Equipment) => Promise<unknown>;
  isDeleting: boolean;
};

type EquipmentListProps = {
  texts: EquipmentListTexts;
  /** The add and edit forms' field id prefix, e.g. 'equipment' (→ 'create-equipment', 'update-equipment'). */
  idPrefix: string;
  query: EquipmentQuery;
  calls: EquipmentListCalls;
  /** False: read only, no Add, no edit or delete icons (a «Перегляд» member, issue 22). */
  canEdit: boolean;
  /** The institution's register has inventory numbers; the template equipment does not. */
  withInventoryNumber?: boolean;
  /** More of the delete question about the row, under its text (the orders that use a company's row). */
  deleteDetails?: (row: Equipment) => ReactNode;
};

/**
 * A list of equipment rows (issue 38, docs/methodology.md "Equipment depreciation"): each row's name, inventory
 * number, V, S, N, T and the cost of one minute; a search over the loaded list; add and edit in a form that shows
 * the cost of one minute as it is typed; delete after a question. The company's register (`EquipmentTable`) and the
 * administrator's template equipment (the admin panel's «Обладнання») declare their words, rows and calls.
 */
export function EquipmentList({
  texts,
  idPrefix,
  query,
  calls,
  canEdit,
  withInventoryNumber = true,
  deleteDetails,
}: EquipmentListProps) {
  const dialogs = useRowDialogs<Equipment>();
  const { editing, deleting, close } = dialogs;
  // Until the breakpoints are measured `md` is undefined: the wide layout is the default.
  const isNarrow = Grid.useBreakpoint().md === false;
  const [search, setSearch] = useState('');
  const scrollRef = useKeyboardScroll(texts.label);

  const columns = canEdit
    ? [
        ...columnsOf(isNarrow, withInventoryNumber),
        rowActionsColumn<Equipment>({
          width: isNarrow ? 80 : 96,
          isWide: !isNarrow,
          onEdit: dialogs.openEdit,
          onDelete: dialogs.openDelete,
        }),
      ]
    : columnsOf(isNarrow, withInventoryNumber);
  const rows = query.data?.filter((row) => matchesAllWords(searchTextOf(row), search));

  return (
    <>
      {canEdit ? (
        <Flex justify="end" style={{ marginBottom: 16 }}>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={dialogs.openCreate}>
            Додати обладнання
          </Button>
        </Flex>
      ) : null}
      {query.isPending ? (
        <LoadingBlock label={`${texts.label}: завантаження…`} rows={6} />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <div role="region" aria-label={texts.label} ref={scrollRef}>
          <SearchedTable<Equipment>
            search={search}
            onSearch={setSearch}
            searchLabel="Пошук обладнання"
            searchPlaceholder={withInventoryNumber ? 'Назва або інвентарний номер' : 'Назва'}
            emptyText={texts.emptyText}
            notFoundText="Обладнання за цим пошуком не знайдено."
            minWidth={withInventoryNumber ? 1000 : 870}
            isNarrow={isNarrow}
            columns={columns}
            dataSource={rows}
          />
        </div>
      )}
      <FormModal open={dialogs.isCreating} title={texts.createTitle} onClose={close}>
        <EquipmentForm
          idPrefix={`create-${idPrefix}`}
          withInventoryNumber={withInventoryNumber}
          submitText="Додати"
          isPending={calls.isCreating}
          onCancel={close}
          onSubmit={async (input: EquipmentInput) => {
            await calls.onCreate(input);
            close();
          }}
        />
      </FormModal>
      <FormModal open={editing !== undefined} title={texts.editTitle} onClose={close}>
        {editing ? (
          <EquipmentForm
            idPrefix={`update-${idPrefix}`}
            withInventoryNumber={withInventoryNumber}
            defaultValues={toValues(editing)}
            submitText="Зберегти"
            isPending={calls.isUpdating}
            onCancel={close}
            onSubmit={async (input: EquipmentInput) => {
              await calls.onUpdate(editing, input);
              close();
            }}
          />
        ) : null}
      </FormModal>
      <ConfirmDeleteModal<Equipment>
        row={deleting}
        title={texts.deleteTitle}
        isPending={calls.isDeleting}
        onCancel={close}
        onConfirm={(row) => calls.onDelete(row).finally(close)}
      >
        <Typography.Paragraph>{texts.deleteText(deleting?.name ?? '')}</Typography.Paragraph>
        {deleting && deleteDetails ? deleteDetails(deleting) : null}
      </ConfirmDeleteModal>
    </>
  );
}

const REGISTER_TEXTS: EquipmentListTexts = {
  label: 'Реєстр обладнання',
  emptyText: 'Реєстр обладнання порожній. Додайте обладнання.',
  createTitle: 'Нове обладнання',
  editTitle: 'Редагувати обладнання',
  deleteTitle: 'Видалити обладнання?',
  deleteText: (name) =>
    `Обладнання «${name}» буде видалено з реєстру без можливості відновлення. Замовлення, що його використовують, зберігають свої значення до перерахунку.`,
};

/**
 * The company's equipment register (issue 38): its own rows, the delete question naming the orders that use the
 * row. A «Перегляд» member reads it only (issue 22).
 */
export function EquipmentTable({ companyIdentifier }: { companyIdentifier: string }) {
  const equipment = useEquipment(companyIdentifier);
  const creation = useCreateEquipment();
  const update = useUpdateEquipment();
  const deletion = useDeleteEquipment();
  const canEdit = useMemberCan('edit');

  return (
    <EquipmentList
      texts={REGISTER_TEXTS}
      idPrefix="equipment"
      query={equipment}
      canEdit={canEdit}
      calls={{
        onCreate: (input) => creation.mutateAsync({ companyIdentifier, input }),
        isCreating: creation.isPending,
        onUpdate: (row, input) => update.mutateAsync({ companyIdentifier, id: row.id, input }),
        isUpdating: update.isPending,
        onDelete: (row) => deletion.mutateAsync({ companyIdentifier, id: row.id }),
        isDeleting: deletion.isPending,
      }}
      // The orders whose equipment lines use the row, read while its delete question is open.
      deleteDetails={(row) => (
        <RowUsageNotice
          query={getEquipmentUsageQueryOptions({ companyIdentifier, id: row.id })}
          replacementHint="це обладнання доведеться замінити іншим"
        />
      )}
    />
  );
}
