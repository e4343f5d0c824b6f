import { Alert, Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';

// The wait and the failure of a read of the orders' feature: the lists, the admin's order, the revisions, the
// services' калькуляції and the re-pricing preview show them alike.

/** Shown while a read is on its way (house guide: every wait shows a skeleton), named for screen readers. */
export function LoadingSkeleton({
  label,
  rows,
  title = true,
}: {
  label: string;
  rows: number;
  /** The skeleton's title bar; off for a block under a heading of its own. */
  title?: boolean;
}) {
  return (
    <div role="status" aria-label={label}>
      <Skeleton active title={title} paragraph={{ rows }} />
    </div>
  );
}

/**
 * Shown when a read failed, with another try. The server's message has already been a toast (spec §8), unless
 * the call keeps a refusal quiet: then `description` shows its words here.
 */
export function LoadFailed({
  title,
  description,
  onRetry,
}: {
  title: string;
  description?: ReactNode;
  onRetry: () => void;
}) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={description}
      action={
        <Button size="small" onClick={onRetry}>
          Спробувати ще раз
        </Button>
      }
    />
  );
}

/** The wait of an orders list, the same in the company's list and the admin table. */
export function OrdersLoading() {
  return <LoadingSkeleton label="Завантаження замовлень" rows={6} />;
}

/** The failure of an orders list, the same in the company's list and the admin table. */
export function OrdersLoadError({ onRetry }: { onRetry: () => void }) {
  return <LoadFailed title="Не вдалося завантажити замовлення." onRetry={onRetry} />;
}
