/**
 * The tests under test/ that open no database (they read the source, the lint config or the route table, or try the
 * runners' helpers): they run once, in the 'server-unit' project, not again on the PostgreSQL stage
 * (scripts/test-pg.mjs runs 'server').
 */
export const STATIC_TESTS = [
  'test/data-folder-copy.test.ts',
  'test/lint-boundaries.test.ts',
  'test/module-graph.test.ts',
  'test/route-rules.test.ts',
  'test/table-owners.test.ts',
  'test/ukrainian-apostrophe.test.ts',
  'test/web-app.test.ts',
];
