import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, hasNoNul } from '../common/fields';

/** Financing forms of spec §3/§9: 1 budget, 2 state-commercial, 3 membership fees, 4 mixed. */
export const FINANCING_FORMS = [
  { value: 1, label: 'Бюджетна' },
  { value: 2, label: 'Державно-комерційна' },
  { value: 3, label: 'За рахунок членських внесків' },
  { value: 4, label: 'Змішана' },
] as const;

/** Planned-expense fields of wizard step 1, UAH per year (spec §2 step 1, sections 1–4). */
export const EXPENSE_FIELDS = [
  'medical_staff_salary_fund',
  'supply_staff_salary_fund',
  'food_service_staff_salary_fund',
  'inpatient_stay_costs',
  'additional_services_inpatient_stay_costs',
  'food_expenses',
  'additional_services_food_patients',
  'other_direct_expenses',
  'general_staff_salary_fund',
  'operational_expenses',
  'general_depreciation',
  'other_general_expenses',
  'administrative_staff_salary_fund',
  'other_administrative_expenses',
  'advertising_material_creation_and_placement_budget',
] as const;

/** Area fields, square metres (spec §2 step 1 "Area table"). */
export const AREA_FIELDS = [
  'rented_by_external_organizations_area',
  'medical_service_rooms_area',
  'patient_bedwards_area',
  'kitchen_and_canteen_area',
  'other_areas',
] as const;

/** "Other information" fields: ЄСВ rate (percent), leave pay (UAH per year), beds (count). */
export const OTHER_NUMERIC_FIELDS = [
  'unified_social_security_contribution_rate',
  'actual_amount_for_leave_payment',
  'total_number_of_beds',
] as const;

/** How overheads are charged (docs/methodology.md §6): computed from the institution data, or a fixed percent. */
export const OVERHEAD_METHODS = ['computed', 'fixed'] as const;
/** Base of a fixed overhead percent: labour = L, payroll = L + A + E. */
export const OVERHEAD_BASES = ['labour', 'payroll'] as const;

/** An optional non-negative number; the client's empty inputs arrive as '' or null and mean "not filled in". */
const optionalAmount = z.preprocess(
  (value) => (value === '' || value === undefined ? null : typeof value === 'string' ? Number(value.replace(',', '.')) : value),
  z.number('Вкажіть число.').finite('Вкажіть число.').min(0, 'Значення не може бути відʼємним.').nullable(),
);
const optionalText = z
  .string()
  .trim()
  .max(1000)
  .refine(hasNoNul, CONTROL_CHARACTER_MESSAGE)
  .nullable()
  .optional()
  .transform((v) => v ?? '');

const numericShape = Object.fromEntries(
  [...EXPENSE_FIELDS, ...AREA_FIELDS, ...OTHER_NUMERIC_FIELDS].map((key) => [key, optionalAmount]),
) as Record<
  (typeof EXPENSE_FIELDS)[number] | (typeof AREA_FIELDS)[number] | (typeof OTHER_NUMERIC_FIELDS)[number],
  typeof optionalAmount
>;

/**
 * Institution data (spec §3 "Company info"). Wire names are the spec's snake_case names, spelled here once.
 * Every field starts empty; numbers are `null` until filled in.
 */
export const companyInfoSchema = z.object({
  name: optionalText,
  code: optionalText,
  payment_code: optionalText,
  form: z.preprocess(
    (value) => (value === '' || value === undefined || value === null ? null : Number(value)),
    z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], 'Оберіть форму фінансування.').nullable(),
  ),
  ceo_name: optionalText,
  ceo_phone: optionalText,
  counter_name: optionalText,
  counter_phone: optionalText,
  address: optionalText,
  ...numericShape,
  overhead_method: z.enum(OVERHEAD_METHODS).default('computed'),
  overhead_percent: optionalAmount.default(null),
  overhead_base: z.enum(OVERHEAD_BASES).default('labour'),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

/** The empty institution data every new company starts with. */
export const emptyCompanyInfo = (): CompanyInfo => companyInfoSchema.parse({});

const outputNumber = z.number().nullable();
/**
 * Institution data as the server answers it (already parsed by `companyInfoSchema`): the same fields without the
 * input coercions. Response schemas need it because fastify-type-provider-zod serialises answers with
 * `z.encode`, and zod cannot encode the one-way `preprocess`/`transform` steps of the input schema.
 */
export const companyInfoOutputSchema = z.object({
  name: z.string(),
  code: z.string(),
  payment_code: z.string(),
  form: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).nullable(),
  ceo_name: z.string(),
  ceo_phone: z.string(),
  counter_name: z.string(),
  counter_phone: z.string(),
  address: z.string(),
  ...(Object.fromEntries(
    [...EXPENSE_FIELDS, ...AREA_FIELDS, ...OTHER_NUMERIC_FIELDS].map((key) => [key, outputNumber]),
  ) as Record<keyof typeof numericShape, typeof outputNumber>),
  overhead_method: z.enum(OVERHEAD_METHODS),
  overhead_percent: outputNumber,
  overhead_base: z.enum(OVERHEAD_BASES),
}) satisfies z.ZodType<CompanyInfo>;

/** Answer of `PUT /api/company-info/{companyIdentifier}`: the toast and the institution data as stored. */
export const companyInfoSavedResponseSchema = z.object({ message: z.string(), data: companyInfoOutputSchema });
export type CompanyInfoSavedResponse = z.infer<typeof companyInfoSavedResponseSchema>;
