import { PAGE_SIZES, type PageMeta } from '@medcalc/domain';
import { Empty, Table, type TableProps } from 'antd';
import { useEffect } from 'react';

import { LoadError } from './load-error';
import { LoadingBlock } from './loading-block';

type PagedTableProps<T extends object> = {
  /** Names the table for assistive technology (and tests). */
  label: string;
  columns: NonNullable<TableProps<T>['columns']>;
  rowKey: TableProps<T>['rowKey'];
  rows: readonly T[] | undefined;
  meta: PageMeta | undefined;
  perPage: number;
  /** A page or a page size was chosen. */
  onPageChange: (page: number, perPage: number) => void;
  /** Nothing to show yet: a skeleton stands in for the table. */
  isLoading: boolean;
  /** A newer page is on its way while the last one stays visible: a spinner over the table. */
  isFetching: boolean;
  /** The first load failed (its message was a toast): a retry instead of a misleading empty table. */
  isError?: boolean;
  onRetry?: () => void;
  /** The Ukrainian empty state (spec §8). */
  emptyText: string;
};

/**
 * A server-paged table (spec §3 "Paged response" `{ data, meta: { currentPage, lastPage } }`, §9 page sizes
 * 5–25, default 10, five page buttons at once). The answer has no row count, so the paginator is given
 * `lastPage × perPage`: the page buttons are exact, which is all it shows.
 */
export function PagedTable<T extends object>({
  label,
  columns,
  rowKey,
  rows,
  meta,
  perPage,
  onPageChange,
  isLoading,
  isFetching,
  isError = false,
  onRetry,
  emptyText,
}: PagedTableProps<T>) {
  // A page past the end (its last row was just deleted, or the list shrank elsewhere) comes back empty with
  // the real last page in `meta`: go there instead of showing an empty table.
  const pastEnd = meta !== undefined && rows?.length === 0 && meta.currentPage > meta.lastPage;
  useEffect(() => {
    if (pastEnd) onPageChange(meta.lastPage, perPage);
  }, [pastEnd, meta, perPage, onPageChange]);

  if (isLoading && rows === undefined) return <LoadingBlock label={`${label}: завантаження…`} />;
  if (isError && rows === undefined) return <LoadError onRetry={onRetry} />;

  return (
    <div role="region" aria-label={label}>
      <Table<T>
        columns={columns}
        rowKey={rowKey}
        dataSource={rows ? [...rows] : []}
        loading={isFetching}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />,
        }}
        pagination={{
          current: meta?.currentPage ?? 1,
          pageSize: perPage,
          total: (meta?.lastPage ?? 1) * perPage,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showLessItems: true,
          hideOnSinglePage: false,
          onChange: onPageChange,
        }}
      />
    </div>
  );
}
