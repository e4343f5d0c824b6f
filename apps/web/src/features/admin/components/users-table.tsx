import type { AdminUser } from '@medcalc/domain';
import { Flex, Tag, type TableColumnsType } from 'antd';
import { useMemo } from 'react';

import { PagedTable, timestampColumns } from '@/components/ui/paged-table';
import { SearchInput } from '@/components/ui/search-input';
import { usePagedSearch } from '@/hooks/use-paged-search';

import { useUsers } from '../api/get-users';

const COLUMNS: TableColumnsType<AdminUser> = [
  { title: 'ID', dataIndex: 'id', key: 'id', width: 64 },
  {
    title: 'Ім’я',
    key: 'name',
    width: 200,
    render: (_, user) => (
      <Flex wrap gap={4} align="center">
        <span>{user.name}</span>
        {user.role === 'admin' ? <Tag color="blue">адміністратор</Tag> : null}
      </Flex>
    ),
  },
  { title: 'Заклад', dataIndex: 'company', key: 'company', width: 220 },
  { title: 'Телефон', dataIndex: 'phone', key: 'phone', width: 140 },
  {
    title: 'Електронна пошта',
    dataIndex: 'email',
    key: 'email',
    width: 220,
    // Long addresses break anywhere rather than widening the table.
    render: (email: string) => <span style={{ overflowWrap: 'anywhere' }}>{email}</span>,
  },
  ...timestampColumns<AdminUser>().map((column) => ({ ...column, width: 120 })),
];

/**
 * Spec §2 Admin panel → Users: a paged table of id, name, company, phone, e-mail, created, updated
 * (`GET /api/get-users`), with a search box applied after the 1-second pause (spec §4) over name, e-mail,
 * phone and company.
 */
export function UsersTable() {
  const search = usePagedSearch();
  const { params } = search;
  const users = useUsers(params);
  const page = users.data;
  const meta = useMemo(
    () => (page ? { currentPage: page.current_page, lastPage: page.last_page } : undefined),
    [page],
  );

  return (
    <>
      <Flex wrap gap={16} style={{ marginBottom: 16 }}>
        <SearchInput
          label="Пошук користувачів"
          placeholder="Ім’я, пошта, телефон або заклад"
          value={search.searchText}
          onChange={search.setSearchText}
        />
      </Flex>
      <PagedTable<AdminUser>
        label="Користувачі"
        columns={COLUMNS}
        rowKey="id"
        rows={page?.data}
        // The users list alone carries its page numbers at the top level (spec §3 "Paged response").
        meta={meta}
        perPage={params.perPage}
        onPageChange={search.setPage}
        isLoading={users.isPending}
        isFetching={users.isFetching}
        isError={users.isError}
        onRetry={() => void users.refetch()}
        emptyText={
          params.search
            ? `Нічого не знайдено за запитом «${params.search}»`
            : 'Користувачів ще немає'
        }
      />
    </>
  );
}
