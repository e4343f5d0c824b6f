/**
 * Deepest nesting of objects and arrays a request may carry. The deepest real payload (the wizard's
 * `calculations`: category → service → calculation → line → quality) is 6 levels; a body nested far deeper is
 * refused as a whole rather than parsed into the schemas, which would otherwise drop it silently when it sits
 * under a key they do not know.
 */
export const MAX_JSON_DEPTH = 64;

/** Shown when a request's JSON is nested deeper than {@link MAX_JSON_DEPTH}. */
export const JSON_TOO_DEEP_MESSAGE = 'Дані запиту мають надто глибоку вкладеність.';

/** Whether `value` nests objects/arrays deeper than `max` levels (iterative: a 100,000-deep value is fine). */
export function exceedsJsonDepth(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [current, depth] = entry;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(current as Record<string, unknown>)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}
