import { issuesByPath } from '@medcalc/domain';
import type { z } from 'zod';

/**
 * The first message of each field of `value` that `schema` refuses, by the field's dotted path inside `value`
 * (`timeSpend`, `quality.name`; '' for a refused value itself). The wizard shows these under the fields as the
 * user types (spec §5: the domain schemas decide, as the server does); an empty object when all is well.
 */
export function schemaIssues(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const byPath = issuesByPath(result.error.issues);
  return Object.fromEntries(Object.entries(byPath).map(([path, [first = '']]) => [path, first]));
}

/** The first message `schema` gives for `value`, or undefined when it accepts it. */
export function valueIssue(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}
