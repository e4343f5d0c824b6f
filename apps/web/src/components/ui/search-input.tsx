import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';

/**
 * The search box above a paged list (spec §2 Measurements, Company materials). It only reports the text;
 * `usePagedSearch` applies it after the 1-second pause of spec §4.
 */
export function SearchInput({
  value,
  onChange,
  label,
  placeholder = 'Пошук за назвою',
}: {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name, e.g. 'Пошук одиниць виміру'. */
  label: string;
  placeholder?: string;
}) {
  return (
    <Input
      type="search"
      allowClear
      aria-label={label}
      placeholder={placeholder}
      prefix={<SearchOutlined aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      style={{ maxWidth: 360 }}
      maxLength={200}
    />
  );
}
