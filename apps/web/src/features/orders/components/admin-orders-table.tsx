import {
  DEFAULT_PAGE_SIZE,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAGE_SIZES,
  SEARCH_DEBOUNCE_MS,
  canDownloadDocuments,
  INVOICE_DOCUMENT,
  isMailedStatus,
  PRINT_SET_DOCUMENT,
  type AdminOrderRow,
  type OrderStatus,
} from '@medcalc/domain';
import { Button, Flex, Popconfirm, Select, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';

import { useBusyUntilAnswered } from '@/hooks/use-busy-until-answered';
import { SearchInput } from '@/components/ui/search-input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { CODE_WRAP, NO_WRAP } from '@/components/ui/word-wrap';
import { formatDateTime, formatMoney, formatPhone } from '@/utils/format';

import { useChangeOrderStatus } from '../api/change-order-status';
import { useAdminOrders } from '../api/get-admin-orders';
import { useCompaniesList } from '@/lib/queries/companies-list';
import { ORDER_STATUS_SHORT_LABELS } from '../utils/order-status-display';

import { AdminDocumentLink, AdminOrderDrawer } from './admin-order-drawer';
import { OrdersLoadError, OrdersLoading } from './orders-load-state';

/** Small text for the dense cells, so the whole table fits the 1168 px content column (1280–1440 px screens). */
const DENSE = { fontSize: 13 } as const;

/**
 * The status button group of one order (spec §2 "Admin panel → Orders"): six toggle buttons, the current status
 * pressed and highlighted; any other may be chosen, in any order (spec §4). Laid out three by two with short
 * labels. The full meaning of the current status, or of the button under the pointer or focus, stands in a line
 * under the group instead of a tooltip, so nothing covers the neighbouring buttons (issue 13). Setting `payed` or
 * `confirmed` asks first. An order the company deleted keeps its status: the buttons are disabled. The group
 * follows the server: it changes when the list reloads.
 */
function StatusButtons({ order }: { order: AdminOrderRow }) {
  const changeStatus = useChangeOrderStatus();
  const [previewed, setPreviewed] = useState<OrderStatus | undefined>();
  const pendingStatus = changeStatus.isPending ? changeStatus.variables.status : undefined;
  const isDeleted = order.deletedAt !== null;
  // One change at a time, busy from the first click until the answer (issue 23); choosing the current status
  // again would change nothing.
  const { run: change } = useBusyUntilAnswered(async (status: OrderStatus) => {
    if (status === order.status || changeStatus.isPending || isDeleted) return;
    await changeStatus.mutateAsync({ identifier: order.identifier, status });
  });
  return (
    <div>
      <div
        role="group"
        aria-label={`Статус замовлення ${order.identifier}`}
        aria-busy={changeStatus.isPending}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 4 }}
        onMouseLeave={() => setPreviewed(undefined)}
      >
        {ORDER_STATUSES.map((status) => {
          const isCurrent = status === order.status;
          const button = (
            <Button
              key={status}
              size="small"
              type={isCurrent ? 'primary' : 'default'}
              aria-pressed={isCurrent}
              aria-description={ORDER_STATUS_LABELS[status]}
              disabled={isDeleted && !isCurrent}
              loading={pendingStatus === status}
              style={{ ...DENSE, paddingInline: 4, width: '100%' }}
              onMouseEnter={() => setPreviewed(status)}
              onFocus={() => setPreviewed(status)}
              onBlur={() => setPreviewed(undefined)}
              onClick={isMailedStatus(status) && !isCurrent ? undefined : () => void change(status)}
            >
              {ORDER_STATUS_SHORT_LABELS[status]}
            </Button>
          );
          if (!isMailedStatus(status) || isCurrent || isDeleted) return button;
          return (
            <Popconfirm
              key={status}
              title={`Встановити статус «${ORDER_STATUS_SHORT_LABELS[status]}»?`}
              description={
                <span style={{ display: 'block', maxWidth: 280 }}>
                  {`Замовлення «${order.name}» отримає статус «${ORDER_STATUS_LABELS[status]}», а компанія — лист про це.`}
                </span>
              }
              okText="Так, встановити"
              cancelText="Скасувати"
              placement="bottom"
              // Closes at once; a second click while it fades is dropped by the guard, the button spins.
              onConfirm={() => void change(status)}
            >
              {button}
            </Popconfirm>
          );
        })}
      </div>
      <Typography.Text
        type="secondary"
        aria-hidden
        style={{ ...DENSE, display: 'block', marginTop: 4, lineHeight: 1.3 }}
      >
        {isDeleted ? 'Видалено компанією; статус не змінюється. ' : ''}
        {ORDER_STATUS_LABELS[previewed ?? order.status]}
      </Typography.Text>
    </div>
  );
}

