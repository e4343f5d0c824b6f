import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';

/**
 * One owner per table (docs/architecture.md «Who owns which table»): every table of db/schema is written and read
 * only by its owner module (its repository and the files beside it); another module reaches it through a port
 * the owner provides and app.ts passes in. A module source references a table by importing its Drizzle object
 * from db/schema (a type import, e.g. a port's row type, is no reference) or by naming it in a `sql` template.
 * A read that joins another module's rows in its own statement joins a subquery the owner's port builds
 * (`CompanyNames.nameRows`, `OrderRows.rowsOfCompany`). Tests, db/ (seed, migrations, backups) and lib/ are not
 * modules and are not checked here.
 */

/** Table (SQL name) → the module (folder of src/modules) that owns it; `lib/…` for the one table no module owns. */
const OWNERS: Readonly<Record<string, string>> = {
  companies: 'companies',
  users: 'auth',
  sessions: 'auth',
  password_reset_tokens: 'auth',
  login_throttles: 'auth',
  invitations: 'members',
  activity_log: 'activity',
  categories: 'templates',
  templates: 'templates',
  measurements: 'measurements',
  pills: 'pills',
  staff_rates: 'staff',
  equipment: 'equipment',
  orders: 'orders',
  order_number_counters: 'orders',
  order_status_history: 'orders',
  order_revisions: 'orders',
  order_papers: 'orders',
  calculations: 'calculations',
  service_number_counters: 'calculations',
  company_approval_settings: 'approvals',
  order_approvals: 'approvals',
  document_jobs: 'documents',
  document_job_chunks: 'documents',
  invoice_counters: 'documents',
  order_invoices: 'documents',
  data_imports: 'imports',
  public_price_lists: 'public-price-list',
  public_price_list_slugs: 'public-price-list',
  tariff_comparison_participants: 'tariff-comparison',
  tariff_comparison_figures: 'tariff-comparison',
  tariff_comparison_groups: 'tariff-comparison',
  mail_outbox: 'lib/mail-outbox.ts',
};

const MODULES = fileURLToPath(new URL('../src/modules', import.meta.url));

/** The tables of db/schema: Drizzle export name → SQL name. */
const TABLES: ReadonlyMap<string, string> = new Map(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([exportName, table]) => [exportName, getTableName(table as PgTable)]),
);

/** SQL words after which a table is named in raw SQL. */
const SQL_TABLE_WORDS = /\b(?:from|join|into|update|table|using)\s+"?([a-z_][a-z0-9_]*)"?/giu;

/**
 * The tables `source` references: the db/schema exports it imports as values (whatever the alias, or through a
 * namespace import), and the SQL names in its `sql` templates and `sql.raw` strings.
 */
function tablesReferenced(source: string): Set<string> {
  const file = ts.createSourceFile('probe.ts', source, ts.ScriptTarget.Latest, true);
  const found = new Set<string>();
  const namespaces = new Set<string>();
  const sqlText = (text: string) => {
    for (const [, name = ''] of text.matchAll(SQL_TABLE_WORDS))
      if ([...TABLES.values()].includes(name.toLowerCase())) found.add(name.toLowerCase());
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      /\/db\/schema(?:\/|$)/u.test(node.moduleSpecifier.text) &&
      node.importClause &&
      !node.importClause.isTypeOnly
    ) {
      const bindings = node.importClause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) {
          const table = TABLES.get((element.propertyName ?? element.name).text);
          if (table && !element.isTypeOnly) found.add(table);
        }
    }
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      namespaces.has(node.expression.text)
    ) {
      const table = TABLES.get(node.name.text);
      if (table) found.add(table);
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(file) === 'sql') {
      const template = node.template;
      if (ts.isNoSubstitutionTemplateLiteral(template)) sqlText(template.text);
      else {
        sqlText(template.head.text);
        for (const span of template.templateSpans) sqlText(span.literal.text);
      }
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.getText(file) === 'sql.raw' &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      sqlText(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every reference of a module source (tests aside) to a table another module owns, as `module/file → table`. */
function violations(owners: Readonly<Record<string, string>>): string[] {
  const files = readdirSync(MODULES, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  const found: string[] = [];
  for (const file of files.sort()) {
    const module = file.split(path.sep)[0] ?? '';
    for (const table of tablesReferenced(readFileSync(path.join(MODULES, file), 'utf8')))
      if (owners[table] !== module)
        found.push(`${file.split(path.sep).join('/')} → ${table} (owner: ${owners[table]})`);
  }
  return found;
}

describe('one owner per table', () => {
  it('names an owner for every table of db/schema, and no table that is not there', () => {
    const tables = [...TABLES.values()].sort();
    expect(tables.filter((table) => OWNERS[table] === undefined)).toEqual([]);
    expect(Object.keys(OWNERS).sort()).toEqual(tables);
  });

  it('each owner module exists', () => {
    const modules = new Set(readdirSync(MODULES));
    for (const owner of new Set(Object.values(OWNERS)))
      if (!owner.startsWith('lib/')) expect(modules.has(owner), owner).toBe(true);
  });

  it('no module source writes or reads a table another module owns', () => {
    expect(violations(OWNERS)).toEqual([]);
  });

  it('sees a reference however it is spelled (the check is not blind)', () => {
    const source = [
      "import { orders, calculations as calcs } from '../../db/schema';",
      "import * as db from '../../db/schema/reference';",
      "import type { RevisionServiceRecord } from '../../db/schema';",
      "import { type Pill, invoiceCounters } from '../../db/schema';",
      'const a = db.staffRates;',
      'const b = sql`select 1 from order_papers p join "mail_outbox" m on true`;',
      "const c = sql.raw('delete from sessions');",
      "const d = 'not sql: update users';",
    ].join('\n');
    expect([...tablesReferenced(source)].sort()).toEqual([
      'calculations',
      'invoice_counters',
      'mail_outbox',
      'order_papers',
      'orders',
      'sessions',
      'staff_rates',
    ]);
  });

  it('fails on a planted violation: a module source other than the owner that touches a table', () => {
    // The same sources, with staff_rates given to another module: the staff module's own files now violate.
    const planted = violations({ ...OWNERS, staff_rates: 'imports' });
    expect(planted).toContain('staff/staff.repository.ts → staff_rates (owner: imports)');
  });
});
