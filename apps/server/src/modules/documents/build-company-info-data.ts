import {
  AREA_ROWS,
  COMPANY_INFO_LABELS,
  COMPANY_INFO_TEXT_FIELDS,
  EMPTY_VALUE_TEXT,
  EXPENSE_SECTIONS,
  FINANCING_FORMS,
  formatIban,
  OVERHEAD_BASE_LABELS,
  OVERHEAD_METHOD_LABELS,
  computeBedDayCosts,
  computeInstitutionCoefficients,
  formatMoney,
  type CompanyInfo,
  type Decimal,
} from '@medcalc/domain';
import { textOrDash } from './document-source';
import type { OrderDocumentSource } from './document-source';
import { buildPageHeading, type PageHeading } from './page-heading';

/** One labelled value of the institution data. */
export interface LabelledValue {
  label: string;
  value: string;
}

/** A derived figure with the formula it comes from (docs/methodology.md "Formulas"). */
export interface DerivedFigure {
  label: string;
  formula: string;
  value: string;
}

/** The «Інформація про заклад» document: every institution field by section, then the derived figures. */
export interface CompanyInfoData {
  heading: PageHeading;
  title: string;
  /** `numeric`: the section's values are amounts (printed right-aligned), otherwise text. */
  sections: Array<{ title: string; numeric: boolean; rows: LabelledValue[] }>;
  coefficients: { title: string; rows: DerivedFigure[] };
  bedDay: { title: string; rows: DerivedFigure[] };
}

/** A percent of a fraction (0.08 → `8,0000 %`), four decimals as the калькуляція prints its coefficients. */
const percentOf = (fraction: Decimal): string =>
  `${formatMoney(fraction.times(100).toFixed(4), 4)} %`;

const money = (value: number | string | null) => formatMoney(value);

function textValue(info: CompanyInfo, field: (typeof COMPANY_INFO_TEXT_FIELDS)[number]): string {
  if (field === 'form') {
    return FINANCING_FORMS.find((form) => form.value === info.form)?.label ?? EMPTY_VALUE_TEXT;
  }
  // The settlement account in groups of four, as on the invoice (issue 33).
  return textOrDash(field === 'payment_code' ? formatIban(info[field]) : info[field]);
}

/**
 * Data of «Інформація про заклад» (document `company_info`): every field of the order's institution-data
 * snapshot with its label (spec §2 step 1: general data, planned expenses by section, areas, other information,
 * the overhead settings), and the coefficients Calculate derived from them with their formulas: the sum of the
 * salary funds, k_leave, the ЄСВ rate, the overhead pool, the share of the medical area, the overhead rate K (or
 * the fixed percent and its base), and the inpatient bed-day figures. Every figure comes from the domain's
 * engine (`computeInstitutionCoefficients`, `computeBedDayCosts`) on the same snapshot Calculate used.
 */