/** What the spec's actions column will hold; no action for the administrator exists yet. */
const renderDate = (value: string) => <span style={DENSE}>{formatDateTime(value)}</span>;

/** Long names (up to 255 characters) stop at three lines; the tooltip shows the whole text. */
const renderClamped = (value: string) => (
  <Typography.Paragraph ellipsis={{ rows: 3, tooltip: value }} style={{ marginBottom: 0 }}>
    {value}
  </Typography.Paragraph>
);

/** The company with its contact (the company's user's e-mail and phone) below it, so both fit one column. */
const renderCompany = (_: unknown, order: AdminOrderRow) => (
  <>
    {renderClamped(order.company)}
    {order.contactEmail || order.contactPhone ? (
      <Typography.Text type="secondary" style={{ ...DENSE, ...CODE_WRAP, display: 'block' }}>
        {[order.contactEmail, formatPhone(order.contactPhone)].filter(Boolean).join(', ')}
      </Typography.Text>
    ) : null}
  </>
);

/** A column title in the cells' small text, so «Ідентифікатор» and the dates' titles fit their columns whole. */
const denseTitle = (text: string) => <span style={DENSE}>{text}</span>;

/**
 * The fixed columns take 1,004 px of the 1,168 px content column and the name the rest (164 px: «Демонстраційне
 * замовлення» in two whole lines; the company's column gave 14 px to «Дії» when it got its links, issue 33); text wraps inside its cell instead of widening the table. Narrower screens
 * scroll the table sideways with the same widths, so a phone shows the name as wide as a laptop does.
 */
const columnsOf = (onOpen: (identifier: string) => void): ColumnsType<AdminOrderRow> => [
  {
    // The number people quote (issue 33); the random identifier under it is what the search and the URL take.
    title: denseTitle('Номер'),
    dataIndex: 'number',
    key: 'number',
    width: 112,
    render: (value: string, order) => (
      <>
        <span style={{ ...DENSE, ...NO_WRAP }}>{value}</span>
        <br />
        <Typography.Text type="secondary" style={{ ...DENSE, ...CODE_WRAP }}>
          {order.identifier}
        </Typography.Text>
      </>
    ),
  },
  {
    title: denseTitle('Назва'),
    dataIndex: 'name',
    key: 'name',
    // A paid order the company deleted stays here for the provider's records (issue 13), marked.
    render: (value: string, order) => (
      <>
        {order.deletedAt !== null ? (
          <Tooltip title={`Компанія видалила замовлення ${formatDateTime(order.deletedAt)}`}>
            <Tag color="red" style={{ marginBottom: 4 }}>
              Видалено
            </Tag>
          </Tooltip>
        ) : null}
        {renderClamped(value)}
      </>
    ),
  },
  { title: denseTitle('Компанія, контакт'), key: 'company', width: 166, render: renderCompany },
  {
    title: denseTitle('Сума, грн'),
    key: 'amount',
    width: 88,
    align: 'right',
    // The order fee (240 UAH per service, spec §9) and how many services it is for.
    render: (_, order) => (
      <span style={DENSE}>
        {formatMoney(order.amount)}
        <Typography.Text type="secondary" style={{ ...DENSE, display: 'block' }}>
          {order.services} посл.
        </Typography.Text>
      </span>
    ),
  },
  {
    title: denseTitle('Перегляд'),
    key: 'open',
    width: 88,
    // Issue 11: the spec's Open button shows the order read-only.
    render: (_, order) => (
      <Button
        size="small"
        aria-label={`Відкрити замовлення ${order.identifier}`}
        onClick={() => onOpen(order.identifier)}
      >
        Відкрити
      </Button>
    ),
  },
  {
    title: denseTitle('Статус'),
    key: 'status',
    width: 270,
    render: (_, order) => <StatusButtons order={order} />,
  },
  {
    title: denseTitle('Створено'),
    dataIndex: 'createdAt',
    key: 'createdAt',
    width: 88,
    render: renderDate,
  },
  {
    title: denseTitle('Оновлено'),
    dataIndex: 'updatedAt',
    key: 'updatedAt',
    width: 88,
    render: renderDate,
  },
  {
    title: denseTitle('Дії'),
    key: 'actions',
    width: 104,
    // Spec §2 lists an actions column without naming an action (issue 33: it said «у розробці»): the invoice at any
    // status, and the whole set of documents to print once the order is calculated (domain `canDownloadDocuments`).
    render: (_, order) => (
      <Flex vertical align="start" gap={2} style={DENSE}>
        <AdminDocumentLink
          file={INVOICE_DOCUMENT.file}
          title="Рахунок"
          identifier={order.identifier}
          ariaLabel={`Рахунок: ${INVOICE_DOCUMENT.title} (PDF) замовлення ${order.number}`}
        />
        {canDownloadDocuments(order.status) ? (
          <AdminDocumentLink
            file={PRINT_SET_DOCUMENT.file}
            title="Документи"
            identifier={order.identifier}
            ariaLabel={`Документи: ${PRINT_SET_DOCUMENT.title} (PDF) замовлення ${order.number}`}
          />
        ) : null}
      </Flex>
    ),
  },
];

