import {
  COST_TERMS,
  PRICE_ROUNDING_LABELS,
  VAT_MODE_LABELS,
  VAT_RATE_PERCENT,
  equipmentLinesOf,
  staffLineFormula,
  type PriceRounding,
  type ProfitabilityService,
  type WizardCalculationItem,
} from '@medcalc/domain';
import { Grid, Spin, Table, Typography, type TableColumnsType } from 'antd';

import { NoWrap } from '@/components/ui/no-wrap';
import {
  formatMinuteRate,
  formatMoney,
  formatPercent,
  formatPrice,
  formatQuantity,
} from '@/utils/format';

import { vatModeOf } from '../stores/order-draft';

/** Every row and coefficient of one service's калькуляція, as the server's answer carries it. */
type Costing = ProfitabilityService['costing'];

/**
 * A row of the breakdown: a total (bold), an article of the калькуляція, or one staff, material or equipment line
 * under it.
 */
type BreakdownRow = {
  key: string;
  article: string;
  formula: string;
  coefficient: string;
  amount: string | undefined;
  kind: 'total' | 'article' | 'line';
};

/** Names of the overhead base (docs/methodology.md "Formulas" 6: `labour` = L, `payroll` = L + A + E). */
const OVERHEAD_BASE_LABELS = {
  labour: 'основної заробітної плати (L)',
  payroll: 'фонду оплати праці з ЄСВ (L + A + E)',
} as const;

/**
 * The rows after «Тариф без ПДВ» (issue 18, docs/methodology.md "VAT", "Rounding of the final price"), shown when
 * the service is taxable or the order rounds its prices, so the калькуляція adds up to the tariff the table
 * shows: VAT, the price with VAT, the rounding difference and the final tariff. None otherwise: the tariff is
 * then «Тариф без ПДВ». Which rows are the draft's choice (they show as soon as it is made, under the spinner);
 * the amounts are the answer's.
 */
function priceRows(
  item: WizardCalculationItem,
  costing: Costing | undefined,
  rounding: PriceRounding,
): BreakdownRow[] {
  const vatMode = vatModeOf(item.calculation);
  if (vatMode === 'exempt' && rounding === 'none') return [];
  const price = costing?.price;
  const isTaxable = vatMode === 'vat20';
  return [
    {
      key: 'vat',
      article: isTaxable ? `ПДВ ${VAT_RATE_PERCENT} %` : 'ПДВ',
      formula: isTaxable ? `Тариф без ПДВ × ${VAT_RATE_PERCENT} %` : '',
      coefficient: isTaxable ? '' : VAT_MODE_LABELS.exempt,
      amount: price?.vat,
      kind: 'article',
    },
    {
      key: 'withVat',
      article: 'Тариф з ПДВ',
      formula: 'Тариф без ПДВ + ПДВ',
      coefficient: '',
      amount: price?.withVat,
      kind: 'article',
    },
    {
      key: 'rounding',
      article: 'Округлення',
      formula: rounding === 'none' ? '' : 'Тариф з ПДВ до кроку, половина — вгору',
      coefficient: PRICE_ROUNDING_LABELS[rounding],
      amount: price?.roundingAmount,
      kind: 'article',
    },
    {
      key: 'tariff',
      article: 'Тариф',
      formula: 'Тариф з ПДВ + округлення',
      coefficient: '',
      amount: price?.tariff,
      kind: 'total',
    },
  ];
}