export function buildCompanyInfoData(source: OrderDocumentSource): CompanyInfoData {
  const info = source.order.companyInfo;
  const k = computeInstitutionCoefficients(info);
  const bedDay = computeBedDayCosts(info);
  const label = COMPANY_INFO_LABELS;
  const isFixed = k.overheadMethod === 'fixed';

  const sections: CompanyInfoData['sections'] = [
    {
      title: 'Загальні відомості',
      numeric: false,
      rows: COMPANY_INFO_TEXT_FIELDS.map((field) => ({
        label: label[field],
        value: textValue(info, field),
      })),
    },
    ...EXPENSE_SECTIONS.map((section) => ({
      title: `Планові витрати на рік, грн — ${section.title}`,
      numeric: true,
      rows: section.fields.map((field) => ({ label: label[field], value: money(info[field]) })),
    })),
    {
      title: 'Площі, м²',
      numeric: true,
      rows: AREA_ROWS.map((field) => ({ label: label[field], value: money(info[field]) })),
    },
    {
      title: 'Інша інформація',
      numeric: true,
      rows: [
        {
          label: label.unified_social_security_contribution_rate,
          value: money(info.unified_social_security_contribution_rate),
        },
        {
          label: label.actual_amount_for_leave_payment,
          value: money(info.actual_amount_for_leave_payment),
        },
        { label: label.total_number_of_beds, value: formatMoney(info.total_number_of_beds, 0) },
      ],
    },
    {
      title: 'Накладні витрати',
      numeric: false,
      rows: [
        { label: label.overhead_method, value: OVERHEAD_METHOD_LABELS[info.overhead_method] },
        {
          label: label.overhead_percent,
          value: isFixed ? money(info.overhead_percent) : EMPTY_VALUE_TEXT,
        },
        {
          label: label.overhead_base,
          value: isFixed ? OVERHEAD_BASE_LABELS[info.overhead_base] : EMPTY_VALUE_TEXT,
        },
      ],
    },
  ];

  const overheadRow: DerivedFigure = isFixed
    ? {
        label: 'Коефіцієнт накладних витрат K (фіксований відсоток)',
        formula:
          k.overheadBase === 'payroll'
            ? 'K = відсоток накладних витрат / 100; база — основна і додаткова з/п з ЄСВ (L + A + E): OH = (L + A + E) × K'
            : 'K = відсоток накладних витрат / 100; база — основна з/п (L): OH = L × K',
        value: percentOf(k.overheadCoefficient),
      }
    : {
        label: 'Коефіцієнт накладних витрат K',
        formula:
          'K = (Пул накладних × частка медичної площі + інші прямі витрати) / ФОП медичного персоналу; OH = L × K',
        value: percentOf(k.overheadCoefficient),
      };

  const coefficients: DerivedFigure[] = [
    {
      label: 'Сума фондів оплати праці (ΣФОП), грн',
      formula:
        'ФОП медичного + палатного + харчоблоку + загальновиробничого + адміністративного персоналу',
      value: money(k.salaryFundsTotal.toFixed(2)),
    },
    {
      label: 'Коефіцієнт відпусток (додаткової заробітної плати)',
      formula:
        'Коефіцієнт відпусток = фактична сума на оплату відпусток / ΣФОП; A = L × коефіцієнт відпусток',
      value: percentOf(k.leaveCoefficient),
    },
    {
      label: 'Ставка ЄСВ',
      formula: 'E = (L + A) × ставка ЄСВ / 100',
      value: `${money(k.esvRate.toFixed(2))} %`,
    },
    {
      label: 'Пул накладних витрат, грн',
      formula:
        'ФОП загальновиробничого персоналу × (1 + ЄСВ/100) + експлуатаційні витрати + амортизація + інші загальновиробничі витрати + ФОП адміністративного персоналу × (1 + ЄСВ/100) + інші адміністративні витрати + бюджет на рекламу',
      value: money(k.overheadPool.toFixed(2)),
    },
    {
      label: 'Частка медичної площі',
      formula:
        'Частка медичної площі = площа приміщень для медичних послуг / (площа приміщень для медичних послуг + площа палат + площа харчоблоку та їдальні)',
      value: percentOf(k.medicalAreaShare),
    },
    overheadRow,
  ];

  const perBedDay = (value: string | null) => (value === null ? EMPTY_VALUE_TEXT : money(value));
  const bedDayRows: DerivedFigure[] = [
    {
      label: 'Кількість ліжко-днів на рік N',
      formula: 'N = загальна кількість ліжок × 365',
      value: formatMoney(bedDay.bedDays, 0),
    },
    {
      label: 'Вартість перебування у стаціонарі за рік, грн',
      formula:
        'ФОП палатного персоналу × (1 + ЄСВ/100) + витрати на перебування + додаткові послуги перебування + пул накладних × площа палат / S',
      value: money(bedDay.stayPerYear),
    },
    {
      label: 'Вартість харчування пацієнтів за рік, грн',
      formula:
        'ФОП працівників харчоблоку × (1 + ЄСВ/100) + витрати на харчування + додаткові послуги з харчування + пул накладних × площа харчоблоку / S',
      value: money(bedDay.foodPerYear),
    },
    {
      label: 'Вартість перебування за ліжко-день, грн',
      formula: 'вартість перебування за рік / N',
      value: perBedDay(bedDay.stayPerBedDay),
    },
    {
      label: 'Вартість харчування за ліжко-день, грн',
      formula: 'вартість харчування за рік / N',
      value: perBedDay(bedDay.foodPerBedDay),
    },
  ];

  return {
    heading: buildPageHeading(source),
    title: 'Інформація про заклад',
    sections,
    coefficients: { title: 'Коефіцієнти, розраховані з даних закладу', rows: coefficients },
    bedDay: {
      title:
        'Стаціонар: вартість ліжко-дня (S — площа медичних приміщень, палат, харчоблоку та їдальні разом)',
      rows: bedDayRows,
    },
  };
}
