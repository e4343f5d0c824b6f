import {
  COMPARISON_LABELS,
  formatSignedAmount,
  formatSignedPercent,
  type TariffComparison,
} from '@medcalc/domain';
import {
  Card,
  Descriptions,
  Empty,
  Flex,
  Grid,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';

import { beforeAfterText, deltaTone } from '../utils/reprice-display';
import { NoWrap } from '@/components/ui/no-wrap';
import { NO_WRAP, WORD_WRAP } from '@/components/ui/word-wrap';

type ComparisonRow = TariffComparison['categories'][number]['services'][number];
type Totals = TariffComparison['totals'];

/** The columns' widths: every category's table and the totals line up. */
const WIDTHS = { code: 80, amounts: 190, delta: 110, percent: 100 } as const;
const TOTALS_TITLE = COMPARISON_LABELS.orderTotal;

/** Δ in its colour (green down, red up) with its sign, so the sign alone also says it. */
function Delta({ value, percent }: { value: string | null; percent?: boolean }) {
  return (
    <Typography.Text type={deltaTone(value)} style={NO_WRAP}>
      {percent ? formatSignedPercent(value) : formatSignedAmount(value)}
    </Typography.Text>
  );
}

/** A figure's column: its value before → after, on one line. */
const amountsColumn = (
  key: 'summary' | 'tariff',
  title: string,
): TableColumnsType<ComparisonRow>[number] => ({
  key,
  title,
  width: WIDTHS.amounts,
  align: 'right',
  render: (_, row) => <NoWrap>{beforeAfterText(row.before?.[key], row.after?.[key])}</NoWrap>,
});

const COLUMNS: TableColumnsType<ComparisonRow> = [
  { key: 'code', title: COMPARISON_LABELS.code, dataIndex: 'code', width: WIDTHS.code },
  {
    key: 'name',
    title: COMPARISON_LABELS.service,
    dataIndex: 'name',
    onCell: () => ({ style: WORD_WRAP }),
  },
  amountsColumn('summary', `${COMPARISON_LABELS.cost} (було → стало)`),
  amountsColumn('tariff', `${COMPARISON_LABELS.tariff} (було → стало)`),
  {
    key: 'delta',
    title: COMPARISON_LABELS.deltaAmount,
    width: WIDTHS.delta,
    align: 'right',
    render: (_, row) => <Delta value={row.delta} />,
  },
  {
    key: 'percent',
    title: COMPARISON_LABELS.deltaPercent,
    width: WIDTHS.percent,
    align: 'right',
    render: (_, row) => <Delta value={row.deltaPercent} percent />,
  },
];

/** The totals as a row of the same shape, so its figures sit under the services' columns. */
const totalsRow = (totals: Totals): ComparisonRow => ({
  id: 0,
  identifier: 'totals',
  code: '',
  name: TOTALS_TITLE,
  before: totals.before,
  after: totals.after,
  delta: totals.delta,
  deltaPercent: totals.deltaPercent,
});

/** One service (or the totals) on a phone: code and name, then each figure under its label. */
function ComparisonCard({ row, isTotals = false }: { row: ComparisonRow; isTotals?: boolean }) {
  return (
    <Card
      size="small"
      role="listitem"
      aria-label={isTotals ? TOTALS_TITLE : `Послуга: ${row.name}`}
      style={isTotals ? { background: 'rgba(0, 0, 0, 0.02)' } : undefined}
    >
      <Typography.Paragraph style={{ marginBottom: 8, ...WORD_WRAP }}>
        {row.code ? <Typography.Text type="secondary">{row.code} </Typography.Text> : null}
        <Typography.Text strong>{row.name}</Typography.Text>
      </Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        colon={false}
        items={[
          {
            key: 'summary',
            label: COMPARISON_LABELS.cost,
            children: beforeAfterText(row.before?.summary, row.after?.summary),
          },
          {
            key: 'tariff',
            label: COMPARISON_LABELS.tariff,
            children: beforeAfterText(row.before?.tariff, row.after?.tariff),
          },
          {
            key: 'delta',
            label: COMPARISON_LABELS.delta,
            children: (
              <span>
                <Delta value={row.delta} /> (<Delta value={row.deltaPercent} percent />)
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}

/**
 * The preview's figures (issue 18): per category each service's cost and tariff before → after, Δ грн and Δ %
 * (green when the tariff goes down, red when it goes up, always with its sign), then the order's totals. A table
 * on a wider screen; on a phone each service is a card, its figures one under another.
 */
export function RepriceComparison({ comparison }: { comparison: TariffComparison }) {
  const isPhone = Grid.useBreakpoint().xs === true;
  if (comparison.categories.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="У замовленні немає послуг." />;
  }
  const totals = totalsRow(comparison.totals);
  return (
    <Flex vertical gap={16}>
      {comparison.categories.map(({ category, services }) => (
        <section key={category} aria-label={category}>
          <Typography.Title level={4} style={{ fontSize: 16, marginTop: 0, ...WORD_WRAP }}>
            {category}
          </Typography.Title>
          {isPhone ? (
            <Flex vertical gap={8} role="list" aria-label={`Порівняння: ${category}`}>
              {services.map((row) => (
                <ComparisonCard key={row.id} row={row} />
              ))}
            </Flex>
          ) : (
            <Table<ComparisonRow>
              aria-label={`Порівняння: ${category}`}
              columns={COLUMNS}
              dataSource={services}
              rowKey="id"
              size="small"
              pagination={false}
              tableLayout="fixed"
              scroll={{ x: 860 }}
            />
          )}
        </section>
      ))}
      <section aria-label={TOTALS_TITLE}>
        {isPhone ? (
          <div role="list" aria-label={TOTALS_TITLE}>
            <ComparisonCard row={totals} isTotals />
          </div>
        ) : (
          <Table<ComparisonRow>
            aria-label={TOTALS_TITLE}
            columns={COLUMNS.map((column) => ({
              ...column,
              onCell: () => ({ style: { ...WORD_WRAP, fontWeight: 600 } }),
            }))}
            dataSource={[totals]}
            rowKey="identifier"
            size="small"
            pagination={false}
            showHeader={false}
            tableLayout="fixed"
            scroll={{ x: 860 }}
          />
        )}
      </section>
    </Flex>
  );
}
