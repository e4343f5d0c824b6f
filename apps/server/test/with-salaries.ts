import type { StuffLine, WizardCalculations } from '@medcalc/domain';

type Calculation = WizardCalculations[string][number]['calculation'];

/**
 * The wizard's calculations with each service's calculation as `change` makes it (categories, services and their
 * other fields kept). Shared by the HTTP tests and the benches (no test runner imported here).
 */
export function mapCalculations(
  calculations: WizardCalculations,
  change: (calculation: Calculation) => Calculation,
): WizardCalculations {
  return Object.fromEntries(
    Object.entries(calculations).map(([category, items]) => [
      category,
      items.map((item) => ({ ...item, calculation: change(item.calculation) })),
    ]),
  );
}

/**
 * The wizard's calculations with a salary typed into every staff line (`salaryOf` the line's index within its
 * service), as an economist fills in what a template leaves open.
 */
export const withSalaries = (
  calculations: WizardCalculations,
  salaryOf: (index: number) => StuffLine['salary'],
): WizardCalculations =>
  mapCalculations(calculations, (calculation) => ({
    ...calculation,
    stuff: calculation.stuff.map((line, index) => ({ ...line, salary: salaryOf(index) })),
  }));
