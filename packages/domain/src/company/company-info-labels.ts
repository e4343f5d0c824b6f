import {
  AREA_FIELDS,
  EXPENSE_FIELDS,
  type CompanyInfo,
  type OTHER_NUMERIC_FIELDS,
  type OVERHEAD_BASES,
  type OVERHEAD_METHODS,
} from './company-info.schema';

/**
 * Ukrainian labels of every institution-data field (spec §2 step 1; meanings in docs/methodology.md). Money is UAH
 * per year, areas square metres, rates percent. Kept in the domain because the web's forms (the company page and
 * wizard step 1) and the server's «Інформація про заклад» document print the same labels.
 */
export const COMPANY_INFO_LABELS = {
  name: 'Повна назва закладу',
  code: 'Код ЄДРПОУ',
  payment_code: 'Розрахунковий рахунок',
  form: 'Форма фінансування',
  ceo_name: 'ПІБ керівника',
  ceo_phone: 'Телефон керівника',
  counter_name: 'ПІБ головного бухгалтера',
  counter_phone: 'Телефон головного бухгалтера',
  address: 'Адреса',
  medical_staff_salary_fund: 'Фонд оплати праці медичного персоналу',
  supply_staff_salary_fund: 'Фонд оплати праці палатного (молодшого медичного) персоналу',
  food_service_staff_salary_fund: 'Фонд оплати праці працівників харчоблоку',
  inpatient_stay_costs: 'Витрати на перебування пацієнтів у стаціонарі',
  additional_services_inpatient_stay_costs: 'Додаткові послуги під час перебування у стаціонарі',
  food_expenses: 'Витрати на харчування пацієнтів',
  additional_services_food_patients: 'Додаткові послуги з харчування пацієнтів',
  other_direct_expenses: 'Інші прямі витрати',
  general_staff_salary_fund: 'Фонд оплати праці загальновиробничого персоналу',
  operational_expenses: 'Експлуатаційні витрати (комунальні послуги, утримання приміщень)',
  general_depreciation: 'Амортизація',
  other_general_expenses: 'Інші загальновиробничі витрати',
  administrative_staff_salary_fund: 'Фонд оплати праці адміністративного персоналу',
  other_administrative_expenses: 'Інші адміністративні витрати',
  advertising_material_creation_and_placement_budget:
    'Бюджет на створення та розміщення рекламних матеріалів',
  rented_by_external_organizations_area: 'Площа, здана в оренду стороннім організаціям',
  medical_service_rooms_area: 'Площа приміщень для надання медичних послуг',
  patient_bedwards_area: 'Площа палат для пацієнтів',
  kitchen_and_canteen_area: 'Площа харчоблоку та їдальні',
  other_areas: 'Інші площі',
  unified_social_security_contribution_rate: 'Ставка ЄСВ, %',
  actual_amount_for_leave_payment: 'Фактична сума на оплату відпусток за рік, грн',
  total_number_of_beds: 'Загальна кількість ліжок',
  overhead_method: 'Спосіб розрахунку накладних витрат',
  overhead_percent: 'Відсоток накладних витрат, %',
  overhead_base: 'База нарахування накладних витрат',
} as const satisfies Record<keyof CompanyInfo, string>;

/** The general (text) fields of the institution data, in the order the forms and documents show them. */
export const COMPANY_INFO_TEXT_FIELDS = [
  'name',
  'code',
  'payment_code',
  'form',
  'ceo_name',
  'ceo_phone',
  'counter_name',
  'counter_phone',
  'address',
] as const satisfies readonly (keyof CompanyInfo)[];

/** A numeric field of the institution data (money, area, rate or count). */
export type CompanyInfoNumericField =
  | (typeof EXPENSE_FIELDS)[number]
  | (typeof AREA_FIELDS)[number]
  | (typeof OTHER_NUMERIC_FIELDS)[number];

/** The expense fields from `first` to `last`, in the order of EXPENSE_FIELDS (which is the table's). */
const expenseFieldsFrom = (
  first: (typeof EXPENSE_FIELDS)[number],
  last: (typeof EXPENSE_FIELDS)[number],
): readonly CompanyInfoNumericField[] =>
  EXPENSE_FIELDS.slice(EXPENSE_FIELDS.indexOf(first), EXPENSE_FIELDS.indexOf(last) + 1);

/** Spec §2 step 1 "Planned expenses table", UAH per year, in its sections 1–3 and item 4. */
export const EXPENSE_SECTIONS: readonly {
  title: string;
  fields: readonly CompanyInfoNumericField[];
}[] = [
  {
    title: '1. Прямі витрати',
    fields: expenseFieldsFrom('medical_staff_salary_fund', 'other_direct_expenses'),
  },
  {
    title: '2. Загальновиробничі витрати',
    fields: expenseFieldsFrom('general_staff_salary_fund', 'other_general_expenses'),
  },
  {
    title: '3. Адміністративні витрати',
    fields: expenseFieldsFrom('administrative_staff_salary_fund', 'other_administrative_expenses'),
  },
  { title: '4. Реклама', fields: ['advertising_material_creation_and_placement_budget'] },
];

/** Spec §2 step 1 "Area table", square metres, in its order (that of AREA_FIELDS). */
export const AREA_ROWS: readonly CompanyInfoNumericField[] = AREA_FIELDS;

/** How overheads are charged (docs/methodology.md "Formulas" 6), as the forms and documents name it. */
export const OVERHEAD_METHOD_LABELS: Record<(typeof OVERHEAD_METHODS)[number], string> = {
  computed: 'Розраховувати з даних закладу',
  fixed: 'Фіксований відсоток',
};

/** What a fixed overhead percent is charged on: labour = L, payroll = L + A + E. */
export const OVERHEAD_BASE_LABELS: Record<(typeof OVERHEAD_BASES)[number], string> = {
  labour: 'Основна заробітна плата',
  payroll: 'Основна і додаткова заробітна плата з ЄСВ',
};