/** Narrowest the table gets before it scrolls sideways instead of squeezing the name column: the content column. */
const MIN_TABLE_WIDTH = 1168;

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({
  value: status,
  label: ORDER_STATUS_LABELS[status],
}));

/** Company and status filters: full width each on a phone, side by side from a tablet up. */
const FILTER_STYLE = { flex: '1 1 240px', maxWidth: 360 } as const;

/**
 * Spec §2 "Admin panel → Orders": the orders of every company with their status buttons, a search by name or
 * identifier (applied after the typing pause, SEARCH_DEBOUNCE_MS), company and status filters (issue 11), and the
 * Open button's read-only view of one order.
 */
export function AdminOrdersTable() {
  const [search, setSearch] = useState('');
  const [companyIdentifier, setCompanyIdentifier] = useState<string | undefined>();
  const [status, setStatus] = useState<OrderStatus | undefined>();
  const [openIdentifier, setOpenIdentifier] = useState<string | undefined>();
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const filters = {
    search: debouncedSearch,
    ...(companyIdentifier ? { companyIdentifier } : {}),
    ...(status ? { status } : {}),
  };
  const orders = useAdminOrders(filters);
  const companies = useCompaniesList();
  const isFiltered = debouncedSearch.trim() !== '' || Boolean(companyIdentifier || status);

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={8} role="search" aria-label="Фільтри замовлень">
        <div style={FILTER_STYLE}>
          <SearchInput
            value={search}
            onChange={setSearch}
            label="Пошук замовлень"
            placeholder="Назва або ідентифікатор"
          />
        </div>
        <Select<string>
          aria-label="Компанія"
          placeholder="Усі компанії"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={companies.isPending}
          notFoundContent={companies.isError ? 'Не вдалося завантажити компанії.' : 'Не знайдено'}
          options={companies.data ?? []}
          value={companyIdentifier}
          onChange={(value) => setCompanyIdentifier(value ?? undefined)}
          style={FILTER_STYLE}
        />
        <Select<OrderStatus>
          aria-label="Статус"
          placeholder="Усі статуси"
          allowClear
          options={STATUS_OPTIONS}
          value={status}
          onChange={(value) => setStatus(value ?? undefined)}
          style={FILTER_STYLE}
          popupMatchSelectWidth={false}
        />
      </Flex>
      {orders.isPending ? (
        <OrdersLoading />
      ) : orders.isError && !orders.data ? (
        <OrdersLoadError onRetry={() => void orders.refetch()} />
      ) : (
        <Table<AdminOrderRow>
          rowKey="identifier"
          size="small"
          tableLayout="fixed"
          columns={columnsOf(setOpenIdentifier)}
          dataSource={orders.data}
          loading={orders.isFetching}
          scroll={{ x: MIN_TABLE_WIDTH }}
          // The call answers every matching order at once (spec §7); pages are cut here, sized as spec §9 says.
          pagination={{
            defaultPageSize: DEFAULT_PAGE_SIZE,
            pageSizeOptions: [...PAGE_SIZES],
            showSizeChanger: true,
            hideOnSinglePage: true,
          }}
          locale={{
            emptyText: isFiltered
              ? 'Замовлень за цими умовами не знайдено.'
              : 'Замовлень ще немає.',
          }}
        />
      )}
      <AdminOrderDrawer identifier={openIdentifier} onClose={() => setOpenIdentifier(undefined)} />
    </Flex>
  );
}
