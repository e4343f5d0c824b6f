import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import type { Page } from 'playwright-core';

// axe-core in the page under test (issue 21 §1, WCAG 2.1 AA). Its script is evaluated through the DevTools
// protocol, not added as a <script>: the server's Content-Security-Policy (`script-src 'self'`) would refuse an
// inline one, and csp-guard.ts fails the test that leaves such a violation.
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The WCAG 2.0 and 2.1 level A and AA rules (axe's tags for them). */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** The impacts that fail the suite; minor and moderate findings are reported by axe but left to review. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** The two widths every page view is checked at: a laptop and a phone (spec §9). */
export const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

export interface A11yFinding {
  /** Which page view, e.g. `/orders @390`. */
  readonly view: string;
  readonly rule: string;
  readonly impact: string;
  readonly help: string;
  /** The CSS selectors of the offending elements, as axe gives them. */
  readonly targets: readonly string[];
}

interface AxeResults {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { target: unknown[] }[];
  }[];
}

/**
 * Runs the WCAG A/AA rules on the page as it is now, or only inside the elements matching `include` (an open
 * dialog: the page behind it is checked on its own), and returns the serious and critical violations.
 */
export async function checkPage(
  page: Page,
  view: string,
  include?: string,
): Promise<A11yFinding[]> {
  // axe measures colours as drawn: the journeys ask for reduced motion (support/browser.ts), so no modal is
  // half-faded when it looks.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    ({ tags, include }) =>
      (
        window as unknown as {
          axe: { run: (context: object, options: object) => Promise<AxeResults> };
        }
      ).axe.run(include === undefined ? document : { include: [include] }, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    { tags: [...WCAG_AA_TAGS], include },
  );
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        view,
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: node.target.map((target) => JSON.stringify(target)),
      })),
    );
}

/**
 * Checks the page as it is at both {@link VIEWPORTS} (the layout answers the resize without a reload: antd's
 * breakpoints and the CSS media queries), ending at the laptop width. `view` names the page view in the report;
 * `include` narrows the check as in {@link checkPage}.
 */
export async function checkAtBothWidths(
  page: Page,
  view: string,
  include?: string,
): Promise<A11yFinding[]> {
  const findings: A11yFinding[] = [];
  for (const viewport of [...VIEWPORTS].reverse()) {
    await page.setViewportSize(viewport);
    findings.push(...(await checkPage(page, `${view} @${viewport.width}`, include)));
  }
  return findings;
}

/** One line per offending element: `rule (impact) at <view>: <selectors> — <help>`. */
export function formatFindings(findings: readonly A11yFinding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.rule} (${finding.impact}) at ${finding.view}: ${finding.targets.join(' ')} — ${finding.help}`,
    )
    .join('\n');
}
