import type { CategoryOption } from '@medcalc/domain';
import { Select, Spin } from 'antd';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';

import { FormField, nameField, TextFields } from '@/components/ui/form';

/** The service categories a template can be filed under, as the page loaded them (`GET /api/get-categories`). */
export type CategoryChoices = { options: readonly CategoryOption[]; isLoading: boolean };

type CategorySelectProps = {
  id: string;
  value: unknown;
  onChange: (value: number | undefined) => void;
  onBlur: () => void;
  categories: CategoryChoices;
  status: 'error' | undefined;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

/** A searchable category dropdown for a template's category (spec §3 "Category"). */
export function CategorySelect({ categories, value, onChange, ...props }: CategorySelectProps) {
  return (
    <Select<number>
      {...props}
      value={typeof value === 'number' && value > 0 ? value : undefined}
      onChange={(next) => onChange(next ?? undefined)}
      options={[...categories.options]}
      placeholder="Оберіть категорію"
      showSearch={{ optionFilterProp: 'label' }}
      loading={categories.isLoading}
      notFoundContent={categories.isLoading ? <Spin size="small" /> : 'Нічого не знайдено'}
      style={{ width: '100%' }}
    />
  );
}

/**
 * The two fields of a template's forms (promoting a calculation, editing a template): its name, focused and with
 * its counter, then its category. Ids are `${idPrefix}-name` and `${idPrefix}-category`.
 */
export function TemplateFields<TValues extends FieldValues, TTransformed = TValues>({
  control,
  names,
  idPrefix,
  categories,
}: {
  control: Control<TValues, unknown, TTransformed>;
  names: { name: FieldPath<TValues>; category: FieldPath<TValues> };
  idPrefix: string;
  categories: CategoryChoices;
}) {
  return (
    <>
      <TextFields
        control={control}
        fields={[nameField(names.name, `${idPrefix}-name`, 'Назва шаблону')]}
      />
      <FormField
        control={control}
        name={names.category}
        id={`${idPrefix}-category`}
        label="Категорія"
        render={(field) => <CategorySelect {...field} categories={categories} />}
      />
    </>
  );
}
