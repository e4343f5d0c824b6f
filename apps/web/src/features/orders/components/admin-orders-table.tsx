import {
  DEFAULT_PAGE_SIZE,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAGE_SIZES,
  type AdminOrderListItem,
} from '@medcalc/domain';
import { Button, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';

import { formatDateTime } from '@/utils/format';

import { useChangeOrderStatus } from '../api/change-order-status';
import { useAdminOrders } from '../api/get-admin-orders';
import { ORDER_STATUS_SHORT_LABELS } from '../utils/order-status-display';

import { OrdersLoadError, OrdersLoading } from './orders-load-state';

/** Small text for the dense cells, so the whole table fits the 1168 px content column (1280–1440 px screens). */
const DENSE = { fontSize: 13 } as const;

/**
 * The status button group of one order (spec §2 "Admin panel → Orders"): six toggle buttons, the current status
 * pressed and highlighted; any other may be chosen, in any order (spec §4). Laid out three by two with short
 * labels, the full meaning in each button's tooltip, so the table keeps 'Оновлено' and 'Дії' on screen. The
 * group follows the server: it changes when the list reloads.
 */
function StatusButtons({ order }: { order: AdminOrderListItem }) {
  const changeStatus = useChangeOrderStatus();
  const pendingStatus = changeStatus.isPending ? changeStatus.variables.status : undefined;
  return (
    <div
      role="group"
      aria-label={`Статус замовлення ${order.identifier}`}
      aria-busy={changeStatus.isPending}
      style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 4 }}
    >
      {ORDER_STATUSES.map((status) => {
        const isCurrent = status === order.status;
        return (
          // Delayed, and to the side: a tooltip above would cover the previous row's buttons while the
          // pointer merely crosses the table.
          <Tooltip
            key={status}
            title={ORDER_STATUS_LABELS[status]}
            mouseEnterDelay={0.6}
            placement="left"
          >
            <Button
              size="small"
              type={isCurrent ? 'primary' : 'default'}
              aria-pressed={isCurrent}
              loading={pendingStatus === status}
              style={{ ...DENSE, paddingInline: 4, width: '100%' }}
              onClick={() => {
                // One change at a time; choosing the current status again would change nothing.
                if (isCurrent || changeStatus.isPending) return;
                changeStatus.mutate({ identifier: order.identifier, status });
              }}
            >
              {ORDER_STATUS_SHORT_LABELS[status]}
            </Button>
          </Tooltip>
        );
      })}
    </div>
  );
}

/** What the spec's actions column will hold; no action for the administrator exists yet. */
const ACTIONS_PENDING = 'Дії адміністратора над замовленням з’являться в наступних версіях';

const renderDate = (value: string) => <span style={DENSE}>{formatDateTime(value)}</span>;

/** Long names (up to 255 characters) stop at three lines; the tooltip shows the whole text. */
const renderClamped = (value: string) => (
  <Typography.Paragraph ellipsis={{ rows: 3, tooltip: value }} style={{ marginBottom: 0 }}>
    {value}
  </Typography.Paragraph>
);

/**
 * Column widths add up to the 1168 px content column with the name taking what is left; text wraps inside its
 * cell instead of widening the table. Narrower screens scroll the table sideways.
 */
const COLUMNS: ColumnsType<AdminOrderListItem> = [
  {
    title: 'Ідентифікатор',
    dataIndex: 'identifier',
    key: 'identifier',
    width: 150,
    render: (value: string) => <span style={{ ...DENSE, wordBreak: 'break-all' }}>{value}</span>,
  },
  { title: 'Назва', dataIndex: 'name', key: 'name', render: renderClamped },
  { title: 'Компанія', dataIndex: 'company', key: 'company', width: 170, render: renderClamped },
  {
    title: 'Перегляд',
    key: 'open',
    width: 96,
    // Spec §2: the Open button does nothing yet.
    render: () => (
      <Tooltip title="Перегляд замовлення — у розробці">
        <Button size="small" disabled>
          Відкрити
        </Button>
      </Tooltip>
    ),
  },
  {
    title: 'Статус',
    key: 'status',
    width: 300,
    render: (_, order) => <StatusButtons order={order} />,
  },
  { title: 'Створено', dataIndex: 'createdAt', key: 'createdAt', width: 100, render: renderDate },
  { title: 'Оновлено', dataIndex: 'updatedAt', key: 'updatedAt', width: 100, render: renderDate },
  {
    title: 'Дії',
    key: 'actions',
    width: 80,
    // Spec §2 lists an actions column without naming an action; the cell says so instead of a bare dash.
    render: () => (
      <Tooltip title={ACTIONS_PENDING}>
        <Typography.Text type="secondary" style={DENSE}>
          у розробці
        </Typography.Text>
      </Tooltip>
    ),
  },
];

/** Narrowest the table gets before it scrolls sideways instead of squeezing the name column. */
const MIN_TABLE_WIDTH = 1100;

/** Spec §2 "Admin panel → Orders": the orders of every company with their status buttons. */
export function AdminOrdersTable() {
  const orders = useAdminOrders();

  if (orders.isPending) {
    return <OrdersLoading />;
  }
  if (orders.isError) {
    return <OrdersLoadError onRetry={() => void orders.refetch()} />;
  }
  return (
    <Table<AdminOrderListItem>
      rowKey="identifier"
      size="small"
      tableLayout="fixed"
      columns={COLUMNS}
      dataSource={orders.data}
      loading={orders.isFetching}
      scroll={{ x: MIN_TABLE_WIDTH }}
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
