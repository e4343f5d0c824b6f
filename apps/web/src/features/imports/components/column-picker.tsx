import type { ImportColumns, ImportField } from '@medcalc/domain';
import { Alert, Button, Flex, Select, Typography } from 'antd';
import { useState } from 'react';

/**
 * When a needed column cannot be found by its header, the user picks it from the file's headers, one choice per
 * missing column, and the file is previewed again with them (issue 20).
 */
export function ColumnPicker({
  fields,
  headers,
  missingColumns,
  isPending,
  onSubmit,
}: {
  fields: readonly { field: ImportField; label: string }[];
  headers: readonly string[];
  missingColumns: readonly ImportField[];
  isPending: boolean;
  onSubmit: (columns: ImportColumns) => void;
}) {
  const [choice, setChoice] = useState<ImportColumns>({});
  const isComplete = missingColumns.every((field) => choice[field] !== undefined);
  const options = headers.map((header, index) => ({
    value: index,
    label: header.trim() === '' ? `Стовпець ${index + 1} (без назви)` : header,
  }));
  const labelOf = (field: ImportField) =>
    fields.find((column) => column.field === field)?.label ?? field;

  return (
    <Flex vertical gap={12} role="group" aria-label="Вибір стовпців файлу">
      <Alert
        type="warning"
        showIcon
        title="Не всі потрібні стовпці знайдено за назвою"
        description="Вкажіть, у якому стовпці файлу кожне поле, і перегляньте зміни ще раз."
      />
      {missingColumns.map((field) => {
        const label = labelOf(field);
        const id = `import-column-${field}`;
        return (
          <Flex key={field} vertical gap={4}>
            <Typography.Text strong>
              <label htmlFor={id}>Стовпець для «{label}»</label>
            </Typography.Text>
            <Select<number>
              id={id}
              style={{ width: '100%', maxWidth: 360 }}
              placeholder="Оберіть стовпець файлу"
              options={options}
              value={choice[field] ?? undefined}
              onChange={(index) => setChoice((previous) => ({ ...previous, [field]: index }))}
            />
          </Flex>
        );
      })}
      <div>
        <Button
          type="primary"
          disabled={!isComplete}
          loading={isPending}
          onClick={() => onSubmit(choice)}
        >
          Переглянути знову
        </Button>
      </div>
    </Flex>
  );
}
