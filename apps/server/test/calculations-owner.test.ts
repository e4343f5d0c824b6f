import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One repository per table (docs/architecture.md): the `calculations` table is read and written only by the
 * calculations repository. The orders module reaches it through its `OrderCalculationsStore` port, which app.ts
 * fills with that repository; no other module source imports the table's schema. `db/` (seed, backup) sits below
 * the modules and is not checked; tests may read the table to assert what was written.
 */

const MODULES = fileURLToPath(new URL('../src/modules', import.meta.url));
const OWNER = path.join('calculations', 'calculations.repository.ts');

/** Every `import … from '…/db/schema…'` statement of `source`, with the names it imports. */
function schemaImports(source: string): string[][] {
  const statements = source.matchAll(
    /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'[^']*\/db\/schema[^']*'/g,
  );
  return [...statements].map(([, names = '']) =>
    names
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
  );
}

/** The module sources (no tests) that import the `calculations` table's schema as a value. */
function tableImporters(): string[] {
  const files = readdirSync(MODULES, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  return files
    .filter((file) =>
      schemaImports(readFileSync(path.join(MODULES, file), 'utf8')).some((names) =>
        names.some((name) => name === 'calculations' || name.startsWith('calculations as ')),
      ),
    )
    .sort();
}

describe('the calculations table', () => {
  it('is imported by its one repository only', () => {
    expect(tableImporters()).toEqual([OWNER]);
  });

  it('finds a table import however it is spelled (the check is not blind)', () => {
    const source = [
      "import { orders, calculations } from '../../db/schema';",
      "import {\n  calculations as calcs,\n} from '../../db/schema/orders';",
      "import type { RevisionServiceRecord } from '../../db/schema';",
    ].join('\n');
    expect(schemaImports(source)).toEqual([
      ['orders', 'calculations'],
      ['calculations as calcs'],
      ['RevisionServiceRecord'],
    ]);
  });
});
