import {
  canDownloadDocuments,
  documentRefusal,
  INVOICE_DOCUMENT,
  ORDER_DOCUMENTS,
  type PrintSetFile,
  type AdminOrderDetail,
  type AdminOrderService,
} from '@medcalc/domain';
import { Card, Descriptions, Drawer, Empty, Flex, Grid, Tag, Typography } from 'antd';

import { DocumentLinkButton } from '@/components/ui/document-link-button';
import {
  formatDateTime,
  formatHours,
  formatMoney,
  formatPercent,
  formatPhone,
  formatQuantity,
} from '@/utils/format';

import { useDownloadAdminOrderPdf } from '../api/download-admin-order-pdf';
import { useAdminOrder } from '../api/get-admin-order';
import { orderStatusLabel } from '@/lib/order-status-label';

import { LoadFailed, LoadingSkeleton } from './orders-load-state';
import { useAdminTariffHistory } from '../api/get-admin-tariff-history';

import { AdminOrderRevisions } from './admin-order-revisions';
import { LazyTariffHistoryChart } from './lazy-tariff-history-chart';

/** A service whose category was deleted since (its `category_id` was set null). */
const UNCATEGORISED = 'Без категорії';

/** The services by category name, in the order's position order (first appearance of each category). */
function groupByCategory(services: readonly AdminOrderService[]) {
  const groups = new Map<string, AdminOrderService[]>();
  for (const service of services) {
    const key = service.categoryName ?? UNCATEGORISED;
    groups.set(key, [...(groups.get(key) ?? []), service]);
  }
  return [...groups];
}

const money = (value: number | string | null) =>
  value === null || value === '' ? '—' : `${formatMoney(value)} грн`;

