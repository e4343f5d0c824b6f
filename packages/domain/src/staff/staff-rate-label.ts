/** The parts of a staffing-table row (spec §3 "Staff rate") that name a position. */
export interface StaffRateLabelParts {
  qualification: string;
  category: string;
  scientificDegree: string;
}

/**
 * The label of a staffing-table row in the qualification dropdown and in a staff line's `quality.name`:
 * qualification, category and scientific degree joined by ", " (the spec: "The dropdown label joins
 * qualification, category and degree"). Every part is shown, «немає» included, so two rows that differ only
 * by degree never share a label. Example: `Лікар з ультразвукової діагностики, без категорії, немає`.
 */
export function formatStaffRateLabel(parts: StaffRateLabelParts): string {
  return [parts.qualification, parts.category, parts.scientificDegree]
    .map((part) => part.trim())
    .join(', ');
}
