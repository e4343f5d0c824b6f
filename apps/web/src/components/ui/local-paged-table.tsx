import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@medcalc/domain';
import { Empty, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';

import { useKeyboardScroll } from '@/hooks/use-keyboard-scroll';
import { LoadError } from './load-error';
import { LoadingBlock } from './loading-block';

type LocalPagedTableProps<T> = {
  /** Names the table for assistive technology (and tests), and its loading skeleton. */
  label: string;
  columns: TableColumnsType<T>;
  /** The whole list, already searched and ordered by the caller. */
  rows: T[] | undefined;
  /** What the table reads of the list's query (a TanStack `useQuery` result fits). */
  query: { isPending: boolean; isFetching: boolean; isError: boolean; refetch: () => unknown };
  /** The Ukrainian empty state (spec §8). */
  emptyText: string;
};

/**
 * A list that comes whole and is paged here (the admin's templates and a company's calculations): a skeleton
 * while it loads, a retry when the load failed, then the table with the page sizes of spec §9. The page size
 * outlives a reload, so a new search or another company keeps the size chosen.
 */
export function LocalPagedTable<T extends { id: number }>({
  label,
  columns,
  rows,
  query,
  emptyText,
}: LocalPagedTableProps<T>) {
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const scrollRef = useKeyboardScroll(label);

  if (query.isPending) return <LoadingBlock label={`${label}: завантаження…`} />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return (
    <div role="region" aria-label={label} ref={scrollRef}>
      <Table<T>
        columns={columns}
        rowKey="id"
        dataSource={rows}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />,
        }}
        pagination={{
          pageSize,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showLessItems: true,
          onChange: (_page, size) => setPageSize(size),
        }}
      />
    </div>
  );
}
