import type { TariffHistory } from '@medcalc/domain';
import { Flex, Select, Typography } from 'antd';
import { useId, useState } from 'react';
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

/**
 * Charts drawn at once: a large order's card stays short. Any other service's history is one choice away (the
 * «Послуга» select, searchable by code or name).
 */
const MAX_CHARTS = 6;
/** The select's first option, the first services' charts (an option, not a clear icon, so a keyboard reaches it). */
const FIRST_SERVICES = '';

/**
 * The lines' colours, which the legend and the approval mark also write text in: at least 4.5:1 on white (the app's
 * blue, antd's orange-8 and green-8), where antd's #1677ff, #fa8c16 and #389e0d give 4.1, 2.3 and 3.4:1.
 */
const CHART_COLOURS = { tariff: '#0b6bcb', cost: '#ad4e00', approved: '#237804' } as const;

/**
 * Issue 35: each service's tariff and cost over the order's revisions, a small line chart per service, with the
 * revisions whose tariffs the founder approved marked («затв. з …», the date they took effect). The first
 * {@link MAX_CHARTS} services are drawn; an order of more offers every service in a searchable select, and the
 * chosen one is drawn alone (its first option draws the first ones again). The figures are the server's; the chart
 * only draws them.
 */
export function TariffHistoryChart({ history }: { history: TariffHistory }) {
  const selectId = useId();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const services = history.services.filter((service) => service.points.length > 0);
  if (services.length === 0) return null;
  const selected = services.find((service) => service.identifier === chosen);
  const shown = selected ? [selected] : services.slice(0, MAX_CHARTS);
  return (
    <section aria-label="Історія тарифів">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Історія тарифів
      </Typography.Title>
      {services.length > MAX_CHARTS ? (
        <Flex vertical gap={4} style={{ maxWidth: 480, marginBottom: 12 }}>
          <label htmlFor={selectId}>Послуга</label>
          <Select<string>
            id={selectId}
            value={selected?.identifier ?? FIRST_SERVICES}
            onChange={(value) => setChosen(value || undefined)}
            options={[
              {
                value: FIRST_SERVICES,
                label: `Перші ${MAX_CHARTS} з ${services.length} послуг`,
              },
              ...services.map((service) => ({
                value: service.identifier,
                label: `${service.code} ${service.name}`,
              })),
            ]}
            showSearch={{ optionFilterProp: 'label' }}
            listHeight={350}
            notFoundContent="Нічого не знайдено"
            style={{ width: '100%' }}
          />
          <Typography.Text type="secondary">
            {selected
              ? `Перші ${MAX_CHARTS} послуг — перший пункт списку.`
              : `Історію будь-якої послуги виберіть у списку (пошук за кодом або назвою).`}
          </Typography.Text>
        </Flex>
      ) : null}
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
          gap: 16,
        }}
      >
        {shown.map((service) => {
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
    </section>
  );
}
