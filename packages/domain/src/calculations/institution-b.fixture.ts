import { emptyCompanyInfo, type CompanyInfo } from '../company/company-info.schema';

// A test fixture shared by the engine's tests (compute-service-cost, bed-day-costs); not exported by the package.

/**
 * A second institution, chosen so every coefficient is a round number and every row below can be checked by hand
 * (UAH per year, m², percent). Funds: 6,000,000 + 1,000,000 + 500,000 + 1,500,000 + 1,000,000 = 10,000,000.
 */
export const INSTITUTION_B: CompanyInfo = {
  ...emptyCompanyInfo(),
  medical_staff_salary_fund: 6_000_000,
  supply_staff_salary_fund: 1_000_000,
  food_service_staff_salary_fund: 500_000,
  general_staff_salary_fund: 1_500_000,
  administrative_staff_salary_fund: 1_000_000,
  actual_amount_for_leave_payment: 900_000,
  unified_social_security_contribution_rate: 22,
  operational_expenses: 2_000_000,
  general_depreciation: 800_000,
  other_general_expenses: 200_000,
  other_administrative_expenses: 300_000,
  advertising_material_creation_and_placement_budget: 100_000,
  other_direct_expenses: 150_000,
  medical_service_rooms_area: 1_500,
  patient_bedwards_area: 1_000,
  kitchen_and_canteen_area: 500,
};
