import { MAX_NAME_LENGTH } from '@medcalc/domain';

/** Appended to the name of a duplicated order (spec §2 "Operations column": a new calculation based on this one). */
export const DUPLICATE_SUFFIX = ' (копія)';
/** Copy suffixes already at the end of a name: ` (копія)`, ` (копія N)`, also stacked by older copies. */
const COPY_SUFFIX_PATTERN = /(?: \(копія(?: \d+)?\))+$/u;

/**
 * The name of a duplicate: «X (копія)», then «X (копія 2)», «X (копія 3)»… Copying a copy does not stack the
 * suffix («X (копія) (копія)»): the suffix is taken off first and the first name not among `takenNames` (the
 * company's order names) is used. The base is shortened so the result stays within 255 characters.
 */
export function duplicateName(name: string, takenNames: ReadonlySet<string>): string {
  const base = name.replace(COPY_SUFFIX_PATTERN, '');
  const withSuffix = (suffix: string) =>
    `${base.slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
  let candidate = withSuffix(DUPLICATE_SUFFIX);
  // Bounded: n names can take at most n numbers, so this ends after takenNames.size + 2 tries at most.
  for (let number = 2; takenNames.has(candidate); number += 1) {
    candidate = withSuffix(` (копія ${number})`);
  }
  return candidate;
}
