import { Select, Spin, type GetRef } from 'antd';
import { type Ref } from 'react';

/** The units a material can be measured in, by name (a material stores its unit's name, spec §3). */
export type UnitChoices = {
  /** The provider's standard units (`GET /api/get-measurements`). */
  standard: readonly string[];
  /** The company's own units (`GET /api/company/{companyIdentifier}/measurements/list`). */
  own: readonly string[];
  isLoading: boolean;
};

type UnitSelectProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  units: UnitChoices;
  status: 'error' | undefined;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  ref?: Ref<GetRef<typeof Select>>;
};

/**
 * A searchable unit dropdown with the standard and own units in two groups (spec §2 "Generic dropdown": a
 * search box and 'Options not found' when nothing matches). An own unit spelled like a standard one is listed
 * once, under the standard group, because the material stores only the name.
 */
export function UnitSelect({ units, value, onChange, ...props }: UnitSelectProps) {
  const options = (() => {
    const standard = [...new Set(units.standard)];
    const own = [...new Set(units.own)].filter((name) => !standard.includes(name));
    return [
      {
        label: 'Стандартні',
        title: 'Стандартні',
        options: standard.map((name) => ({ value: name, label: name })),
      },
      {
        label: 'Власні',
        title: 'Власні',
        options: own.map((name) => ({ value: name, label: name })),
      },
    ].filter((group) => group.options.length > 0);
  })();

  return (
    <Select
      {...props}
      value={value === '' ? undefined : value}
      onChange={(next: string | undefined) => onChange(next ?? '')}
      options={options}
      placeholder="Оберіть одиницю виміру"
      showSearch={{ optionFilterProp: 'label' }}
      loading={units.isLoading}
      notFoundContent={units.isLoading ? <Spin size="small" /> : 'Нічого не знайдено'}
      listHeight={350}
      style={{ width: '100%' }}
    />
  );
}
