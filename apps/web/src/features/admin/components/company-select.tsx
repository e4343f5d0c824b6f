import { Select, Spin } from 'antd';
import type { CSSProperties } from 'react';

import { useCompaniesList } from '@/lib/queries/companies-list';

type CompanySelectProps = {
  id?: string;
  value: string | undefined;
  onChange: (companyIdentifier: string | undefined) => void;
  status?: 'error';
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  style?: CSSProperties;
};

/**
 * A searchable company dropdown (spec §2 Admin panel → Calculations "company selector"; spec §6 "add them for a
 * chosen company"), fed by `GET /api/get-companies-list`. Searching matches the company's name.
 */
export function CompanySelect({ value, onChange, style, ...props }: CompanySelectProps) {
  const companies = useCompaniesList();
  return (
    <Select<string>
      {...props}
      value={value}
      onChange={(next) => onChange(next ?? undefined)}
      options={companies.data ?? []}
      placeholder="Оберіть заклад"
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      loading={companies.isPending}
      notFoundContent={
        companies.isPending ? (
          <Spin size="small" />
        ) : companies.isError ? (
          'Не вдалося завантажити заклади'
        ) : (
          'Нічого не знайдено'
        )
      }
      style={{ width: '100%', ...style }}
    />
  );
}
