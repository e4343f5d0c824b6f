import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The import graph of the server, the web and the domain has no circle (issue 37), type imports counted:
 * dependency-cruiser reads each file with TypeScript before its types are erased (`tsPreCompilationDeps`), so an
 * `import type` is an edge like any other. A circle through a type import still ties the modules together (the
 * configuration once reached the documents service through one).
 */

const REPO_ROOT = path.resolve(fileURLToPath(new URL('../../../', import.meta.url)));
const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/domain/src'];

/** Reading ≈ 800 files with TypeScript takes 20–30 s alone on 2 cores, more beside other test files. */
const GRAPH_TIMEOUT_MS = 180_000;

let graph: ICruiseResult;

beforeAll(async () => {
  const result = await cruise(
    ROOTS.map((root) => path.join(REPO_ROOT, root)),
    {
      baseDir: REPO_ROOT,
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
      validate: true,
      ruleSet: {
        forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }],
      },
      // The domain resolves through its package's `exports` (src/index.ts).
      enhancedResolveOptions: {
        exportsFields: ['exports'],
        conditionNames: ['import', 'types', 'default'],
      },
    },
    // The web's `@/…` alias (apps/web/tsconfig.json `paths`).
    { alias: { '@': path.join(REPO_ROOT, 'apps/web/src') } },
  );
  graph = result.output as ICruiseResult;
}, GRAPH_TIMEOUT_MS);

describe('module graph', () => {
  it('resolves every import of the three workspaces (a miss would hide its edges)', () => {
    const unresolved = graph.modules.flatMap((module) =>
      module.dependencies
        .filter((dependency) => dependency.couldNotResolve)
        .map((dependency) => `${module.source} → ${dependency.module}`),
    );
    expect(unresolved).toEqual([]);
    const sources = graph.modules.map((module) => module.source);
    for (const root of ROOTS) expect(sources.some((source) => source.startsWith(root))).toBe(true);
  });

  it('counts type-only imports as edges', () => {
    const typeOnly = graph.modules.flatMap((module) =>
      module.dependencies.filter((dependency) => dependency.dependencyTypes.includes('type-only')),
    );
    expect(typeOnly.length).toBeGreaterThan(0);
  });

  it('has no import circle', () => {
    const circles = graph.summary.violations
      .filter((violation) => violation.rule.name === 'no-circular')
      .map((violation) =>
        [violation.from, ...(violation.cycle ?? []).map((step) => step.name)].join(' → '),
      );
    expect(circles).toEqual([]);
  });
});
