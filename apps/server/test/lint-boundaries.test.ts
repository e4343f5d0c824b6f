import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundary rules of eslint.config.js (house guide 2.2, docs/architecture.md) actually fire: each case lints
 * a small source text as if it were a file at the given place, with the repository's own config. Before the
 * TypeScript resolver and the import-x extensions were configured, the web and cycle cases passed silently.
 */

const REPO_ROOT = path.resolve(fileURLToPath(new URL('../../../', import.meta.url)));
let eslint: ESLint;

beforeAll(() => {
  // The probes are texts, not files on disk, so no tsconfig holds them: they are linted without the type-aware
  // rules (which need a file's program), every other rule of the config as it is. So are the few texts placed at a
  // real file (app.ts, api-client.ts, …): for each of them the project service rebuilt that app's whole TypeScript
  // program (≈ 10 s of CPU each, most of this file's time), and none of the rules tested here reads types — the
  // config's only type-aware rules are the three promise rules, which no case is about.
  eslint = new ESLint({
    cwd: REPO_ROOT,
    overrideConfig: [tseslint.configs.disableTypeChecked],
  });
});

/** The rule ids ESLint reports for `code` placed at `file` (relative to the repository root). */
async function ruleIdsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

/**
 * The cycle rule walks the import graph of the app from the probe. Both cycle cases place their text at a real
 * file, which took 4–13 s alone and 33 s once beside the browser journeys while the project service built the
 * app's TypeScript program for it (see `beforeAll`); the room is kept for a loaded machine.
 */
const CYCLE_TIMEOUT_MS = 120_000;

const RESTRICTED = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';
const TYPE_ONLY = '@typescript-eslint/no-restricted-imports';

/** Probes of one verdict each: `code` placed at `file` is reported under `rule`, under none, or as a cycle. */
describe('one probe, one verdict', () => {
  const refused = [
    {
      title: 'web: refuses shared components importing a feature',
      file: 'apps/web/src/components/ui/lint-probe.tsx',
      code: "import { useOrders } from '@/features/orders/api/get-orders';\nexport const probe = useOrders;\n",
      rule: RESTRICTED,
    },
    {
      title: 'server: refuses a plugin importing a module, even a type',
      file: 'apps/server/src/plugins/lint-probe.ts',
      code: "import type { AuthService } from '../modules/auth/auth.service';\nexport type Probe = AuthService;\n",
      rule: RESTRICTED,
    },
    {
      title: "server: takes another module's service only as a type",
      file: 'apps/server/src/modules/orders/lint-probe.ts',
      code: "import { createCompaniesService } from '../companies/companies.service';\nexport const probe = createCompaniesService;\n",
      rule: TYPE_ONLY,
    },
    {
      title: 'server: refuses a module importing config/, even a type (issue 37)',
      file: 'apps/server/src/modules/documents/lint-probe.ts',
      code: "import type { AppConfig } from '../../config/env';\nexport type Probe = AppConfig;\n",
      rule: RESTRICTED,
    },
    {
      title: 'server: refuses config/ importing a module (issue 37)',
      file: 'apps/server/src/config/lint-probe.ts',
      code: "import type { DocumentPoolOptions } from '../modules/documents/document-pool';\nexport type Probe = DocumentPoolOptions;\n",
      rule: RESTRICTED,
    },
    {
      title: 'server: refuses a layout loading the documents service (issue 37)',
      file: 'apps/server/src/modules/documents/layouts/lint-probe.ts',
      code: "import type { DocumentsService } from '../documents.service';\nexport type Probe = DocumentsService;\n",
      rule: RESTRICTED,
    },
    {
      title: 'server: refuses a module import from the server lib (issue 19)',
      file: 'apps/server/src/lib/lint-probe.ts',
      code: "import type { OrdersService } from '../modules/orders/orders.service';\nexport type Probe = OrdersService;\n",
      rule: RESTRICTED,
    },
    {
      title: 'refuses a package the workspace does not declare (issue 19)',
      file: 'apps/web/src/lib/lint-probe.ts',
      code: "import { sql } from 'drizzle-orm';\nexport const probe = sql;\n",
      rule: 'import-x/no-extraneous-dependencies',
    },
  ];
  for (const { title, file, code, rule } of refused)
    it(title, async () => {
      expect(await ruleIdsOf(file, code)).toContain(rule);
    });

  const allowed = [
    {
      title: 'web: lets a feature import its own files and the shared code',
      file: 'apps/web/src/features/orders/lint-probe.ts',
      code: "import { useOrders } from '@/features/orders/api/get-orders';\nimport { api } from '@/lib/api-client';\nexport const probe = [useOrders, api];\n",
    },
    {
      title:
        "server: lets a module take another module's service as a type, and its own repository",
      file: 'apps/server/src/modules/orders/lint-probe.ts',
      code: [
        "import type { CompaniesService } from '../companies/companies.service';",
        "import { createOrdersRepository } from './orders.repository';",
        'export type Probe = CompaniesService;',
        'export const probe = createOrdersRepository;',
        '',
      ].join('\n'),
    },
    {
      title: 'server: lets config/ use lib/ (issue 37)',
      file: 'apps/server/src/config/lint-probe.ts',
      code: "import type { ProviderRequisites } from '../lib/provider-requisites';\nexport type Probe = ProviderRequisites;\n",
    },
  ];
  for (const { title, file, code } of allowed)
    it(`${title}: no rule fires`, async () => {
      expect(await ruleIdsOf(file, code)).toEqual([]);
    });

  const cycles = [
    {
      // get-orders.ts imports '@/lib/api-client'; an api-client importing get-orders closes the loop.
      title: 'web: finds an import cycle through .ts files and the alias',
      file: 'apps/web/src/lib/api-client.ts',
      code: "import { useOrders } from '@/features/orders/api/get-orders';\nexport const probe = useOrders;\n",
    },
    {
      // data-dir.ts imports './random'; a random.ts importing data-dir closes the loop.
      title: 'server: finds an import cycle between .ts files',
      file: 'apps/server/src/lib/random.ts',
      code: "import { lockDataDir } from './data-dir';\nexport const probe = lockDataDir;\n",
    },
  ];
  for (const { title, file, code } of cycles)
    it(
      title,
      async () => {
        expect(await ruleIdsOf(file, code)).toContain(CYCLE);
      },
      CYCLE_TIMEOUT_MS,
    );
});