function breakdownRows(
  item: WizardCalculationItem,
  costing: Costing | undefined,
  rounding: PriceRounding,
): BreakdownRow[] {
  const { bonus, profit, stuff, pills } = item.calculation;
  const rates = costing?.rates;

  const staffRows = stuff.map((line, index): BreakdownRow => ({
    key: `staff-${index}`,
    article: line.quality?.name.trim() || 'Кваліфікацію не обрано',
    // The domain's words of the калькуляція's formula, with this line's numbers (issue 33): the conditions and
    // bonus factors it applies are in it.
    formula: staffLineFormula(line, bonus),
    coefficient: `умови праці ${formatPercent(line.conditionPercent)}, премія ${formatPercent(bonus)}`,
    amount: costing?.staffLines[index],
    kind: 'line',
  }));
  const materialRows = pills.map((line, index): BreakdownRow => ({
    key: `material-${index}`,
    article: line.name.trim() || 'Матеріал не обрано',
    formula: `${formatPrice(line.price)} грн × ${formatQuantity(line.spend)}${line.measurement_type ? ` ${line.measurement_type}` : ''}`,
    coefficient: '',
    amount: costing?.materialLines[index],
    kind: 'line',
  }));
  // Issue 38: each equipment line under D, with the cost of one minute it was charged at and its minutes.
  const equipmentRows = equipmentLinesOf(item.calculation).map((line, index): BreakdownRow => ({
    key: `equipment-${index}`,
    article: line.name.trim() || 'Обладнання не обрано',
    formula: `${formatMinuteRate(line)} грн/хв × ${formatQuantity(line.minutes)} хв`,
    coefficient: '',
    // Read with care: an answer of a server older than issue 38 has no `equipmentLines` (the schema's default is
    // applied only where the answer is parsed).
    amount: (costing?.equipmentLines as readonly string[] | undefined)?.[index],
    kind: 'line',
  }));

  const isPayrollBase = rates?.overheadMethod === 'fixed' && rates.overheadBase === 'payroll';
  const overheadCoefficient =
    rates === undefined
      ? ''
      : rates.overheadMethod === 'fixed'
        ? `K = ${formatPercent(rates.overheadPercent)} (фіксований відсоток від ${OVERHEAD_BASE_LABELS[rates.overheadBase]})`
        : `K = ${formatPercent(rates.overheadPercent)} (розрахунковий, від основної заробітної плати)`;

  return [
    {
      key: 'labour',
      article: 'Основна заробітна плата (L)',
      formula: 'Σ рядків персоналу',
      coefficient: '',
      amount: costing?.labour,
      kind: 'article',
    },
    ...staffRows,
    {
      key: 'additionalLabour',
      article: 'Додаткова заробітна плата (A)',
      // The words of the documents (docs/methodology.md "Terms on paper"), not the code name.
      formula: `L × ${COST_TERMS.leaveCoefficient}`,
      coefficient: rates
        ? `${COST_TERMS.leaveCoefficient} ${formatPercent(rates.leavePercent)}`
        : '',
      amount: costing?.additionalLabour,
      kind: 'article',
    },
    {
      key: 'esv',
      article: 'Єдиний соціальний внесок (E)',
      formula: '(L + A) × ставка ЄСВ',
      coefficient: rates ? `ставка ЄСВ ${formatPercent(rates.esvPercent)}` : '',
      amount: costing?.esv,
      kind: 'article',
    },
    {
      key: 'materials',
      article: 'Матеріали (M)',
      formula: 'Σ ціна × витрата',
      coefficient: '',
      amount: costing?.materials,
      kind: 'article',
    },
    ...materialRows,
    {
      key: 'depreciation',
      article: 'Амортизація обладнання (D)',
      // docs/methodology.md "Equipment depreciation": per line the exact rate per minute times the minutes.
      formula: 'Σ (V − S) / N / (T × 60) × хв',
      coefficient: '',
      // A калькуляція computed before equipment existed has none: D is 0 there.
      amount:
        costing === undefined
          ? undefined
          : ((costing.depreciation as string | undefined) ?? '0.00'),
      kind: 'article',
    },
    ...equipmentRows,
    {
      key: 'overhead',
      article: 'Накладні витрати (OH)',
      formula: isPayrollBase ? '(L + A + E) × K' : 'L × K',
      coefficient: overheadCoefficient,
      amount: costing?.overhead,
      kind: 'article',
    },
    {
      key: 'summary',
      article: 'Собівартість (C)',
      formula: 'L + A + E + M + D + OH',
      coefficient: '',
      amount: costing?.summary,
      kind: 'total',
    },
    {
      key: 'profit',
      article: 'Прибуток (P)',
      formula: 'C × R',
      coefficient: `R = ${formatPercent(profit)}`,
      amount: costing?.profit,
      kind: 'article',
    },
    {
      key: 'summaryWithProfit',
      article: 'Тариф без ПДВ',
      formula: 'C + P',
      coefficient: '',
      amount: costing?.summaryWithProfit,
      kind: 'total',
    },
    ...priceRows(item, costing, rounding),
  ];
}

const emphasise = (text: string, row: BreakdownRow) =>
  row.kind === 'total' ? <strong>{text}</strong> : text;

/** A row's formula and coefficient, for the phone's cell under the article. */
const explanationOf = (row: BreakdownRow) =>
  [row.formula, row.coefficient].filter((text) => text !== '').join('; ');

/**
 * The amount comes right after the article, so a phone shows it without scrolling sideways. On a phone (below
 * `md`) the formula and the coefficient are not columns of their own (issue 33: they pushed the table past the
 * screen): they are read under the article, in smaller text.
 */
const columnsOf = (isPhone: boolean): TableColumnsType<BreakdownRow> => [
  {
    title: 'Стаття витрат',
    dataIndex: 'article',
    key: 'article',
    // Narrow enough that the amount beside it stays on a wide screen's first glance; long qualifications wrap.
    render: (text: string, row) => (
      <div
        style={{
          maxWidth: isPhone ? undefined : 160,
          paddingInlineStart: row.kind === 'line' ? 16 : 0,
        }}
      >
        <span>{emphasise(text, row)}</span>
        {isPhone && explanationOf(row) !== '' ? (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
            {explanationOf(row)}
          </Typography.Text>
        ) : null}
      </div>
    ),
  },
  {
    title: 'Сума, грн',
    dataIndex: 'amount',
    key: 'amount',
    align: 'right',
    render: (amount: string | undefined, row) => (
      <NoWrap>{emphasise(formatMoney(amount), row)}</NoWrap>
    ),
  },
  ...(isPhone
    ? []
    : [
        { title: 'Формула', dataIndex: 'formula', key: 'formula' },
        { title: 'Коефіцієнт', dataIndex: 'coefficient', key: 'coefficient' },
      ]),
];

/**
 * The калькуляція of one service (docs/methodology.md "Formulas" 1–8): every article with its formula and
 * coefficient, each staff line under L with its qualification, each material line under M and each equipment line
 * under D (issue 38), then VAT and the
 * rounding of the final price when they apply (issue 18). The amounts
 * and coefficients are the server's answer (`costing` of calculate-online); the draft gives only the names
 * and inputs the labels mention. While a new answer is computed the last one stays, dimmed under a spinner.
 */
export function CostingBreakdown({
  item,
  costing,
  priceRounding,
  isRecomputing,
}: {
  item: WizardCalculationItem;
  costing: Costing | undefined;
  /** The order's rounding of the final price, as the draft holds it. */
  priceRounding: PriceRounding;
  isRecomputing: boolean;
}) {
  const isPhone = !Grid.useBreakpoint().md;
  return (
    <div role="region" aria-label={`Калькуляція послуги «${item.name}»`}>
      <Spin spinning={isRecomputing}>
        <Table<BreakdownRow>
          size="small"
          columns={columnsOf(isPhone)}
          dataSource={breakdownRows(item, costing, priceRounding)}
          rowKey="key"
          pagination={false}
          scroll={isPhone ? undefined : { x: 'max-content' }}
        />
      </Spin>
    </div>
  );
}
