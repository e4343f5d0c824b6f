import {
  isImportMoneyField,
  type ImportAddedRow,
  type ImportCounts as Counts,
  type ImportField,
  type ImportPreview,
  type ImportRefusedRow,
  type ImportUpdatedRow,
} from '@medcalc/domain';
import {
  Alert,
  Checkbox,
  Flex,
  Grid,
  Statistic,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';

import { formatMoney, formatPrice } from '@/utils/format';

/** How many rows each preview table shows per page: a 5 000-row file pages instead of growing the dialog. */
const PAGE_SIZE = 10;

/**
 * A cell value as the file's reader understood it: amounts the uk-UA way (`1 234,50`; a material's price with up
 * to four decimals where it has them, `2,375`), blanks as a dash.
 */
export function formatImportValue(field: ImportField, value: string | number | undefined): string {
  if (value === undefined || value === '') return '—';
  if (!isImportMoneyField(field) || typeof value !== 'number') return String(value);
  return field === 'price' ? formatPrice(value) : formatMoney(value);
}

/** The rows the user left out of the apply (issue 33), by file line, and how to change that. */
export interface RowExclusion {
  excluded: ReadonlySet<number>;
  onChange: (line: number, included: boolean) => void;
}

/** The preview's counts once the excluded rows are left out. */
export function countsWithout(preview: ImportPreview, excluded: ReadonlySet<number>): Counts {
  const left = (rows: readonly { line: number }[]) =>
    rows.filter((row) => !excluded.has(row.line)).length;
  return {
    ...preview.counts,
    updated: left(preview.updated),
    added: left(preview.added),
  };
}

/** The new units some row still being applied uses (a unit only excluded rows use is not created). */
export function newUnitsWithout(preview: ImportPreview, excluded: ReadonlySet<number>): string[] {
  const used = new Set<string>();
  const fold = (name: string | number) => String(name).toLowerCase();
  for (const row of preview.added)
    if (!excluded.has(row.line) && row.values.measurementType !== undefined)
      used.add(fold(row.values.measurementType));
  for (const row of preview.updated)
    if (!excluded.has(row.line))
      for (const change of row.changes)
        if (change.field === 'measurementType') used.add(fold(change.new));
  return preview.newUnits.filter((unit) => used.has(fold(unit)));
}

const lineColumn = <T extends { line: number }>(): TableColumnsType<T>[number] => ({
  title: 'Рядок',
  dataIndex: 'line',
  key: 'line',
  width: 64,
  align: 'right',
});

const lineKey = (row: { line: number }) => String(row.line);

/** One list of the preview with its count; nothing while it has no rows. */
function PreviewTable<T extends { line: number }>({
  label,
  rows,
  columns,
  rowKey = lineKey,
  isNarrow,
  exclusion,
}: {
  isNarrow: boolean;
  label: string;
  rows: T[];
  columns: TableColumnsType<T>;
  /** The row's key; its line number unless given (a line can hold several refusals). */
  rowKey?: (row: T) => string;
  /** A tick per row, ticked while the row is to be applied (issue 33: one previewed row can be left out). */
  exclusion?: RowExclusion;
}) {
  if (rows.length === 0) return null;
  const left = exclusion ? rows.filter((row) => !exclusion.excluded.has(row.line)).length : 0;
  return (
    <section aria-label={label}>
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {label}: {exclusion ? left : rows.length}
        {exclusion && left < rows.length ? (
          <Typography.Text type="secondary" style={{ fontSize: 14, fontWeight: 'normal' }}>
            {' '}
            (виключено: {rows.length - left})
          </Typography.Text>
        ) : null}
      </Typography.Title>
      <Table<T>
        size="small"
        columns={columns}
        dataSource={rows}
        rowKey={rowKey}
        {...(exclusion
          ? {
              rowSelection: {
                columnTitle: 'Застосувати',
                columnWidth: 96,
                selectedRowKeys: rows
                  .filter((row) => !exclusion.excluded.has(row.line))
                  .map(rowKey),
                onSelect: (row: T, selected: boolean) => exclusion.onChange(row.line, selected),
                getCheckboxProps: (row: T) => ({
                  'aria-label': `Застосувати рядок ${row.line}`,
                }),
              },
            }
          : {})}
        // From a tablet up a wide table scrolls sideways inside the dialog instead of widening it; on a phone
        // each row is one cell whose text wraps.
        {...(isNarrow ? {} : { scroll: { x: 'max-content' } })}
        pagination={
          rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false
        }
      />
    </section>
  );
}

const REFUSAL_COLUMNS: TableColumnsType<ImportRefusedRow> = [
  lineColumn(),
  { title: 'Причина', dataIndex: 'reason', key: 'reason' },
];

/** A list of rows that will not be applied, each with its reason (a line can hold several). */
function RefusalTable(props: { isNarrow: boolean; label: string; rows: ImportRefusedRow[] }) {
  return (
    <PreviewTable
      {...props}
      columns={REFUSAL_COLUMNS}
      rowKey={(row) => `${row.line}-${row.reason}`}
    />
  );
}

/** The four counts of a preview (issue 20: оновлено / додано / без змін / відхилено). */
export function ImportCounts({ counts }: { counts: Counts }) {
  const items = [
    { title: 'Буде оновлено', value: counts.updated, color: '#0958d9' },
    { title: 'Буде додано', value: counts.added, color: '#237804' },
    { title: 'Без змін', value: counts.unchanged, color: undefined },
    {
      title: 'Відхилено',
      value: counts.refused,
      color: counts.refused > 0 ? '#cf1322' : undefined,
    },
  ];
  return (
    <Flex wrap gap={16} role="list" aria-label="Підсумок імпорту">
      {items.map((item) => (
        <div role="listitem" key={item.title}>
          <Statistic
            title={item.title}
            value={item.value}
            groupSeparator={'\u00a0'}
            styles={{ content: { fontSize: 22, ...(item.color ? { color: item.color } : {}) } }}
          />
        </div>
      ))}
    </Flex>
  );
}

/**
 * What an import would change, before anything does: the counts, each updated row with its old → new values,
 * the added rows in the table's columns (each with a «Застосувати» tick that leaves it out when cleared), the
 * refused rows with their line and Ukrainian reason, the totals rows skipped on purpose, and the units the file
 * names that do not exist yet (those some applied row uses), with the confirmation that creates them.
 */
export function ImportPreviewView({
  preview,
  createUnits,
  onCreateUnitsChange,
  exclusion,
}: {
  preview: ImportPreview;
  createUnits: boolean;
  onCreateUnitsChange: (value: boolean) => void;
  exclusion: RowExclusion;
}) {
  const labelOf = (field: ImportField) =>
    preview.fields.find((column) => column.field === field)?.label ?? field;
  // On a phone each row is one cell (the key over its changes, or the added values one under another), so the
  // new values are read without scrolling sideways; from a tablet up they are columns.
  const isNarrow = Grid.useBreakpoint().md === false;
  const changesOf = (row: ImportUpdatedRow) =>
    row.changes.map((change) => (
      <div key={change.field} style={{ whiteSpace: 'nowrap' }}>
        {labelOf(change.field)}:{' '}
        <Typography.Text type="secondary">
          {formatImportValue(change.field, change.old)}
        </Typography.Text>
        {' → '}
        <Typography.Text strong>{formatImportValue(change.field, change.new)}</Typography.Text>
      </div>
    ));
  const updatedColumns: TableColumnsType<ImportUpdatedRow> = isNarrow
    ? [
        lineColumn(),
        {
          title: 'Запис: було → стане',
          key: 'row',
          render: (_, row) => (
            <>
              <div>{row.key}</div>
              {changesOf(row)}
            </>
          ),
        },
      ]
    : [
        lineColumn(),
        { title: 'Запис', dataIndex: 'key', key: 'key' },
        { title: 'Було → стане', key: 'changes', render: (_, row) => changesOf(row) },
      ];
  const addedColumns: TableColumnsType<ImportAddedRow> = isNarrow
    ? [
        lineColumn(),
        {
          title: 'Запис',
          key: 'values',
          render: (_, row) =>
            preview.fields.map(({ field, label }) => (
              <div key={field}>
                {label}: {formatImportValue(field, row.values[field])}
              </div>
            )),
        },
      ]
    : [
        lineColumn(),
        ...preview.fields.map(({ field, label }) => ({
          title: label,
          key: field,
          ...(isImportMoneyField(field) ? { align: 'right' as const } : {}),
          render: (_: unknown, row: ImportAddedRow) => formatImportValue(field, row.values[field]),
        })),
      ];
  const { counts } = preview;
  const newUnits = newUnitsWithout(preview, exclusion.excluded);

  return (
    <Flex vertical gap={8}>
      <ImportCounts counts={countsWithout(preview, exclusion.excluded)} />
      {counts.updated + counts.added > 0 ? (
        <Typography.Text type="secondary">
          Зніміть позначку «Застосувати» біля рядка, щоб не змінювати його цим імпортом.
        </Typography.Text>
      ) : null}
      {counts.updated + counts.added === 0 ? (
        <Alert
          type="info"
          showIcon
          title="Файл нічого не змінює: усі рядки вже такі самі або відхилені."
        />
      ) : null}
      {newUnits.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={`Нових одиниць виміру у файлі: ${newUnits.length}. Їх буде створено разом з матеріалами.`}
          description={
            <Flex vertical gap={8}>
              <Flex wrap gap={4} role="list" aria-label="Нові одиниці виміру">
                {newUnits.map((unit) => (
                  <Tag key={unit} role="listitem">
                    {unit}
                  </Tag>
                ))}
              </Flex>
              <Checkbox
                checked={createUnits}
                onChange={(event) => onCreateUnitsChange(event.target.checked)}
              >
                Так, створити ці одиниці виміру
              </Checkbox>
            </Flex>
          }
        />
      ) : null}
      <PreviewTable
        isNarrow={isNarrow}
        label="Буде оновлено"
        rows={preview.updated}
        columns={updatedColumns}
        exclusion={exclusion}
      />
      <PreviewTable
        isNarrow={isNarrow}
        label="Буде додано"
        rows={preview.added}
        columns={addedColumns}
        exclusion={exclusion}
      />
      <RefusalTable isNarrow={isNarrow} label="Відхилені рядки" rows={preview.refused} />
      <RefusalTable isNarrow={isNarrow} label="Пропущені підсумкові рядки" rows={preview.skipped} />
    </Flex>
  );
}
