/**
 * The one rule of a duplicate position (spec §3 "Staff rate"): an owner's staffing table holds a qualification
 * (trimmed, case aside), category and scientific degree once. The staff page's check, the import's match of a
 * file row to a table row and its refusal of a position repeated in the file all use this key; the unique index
 * `staff_rates_position_unique` folds the qualification's case the same way (db/fold-case.ts), so a race past the
 * check is refused alike.
 */
export const staffPositionKey = (position: {
  qualification: string;
  category: string;
  scientific_degree: string;
}): string =>
  `${position.qualification.trim().toLowerCase()}\u0000${position.category}\u0000${position.scientific_degree}`;
