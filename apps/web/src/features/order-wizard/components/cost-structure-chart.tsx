import type { ProfitabilityService } from '@medcalc/domain';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

import { formatMoney } from '@/utils/format';

/**
 * The parts of a tariff, in the order of the калькуляція (docs/methodology.md "Formulas"), each with the
 * `costing` field it is read from. Together they add up to the tariff without VAT; a taxable service's VAT
 * (issue 18, `costing.price.vat`) is the last part, drawn only when a service of the category has some, as is the
 * equipment's depreciation D (issue 38).
 */
const PARTS = [
  { key: 'labour', name: 'Основна з/п', color: '#1677ff' },
  { key: 'additionalLabour', name: 'Додаткова з/п', color: '#69b1ff' },
  { key: 'esv', name: 'ЄСВ', color: '#722ed1' },
  { key: 'materials', name: 'Матеріали', color: '#13c2c2' },
  { key: 'depreciation', name: 'Амортизація обладнання', color: '#8c8c8c' },
  { key: 'overhead', name: 'Накладні витрати', color: '#fa8c16' },
  { key: 'profit', name: 'Прибуток', color: '#52c41a' },
  { key: 'vat', name: 'ПДВ', color: '#eb2f96' },
] as const;

type PartKey = (typeof PARTS)[number]['key'];

/** Legend and tooltip list the parts in the калькуляція's order (recharts sorts them by name otherwise). */
const partOrder = (item: { dataKey?: unknown }) =>
  PARTS.findIndex((part) => part.key === item.dataKey);

/** One bar: a service's code and name with its parts in UAH. */
type ChartRow = { code: string; name: string } & Record<PartKey, number>;

/** Height of one service's bar row, px; the chart grows with the number of services. */
const ROW_HEIGHT = 44;
/** Room for the amount axis and the legend (which wraps to two lines on a phone), px. */
const CHROME_HEIGHT = 110;

/**
 * The cost structure of each service of a category (issue 9, step 5): one horizontal bar per service, stacked
 * from its labour, leave pay, ЄСВ, materials, equipment depreciation, overhead and profit, so the bar's length is its tariff without
 * VAT, plus its VAT when taxable (the rounding of the final price, under a hryvnia, is left out). The amounts
 * are the server's answer; the chart only draws them (`Number` gives the bar lengths, the tooltip prints the
 * answer's own figures). Bars are labelled with the short service code so the chart fits
 * a 390 px screen; the tooltip adds the name. It is its own module so the charting library loads only here.
 */
export function CostStructureChart({
  category,
  services,
}: {
  category: string;
  services: readonly ProfitabilityService[];
}) {
  const rows: ChartRow[] = services.map((service) => ({
    code: service.companyId,
    name: service.name,
    labour: Number(service.costing.labour),
    additionalLabour: Number(service.costing.additionalLabour),
    esv: Number(service.costing.esv),
    materials: Number(service.costing.materials),
    // An answer of a server older than issue 38 has no D (the schema's default applies only where it is parsed).
    depreciation: Number((service.costing.depreciation as string | undefined) ?? 0),
    overhead: Number(service.costing.overhead),
    profit: Number(service.costing.profit),
    vat: Number(service.costing.price?.vat ?? 0),
  }));
  const hasVat = rows.some((row) => row.vat > 0);
  const hasDepreciation = rows.some((row) => row.depreciation > 0);
  const parts = PARTS.filter(
    (part) => (part.key !== 'vat' || hasVat) && (part.key !== 'depreciation' || hasDepreciation),
  );
  const namesByCode = new Map(rows.map((row) => [row.code, row.name]));

  return (
    <figure
      aria-label={`Структура вартості послуг: ${category}`}
      style={{ margin: 0, width: '100%' }}
    >
      <BarChart
        responsive
        layout="vertical"
        data={rows}
        style={{ width: '100%', height: rows.length * ROW_HEIGHT + CHROME_HEIGHT }}
        margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
      >
        <CartesianGrid horizontal={false} strokeDasharray="3 3" />
        <XAxis type="number" tickFormatter={(value: number) => formatMoney(value, 0)} />
        <YAxis type="category" dataKey="code" width={56} />
        <Tooltip
          itemSorter={partOrder}
          formatter={(value) => `${formatMoney(Number(value))} грн`}
          labelFormatter={(code) => `${String(code)} — ${namesByCode.get(String(code)) ?? ''}`}
        />
        <Legend itemSorter={partOrder} />
        {parts.map((part) => (
          <Bar
            key={part.key}
            dataKey={part.key}
            name={part.name}
            stackId="tariff"
            fill={part.color}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </figure>
  );
}
