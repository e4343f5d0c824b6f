// One flat config for the whole monorepo, with the house guide's boundary rules (2.2) enforced, not just written.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

import { houseRules } from './eslint/house-rules.js';

/** A path of this repository, absolute, so the resolver finds the tsconfigs whichever folder ESLint runs from. */
const repoPath = (relative) => fileURLToPath(new URL(relative, import.meta.url));

const webFeatures = (() => {
  try {
    return readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

const serverModules = (() => {
  try {
    return readdirSync(new URL('./apps/server/src/modules', import.meta.url), {
      withFileTypes: true,
    })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

const ENV_READ_MESSAGE = 'Read configuration only in config/env.ts (house guide 2.2 rule 6).';

/**
 * Reads of the environment outside config/env.ts, however they are spelled: `process.env`, `process['env']`,
 * `const { env } = process`, `import { env } from 'node:process'` and Vite's `import.meta.env`.
 */
const ENV_READS = [
  "MemberExpression[object.name='process'][property.name='env']",
  "MemberExpression[object.name='process'][property.value='env']",
  "VariableDeclarator[init.type='Identifier'][init.name='process'] > ObjectPattern > Property[key.name='env']",
  "AssignmentExpression[right.type='Identifier'][right.name='process'] > ObjectPattern > Property[key.name='env']",
  "ImportDeclaration[source.value=/^(node:)?process$/] > ImportSpecifier[imported.name='env']",
  "MemberExpression[object.meta.name='import'][property.name='env']",
].map((selector) => ({ selector, message: ENV_READ_MESSAGE }));

const NO_TS_ENUM = {
  selector: 'TSEnumDeclaration',
  message: 'Use a zod enum or an `as const` object (house guide 2.6).',
};

/**
 * Files that may import a workspace's devDependencies (and the root's): tests, their helpers, benches, build and
 * tool configs, scripts. Everything else is shipped and may import only the `dependencies` of its own workspace.
 */
const DEV_FILES = [
  '**/*.test.{ts,tsx}',
  '**/test/**',
  '**/bench/**',
  '**/e2e/**',
  '**/src/testing/**',
  '**/*.config.{ts,js,mjs}',
  '**/scripts/**',
  '**/apps/server/build.mjs',
  '**/apps/web/precompress.ts',
  '**/apps/web/route-preloads.ts',
  '**/apps/web/server-render-build.ts',
];

/** Who acts is passed explicitly (`CompanyScope.actor`), not kept in a store the request's calls share. */
const NO_AMBIENT_CONTEXT = ['node:async_hooks', 'async_hooks'].map((name) => ({
  name,
  importNames: ['AsyncLocalStorage'],
  message:
    'Pass who acts explicitly (CompanyScope.actor from companyScopeOf), not through AsyncLocalStorage.',
}));
/** The activity log's writer is made once, in app.ts, and injected. */
const ACTIVITY_LOG_MADE_IN_APP = {
  group: ['**/activity/activity-log', '**/activity/activity-log.ts', './activity-log'],
  importNames: ['createActivityLog'],
  message:
    "Only app.ts makes the activity log's writer; take `activityLog: ActivityLog` in your deps.",
};
/** The web's tests and their helpers: the conventions of its production code do not bind them. */
const WEB_TEST_FILES = ['**/*.test.{ts,tsx}', 'apps/web/src/testing/**'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/server/.dist-*/**',
      '**/data/**',
      'apps/server/drizzle/**',
      'apps/web/e2e/.artifacts/**',
      '**/*.d.ts',
      '**/*.d.mts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, 'check-file': checkFile },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      // Without these, import-x parses only `.js` files (so `no-cycle` never followed a `.ts` import) and could
      // not resolve the web's `@/…` alias (so `no-restricted-paths` never saw where such an import points).
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [
        // The web's tsconfig holds the only `paths` (`@/*` → apps/web/src/*); the workspaces resolve through
        // node_modules and their `exports`. One tsconfig rather than a `project` list: with several projects,
        // resolver 4.4 drops the tsconfig whenever ESLint's cwd differs from the process's (editors, the API).
        createTypeScriptImportResolver({
          tsconfig: { configFile: repoPath('./apps/web/tsconfig.json') },
          alwaysTryTypes: true,
        }),
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'no-restricted-syntax': ['error', ...ENV_READS, NO_TS_ENUM],
      // Each workspace imports only what its own package.json declares (the root's devDependencies — vitest,
      // playwright, typescript — count as dev for all), so the web cannot pull `drizzle-orm` or `fastify` in
      // through npm's hoisting. Type-only imports are checked too.
      'import-x/no-extraneous-dependencies': [
        'error',
        {
          devDependencies: DEV_FILES,
          optionalDependencies: false,
          peerDependencies: false,
          includeTypes: true,
          packageDir: [repoPath('./')],
        },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          // Zones are relative to the repository root, whichever folder ESLint runs from.
          basePath: repoPath('./'),
          zones: [
            // The domain imports nothing from the repo (rule 1).
            { target: './packages/domain', from: './apps', message: 'The domain imports no app.' },
            // Neither app imports the other (rule 2).
            {
              target: './apps/web',
              from: './apps/server',
              message: 'Move shared code to the domain.',
            },
            {
              target: './apps/server',
              from: './apps/web',
              message: 'Move shared code to the domain.',
            },
            // Web: app → features → shared (rule 3).
            {
              target: [
                './apps/web/src/features',
                './apps/web/src/components',
                './apps/web/src/hooks',
                './apps/web/src/lib',
                './apps/web/src/utils',
                './apps/web/src/config',
              ],
              from: './apps/web/src/app',
              message: 'Only app/ composes pages.',
            },
            {
              target: [
                './apps/web/src/components',
                './apps/web/src/hooks',
                './apps/web/src/lib',
                './apps/web/src/utils',
                './apps/web/src/config',
              ],
              from: './apps/web/src/features',
              message: 'Shared code does not depend on features.',
            },
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; compose them in app/.',
            })),
            // Server: lib/ and db/ are below the modules; they never reach up into one (tests may use a repository).
            // The demo account is boot work and lives next to boot.ts (src/demo-account.ts), not in db/.
            {
              target: [
                `${repoPath('./apps/server/src/lib')}/**/!(*.test).ts`,
                `${repoPath('./apps/server/src/db')}/**/!(*.test).ts`,
              ],
              from: './apps/server/src/modules',
              message: 'lib/ and db/ do not import modules; pass what they need in as a parameter.',
            },
            // Server: plugins are infrastructure the modules use, never the other way round.
            {
              target: './apps/server/src/plugins',
              from: './apps/server/src/modules',
              message:
                'Plugins do not import modules; move shared code to lib/ or pass it in the plugin options.',
            },
            // Server: configuration flows down as options. config/ reads the environment and imports no module;
            // a module takes its settings from the composition root (app.ts), never from config/ (a CLI entry
            // point, `*-cli.ts`, is a composition root of its own).
            {
              target: './apps/server/src/config',
              from: './apps/server/src/modules',
              message:
                'config/ imports no module: describe the setting in config/ and let app.ts pass it on.',
            },
            {
              target: `${repoPath('./apps/server/src/modules')}/**/!(*-cli).ts`,
              from: './apps/server/src/config',
              message:
                'Modules do not import config/: take the value as an option that app.ts passes in.',
            },
            // Server: the document pool's worker loads layout and render code only, never the documents service.
            {
              target: [
                './apps/server/src/modules/documents/layouts',
                './apps/server/src/modules/documents/render-job.ts',
                './apps/server/src/modules/documents/render-worker.ts',
              ],
              from: './apps/server/src/modules/documents/documents.service.ts',
              message: 'Layouts and the render worker never load the documents service.',
            },
            // Server: a module reaches another only through its service, injected in app.ts (architecture.md);
            // another module's repository or routes are never imported (services: types only, see below).
            ...serverModules.map((module) => ({
              target: `./apps/server/src/modules/${module}`,
              from: './apps/server/src/modules/*/*.{repository,routes}.ts',
              except: [repoPath(`./apps/server/src/modules/${module}/**`)],
              message:
                "A module never imports another module's repository or routes; inject its service in app.ts.",
            })),
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its error (an unhandled rejection, or a toast that never
    // shows), and an async function where a void callback is expected (an event handler, `forEach`) does the same.
    // Wrap a deliberate fire-and-forget in `void`; give handlers a sync wrapper. The project service finds each
    // file's own tsconfig, so every .ts file must be in one (the root vitest.config.ts is the one default-project
    // file).
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: repoPath('./'),
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto'],
              message: 'The domain is pure: no Node APIs.',
            },
            {
              group: [
                'react',
                'react-*',
                'fastify',
                'fastify-*',
                '@fastify/*',
                'drizzle-orm',
                'drizzle-orm/*',
                'pg',
              ],
              message: 'The domain uses only zod and decimal.js.',
            },
          ],
          // zod's value comes from common/zod.ts, which configures it (Ukrainian messages, no compiled parsers
          // under the CSP) before any schema is built, in every bundle that takes only part of the package (issue 39).
          paths: [
            {
              name: 'zod',
              message: "Import z from the domain's common/zod.ts, which configures zod first.",
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Callers pass clocks into the domain.' },
        { object: 'Math', property: 'random', message: 'Callers pass ids into the domain.' },
        ...['globalThis', 'window', 'self'].map((object) => ({
          object,
          property: 'crypto',
          message: 'Callers pass ids and tokens into the domain.',
        })),
      ],
      'no-restricted-globals': [
        'error',
        { name: 'crypto', message: 'Callers pass ids and tokens into the domain.' },
      ],
      'no-restricted-syntax': [
        'error',
        ...ENV_READS,
        NO_TS_ENUM,
        // `new Date(value)` is a pure conversion; only the argument-less forms read the clock.
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Callers pass clocks into the domain: take the current time as a parameter.',
        },
        {
          selector: "CallExpression[callee.name='Date']",
          message: 'Callers pass clocks into the domain: take the current time as a parameter.',
        },
      ],
    },
  },
  {
    // A module uses another module's service only as a type; the instance is injected in app.ts, so modules
    // stay testable over fakes and no module reaches around another's rules.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.service', '../*/*.service.ts'],
              allowTypeImports: true,
              message: "Import another module's service as a type only and have app.ts inject it.",
            },
          ],
        },
      ],
    },
  },
  {
    // The activity log's actor is passed, never ambient (issue 37): a route builds the scope from the session
    // (`companyScopeOf`), a service hands it to `activityLog.record`. No request-wide store (AsyncLocalStorage) holds
    // who acts, and only the composition root makes the log's writer: services take it in their deps.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: NO_AMBIENT_CONTEXT, patterns: [ACTIVITY_LOG_MADE_IN_APP] },
      ],
    },
  },
  {
    files: ['apps/server/src/app.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: NO_AMBIENT_CONTEXT }] },
  },
  {
    // The one request-free store: the document pool's turn of the render being made (document-pool.ts).
    files: ['apps/server/src/modules/documents/document-pool.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ACTIVITY_LOG_MADE_IN_APP] }] },
  },
  {
    // Use cases live in their own files (issue 37): no function of the apps' code runs past 250 lines (blank and
    // comment lines not counted); a service is its use cases put together (e.g. modules/orders/orders.service.ts).
    // The composition root wires every module in one function, and tests are lists of cases.
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['apps/server/src/app.ts', '**/*.test.{ts,tsx}', '**/src/testing/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 250, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['apps/server/src/config/env.ts', 'apps/web/src/config/env.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The React Compiler's rules (issue 19): the web is compiled by it (vite.config.ts), and code it cannot
    // compile safely (a ref read during render, state set in an effect…) is an error here, not a silent bail-out.
    rules: reactHooks.configs['recommended-latest'].rules,
  },
  {
    // The web's conventions (docs/conventions.md), in production code: query keys only from the key factory, a
    // hand-written useMemo/useCallback only with a comment saying why the React Compiler cannot (the 250-line limit
    // on functions is the apps' rule above).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: WEB_TEST_FILES,
    plugins: { house: houseRules },
    rules: {
      'house/query-key-from-factory': 'error',
      'house/memo-needs-reason': 'error',
    },
  },
  {
    files: ['apps/web/src/lib/query-keys.ts'],
    rules: { 'house/query-key-from-factory': 'off' },
  },
  {
    // Hooks (`use…` exports) live in hooks/ folders; an endpoint's query and mutation hooks live in its api file,
    // and the session's in lib/auth.tsx (shared code needs them, house guide 2.2 rule 3).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      ...WEB_TEST_FILES,
      '**/hooks/**',
      '**/api/**',
      'apps/web/src/lib/queries/**',
      'apps/web/src/lib/auth.tsx',
    ],
    plugins: { house: houseRules },
    rules: { 'house/hooks-in-hooks-folder': 'error' },
  },
  {
    // One endpoint per api file: its fetcher, query options and hook (docs/conventions.md "Hooks").
    files: ['apps/web/src/features/*/api/**/*.{ts,tsx}', 'apps/web/src/lib/queries/**/*.{ts,tsx}'],
    ignores: WEB_TEST_FILES,
    plugins: { house: houseRules },
    rules: { 'house/one-endpoint-per-file': 'error' },
  },
  {
    // Build tooling and scripts read their own environment; they are not application code.
    files: [
      'scripts/**',
      '**/*.config.{ts,js,mjs}',
      'apps/web/e2e/**',
      'apps/server/bench/**',
      'apps/server/src/db/*-cli.ts',
      'apps/server/src/modules/backups/backup-cli.ts',
      // Starts the real server as a child process with a cleaned copy of the environment.
      'apps/server/test/server-process.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
