import { Alert, Button, Skeleton } from 'antd';

// The wait and the failure of an orders list, the same in the company's list and the admin table.

/** Shown while the orders are on their way (house guide: every wait shows a skeleton). */
export function OrdersLoading() {
  return (
    <div role="status" aria-label="Завантаження замовлень">
      <Skeleton active paragraph={{ rows: 6 }} />
    </div>
  );
}

/** Shown when the orders could not be loaded; the server's message has already been a toast (spec §8). */
export function OrdersLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title="Не вдалося завантажити замовлення."
      action={
        <Button size="small" onClick={onRetry}>
          Спробувати ще раз
        </Button>
      }
    />
  );
}