describe('web boundaries (with the @/ alias resolved)', () => {
  it('refuses a feature importing another feature, by alias or by relative path', async () => {
    for (const source of ['@/features/orders/api/get-orders', '../orders/api/get-orders']) {
      const ids = await ruleIdsOf(
        'apps/web/src/features/pills/lint-probe.ts',
        `import { useOrders } from '${source}';\nexport const probe = useOrders;\n`,
      );
      expect(ids, source).toContain(RESTRICTED);
    }
  });
});

describe('server boundaries', () => {
  it("refuses a module importing another module's repository or routes", async () => {
    const ids = await ruleIdsOf(
      'apps/server/src/modules/orders/lint-probe.ts',
      [
        "import { createCompaniesRepository } from '../companies/companies.repository';",
        "import { companiesRoutes } from '../companies/companies.routes';",
        'export const probe = [createCompaniesRepository, companiesRoutes];',
        '',
      ].join('\n'),
    );
    expect(ids.filter((id) => id === RESTRICTED)).toHaveLength(2);
  });
});

describe('configuration flows down (issue 37)', () => {
  it('lets a CLI entry point of a module read config/', async () => {
    const cli = await ruleIdsOf(
      'apps/server/src/modules/backups/lint-probe-cli.ts',
      "import { loadConfig } from '../../config/env';\nexport const probe = loadConfig;\n",
    );
    expect(cli).not.toContain(RESTRICTED);
  });
});

describe('house rules of issue 19', () => {
  it('refuses a clock and crypto in the domain, and an environment read by destructuring', async () => {
    const domain = await ruleIdsOf(
      'packages/domain/src/common/lint-probe.ts',
      'export const now = new Date();\nexport const id = crypto.randomUUID();\n',
    );
    expect(domain.filter((id) => id === 'no-restricted-syntax')).toHaveLength(1);
    expect(domain).toContain('no-restricted-globals');
    const env = await ruleIdsOf(
      'apps/server/src/modules/orders/lint-probe.ts',
      'const { env } = process;\nexport const probe = env.PORT;\n',
    );
    expect(env).toContain('no-restricted-syntax');
  });
});

