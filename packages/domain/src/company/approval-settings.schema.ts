import { z } from '../common/zod';
import { savedResponseSchema } from '../common/saved-response.schema';
import { CONTROL_CHARACTER_MESSAGE, hasNoNul } from '../common/fields';
import { decimalPlaces } from '../common/money';
import { optionalPhoneFieldSchema } from '../common/requisites';

/*
 * Issue 35: how the institution's founder approves its tariffs (the /company block «Затвердження тарифів») and the
 * profitability cap («граничний норматив рентабельності») the founder set, which Calculate enforces.
 */

/**
 * Who approves the tariffs: the executive committee of the council, the council itself (a session), or — where
 * the founder's rules allow — the director by an order. `act` is what the decision is called in the draft, `heading`
 * its title on the page, `instrumental` and `genitive` how «Затверджено рішенням виконавчого комітету …» names it
 * (the body's full name is typed in the nominative, so the sentence names the kind of body, not the typed name).
 */
export const APPROVERS = [
  {
    value: 'executive_committee',
    label: 'Виконавчий комітет ради',
    heading: 'РІШЕННЯ',
    act: 'рішення',
    instrumental: 'рішенням',
    genitive: 'виконавчого комітету',
  },
  {
    value: 'council',
    label: 'Рада (сесія)',
    heading: 'РІШЕННЯ',
    act: 'рішення',
    instrumental: 'рішенням',
    genitive: 'ради',
  },
  {
    value: 'director_order',
    label: 'Наказ директора',
    heading: 'НАКАЗ',
    act: 'наказ',
    instrumental: 'наказом',
    genitive: 'директора',
  },
] as const;

export type Approver = (typeof APPROVERS)[number]['value'];
export const APPROVER_VALUES = APPROVERS.map((approver) => approver.value) as [
  Approver,
  ...Approver[],
];

/** The words of `approver` (its label, heading, act and instrumental). */
export const approverOf = (approver: Approver) =>
  APPROVERS.find((candidate) => candidate.value === approver) ?? APPROVERS[0];

/** The preamble's legal basis a new institution starts with; the block edits it as a list. */
export const DEFAULT_LEGAL_BASIS = [
  'статті 28 Закону України «Про місцеве самоврядування в Україні»',
  'постанови Кабінету Міністрів України від 17.09.1996 № 1138 «Про затвердження переліку платних послуг, які надаються в державних і комунальних закладах охорони здоров’я та вищих медичних навчальних закладах»',
  'Статуту закладу',
] as const;

/** Most lines of the legal basis (a bound on the preamble). */
export const MAX_LEGAL_BASIS_LINES = 20;
/** Largest profitability cap, %, the same bound as a service's profitability. */
export const MAX_PROFITABILITY_CAP = 1000;

export const APPROVAL_SETTINGS_MESSAGES = {
  approver: 'Оберіть, хто затверджує тарифи.',
  date: 'Вкажіть дату у форматі РРРР-ММ-ДД.',
  cap: 'Граничний норматив рентабельності має бути числом від 0 до 1000 з не більше ніж двома знаками після коми.',
  capDecisionNumber: 'Вкажіть номер рішення, яким встановлено граничний норматив рентабельності.',
  capDecisionDate: 'Вкажіть дату рішення, яким встановлено граничний норматив рентабельності.',
  inForceDate: 'Вкажіть дату рішення, яким затверджено чинні тарифи.',
  inForceNumber: 'Вкажіть номер рішення, яким затверджено чинні тарифи.',
  legalBasisLine: 'Правова підстава — це список рядків тексту.',
  legalBasisCount: `Правова підстава — не більше ${MAX_LEGAL_BASIS_LINES} рядків.`,
  tooLong: (label: string, max: number) => `Поле «${label}» — не більше ${max} символів.`,
  saved: 'Налаштування затвердження тарифів збережено.',
} as const;

