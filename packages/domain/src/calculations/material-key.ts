import type { PillLine } from './calculation.schema';

/**
 * The key that tells one material of an order's price list from another (wizard step 4 and the «Прейскурант
 * використаних матеріалів» document): its id when it has one, otherwise its name and unit together. `null` for a
 * line with no material chosen yet (a new, empty line), which has no place in the price list.
 */
export function materialKey(
  line: Pick<PillLine, 'id' | 'name' | 'measurement_type'>,
): string | null {
  if (line.id !== null) return `id:${line.id}`;
  if (line.name.trim() === '') return null;
  return `name:${JSON.stringify([line.name, line.measurement_type])}`;
}
