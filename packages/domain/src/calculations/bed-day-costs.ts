import { Decimal } from 'decimal.js';
import type { CompanyInfo } from '../company/company-info.schema';
import { referenceOverheadPool } from './compute-service-cost-reference';

/** Days in a year of bed occupancy: N = beds × 365 (docs/methodology.md "Inpatient side"). */
export const DAYS_PER_YEAR = 365;

/**
 * 100 significant digits: each figure below is one quotient of exact products (about 40 digits at the schemas'
 * bounds), so the only rounding is the figure's own half-up to 0.01.
 */
const BedDayDecimal = Decimal.clone({ precision: 100, rounding: Decimal.ROUND_HALF_UP });
const dec = (value: number | null | undefined): Decimal => new BedDayDecimal(value ?? 0);

/** The inpatient figures of one institution (docs/methodology.md "Inpatient side"); money as two-decimal UAH. */
export interface BedDayCosts {
  /** N: bed-days a year, total_number_of_beds × 365; 0 when the beds are missing or 0. */
  bedDays: number;
  /**
   * Annual cost of inpatient stay, UAH: supply_staff_salary_fund × (1 + rate/100) + inpatient_stay_costs +
   * additional_services_inpatient_stay_costs + Pool × patient_bedwards_area / S.
   */
  stayPerYear: string;
  /**
   * Annual cost of patients' food, UAH: food_service_staff_salary_fund × (1 + rate/100) + food_expenses +
   * additional_services_food_patients + Pool × kitchen_and_canteen_area / S.
   */
  foodPerYear: string;
  /** Stay per bed-day, UAH: the annual stay cost / N; null when there are no beds (N = 0). */
  stayPerBedDay: string | null;
  /** Food per bed-day, UAH: the annual food cost / N; null when there are no beds (N = 0). */
  foodPerBedDay: string | null;
}

/**
 * The inpatient side of docs/methodology.md: the annual cost of inpatient stay and of patients' food, and each
 * per bed-day (N = total_number_of_beds × 365). Pool is the overhead pool of "Formulas" 6 (ЗВВ + Адмін +
 * advertising) and S the same three-area denominator as share_med (medical rooms + bed-wards + kitchen and
 * canteen), so the bed-wards' and the kitchen's shares of the pool go to stay and food as share_med's goes to
 * the services. Amounts are UAH per year, areas m², the ЄСВ rate percent.
 *
 * Null-safe: missing fields count as 0, S = 0 gives the pool no share, and with no beds (missing, 0 or not a
 * positive number) the per-bed-day figures are null rather than a division by zero. Each figure is its exact
 * value rounded half-up to 0.01; the per-bed-day figures divide the exact annual cost, not the rounded one.
 */
export function computeBedDayCosts(info: CompanyInfo): BedDayCosts {
  const beds = info.total_number_of_beds;
  const bedDays =
    typeof beds === 'number' && beds > 0 && Number.isFinite(beds) ? beds * DAYS_PER_YEAR : 0;

  const withEsv = dec(info.unified_social_security_contribution_rate).dividedBy(100).plus(1);
  const pool = referenceOverheadPool(info);
  const areaTotal = dec(info.medical_service_rooms_area)
    .plus(dec(info.patient_bedwards_area))
    .plus(dec(info.kitchen_and_canteen_area));

  /** (direct × S + Pool × area) / (S × divisor), or direct / divisor when S = 0: one exact quotient, rounded. */
  const figure = (direct: Decimal, area: Decimal, divisor: Decimal): string => {
    const value = areaTotal.isZero()
      ? direct.dividedBy(divisor)
      : direct.times(areaTotal).plus(pool.times(area)).dividedBy(areaTotal.times(divisor));
    return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  };

  const stayDirect = dec(info.supply_staff_salary_fund)
    .times(withEsv)
    .plus(dec(info.inpatient_stay_costs))
    .plus(dec(info.additional_services_inpatient_stay_costs));
  const foodDirect = dec(info.food_service_staff_salary_fund)
    .times(withEsv)
    .plus(dec(info.food_expenses))
    .plus(dec(info.additional_services_food_patients));
  const stayArea = dec(info.patient_bedwards_area);
  const foodArea = dec(info.kitchen_and_canteen_area);
  const one = dec(1);
  const days = dec(bedDays);

  return {
    bedDays,
    stayPerYear: figure(stayDirect, stayArea, one),
    foodPerYear: figure(foodDirect, foodArea, one),
    stayPerBedDay: bedDays === 0 ? null : figure(stayDirect, stayArea, days),
    foodPerBedDay: bedDays === 0 ? null : figure(foodDirect, foodArea, days),
  };
}
