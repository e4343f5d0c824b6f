/** Every key of a JSON value, as `path.key` with array items as `[]`: what a whitelist test compares. */
export function keysOf(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => keysOf(item, `${path}[]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => [
      `${path}.${key}`,
      ...keysOf(inner, `${path}.${key}`),
    ]);
  return [];
}