describe('zod configured first in every bundle (issue 39)', () => {
  it("refuses zod's value taken around the domain's common/zod.ts, and takes it from there", async () => {
    const around = await ruleIdsOf(
      'packages/domain/src/common/lint-probe.ts',
      "import { z } from 'zod';\nexport const probe = z.string();\n",
    );
    expect(around).toContain('no-restricted-imports');
    const through = await ruleIdsOf(
      'packages/domain/src/common/lint-probe.ts',
      "import { z } from './zod';\nexport const probe = z.string();\n",
    );
    expect(through).not.toContain('no-restricted-imports');
  });
});

describe('use cases in their own files (issue 37)', () => {
  const LONG = 'max-lines-per-function';
  /** A function of `lines` code lines, each body line followed by a comment and a blank line (not counted). */
  const functionOf = (lines: number) =>
    [
      'export function probe(): number {',
      '  let total = 0;',
      ...Array.from({ length: lines - 4 }, (_, i) => `  total += ${i};\n  // step ${i}\n`),
      '  return total;',
      '}',
      '',
    ].join('\n');

  it('refuses a function of the apps over 250 lines, comments and blank lines not counted', async () => {
    expect(
      await ruleIdsOf('apps/server/src/modules/orders/lint-probe.ts', functionOf(251)),
    ).toContain(LONG);
    expect(
      await ruleIdsOf('apps/web/src/features/orders/lint-probe.tsx', functionOf(251)),
    ).toContain(LONG);
    expect(
      await ruleIdsOf('apps/server/src/modules/orders/lint-probe.ts', functionOf(250)),
    ).toEqual([]);
  });

  it('lets a test run long', async () => {
    expect(
      await ruleIdsOf('apps/server/src/modules/orders/lint-probe.test.ts', functionOf(251)),
    ).toEqual([]);
  });
});

describe("the activity log's actor is passed, never ambient (issue 37)", () => {
  const NO_IMPORT = 'no-restricted-imports';
  const ambient = (specifier: string) =>
    `import { AsyncLocalStorage } from '${specifier}';\nexport const probe = new AsyncLocalStorage<{ actor: number }>();\n`;

  it('refuses AsyncLocalStorage in the server, the documents’ render turn aside', async () => {
    for (const file of [
      'apps/server/src/lib/lint-probe.ts',
      'apps/server/src/plugins/lint-probe.ts',
      'apps/server/src/modules/activity/lint-probe.ts',
      'apps/server/src/app.ts',
    ]) {
      for (const specifier of ['node:async_hooks', 'async_hooks'])
        expect(await ruleIdsOf(file, ambient(specifier)), `${file} ${specifier}`).toContain(
          NO_IMPORT,
        );
    }
    expect(
      await ruleIdsOf(
        'apps/server/src/modules/documents/document-pool.ts',
        ambient('node:async_hooks'),
      ),
    ).toEqual([]);
  });

  it('refuses a module making the writer; only app.ts does, the others take its type', async () => {
    const make = (from: string) =>
      `import { createActivityLog } from '${from}';\nexport const probe = createActivityLog();\n`;
    expect(
      await ruleIdsOf(
        'apps/server/src/modules/staff/lint-probe.ts',
        make('../activity/activity-log'),
      ),
    ).toContain(NO_IMPORT);
    expect(
      await ruleIdsOf('apps/server/src/modules/activity/lint-probe.ts', make('./activity-log')),
    ).toContain(NO_IMPORT);
    expect(
      await ruleIdsOf('apps/server/src/app.ts', make('./modules/activity/activity-log')),
    ).toEqual([]);
    expect(
      await ruleIdsOf(
        'apps/server/src/modules/staff/lint-probe.ts',
        "import { changeOf, type ActivityLog } from '../activity/activity-log';\nexport type Probe = ActivityLog;\nexport const probe = changeOf;\n",
      ),
    ).toEqual([]);
  });
});

