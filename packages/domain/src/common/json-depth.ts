/**
 * Deepest nesting of objects and arrays a request may carry. The deepest real payload (the wizard's
 * `calculations`: category → service → calculation → line → quality) is 6 levels; a body nested far deeper is
 * refused as a whole rather than parsed into the schemas, which would otherwise drop it silently when it sits
 * under a key they do not know.
 */
export const MAX_JSON_DEPTH = 64;

/** Shown when a request's JSON is nested deeper than {@link MAX_JSON_DEPTH}. */
export const JSON_TOO_DEEP_MESSAGE = 'Дані запиту мають надто глибоку вкладеність.';

/**
 * Whether `value` nests objects/arrays deeper than `max` levels. Recursive, but never more than `max` + 1 calls
 * deep (a 100,000-deep value is fine), and without a queue entry per node: it runs on every JSON body, and the
 * wizard's bodies have some 100,000 nodes (issue 21, docs/performance.md).
 */
export function exceedsJsonDepth(value: unknown, max = MAX_JSON_DEPTH): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (max <= 0) return true;
  if (Array.isArray(value)) {
    for (const child of value as unknown[]) if (exceedsJsonDepth(child, max - 1)) return true;
    return false;
  }
  for (const child of Object.values(value)) if (exceedsJsonDepth(child, max - 1)) return true;
  return false;
}
