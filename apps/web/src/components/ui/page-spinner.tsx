import { Spin } from 'antd';

/** Whole-area wait indicator: session checks, lazy pages, first loads. */
export function PageSpinner({ label = 'Завантаження…' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={label}
      style={{ display: 'flex', justifyContent: 'center', padding: '64px 0' }}
    >
      <Spin size="large" />
    </div>
  );
}