/** Free text up to `max` characters, trimmed; '' when empty. */
const textField = (label: string, max: number) =>
  z
    .string({ error: `Поле «${label}» має бути текстом.` })
    .trim()
    .max(max, APPROVAL_SETTINGS_MESSAGES.tooLong(label, max))
    .refine(hasNoNul, CONTROL_CHARACTER_MESSAGE);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written `YYYY-MM-DD` (30 February is not). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1991 || year > 2100 || month < 1 || month > 12 || day < 1) return false;
  const days = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30];
  const monthDays = [...days, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 31;
  return day <= monthDays;
}

/** A calendar date `YYYY-MM-DD`, with the message naming it. */
export const isoDateSchema = (message: string = APPROVAL_SETTINGS_MESSAGES.date) =>
  z.string({ error: message }).trim().refine(isIsoDate, message);

/** A date that may be left empty: '' or null is no date. */
const optionalDate = z
  .union([isoDateSchema(), z.literal(''), z.null()])
  .optional()
  .transform((value) => (value ? value : null));

/** `YYYY-MM-DD` as Ukrainian documents write it: `17.09.1996`. */
export function formatIsoDate(date: string): string {
  const match = ISO_DATE.exec(date);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : date;
}

/** The percent cap: a number 0…1000 with at most two decimals, or null (no cap). */
const capSchema = z
  .number({ error: APPROVAL_SETTINGS_MESSAGES.cap })
  .min(0, APPROVAL_SETTINGS_MESSAGES.cap)
  .max(MAX_PROFITABILITY_CAP, APPROVAL_SETTINGS_MESSAGES.cap)
  .refine((value) => decimalPlaces(value) <= 2, APPROVAL_SETTINGS_MESSAGES.cap)
  .nullable()
  .optional()
  .transform((value) => value ?? null);

/**
 * The «Затвердження тарифів» block of /company (`PUT /api/company/:companyIdentifier/approval-settings`): who
 * approves, the body's name and place, the preamble's legal basis, the decision that approved the tariffs in force
 * (number and date, both or neither) and the profitability cap with the decision that set it (required with a cap).
 */
export const approvalSettingsSchema = z
  .object({
    approver: z.enum(APPROVER_VALUES, APPROVAL_SETTINGS_MESSAGES.approver),
    bodyName: textField('Повна назва органу', 300),
    place: textField('Місце прийняття', 100),
    // One basis a line; a blank line (a list being typed in a text area) is no basis.
    legalBasis: z.preprocess(
      (lines) =>
        Array.isArray(lines)
          ? lines.filter((line) => typeof line !== 'string' || line.trim() !== '')
          : lines,
      z
        .array(textField('Правова підстава', 500), {
          error: APPROVAL_SETTINGS_MESSAGES.legalBasisLine,
        })
        .max(MAX_LEGAL_BASIS_LINES, APPROVAL_SETTINGS_MESSAGES.legalBasisCount),
    ),
    inForceNumber: textField('Номер чинного рішення', 50),
    inForceDate: optionalDate,
    profitabilityCap: capSchema,
    capDecisionNumber: textField('Номер рішення про норматив', 50),
    capDecisionDate: optionalDate,
    // The explanatory note's «Виконавець: …, тел. …» (both optional; the name falls back to the order's economist).
    economistName: textField('ПІБ економіста', 200).optional().default(''),
    economistPhone: optionalPhoneFieldSchema().optional().default(''),
  })
  .superRefine((settings, context) => {
    const missing = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (settings.inForceNumber !== '' && settings.inForceDate === null)
      missing('inForceDate', APPROVAL_SETTINGS_MESSAGES.inForceDate);
    if (settings.inForceNumber === '' && settings.inForceDate !== null)
      missing('inForceNumber', APPROVAL_SETTINGS_MESSAGES.inForceNumber);
    if (settings.profitabilityCap !== null) {
      if (settings.capDecisionNumber === '')
        missing('capDecisionNumber', APPROVAL_SETTINGS_MESSAGES.capDecisionNumber);
      if (settings.capDecisionDate === null)
        missing('capDecisionDate', APPROVAL_SETTINGS_MESSAGES.capDecisionDate);
    }
  });
