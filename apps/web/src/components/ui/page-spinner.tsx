/**
 * Whole-area wait indicator: session checks, lazy pages, first loads. A CSS ring in antd's large Spin size and
 * the theme's primary colour (index.css `.page-spinner`): it shows while the first page loads, so it must not
 * add antd's Spin to that download (docs/performance.md "Landing page").
 */
export function PageSpinner({ label = 'Завантаження…' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={label}
      style={{ display: 'flex', justifyContent: 'center', padding: '64px 0' }}
    >
      <span className="page-spinner" aria-hidden />
    </div>
  );
}
