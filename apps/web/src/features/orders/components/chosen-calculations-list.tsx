import { DeleteOutlined } from '@ant-design/icons';
import type { CategoryOption } from '@medcalc/domain';
import { Button, Empty, Flex, Form, Input, Select, Tag, Typography } from 'antd';

import { nameCount } from '@/components/ui/form';

import type { DraftRow, DraftSource, RowErrors } from '../stores/new-order-draft';

const SOURCE_TAGS: Record<Exclude<DraftSource, null> | 'blank', { label: string; color: string }> =
  {
    template: { label: 'Шаблон', color: 'blue' },
    calculation: { label: 'Власний розрахунок', color: 'purple' },
    blank: { label: 'Без шаблону', color: 'default' },
  };

/** Width of the source tag column; a row's own message starts under it. */
const TAG_WIDTH = 140;

/** The id of a chosen row's name input, by the row's key: where the form scrolls and focuses. */
export const chosenRowNameId = (key: number) => `order-row-${key}-name`;

/**
 * The chosen calculations of a new order (spec §2 "Create order"): each row has an editable service name, a
 * category dropdown and a remove button. Errors are the draft's inline messages; a message about the row as a
 * whole (its template or own calculation cannot be used) shows under the source tag, the tag turned red.
 */
export function ChosenCalculationsList({
  rows,
  errors,
  categories,
  isCategoriesLoading,
  onRename,
  onSetCategory,
  onRemove,
}: {
  rows: DraftRow[];
  errors: Record<number, RowErrors>;
  categories: CategoryOption[] | undefined;
  isCategoriesLoading: boolean;
  onRename: (key: number, templateName: string) => void;
  onSetCategory: (key: number, categoryId: number | null) => void;
  onRemove: (key: number) => void;
}) {
  if (rows.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="Список послуг для розрахунку порожній, додайте розрахунок із шаблонів або створіть новий"
      />
    );
  }

  return (
    <ol aria-label="Обрані послуги" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rows.map((row, index) => {
        const rowErrors = errors[row.key] ?? {};
        const nameId = chosenRowNameId(row.key);
        const categoryId = `order-row-${row.key}-category`;
        const rowErrorId = `order-row-${row.key}-row-error`;
        const tag = SOURCE_TAGS[row.source ?? 'blank'];
        const describedBy = (fieldErrorId: string | undefined) =>
          [fieldErrorId, rowErrors.row === undefined ? undefined : rowErrorId]
            .filter((id) => id !== undefined)
            .join(' ') || undefined;
        /** A field's message: under the field, and on its control (with the row's own message). */
        const fieldError = (id: string, message: string | undefined) => {
          const errorId = message ? `${id}-error` : undefined;
          return {
            item: {
              validateStatus: message ? ('error' as const) : undefined,
              help: message ? <span id={errorId}>{message}</span> : undefined,
            },
            control: {
              status: message ? ('error' as const) : undefined,
              'aria-invalid': message !== undefined,
              'aria-describedby': describedBy(errorId),
            },
          };
        };
        const nameError = fieldError(nameId, rowErrors.templateName);
        const categoryError = fieldError(categoryId, rowErrors.categoryId);
        return (
          <li key={row.key} aria-label={`Послуга ${index + 1}`} style={{ marginBottom: 8 }}>
            <Flex gap={12} align="start" wrap>
              <Tag
                color={rowErrors.row === undefined ? tag.color : 'error'}
                style={{ marginTop: 6, width: TAG_WIDTH, textAlign: 'center' }}
              >
                {tag.label}
              </Tag>
              <Form.Item style={{ flex: '2 1 280px', marginBottom: 0 }} {...nameError.item}>
                <Input
                  id={nameId}
                  aria-label="Назва послуги"
                  placeholder="Назва послуги"
                  value={row.templateName}
                  count={nameCount()}
                  {...nameError.control}
                  onChange={(event) => onRename(row.key, event.target.value)}
                />
              </Form.Item>
              <Form.Item style={{ flex: '1 1 220px', marginBottom: 0 }} {...categoryError.item}>
                <Select<number>
                  id={categoryId}
                  aria-label="Категорія"
                  placeholder="Оберіть категорію"
                  value={row.categoryId ?? undefined}
                  options={categories}
                  loading={isCategoriesLoading}
                  {...categoryError.control}
                  showSearch={{ optionFilterProp: 'label' }}
                  // Spec §9: dropdown lists are at most 350 px tall; §8 'Options not found'.
                  listHeight={350}
                  notFoundContent="Варіантів не знайдено"
                  onChange={(value) => onSetCategory(row.key, value ?? null)}
                />
              </Form.Item>
              <Button
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`Прибрати «${row.templateName || `послугу ${index + 1}`}»`}
                title="Прибрати"
                onClick={() => onRemove(row.key)}
              />
            </Flex>
            {rowErrors.row === undefined ? null : (
              <Typography.Text
                type="danger"
                id={rowErrorId}
                style={{ display: 'block', marginTop: 4 }}
              >
                {rowErrors.row}
              </Typography.Text>
            )}
          </li>
        );
      })}
    </ol>
  );
}