describe('the web’s conventions (eslint/house-rules.js)', () => {
  it('refuses a query key written in place instead of taken from the key factory', async () => {
    const ids = await ruleIdsOf(
      'apps/web/src/features/pills/lint-probe.ts',
      [
        "import { useQuery, useQueryClient } from '@tanstack/react-query';",
        'export const useProbe = () => {',
        '  const client = useQueryClient();',
        "  client.setQueryData(['pills', 1], null);",
        "  return useQuery({ queryKey: ['pills'], queryFn: () => 1 });",
        '};',
        '',
      ].join('\n'),
    );
    expect(ids.filter((id) => id === 'house/query-key-from-factory')).toHaveLength(2);
    const fromFactory = await ruleIdsOf(
      'apps/web/src/features/pills/api/lint-probe.ts',
      [
        "import { useQuery } from '@tanstack/react-query';",
        "import { queryKeys } from '@/lib/query-keys';",
        'export const useProbe = () => useQuery({ queryKey: queryKeys.pills.all, queryFn: () => 1 });',
        '',
      ].join('\n'),
    );
    expect(fromFactory).toEqual([]);
  });

  it('refuses useMemo and useCallback without a comment saying why the React Compiler cannot', async () => {
    const code = (comment: string) =>
      [
        "import { useCallback, useMemo } from 'react';",
        'export function useProbe(value: number) {',
        comment,
        '  const doubled = useMemo(() => value * 2, [value]);',
        comment,
        '  const read = useCallback(() => doubled, [doubled]);',
        '  return read;',
        '}',
        '',
      ].join('\n');
    const bare = await ruleIdsOf('apps/web/src/hooks/lint-probe.ts', code(''));
    expect(bare.filter((id) => id === 'house/memo-needs-reason')).toHaveLength(2);
    const explained = await ruleIdsOf(
      'apps/web/src/hooks/lint-probe.ts',
      code('  // By hand, not left to the React Compiler: this identity is behaviour.'),
    );
    expect(explained).toEqual([]);
  });

  it('refuses a hook exported outside a hooks/ folder, and takes it in one or beside its endpoint', async () => {
    const code = "import { useState } from 'react';\nexport const useProbe = () => useState(0);\n";
    expect(await ruleIdsOf('apps/web/src/components/ui/lint-probe.ts', code)).toContain(
      'house/hooks-in-hooks-folder',
    );
    expect(await ruleIdsOf('apps/web/src/features/pills/hooks/lint-probe.ts', code)).toEqual([]);
    expect(await ruleIdsOf('apps/web/src/features/pills/api/lint-probe.ts', code)).toEqual([]);
  });

  it('refuses a second endpoint in an api file, and takes one call at the company’s or the templates’ address', async () => {
    const calls = (...routes: string[]) =>
      [
        "import { apiRoutes } from '@medcalc/domain';",
        "import { callApi } from '@/lib/api-client';",
        ...routes.map(
          (route, index) => `export const call${index} = () => callApi(apiRoutes.${route}, {});`,
        ),
        '',
      ].join('\n');
    const ONE = 'house/one-endpoint-per-file';
    for (const file of [
      'apps/web/src/features/pills/api/lint-probe.ts',
      'apps/web/src/lib/queries/lint-probe.ts',
    ]) {
      const two = await ruleIdsOf(file, calls('pills.update', 'pills.remove', 'pills.update'));
      expect(
        two.filter((id) => id === ONE),
        file,
      ).toHaveLength(1);
      expect(await ruleIdsOf(file, calls('pills.update', 'pills.update')), file).not.toContain(ONE);
    }
    expect(
      await ruleIdsOf(
        'apps/web/src/features/imports/api/lint-probe.ts',
        calls('imports.companyApply', 'imports.templateApply'),
      ),
    ).not.toContain(ONE);
    // Outside an api folder (a component) the rule does not apply.
    expect(
      await ruleIdsOf(
        'apps/web/src/features/pills/components/lint-probe.ts',
        calls('pills.update', 'pills.remove'),
      ),
    ).not.toContain(ONE);
  });
});
