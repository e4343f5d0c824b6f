import { benchmarkSentence } from '@medcalc/domain';
import { Card, Typography } from 'antd';

import { useCompanyIdentifier } from '@/hooks/use-company-identifier';

import { useOrderBenchmark } from '../api/get-order-benchmark';

/**
 * Step 5's line of the tariff comparison (issue 41), under a category's services: for each service made from a
 * template whose comparison shows figures, «Медіана 12 закладів: 310 грн; ваш тариф 279,84 — 35-й процентиль»
 * (our latest approved tariff of that template service among the other participants). Nothing for a company not
 * taking part, a service without figures, or a failed read.
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
    const sentence = compared ? benchmarkSentence(compared) : null;
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
