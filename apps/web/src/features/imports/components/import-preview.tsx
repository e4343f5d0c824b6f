import type {
  ImportAddedRow,
  ImportCounts as Counts,
  ImportField,
  ImportPreview,
  ImportRefusedRow,
  ImportUpdatedRow,
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

import { formatMoney } from '@/utils/format';

import { isMoneyField } from '../import-tables';

/** How many rows each preview table shows per page: a 5 000-row file pages instead of growing the dialog. */
const PAGE_SIZE = 10;

/** A cell value as the file's reader understood it: amounts the uk-UA way (`1 234,50`), blanks as a dash. */
export function formatImportValue(field: ImportField, value: string | number | undefined): string {
  if (value === undefined || value === '') return '—';
  return isMoneyField(field) && typeof value === 'number' ? formatMoney(value) : String(value);
}

const lineColumn = <T extends { line: number }>(): TableColumnsType<T>[number] => ({
  title: 'Рядок',
  dataIndex: 'line',
  key: 'line',
  width: 64,
  align: 'right',
});

function PreviewTable<T extends { line: number }>({
  label,
  rows,
  columns,
  rowKey,
  isNarrow,
}: {
  isNarrow: boolean;
  label: string;
  rows: T[];
  columns: TableColumnsType<T>;
  rowKey: (row: T) => string;
}) {
  return (
    <section aria-label={label}>
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {label}: {rows.length}
      </Typography.Title>
      <Table<T>
        size="small"
        columns={columns}
        dataSource={rows}
        rowKey={rowKey}
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
 * the added rows in the table's columns, the refused rows with their line and Ukrainian reason, and the units
 * the file names that do not exist yet, with the confirmation that creates them.
 */
export function ImportPreviewView({
  preview,
  createUnits,
  onCreateUnitsChange,
}: {
  preview: ImportPreview;
  createUnits: boolean;
  onCreateUnitsChange: (value: boolean) => void;
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
          ...(isMoneyField(field) ? { align: 'right' as const } : {}),
          render: (_: unknown, row: ImportAddedRow) => formatImportValue(field, row.values[field]),
        })),
      ];
  const refusedColumns: TableColumnsType<ImportRefusedRow> = [
    lineColumn(),
    { title: 'Причина', dataIndex: 'reason', key: 'reason' },
  ];
  const { counts } = preview;

  return (
    <Flex vertical gap={8}>
      <ImportCounts counts={counts} />
      {counts.updated + counts.added === 0 ? (
        <Alert
          type="info"
          showIcon
          title="Файл нічого не змінює: усі рядки вже такі самі або відхилені."
        />
      ) : null}
      {preview.newUnits.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={`Нових одиниць виміру у файлі: ${preview.newUnits.length}. Їх буде створено разом з матеріалами.`}
          description={
            <Flex vertical gap={8}>
              <Flex wrap gap={4} role="list" aria-label="Нові одиниці виміру">
                {preview.newUnits.map((unit) => (
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
      {preview.updated.length > 0 ? (
        <PreviewTable
          isNarrow={isNarrow}
          label="Буде оновлено"
          rows={preview.updated}
          columns={updatedColumns}
          rowKey={(row) => String(row.line)}
        />
      ) : null}
      {preview.added.length > 0 ? (
        <PreviewTable
          isNarrow={isNarrow}
          label="Буде додано"
          rows={preview.added}
          columns={addedColumns}
          rowKey={(row) => String(row.line)}
        />
      ) : null}
      {preview.refused.length > 0 ? (
        <PreviewTable
          isNarrow={isNarrow}
          label="Відхилені рядки"
          rows={preview.refused}
          columns={refusedColumns}
          rowKey={(row) => `${row.line}-${row.reason}`}
        />
      ) : null}
    </Flex>
  );
}
