import { z } from '../common/zod';
import { savedResponseSchema } from '../common/saved-response.schema';
import { decimalInput, isBlankInput } from '../common/decimal-text';
import { CONTROL_CHARACTER_MESSAGE, hasNoNul } from '../common/fields';
import { decimalPlaces } from '../common/money';
import {
  REQUISITE_MESSAGES,
  companyCodeIssue,
  formatPhone,
  ibanIssue,
  isPhoneNumber,
  normalizeIban,
} from '../common/requisites';

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

/** Largest money amount or area of the institution data (UAH per year, square metres). */
export const MAX_INFO_AMOUNT = 1_000_000_000_000;

const INFO_NUMBER_MESSAGES = {
  number: 'Введіть число.',
  negative: 'Значення не може бути від’ємним.',
  tooLarge: 'Значення завелике.',
  decimals: 'Не більше двох знаків після коми.',
  percent: 'Відсоток має бути від 0 до 100.',
  whole: 'Вкажіть ціле число.',
} as const;

/**
 * An optional non-negative number of the institution data, read strictly (`parseDecimal`: `1 000,50` yes,
 * `0x1F`/`1e5` no). The client's empty inputs arrive as '', blank text or null and mean "not filled in" (null).
 * `max` is the upper limit, `decimals` how many fraction digits the field takes (0 = a whole number).
 */
const optionalNumber = (limits: { max: number; maxMessage: string; decimals: number }) =>
  z.preprocess(
    (value) => (isBlankInput(value) ? null : decimalInput(value)),
    z
      .number(INFO_NUMBER_MESSAGES.number)
      .min(0, INFO_NUMBER_MESSAGES.negative)
      .max(limits.max, limits.maxMessage)
      .refine(
        (amount) => decimalPlaces(amount) <= limits.decimals,
        limits.decimals === 0 ? INFO_NUMBER_MESSAGES.whole : INFO_NUMBER_MESSAGES.decimals,
      )
      .nullable(),
  );
/** UAH per year or square metres: up to {@link MAX_INFO_AMOUNT}, kopecks at most. */
const optionalAmount = optionalNumber({
  max: MAX_INFO_AMOUNT,
  maxMessage: INFO_NUMBER_MESSAGES.tooLarge,
  decimals: 2,
});
/** A percent (ЄСВ rate, fixed overhead percent): 0–100, two decimals at most. */
const optionalPercent = optionalNumber({
  max: 100,
  maxMessage: INFO_NUMBER_MESSAGES.percent,
  decimals: 2,
});
/** A count (beds): a whole number. */
const optionalCount = optionalNumber({
  max: MAX_INFO_AMOUNT,
  maxMessage: INFO_NUMBER_MESSAGES.tooLarge,
  decimals: 0,
});
type OptionalNumber = typeof optionalAmount;

const textValue = z.string().trim().max(1000).refine(hasNoNul, CONTROL_CHARACTER_MESSAGE);
/** Free text; null or a missing value is stored as ''. */
const optionalText = textValue
  .nullable()
  .optional()
  .transform((v) => v ?? '');

/** Free text of a partial update: a missing key stays undefined (kept); null or '' clears it. */
const clearableText = textValue
  .nullable()
  .transform((v) => v ?? '')
  .optional();

/** Codes are written without spaces: `UA21 3223 …` is stored as `UA213223…` (issue 13). */
const withoutSpaces = (text: string) => text.replace(/\s+/g, '');
/** The ЄДРПОУ / РНОКПП code, spaces removed. */
const optionalCode = optionalText.transform(withoutSpaces);
/** The settlement account, spaces removed and upper-cased as an IBAN is written. */
const optionalAccount = optionalText.transform(normalizeIban);
/** A phone, stored as `formatPhone` writes it (`+380 50 123 45 67`, a landline `0352 52-12-34`); a legacy value that is no phone number is kept as it is. */
const optionalPhone = optionalText.transform(formatPhone);
const clearableCode = textValue
  .nullable()
  .transform((v) => withoutSpaces(v ?? ''))
  .optional();
const clearableAccount = textValue
  .nullable()
  .transform((v) => normalizeIban(v ?? ''))
  .optional();
const clearablePhone = textValue
  .nullable()
  .transform((v) => formatPhone(v ?? ''))
  .optional();

/** Financing form 1–4; '', blank text and null mean "not chosen". Text is read strictly (`'0x1'` is refused). */
const formValue = z.preprocess(
  (value) => (isBlankInput(value) ? null : decimalInput(value)),
  z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], 'Оберіть форму фінансування.')
    .nullable(),
);

type NumericField =
  | (typeof EXPENSE_FIELDS)[number]
  | (typeof AREA_FIELDS)[number]
  | (typeof OTHER_NUMERIC_FIELDS)[number];

/** The limit of each numeric field: money and areas, the ЄСВ percent, the bed count. */
const numericShape: Record<NumericField, OptionalNumber> = {
  ...(Object.fromEntries(
    [...EXPENSE_FIELDS, ...AREA_FIELDS].map((key) => [key, optionalAmount]),
  ) as Record<(typeof EXPENSE_FIELDS)[number] | (typeof AREA_FIELDS)[number], OptionalNumber>),
  unified_social_security_contribution_rate: optionalPercent,
  actual_amount_for_leave_payment: optionalAmount,
  total_number_of_beds: optionalCount,
};