/** One service read-only: code, name, cost and tariff (once calculated), its staff and material lines. */
function ServiceCard({ service }: { service: AdminOrderService }) {
  const { stuff, pills, bonus, profit } = service.calculation;
  return (
    <Card
      size="small"
      title={
        <Typography.Text style={{ whiteSpace: 'normal' }}>
          <Typography.Text type="secondary">{service.code}</Typography.Text> {service.name}
        </Typography.Text>
      }
      styles={{ header: { paddingBlock: 8 } }}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'summary', label: 'Собівартість', children: money(service.summary) },
          {
            key: 'tariff',
            label: 'Тариф без ПДВ',
            children: money(service.summaryWithProfit),
          },
          { key: 'bonus', label: 'Премія', children: formatPercent(bonus) },
          { key: 'profit', label: 'Рентабельність', children: formatPercent(profit) },
        ]}
      />
      <Typography.Text strong>Персонал</Typography.Text>
      {stuff.length === 0 ? (
        <Typography.Paragraph type="secondary">Рядків персоналу немає.</Typography.Paragraph>
      ) : (
        <ul aria-label={`Персонал: ${service.name}`} style={{ paddingInlineStart: 20 }}>
          {stuff.map((line, index) => (
            <li key={index}>
              {line.quality?.name ?? 'Посаду не обрано'}: {formatQuantity(line.timeSpend)} хв, оклад{' '}
              {money(line.salary)}, умови праці {formatPercent(line.conditionPercent)}, робочий день{' '}
              {formatHours(line.workingDay)}
            </li>
          ))}
        </ul>
      )}
      <Typography.Text strong>Матеріали</Typography.Text>
      {pills.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Матеріалів немає.
        </Typography.Paragraph>
      ) : (
        <ul
          aria-label={`Матеріали: ${service.name}`}
          style={{ paddingInlineStart: 20, marginBottom: 0 }}
        >
          {pills.map((line, index) => (
            <li key={index}>
              {line.name}: {formatQuantity(line.spend)} {line.measurement_type} ×{' '}
              {money(line.price)}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * One document link of any company's order (the drawer's list, the orders table's «Дії»): its own download, so only
 * this link spins while its file is generated.
 */
export function AdminDocumentLink({
  file,
  title,
  identifier,
  ariaLabel,
}: {
  file: (typeof ORDER_DOCUMENTS)[number]['file'] | typeof INVOICE_DOCUMENT.file | PrintSetFile;
  title: string;
  identifier: string;
  /** When the visible text alone does not say which order's document it is (a row of the orders table). */
  ariaLabel?: string;
}) {
  const download = useDownloadAdminOrderPdf();
  return (
    <DocumentLinkButton
      isPending={download.isPending}
      onClick={() => download.mutate({ file, identifier })}
      {...(ariaLabel === undefined ? {} : { ariaLabel })}
    >
      {title}
    </DocumentLinkButton>
  );
}

/** The five documents once the order is calculated (domain `documentRefusal`), and the invoice at any status. */
function AdminOrderDocuments({ order }: { order: AdminOrderDetail }) {
  const ready = canDownloadDocuments(order.status);
  return (
    <Flex vertical align="start" gap={2}>
      {ready ? (
        <ul aria-label="Документи" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {ORDER_DOCUMENTS.map((document) => (
            <li key={document.file}>
              <AdminDocumentLink
                file={document.file}
                title={document.title}
                identifier={order.identifier}
              />
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">
          {documentRefusal(order.status) === 'payment'
            ? 'Документи будуть доступні після оплати та розрахунку.'
            : 'Документи будуть доступні, коли розрахунок завершено.'}
        </Typography.Text>
      )}
      <AdminDocumentLink
        file={INVOICE_DOCUMENT.file}
        title={`${INVOICE_DOCUMENT.title} (PDF)`}
        identifier={order.identifier}
      />
    </Flex>
  );
}

function OrderView({ order }: { order: AdminOrderDetail }) {
  const groups = groupByCategory(order.calculations);
  // On a phone the labels go above their values, so long values (an e-mail, a status) wrap instead of overflowing.
  const isWide = Grid.useBreakpoint().sm ?? false;
  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        bordered
        column={1}
        layout={isWide ? 'horizontal' : 'vertical'}
        styles={{ content: { overflowWrap: 'anywhere' } }}
        items={[
          { key: 'identifier', label: 'Ідентифікатор', children: order.identifier },
          { key: 'company', label: 'Компанія', children: order.company },
          {
            key: 'contact',
            label: 'Контакт',
            children:
              [order.contactEmail, formatPhone(order.contactPhone)].filter(Boolean).join(', ') ||
              '—',
          },
          {
            key: 'status',
            label: 'Статус',
            children: (
              <>
                <Tag color="blue" style={{ whiteSpace: 'normal' }}>
                  {orderStatusLabel(order.status)}
                </Tag>
                {/* Issue 13: a paid order the company deleted is kept for the provider's records. */}
                {order.deletedAt !== null ? (
                  <Tag color="red" style={{ whiteSpace: 'normal' }}>
                    {`Видалено компанією ${formatDateTime(order.deletedAt)}`}
                  </Tag>
                ) : null}
              </>
            ),
          },
          {
            key: 'amount',
            label: 'Сума до оплати',
            children: `${money(order.amount)} (${order.services} посл.)`,
          },
          { key: 'created', label: 'Створено', children: formatDateTime(order.createdAt) },
          { key: 'updated', label: 'Оновлено', children: formatDateTime(order.updatedAt) },
        ]}
      />
      <section aria-label="Документи замовлення">
        <Typography.Title level={5}>Документи</Typography.Title>
        <AdminOrderDocuments order={order} />
      </section>
      <section aria-label="Послуги">
        <Typography.Title level={5}>Послуги</Typography.Title>
        {groups.length === 0 ? <Empty description="У замовленні немає послуг." /> : null}
        {groups.map(([category, services]) => (
          <section key={category} aria-label={category} style={{ marginBottom: 12 }}>
            <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
              {category}
            </Typography.Text>
            <Flex vertical gap={8}>
              {services.map((service) => (
                <ServiceCard key={service.id} service={service} />
              ))}
            </Flex>
          </section>
        ))}
      </section>
      <section aria-label="Історія статусів замовлення">
        <Typography.Title level={5}>
          {order.revisions.length > 0 ? 'Редакції та історія статусів' : 'Історія статусів'}
        </Typography.Title>
        <AdminOrderRevisions revisions={order.revisions} history={order.history} />
        <AdminTariffHistory identifier={order.identifier} />
      </section>
    </Flex>
  );
}

/**
 * The spec's 'Open' (issue 11): any company's order read-only in a side panel (full width on a phone) — company,
 * status, the services by category with their staff and material lines and their cost and tariff, the documents
 * through the administrator's PDF call, and its revisions (issue 18), each with who changed its status when.
 */
export function AdminOrderDrawer({
  identifier,
  onClose,
}: {
  identifier: string | undefined;
  onClose: () => void;
}) {
  const order = useAdminOrder(identifier);
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={identifier !== undefined}
      onClose={onClose}
      size={screens.md ? 720 : '100%'}
      title={order.data?.name ?? 'Замовлення'}
      destroyOnHidden
    >
      {order.isPending ? (
        <LoadingSkeleton label="Завантаження замовлення" rows={8} />
      ) : order.isError ? (
        <LoadFailed
          title="Не вдалося завантажити замовлення."
          onRetry={() => void order.refetch()}
        />
      ) : (
        <OrderView order={order.data} />
      )}
    </Drawer>
  );
}

/** Issue 35: the order's tariff history in the administrator's drawer. */
function AdminTariffHistory({ identifier }: { identifier: string }) {
  const history = useAdminTariffHistory(identifier);
  return history.data ? <LazyTariffHistoryChart history={history.data} /> : null;
}
