/**
 * zod's issues as the field errors the house shows and sends (spec §8's `{ field: [messages] }`): each issue under
 * its field's dotted path (`calculations.0.templateName`, `password`), the messages of a path in the schema's
 * order. The wizard's checks as you type, the new order's draft and the server's refusals all read a failed parse
 * this way.
 */

/** What is read of an issue: where it is and what it says (zod's `$ZodIssue`, or anything shaped like it). */
export interface PathIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The dotted path of an issue (`stuff.0.timeSpend`); '' for an issue of the value itself. */
export const issuePath = (issue: PathIssue): string => issue.path.map(String).join('.');

/**
 * Every issue's message under its dotted path, in order; an issue of the value itself goes under `rootPath`
 * ('' unless a form puts such issues under one of its fields).
 */
export function issuesByPath(
  issues: readonly PathIssue[],
  rootPath = '',
): Record<string, string[]> {
  const byPath: Record<string, string[]> = {};
  for (const issue of issues) (byPath[issuePath(issue) || rootPath] ??= []).push(issue.message);
  return byPath;
}
