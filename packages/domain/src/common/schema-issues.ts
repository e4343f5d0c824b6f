/*
 * How the domain's tests read a failed parse (imported by *.test.ts only, not exported by the package): each
 * issue's dotted path, with or without its message.
 */

import { issuePath, type PathIssue } from './issue-paths';

interface ParseResult {
  error?: { issues: readonly PathIssue[] };
}

/** `[dotted.path, message]` of every issue, for compact assertions (none for a success). */
export const issuesOf = (result: ParseResult) =>
  result.error?.issues.map((issue) => [issuePath(issue), issue.message]) ?? [];

/** The dotted path of every issue (none for a success). */
export const pathsOf = (result: ParseResult) => result.error?.issues.map(issuePath) ?? [];
