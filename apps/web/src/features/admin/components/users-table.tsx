import { MEMBER_ROLE_LABELS, type AdminUser } from '@medcalc/domain';
import { Flex, Tag, type TableColumnsType } from 'antd';

import { NoWrap } from '@/components/ui/no-wrap';
import { SearchedPagedTable, timestampColumns } from '@/components/ui/paged-table';
import { usePagedSearch } from '@/hooks/use-paged-search';
import { CODE_WRAP } from '@/components/ui/word-wrap';
import { formatPhone } from '@/utils/format';

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
  // Issue 22: the user's role inside their institution.
  {
    title: 'Роль в установі',
    key: 'companyRole',
    width: 170,
    render: (_, user) => MEMBER_ROLE_LABELS[user.companyRole],
  },
  {
    title: 'Телефон',
    dataIndex: 'phone',
    key: 'phone',
    width: 150,
    // Rows stored before issue 23 show as phones are stored now (+380 50 123 45 67, 0352 52-12-34), on one line.
    render: (phone: string) => <NoWrap>{formatPhone(phone)}</NoWrap>,
  },
  {
    title: 'Електронна пошта',
    dataIndex: 'email',
    key: 'email',
    width: 220,
    // Long addresses break anywhere rather than widening the table.
    render: (email: string) => <span style={CODE_WRAP}>{email}</span>,
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
  const users = useUsers(search.params);
  const page = users.data;
  // The users list alone carries its page numbers at the top level (spec §3 "Paged response").
  const paged = page
    ? { data: page.data, meta: { currentPage: page.current_page, lastPage: page.last_page } }
    : undefined;

  return (
    <SearchedPagedTable<AdminUser>
      label="Користувачі"
      searchLabel="Пошук користувачів"
      searchPlaceholder="Ім’я, пошта, телефон або заклад"
      emptyText="Користувачів ще немає"
      columns={COLUMNS}
      search={search}
      query={{ ...users, data: paged }}
    />
  );
}
