import { compareUkrainian } from '../common/text';
import { SCIENTIFIC_DEGREES, STAFF_CATEGORIES } from './staff-rate.schema';

/** What the staffing table's order reads of a row (a stored row has its id; an export's row may not). */
export interface StaffOrderKeys {
  qualification: string;
  category: string;
  scientific_degree: string;
  id?: number;
}

/** Position of `value` in a closed list (categories highest first, degrees lowest first); unknown values last. */
const rankIn = (list: readonly string[], value: string) => {
  const index = list.indexOf(value);
  return index < 0 ? list.length : index;
};

/**
 * Order of the staffing table, on the /staff page (`GET /api/get-stuff`) and in its export: qualification in
 * Ukrainian alphabetical order ({@link compareUkrainian}, case aside: `лікар` and `Лікар` name one qualification,
 * as the duplicate rule says), then the category in the order of `STAFF_CATEGORIES` (вища, перша, друга, без
 * категорії), then the scientific degree in the order of `SCIENTIFIC_DEGREES`, then the id, so two reads always
 * agree. Values outside the lists come after the listed ones, alphabetically.
 */
export function compareStaffRates(a: StaffOrderKeys, b: StaffOrderKeys): number {
  return (
    compareUkrainian(a.qualification, b.qualification) ||
    rankIn(STAFF_CATEGORIES, a.category) - rankIn(STAFF_CATEGORIES, b.category) ||
    compareUkrainian(a.category, b.category) ||
    rankIn(SCIENTIFIC_DEGREES, a.scientific_degree) -
      rankIn(SCIENTIFIC_DEGREES, b.scientific_degree) ||
    compareUkrainian(a.scientific_degree, b.scientific_degree) ||
    (a.id ?? 0) - (b.id ?? 0)
  );
}
