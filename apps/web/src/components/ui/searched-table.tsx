import { Empty, Table, type TableProps } from 'antd';

import { SearchInput } from './search-input';

type SearchedTableProps<T> = Omit<
  TableProps<T>,
  'rowKey' | 'pagination' | 'tableLayout' | 'scroll' | 'locale'
> & {
  /** The search text, applied by the caller to `dataSource`. */
  search: string;
  onSearch: (value: string) => void;
  /** The search box's accessible name and placeholder. */
  searchLabel: string;
  searchPlaceholder: string;
  /** The empty text with nothing searched, and with a search that found nothing. */
  emptyText: string;
  notFoundText: string;
  /** The wide layout's least width, px; the narrow one fits the screen. */
  minWidth: number;
  isNarrow: boolean;
};

/**
 * A company's whole register, unpaged and searched in the browser (the staffing table, issue 33; the equipment
 * register, issue 38): the search box above a fixed-layout table whose empty text tells an empty register from a
 * search that found nothing.
 */
export function SearchedTable<T extends { id: number }>({
  search,
  onSearch,
  searchLabel,
  searchPlaceholder,
  emptyText,
  notFoundText,
  minWidth,
  isNarrow,
  ...tableProps
}: SearchedTableProps<T>) {
  return (
    <>
      <div role="search" style={{ marginBottom: 12 }}>
        <SearchInput
          value={search}
          onChange={onSearch}
          label={searchLabel}
          placeholder={searchPlaceholder}
        />
      </div>
      <Table<T>
        {...tableProps}
        rowKey="id"
        pagination={false}
        tableLayout="fixed"
        {...(isNarrow ? {} : { scroll: { x: minWidth } })}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={search.trim() === '' ? emptyText : notFoundText}
            />
          ),
        }}
      />
    </>
  );
}
