/** Widths of the skeleton's lines, % of the content column: a title, then paragraphs of uneven length. */
const LINES = [100, 92, 100, 76, 88, 64] as const;

/**
 * A page's place while its code or its session check loads (issue 23 §3): grey bars where the page will be,
 * under the header, which stays. Plain HTML and CSS (index.css `.page-skeleton`), like `PageSpinner`, because
 * it shows before antd is loaded (docs/performance.md "Landing page").
 */
export function PageSkeleton({ label = 'Завантаження сторінки…' }: { label?: string }) {
  return (
    <div className="page-skeleton" role="status" aria-live="polite" aria-label={label}>
      <span className="page-skeleton-title" aria-hidden />
      {LINES.map((width, index) => (
        <span
          key={index}
          className="page-skeleton-line"
          style={{ width: `${width}%` }}
          aria-hidden
        />
      ))}
    </div>
  );
}
