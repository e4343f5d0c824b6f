import type { StuffLine, WizardCalculations } from '@medcalc/domain';

/**
 * The wizard's calculations with a salary typed into every staff line (`salaryOf` the line's index within its
 * service), as an economist fills in what a template leaves open. Shared by the HTTP tests and the bench (no test
 * runner imported here).
 */
export function withSalaries(
  calculations: WizardCalculations,
  salaryOf: (index: number) => StuffLine['salary'],
): WizardCalculations {
  return Object.fromEntries(
    Object.entries(calculations).map(([category, items]) => [
      category,
      items.map((item) => ({
        ...item,
        calculation: {
          ...item.calculation,
          stuff: item.calculation.stuff.map((line, index) => ({
            ...line,
            salary: salaryOf(index),
          })),
        },
      })),
    ]),
  );
}
