import type { CategoryOption } from '@medcalc/domain';
import { Select, Spin } from 'antd';

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
