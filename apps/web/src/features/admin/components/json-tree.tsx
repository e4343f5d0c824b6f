import { Typography } from 'antd';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Nested levels indent; no bullets. Long text wraps anywhere so a phone never scrolls for one value. */
const LIST_STYLE = { listStyle: 'none', margin: 0, paddingInlineStart: 16 } as const;
const LEAF_STYLE = { overflowWrap: 'anywhere' } as const;

const isBranch = (value: Json): value is Json[] | { [key: string]: Json } =>
  typeof value === 'object' && value !== null;

/** `{…} 3` / `[…] 2`: what a collapsed branch holds. */
function branchSummary(value: Json[] | { [key: string]: Json }): string {
  return Array.isArray(value) ? `[…] ${value.length}` : `{…} ${Object.keys(value).length}`;
}

function leafText(value: Exclude<Json, Json[] | { [key: string]: Json }>): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}

function JsonNode({ name, value }: { name: string; value: Json }) {
  if (!isBranch(value)) {
    return (
      <li style={LEAF_STYLE}>
        <span>{name}:</span> <code>{leafText(value)}</code>
      </li>
    );
  }
  const entries: [string, Json][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  return (
    <li>
      <details>
        <summary style={{ cursor: 'pointer' }}>
          <span>{name}</span>{' '}
          <Typography.Text type="secondary">{branchSummary(value)}</Typography.Text>
        </summary>
        <ul style={LIST_STYLE}>
          {entries.map(([key, item]) => (
            <JsonNode key={key} name={key} value={item} />
          ))}
        </ul>
      </details>
    </li>
  );
}

/**
 * A template's content as a collapsed JSON tree (spec §2 Admin panel → Templates): every object and array is a
 * native `<details>` the administrator opens one level at a time (keyboard and screen readers included, no
 * extra dependency). Text that is not JSON is shown as it is.
 */
export function JsonTree({ json, label }: { json: string; label: string }) {
  let value: Json;
  try {
    value = JSON.parse(json) as Json;
  } catch {
    return <code style={{ overflowWrap: 'anywhere' }}>{json}</code>;
  }
  return (
    <ul style={{ ...LIST_STYLE, paddingInlineStart: 0 }} aria-label={label}>
      <JsonNode name="template" value={value} />
    </ul>
  );
}
