import type { TariffHistory } from '@medcalc/domain';
import { Typography } from 'antd';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import { formatDate, formatMoney } from '@/utils/format';

/** Charts drawn at most: a large order's card stays short; the rest are in the documents. */
const MAX_CHARTS = 6;

/**
 * The lines' colours, which the legend and the approval mark also write text in: at least 4.5:1 on white (the app's
 * blue, antd's orange-8 and green-8), where antd's #1677ff, #fa8c16 and #389e0d give 4.1, 2.3 and 3.4:1.
 */
const CHART_COLOURS = { tariff: '#0b6bcb', cost: '#ad4e00', approved: '#237804' } as const;

/**
 * Issue 35: each service's tariff and cost over the order's revisions, a small line chart per service, with the
 * revisions whose tariffs the founder approved marked («затв. з …», the date they took effect). The figures are
 * the server's; the chart only draws them.
 */
export function TariffHistoryChart({ history }: { history: TariffHistory }) {
  const services = history.services.filter((service) => service.points.length > 0);
  if (services.length === 0) return null;
  return (
    <section aria-label="Історія тарифів">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Історія тарифів
      </Typography.Title>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
          gap: 16,
        }}
      >
        {services.slice(0, MAX_CHARTS).map((service) => {
          const rows = service.points.map((point) => ({
            revision: `Ред. ${point.revision}`,
            tariff: Number(point.tariff),
            cost: Number(point.cost),
            approvedOn: point.approvedOn,
          }));
          return (
            <figure key={service.identifier} style={{ margin: 0 }}>
              <figcaption style={{ fontSize: 13, marginBottom: 4 }}>
                {service.code} {service.name}
              </figcaption>
              <LineChart
                data={rows}
                style={{ width: '100%', height: 180 }}
                responsive
                margin={{ top: 20, right: 16, bottom: 0, left: 0 }}
              >
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="revision" />
                <YAxis width={64} tickFormatter={(value: number) => formatMoney(value)} />
                <Tooltip formatter={(value) => `${formatMoney(Number(value))} грн`} />
                <Legend />
                <Line type="monotone" dataKey="tariff" name="Тариф" stroke={CHART_COLOURS.tariff} />
                <Line
                  type="monotone"
                  dataKey="cost"
                  name="Собівартість"
                  stroke={CHART_COLOURS.cost}
                />
                {rows.map((row) =>
                  row.approvedOn ? (
                    <ReferenceLine
                      key={row.revision}
                      x={row.revision}
                      stroke={CHART_COLOURS.approved}
                      strokeDasharray="4 2"
                      label={{
                        value: `затв. з ${formatDate(row.approvedOn)}`,
                        position: 'top',
                        fontSize: 10,
                        fill: CHART_COLOURS.approved,
                      }}
                    />
                  ) : null,
                )}
              </LineChart>
            </figure>
          );
        })}
      </div>
      {services.length > MAX_CHARTS ? (
        <Typography.Text type="secondary">
          Показано {MAX_CHARTS} з {services.length} послуг.
        </Typography.Text>
      ) : null}
    </section>
  );
}