export type ApprovalSettings = z.output<typeof approvalSettingsSchema>;
export type ApprovalSettingsInput = z.input<typeof approvalSettingsSchema>;

/** The settings of an institution that has entered none: the executive committee, the preset legal basis, no cap. */
export const DEFAULT_APPROVAL_SETTINGS: ApprovalSettings = {
  approver: 'executive_committee',
  bodyName: '',
  place: '',
  legalBasis: [...DEFAULT_LEGAL_BASIS],
  inForceNumber: '',
  inForceDate: null,
  profitabilityCap: null,
  capDecisionNumber: '',
  capDecisionDate: null,
  economistName: '',
  economistPhone: '',
};

/**
 * The settings as answered (GET, and the PUT's `data`): plain types, since the answer's serialiser cannot encode
 * the input schema's transforms and refinements.
 */
export const approvalSettingsOutputSchema = z.object({
  approver: z.enum(APPROVER_VALUES),
  bodyName: z.string(),
  place: z.string(),
  legalBasis: z.array(z.string()),
  inForceNumber: z.string(),
  inForceDate: z.string().nullable(),
  profitabilityCap: z.number().nullable(),
  capDecisionNumber: z.string(),
  capDecisionDate: z.string().nullable(),
  economistName: z.string(),
  economistPhone: z.string(),
}) satisfies z.ZodType<ApprovalSettings>;

/** The answer of the settings' PUT: the toast and the settings as stored. */
export const approvalSettingsSavedSchema = savedResponseSchema(approvalSettingsOutputSchema);

/** `рішенням виконавчого комітету від 01.02.2026 № 15` — a decision named after «Затверджено». */
export function decisionReference(
  approver: Approver,
  decision: { number: string; date: string },
): string {
  const words = approverOf(approver);
  return `${words.instrumental} ${words.genitive} від ${formatIsoDate(decision.date)} № ${decision.number}`;
}

/** The cap as the 422 and the documents name it: `20 % (рішення … від … № …)`. */
export function capText(settings: ApprovalSettings): string {
  if (settings.profitabilityCap === null) return '';
  const decision =
    settings.capDecisionNumber && settings.capDecisionDate
      ? ` (${approverOf(settings.approver).act} від ${formatIsoDate(settings.capDecisionDate)} № ${settings.capDecisionNumber})`
      : '';
  return `${formatPercent(settings.profitabilityCap)} %${decision}`;
}

/** A percent the uk-UA way: `20`, `12,5`. */
export const formatPercent = (value: number): string => String(value).replace('.', ',');

/**
 * Whether a profitability exceeds the cap: `null` cap (none set) never; at the cap is allowed, above it is not.
 * Compared in hundredths (both carry at most two decimals), so 20.1 > 20.09999… never misfires on binary floats.
 */
export function exceedsProfitabilityCap(profitability: number, cap: number | null): boolean {
  if (cap === null) return false;
  return Math.round(profitability * 100) > Math.round(cap * 100);
}

/** The message under a service's «Рентабельність, %» above the cap (the wizard's mark and Calculate's 422). */
export function capExceededMessage(profitability: number, settings: ApprovalSettings): string {
  return `Рентабельність ${formatPercent(profitability)} % перевищує граничний норматив ${capText(settings)}.`;
}

/** The services whose profitability exceeds the cap, in their order (empty without a cap). */
export function servicesAboveCap<T extends { profit: number }>(
  services: readonly T[],
  cap: number | null,
): T[] {
  return services.filter((service) => exceedsProfitabilityCap(service.profit, cap));
}

/**
 * Calculate's 422 message above the cap (issue 35): every service above it with its profitability, the cap and the
 * decision that set it.
 */
export function capRefusalMessage(
  services: ReadonlyArray<{ name: string; profit: number }>,
  settings: ApprovalSettings,
): string {
  const named = services.map((service) => `«${service.name}» — ${formatPercent(service.profit)} %`);
  return `Рентабельність перевищує граничний норматив ${capText(settings)}: ${named.join('; ')}. Зменште рентабельність цих послуг.`;
}