/**
 * Institution data (spec §3 "Company info"). Wire names are the spec's snake_case names, spelled here once.
 * Every field starts empty; numbers are `null` until filled in.
 */
export const companyInfoSchema = z.object({
  name: optionalText,
  code: optionalCode,
  payment_code: optionalAccount,
  form: formValue,
  ceo_name: optionalText,
  ceo_phone: optionalPhone,
  counter_name: optionalText,
  counter_phone: optionalPhone,
  address: optionalText,
  ...numericShape,
  overhead_method: z.enum(OVERHEAD_METHODS).default('computed'),
  overhead_percent: optionalPercent.default(null),
  overhead_base: z.enum(OVERHEAD_BASES).default('labour'),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

/**
 * Body of `PUT /api/company-info/{companyIdentifier}` (spec §7): any subset of the institution data. A key that
 * is missing keeps its stored value, so a client that sends only `{ name }` does not blank the rest; an explicit
 * `null` or `''` clears a field (text becomes '', a number or the financing form null, an overhead setting its
 * default). Values are checked exactly as in {@link companyInfoSchema}.
 */
export const companyInfoUpdateSchema = z.object({
  name: clearableText,
  code: clearableCode,
  payment_code: clearableAccount,
  form: formValue.optional(),
  ceo_name: clearableText,
  ceo_phone: clearablePhone,
  counter_name: clearableText,
  counter_phone: clearablePhone,
  address: clearableText,
  ...(Object.fromEntries(
    Object.entries(numericShape).map(([key, schema]) => [key, schema.optional()]),
  ) as Record<NumericField, z.ZodOptional<OptionalNumber>>),
  overhead_method: z
    .enum(OVERHEAD_METHODS)
    .nullable()
    .transform((v) => v ?? 'computed')
    .optional(),
  overhead_percent: optionalPercent.optional(),
  overhead_base: z
    .enum(OVERHEAD_BASES)
    .nullable()
    .transform((v) => v ?? 'labour')
    .optional(),
});
export type CompanyInfoUpdate = z.infer<typeof companyInfoUpdateSchema>;

/** The requisites checked by {@link companyRequisiteIssues}. */
export const REQUISITE_FIELDS = ['code', 'payment_code', 'ceo_phone', 'counter_phone'] as const;
export type RequisiteField = (typeof REQUISITE_FIELDS)[number];
type Requisites = Pick<CompanyInfo, RequisiteField>;

const requisiteIssue: Record<RequisiteField, (value: string) => string | undefined> = {
  code: companyCodeIssue,
  payment_code: ibanIssue,
  ceo_phone: (value) => (isPhoneNumber(value) ? undefined : REQUISITE_MESSAGES.phone),
  counter_phone: (value) => (isPhoneNumber(value) ? undefined : REQUISITE_MESSAGES.phone),
};

/**
 * What is wrong with the requisites of institution data (issue 13 "Data quality"), by field: the ЄДРПОУ code (8
 * digits with its check digit, or a ФОП's 10-digit РНОКПП), the settlement account (a Ukrainian IBAN, mod-97) and
 * the two phones (10–15 digits). An empty field is fine (every field starts empty, spec §3).
 *
 * Note: a value equal to `previous` (what is stored) is accepted as it is. Earlier versions took any digits for
 * the code and the account (the account was digits only, before IBAN), and such values must still load and save
 * untouched; only a value the user changes has to be valid. The schemas above cannot know the stored value, so
 * this check runs where it is known: the /company form (against the loaded data) and the company service
 * (against the stored row).
 */
export function companyRequisiteIssues(
  next: Requisites,
  previous?: Requisites,
): Partial<Record<RequisiteField, string>> {
  const issues: Partial<Record<RequisiteField, string>> = {};
  for (const field of REQUISITE_FIELDS) {
    const value = next[field];
    if (value === '' || value === previous?.[field]) continue;
    const issue = requisiteIssue[field](value);
    if (issue !== undefined) issues[field] = issue;
  }
  return issues;
}

/**
 * {@link companyInfoSchema} with {@link companyRequisiteIssues} against the data as loaded: the schema of a form
 * that edits stored institution data.
 */
export const companyInfoEditSchema = (previous: Requisites) =>
  companyInfoSchema.superRefine(
    (info, ctx) => {
      // Also runs when another field failed (see `when`), so every message shows at once; a requisite that
      // failed its own check (too long, a NUL) is not a string here and is left to that message.
      const text = (field: RequisiteField) => {
        const value: unknown = info[field];
        return typeof value === 'string' ? value : '';
      };
      const issues = companyRequisiteIssues(
        {
          code: text('code'),
          payment_code: text('payment_code'),
          ceo_phone: text('ceo_phone'),
          counter_phone: text('counter_phone'),
        },
        previous,
      );
      for (const [field, message] of Object.entries(issues))
        ctx.addIssue({ code: 'custom', path: [field], message });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );

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
export const companyInfoSavedResponseSchema = savedResponseSchema(companyInfoOutputSchema);
export type CompanyInfoSavedResponse = z.infer<typeof companyInfoSavedResponseSchema>;
