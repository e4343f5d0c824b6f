import {
  DEFAULT_PAGE_SIZE,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAGE_SIZES,
  UNKNOWN_STATUS_LABEL,
} from '@medcalc/domain';
import { Alert, Button, Radio, Skeleton, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';

import { formatDateTime } from '@/utils/format';

import { useChangeOrderStatus } from '../api/change-order-status';
import { useAdminOrders, type AdminOrderEntry } from '../api/get-admin-orders';
import { isKnownOrderStatus, ORDER_STATUS_SHORT_LABELS } from '../utils/order-status-display';

/**
 * The status button group of one order (spec §2 "Admin panel → Orders"): the current status highlighted; any
 * other may be chosen, in any order (spec §4). The group follows the server: it changes when the list reloads.
 */
function StatusButtons({ order }: { order: AdminOrderEntry }) {
  const changeStatus = useChangeOrderStatus();
  const isKnown = isKnownOrderStatus(order.status);
  return (
    <>
      <Radio.Group
        aria-label={`Статус замовлення ${order.identifier}`}
        // One radio group per row: a shared generated name would tie every row's radios together.
        name={`order-status-${order.identifier}`}
        optionType="button"
        buttonStyle="solid"
        size="small"
        value={isKnown ? order.status : undefined}
        disabled={changeStatus.isPending}
        style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4, maxWidth: 360 }}
        onChange={(event) => {
          const status: unknown = event.target.value;
          if (typeof status === 'string' && isKnownOrderStatus(status)) {
            changeStatus.mutate({ identifier: order.identifier, status });
          }
        }}
      >
        {ORDER_STATUSES.map((status) => (
          <Tooltip key={status} title={ORDER_STATUS_LABELS[status]}>
            <Radio.Button value={status}>{ORDER_STATUS_SHORT_LABELS[status]}</Radio.Button>
          </Tooltip>
        ))}
      </Radio.Group>
      {isKnown ? null : (
        <Tag color="warning" style={{ marginTop: 4 }}>
          {UNKNOWN_STATUS_LABEL}
        </Tag>
      )}
    </>
  );
}

const COLUMNS: ColumnsType<AdminOrderEntry> = [
  { title: 'Ідентифікатор', dataIndex: 'identifier', key: 'identifier' },
  { title: 'Назва', dataIndex: 'name', key: 'name' },
  { title: 'Компанія', dataIndex: 'company', key: 'company' },
  {
    title: 'Перегляд',
    key: 'open',
    // Spec §2: the Open button does nothing yet.
    render: () => (
      <Tooltip title="Перегляд замовлення — у розробці">
        <Button size="small" disabled>
          Відкрити
        </Button>
      </Tooltip>
    ),
  },
  { title: 'Статус', key: 'status', render: (_, order) => <StatusButtons order={order} /> },
  {
    title: 'Створено',
    dataIndex: 'createdAt',
    key: 'createdAt',
    render: (value: string) => formatDateTime(value),
  },
  {
    title: 'Оновлено',
    dataIndex: 'updatedAt',
    key: 'updatedAt',
    render: (value: string) => formatDateTime(value),
  },
  {
    title: 'Дії',
    key: 'actions',
    // Spec §2 lists an actions column without naming an action; none exists for the administrator yet.
    render: () => <Typography.Text type="secondary">—</Typography.Text>,
  },
];

/** Spec §2 "Admin panel → Orders": the orders of every company with their status buttons. */
export function AdminOrdersTable() {
  const orders = useAdminOrders();

  if (orders.isPending) {
    return (
      <div role="status" aria-label="Завантаження замовлень">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (orders.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="Не вдалося завантажити замовлення."
        action={
          <Button size="small" onClick={() => void orders.refetch()}>
            Спробувати ще раз
          </Button>
        }
      />
    );
  }
  return (
    <Table<AdminOrderEntry>
      rowKey="identifier"
      columns={COLUMNS}
      dataSource={orders.data}
      loading={orders.isFetching}
      scroll={{ x: 'max-content' }}
      // The call answers every order at once (spec §7); pages are cut here, sized as spec §9 says.
      pagination={{
        defaultPageSize: DEFAULT_PAGE_SIZE,
        pageSizeOptions: [...PAGE_SIZES],
        showSizeChanger: true,
        hideOnSinglePage: true,
      }}
      locale={{ emptyText: 'Замовлень ще немає.' }}
    />
  );
}
