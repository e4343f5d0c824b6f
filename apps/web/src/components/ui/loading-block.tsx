import { Skeleton } from 'antd';

/** A skeleton for a block whose first data is on its way (house guide: every wait shows one). */
export function LoadingBlock({
  label = 'Завантаження…',
  rows = 5,
}: {
  label?: string;
  rows?: number;
}) {
  return (
    <div role="status" aria-live="polite" aria-label={label}>
      <Skeleton active title={false} paragraph={{ rows }} />
    </div>
  );
}
