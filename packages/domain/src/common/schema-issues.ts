/*
 * How the domain's tests read a failed parse (imported by *.test.ts only, not exported by the package): each
 * issue's dotted path, with or without its message.
 */

interface ParseResult {
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}

/** `[dotted.path, message]` of every issue, for compact assertions (none for a success). */
export const issuesOf = (result: ParseResult) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

/** The dotted path of every issue (none for a success). */
export const pathsOf = (result: ParseResult) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
