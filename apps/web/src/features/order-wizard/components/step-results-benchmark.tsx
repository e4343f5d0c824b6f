import { benchmarkSentence } from '@medcalc/domain';
import { Card, Typography } from 'antd';

import { useCompanyIdentifier } from '@/hooks/use-company-identifier';

import { useOrderBenchmark } from '../api/get-order-benchmark';

/** What the line says of our tariff while the order is not calculated: the server places nothing before that. */
export const NOT_CALCULATED_TEXT = 'ваш тариф буде порівняно після розрахунку';

/**
 * Step 5's line of the tariff comparison (issue 41), under a category's services: for each service made from a
 * template whose comparison shows figures, «Медіана 12 закладів: 310 грн; ваш тариф 279,84 — 35-й процентиль» (the
 * order's own calculated tariff among the other participants; before the order is calculated, the median and
 * {@link NOT_CALCULATED_TEXT}). Nothing for a company not taking part, a service without figures, or a failed read.
 */
export function StepResultsBenchmark({
  identifier,
  category,
  services,
}: {
  identifier: string;
  category: string;
  services: readonly { id: number; name: string }[];
}) {
  const benchmark = useOrderBenchmark(useCompanyIdentifier(), identifier);
  const lines = services.flatMap((service) => {
    const compared = benchmark.data?.services.find((entry) => entry.calculationId === service.id);
    const said = compared ? benchmarkSentence(compared) : null;
    const sentence =
      said && compared?.ourTariff === null ? `${said}; ${NOT_CALCULATED_TEXT}` : said;
    return sentence ? [{ id: service.id, name: service.name, sentence }] : [];
  });
  if (lines.length === 0) return null;
  return (
    <Card
      size="small"
      title="Порівняння з іншими закладами"
      style={{ marginTop: 16 }}
      aria-label={`Порівняння тарифів: ${category}`}
    >
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {lines.map((line) => (
          <li key={line.id}>
            <Typography.Text strong>{line.name}</Typography.Text>: {line.sentence}
          </li>
        ))}
      </ul>
    </Card>
  );
}
