import { emptyCompanyInfo, type CompanyInfo } from '../company/company-info.schema';
import type { CalculationContent, EquipmentLine, PillLine, StuffLine } from './calculation.schema';
import type { ServiceCost } from './cost-model';

/*
 * The worked example of docs/methodology.md ("Worked example": УЗД органів черевної порожнини → cost 243.34,
 * tariff 279.84), spelled out once. The demo account and the tests of every package that reproduce it read these
 * constants; do not mutate them (spread them to vary a field).
 */

/**
 * The institution of docs/methodology.md "Worked example" (UAH per year, m², percent, beds); its requisites
 * (name, code, address …) are blank, its stay and food expenses not given. K = 33.6897 %, k_leave = 8 %.
 */
export const WORKED_EXAMPLE_COMPANY_INFO: Readonly<CompanyInfo> = Object.freeze({
  ...emptyCompanyInfo(),
  medical_staff_salary_fund: 14_400_000,
  supply_staff_salary_fund: 3_000_000,
  food_service_staff_salary_fund: 600_000,
  general_staff_salary_fund: 2_400_000,
  administrative_staff_salary_fund: 1_800_000,
  actual_amount_for_leave_payment: 1_776_000,
  operational_expenses: 3_600_000,
  general_depreciation: 1_500_000,
  other_general_expenses: 500_000,
  other_administrative_expenses: 700_000,
  advertising_material_creation_and_placement_budget: 300_000,
  other_direct_expenses: 0,
  rented_by_external_organizations_area: 300,
  medical_service_rooms_area: 2_400,
  patient_bedwards_area: 3_000,
  kitchen_and_canteen_area: 400,
  other_areas: 900,
  unified_social_security_contribution_rate: 22,
  total_number_of_beds: 120,
});

/**
 * The overhead as institutions often fix it instead (docs/methodology.md "Formulas" 6: the published калькуляції's
 * "Накладні витрати 33 %" on wages plus ЄСВ): 33 % of L + A + E. Spread over the worked example's institution.
 */
export const WORKED_EXAMPLE_FIXED_OVERHEAD = {
  overhead_method: 'fixed',
  overhead_percent: 33,
  overhead_base: 'payroll',
} as const satisfies Partial<CompanyInfo>;

/** The staff lines of docs/methodology.md "Worked example": the doctor (→ 81.63) and the nurse (→ 50.09). */
export const WORKED_EXAMPLE_STAFF_LINES: readonly [StuffLine, StuffLine] = [
  {
    quality: { id: 11, name: 'Лікар з ультразвукової діагностики' },
    salary: 20_000,
    timeSpend: 30,
    conditionPercent: 10,
    workingDay: 7.7,
  },
  {
    quality: { id: 12, name: 'Сестра медична' },
    salary: 13_500,
    timeSpend: 30,
    conditionPercent: 0,
    workingDay: 7.7,
  },
];

/**
 * The materials of docs/methodology.md "Worked example": gel 0.34 × 20 = 6.80, gloves 7.50 × 1, drape 9.00 × 1,
 * towels 0.30 × 4 = 1.20, antiseptic 0.18 × 5 = 0.90 (25.40 in all).
 */
export const WORKED_EXAMPLE_MATERIAL_LINES: readonly [
  PillLine,
  PillLine,
  PillLine,
  PillLine,
  PillLine,
] = [
  { id: 21, name: 'Гель', price: 0.34, spend: 20, measurement_type: 'мл' },
  { id: 22, name: 'Рукавички', price: 7.5, spend: 1, measurement_type: 'пара' },
  { id: 23, name: 'Пелюшка', price: 9, spend: 1, measurement_type: 'шт' },
  { id: 24, name: 'Рушник', price: 0.3, spend: 4, measurement_type: 'шт' },
  { id: 25, name: 'Антисептик', price: 0.18, spend: 5, measurement_type: 'мл' },
];

/** The service of docs/methodology.md "Worked example": bonus 20 %, profitability 15 %, its staff and materials. */
export const WORKED_EXAMPLE_CONTENT: CalculationContent = {
  bonus: 20,
  profit: 15,
  stuff: [...WORKED_EXAMPLE_STAFF_LINES],
  pills: [...WORKED_EXAMPLE_MATERIAL_LINES],
};

/** Every row of the worked example's калькуляція (docs/methodology.md "Worked example"), as the engine answers. */
export const WORKED_EXAMPLE_COST: ServiceCost = {
  staffLines: ['81.63', '50.09'],
  materialLines: ['6.80', '7.50', '9.00', '1.20', '0.90'],
  equipmentLines: [],
  labour: '131.72',
  additionalLabour: '10.54',
  esv: '31.30',
  materials: '25.40',
  depreciation: '0.00',
  overhead: '44.38',
  summary: '243.34',
  profit: '36.50',
  summaryWithProfit: '279.84',
  price: {
    vatMode: 'exempt',
    vat: '0.00',
    withVat: '279.84',
    rounding: 'none',
    roundingAmount: '0.00',
    tariff: '279.84',
  },
  rates: {
    leavePercent: '8.0000',
    esvPercent: '22.0000',
    overheadPercent: '33.6897',
    overheadMethod: 'computed',
    overheadBase: 'labour',
  },
};

/**
 * The equipment of docs/methodology.md "Equipment depreciation" (issue 38): the ultrasound scanner (V 1 200 000,
 * N 5 years, T 1 940,4 h, 20 min → 41.23) and the printer for its images (V 18 000, S 2 000, N 4, T 1 500, 20 min
 * → 0.89).
 */
export const WORKED_EXAMPLE_EQUIPMENT_LINES: readonly [EquipmentLine, EquipmentLine] = [
  {
    id: 31,
    name: 'Ультразвуковий сканер',
    firstCost: 1_200_000,
    residualValue: 0,
    usefulLifeYears: 5,
    hoursPerYear: 1940.4,
    minutes: 20,
  },
  {
    id: 32,
    name: 'Принтер для УЗД-знімків',
    firstCost: 18_000,
    residualValue: 2_000,
    usefulLifeYears: 4,
    hoursPerYear: 1500,
    minutes: 20,
  },
];

/** The worked example's service with its equipment (docs/methodology.md "Equipment depreciation"). */
export const WORKED_EXAMPLE_EQUIPMENT_CONTENT: CalculationContent = {
  ...WORKED_EXAMPLE_CONTENT,
  equipment: [...WORKED_EXAMPLE_EQUIPMENT_LINES],
};

/**
 * Its калькуляція: D = 41.23 + 0.89 = 42.12, собівартість 243.34 + 42.12 = 285.46, прибуток 15 % 42.82, тариф без
 * ПДВ 328.28; every other row as {@link WORKED_EXAMPLE_COST} (D is not in the overhead base).
 */
export const WORKED_EXAMPLE_EQUIPMENT_COST: ServiceCost = {
  ...WORKED_EXAMPLE_COST,
  equipmentLines: ['41.23', '0.89'],
  depreciation: '42.12',
  summary: '285.46',
  profit: '42.82',
  summaryWithProfit: '328.28',
  price: {
    vatMode: 'exempt',
    vat: '0.00',
    withVat: '328.28',
    rounding: 'none',
    roundingAmount: '0.00',
    tariff: '328.28',
  },
};
