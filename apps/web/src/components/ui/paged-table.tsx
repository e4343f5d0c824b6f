import { PAGE_SIZES, type PageMeta, type Paged } from '@medcalc/domain';
import { Empty, Flex, Grid, Table, type TableColumnsType, type TableProps } from 'antd';
import { useEffect, type ReactNode } from 'react';

import type { PagedSearch } from '@/hooks/use-paged-search';
import { formatDateTime } from '@/utils/format';
import { WORD_WRAP } from '@/components/ui/word-wrap';

import { useKeyboardScroll } from '@/hooks/use-keyboard-scroll';
import { LoadError } from './load-error';
import { LoadingBlock } from './loading-block';
import { SearchInput } from './search-input';

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

/** Width a column without its own (the name) gets at least, px; on a phone (below `sm`) less, so it fits. */
const FLEXIBLE_MIN_WIDTH = 200;
const PHONE_FLEXIBLE_MIN_WIDTH = 120;

type Breakpoints = ReturnType<typeof Grid.useBreakpoint>;

/**
 * Issue 13: the table keeps a fixed layout, so a long name wraps in its column instead of pushing the others out
 * of view. Its narrowest width is the sum of the columns shown at this screen width (antd's `responsive` hides
 * some on a phone), the flexible ones at {@link FLEXIBLE_MIN_WIDTH}; below that it scrolls sideways. Every cell
 * wraps.
 */
function fitColumns<T>(
  columns: NonNullable<TableProps<T>['columns']>,
  screens: Breakpoints,
): { columns: NonNullable<TableProps<T>['columns']>; minWidth: number } {
  const shown = columns.filter(
    (column) =>
      column.responsive === undefined || column.responsive.some((point) => screens[point]),
  );
  const minWidth = shown.reduce(
    (sum, column) =>
      sum +
      (typeof column.width === 'number'
        ? column.width
        : screens.sm === false
          ? PHONE_FLEXIBLE_MIN_WIDTH
          : FLEXIBLE_MIN_WIDTH),
    0,
  );
  return {
    columns: columns.map((column) => ({
      ...column,
      onCell: (row: T, index?: number) => {
        const own = column.onCell?.(row, index) ?? {};
        return { ...own, style: { ...WORD_WRAP, ...own.style } };
      },
    })),
    minWidth,
  };
}

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
  const screens = Grid.useBreakpoint();
  const scrollRef = useKeyboardScroll(label);
  const fitted = fitColumns(columns, screens);
  // A page past the end (its last row was just deleted, or the list shrank elsewhere) comes back empty with
  // the real last page in `meta`: go there instead of showing an empty table.
  const pastEnd = meta !== undefined && rows?.length === 0 && meta.currentPage > meta.lastPage;
  useEffect(() => {
    if (pastEnd) onPageChange(meta.lastPage, perPage);
  }, [pastEnd, meta, perPage, onPageChange]);

  if (isLoading && rows === undefined) return <LoadingBlock label={`${label}: завантаження…`} />;
  if (isError && rows === undefined) return <LoadError onRetry={onRetry} />;

  return (
    <div role="region" aria-label={label} ref={scrollRef}>
      <Table<T>
        columns={fitted.columns}
        rowKey={rowKey}
        dataSource={rows ? [...rows] : []}
        loading={isFetching}
        tableLayout="fixed"
        scroll={{ x: fitted.minWidth }}
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

/** What a searched table reads of the list's query (a TanStack `useQuery` result fits). */
export type PagedQuery<T> = {
  data: Paged<T> | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
};

/** The created and updated columns of a stored row (spec §2; dates as `25.11.2026 10:15`, issue 23). */
export function timestampColumns<
  T extends { created_at: string; updated_at: string },
>(): TableColumnsType<T> {
  return [
    // Hidden on a phone, where the name, its figures and the actions need the width.
    {
      title: 'Створено',
      dataIndex: 'created_at',
      key: 'created_at',
      width: 150,
      responsive: ['md'],
      render: (value: string) => formatDateTime(value),
    },
    {
      title: 'Оновлено',
      dataIndex: 'updated_at',
      key: 'updated_at',
      width: 150,
      responsive: ['md'],
      render: (value: string) => formatDateTime(value),
    },
  ];
}

type SearchedPagedTableProps<T extends { id: number }> = {
  /** Names the table for assistive technology (and tests), e.g. 'Власні матеріали'. */
  label: string;
  /** The search box's accessible name, e.g. 'Пошук матеріалів'. */
  searchLabel: string;
  searchPlaceholder?: string;
  columns: TableColumnsType<T>;
  /** Shown for an empty list without a search (spec §8: Ukrainian empty states). */
  emptyText: string;
  /** The list's search and page state; `query` is fetched with its `params`. */
  search: PagedSearch;
  query: PagedQuery<T>;
  /** Buttons at the toolbar's far end, across from the search box (e.g. Add). */
  actions?: ReactNode;
};

/**
 * A server-paged list with a search box applied after the 1-second pause (spec §4) above it: users, calculated
 * services, the companies' items and every editable reference list. A search that finds nothing says so with
 * the search text instead of the list's empty state.
 */
export function SearchedPagedTable<T extends { id: number }>({
  label,
  searchLabel,
  searchPlaceholder,
  columns,
  emptyText,
  search,
  query,
  actions,
}: SearchedPagedTableProps<T>) {
  const { params } = search;
  return (
    <>
      <Flex wrap justify="space-between" gap={16} style={{ marginBottom: 16 }}>
        <SearchInput
          label={searchLabel}
          placeholder={searchPlaceholder}
          value={search.searchText}
          onChange={search.setSearchText}
        />
        {actions}
      </Flex>
      <PagedTable<T>
        label={label}
        columns={columns}
        rowKey="id"
        rows={query.data?.data}
        meta={query.data?.meta}
        perPage={params.perPage}
        onPageChange={search.setPage}
        isLoading={query.isPending}
        isFetching={query.isFetching}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        emptyText={params.search ? `Нічого не знайдено за запитом «${params.search}»` : emptyText}
      />
    </>
  );
}
