import type { RowUsage } from '@medcalc/domain';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Alert, Flex, Spin, Typography } from 'antd';

/** «Використовується в замовленнях: «…» (…), …» with «та ще N» past the named ones (issue 33). */
export const rowUsageText = (usage: RowUsage): string => {
  const named = usage.orders.map((order) => `«${order.name}» (${order.identifier})`).join(', ');
  const rest = usage.total - usage.orders.length;
  return `Використовується в замовленнях: ${named}${rest > 0 ? ` та ще ${rest}` : ''}.`;
};

/**
 * Part of the delete question of a staffing row, a material or an equipment row (issues 33, 38): which of the
 * company's orders use it, read by `query` (the row's usage call) while the question is open, a spinner while that
 * is read. The orders keep their own copy of each line, so the deletion changes none of them; their re-pricing will
 * ask for a replacement.
 */
export function RowUsageNotice<TKey extends QueryKey>({
  query,
  replacementHint,
}: {
  query: UseQueryOptions<RowUsage, Error, RowUsage, TKey>;
  /** What the orders' re-pricing will ask for, e.g. «оберіть іншу посаду». */
  replacementHint: string;
}) {
  const { data: usage, isLoading } = useQuery(query);
  if (isLoading)
    return (
      <Flex gap={8} align="center" role="status">
        <Spin size="small" />
        <Typography.Text type="secondary">
          Перевіряємо, чи використовується в замовленнях…
        </Typography.Text>
      </Flex>
    );
  if (usage === undefined)
    return (
      <Typography.Paragraph type="secondary">
        Не вдалося перевірити, чи використовується в замовленнях.
      </Typography.Paragraph>
    );
  if (usage.total === 0)
    return (
      <Typography.Paragraph type="secondary">
        Не використовується в жодному замовленні.
      </Typography.Paragraph>
    );
  return (
    <Alert
      type="warning"
      showIcon
      title={rowUsageText(usage)}
      description={`Замовлення збережуть свої дані; під час оновлення даних у калькуляції ${replacementHint}.`}
    />
  );
}
