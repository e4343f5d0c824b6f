import type { OrderRevision, OrderStatusChange } from '@medcalc/domain';
import { Card, Descriptions, Empty, Flex, Tag, Timeline, Typography } from 'antd';

import { formatDateTime } from '@/utils/format';

import { orderStatusLabel } from '@/lib/order-status-label';
import { revisionStatusText } from '../utils/revision-display';

/** Who changed the status when that user has been deleted since. */
const DELETED_USER = 'Користувача видалено';

/** A status history, oldest first: when, who, from → to. */
export function StatusHistory({
  history,
  label = 'Історія статусів',
}: {
  history: readonly OrderStatusChange[];
  label?: string;
}) {
  if (history.length === 0) return <Empty description="Змін статусу ще не було." />;
  return (
    <Timeline
      aria-label={label}
      items={history.map((change, index) => ({
        key: index,
        content: (
          <>
            <Typography.Text type="secondary">{formatDateTime(change.created_at)}</Typography.Text>
            {' · '}
            {change.userName ?? DELETED_USER}
            <br />
            {change.fromStatus === null
              ? `Створено: «${orderStatusLabel(change.toStatus)}»`
              : `«${orderStatusLabel(change.fromStatus)}» → «${orderStatusLabel(change.toStatus)}»`}
          </>
        ),
      }))}
    />
  );
}

const dateTimeOrDash = (value: string | null) => (value === null ? '—' : formatDateTime(value));

/** One revision: its number and what it is, its status and dates, and its own status history. */
function RevisionCard({ revision }: { revision: OrderRevision }) {
  const title = `Редакція ${revision.number} — ${revisionStatusText(revision)}`;
  return (
    <Card
      size="small"
      role="region"
      aria-label={`Редакція ${revision.number}`}
      title={<span style={{ whiteSpace: 'normal' }}>{title}</span>}
      styles={{ header: { paddingBlock: 8 } }}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        style={{ marginBottom: 12 }}
        items={[
          {
            key: 'status',
            label: 'Статус',
            children: (
              <Tag color={revision.current ? 'blue' : 'default'} style={{ whiteSpace: 'normal' }}>
                {orderStatusLabel(revision.status)}
              </Tag>
            ),
          },
          { key: 'started', label: 'Розпочато', children: formatDateTime(revision.startedAt) },
          {
            key: 'calculated',
            label: 'Розраховано',
            children: dateTimeOrDash(revision.calculatedAt),
          },
          { key: 'approved', label: 'Затверджено', children: dateTimeOrDash(revision.approvedAt) },
        ]}
      />
      <StatusHistory
        history={revision.history}
        label={`Історія статусів редакції ${revision.number}`}
      />
    </Card>
  );
}

/**
 * The order's revisions in the admin drawer (issue 18), newest first, each with its status, dates and own status
 * history (who, when, from → to). An answer without revisions shows the order's single history as before.
 */
export function AdminOrderRevisions({
  revisions,
  history,
}: {
  revisions: readonly OrderRevision[];
  history: readonly OrderStatusChange[];
}) {
  if (revisions.length === 0) return <StatusHistory history={history} />;
  return (
    <Flex vertical gap={12}>
      {[...revisions].reverse().map((revision) => (
        <RevisionCard key={revision.number} revision={revision} />
      ))}
    </Flex>
  );
}
