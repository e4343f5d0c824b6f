import type { BenchmarkService } from '@medcalc/domain';
import { Bar, BarChart, CartesianGrid, ReferenceLine, XAxis, YAxis } from 'recharts';

import { formatMoney } from '@/utils/format';

/** The box's and the marks' colours: at least 4.5:1 on white where text is written in them. */
const COLOURS = { box: '#91caff', median: '#0b6bcb', ours: '#ad4e00' } as const;

/**
 * One service among the others (issue 41): the box from the 25th to the 75th percentile, the median and our tariff
 * as marks. No minimum or maximum exists to draw; the axis only leaves a margin around what is shown.
 */
export function BenchmarkChart({ service }: { service: BenchmarkService }) {
  const { statistics } = service;
  if (!statistics) return null;
  const ours = service.ourTariff === null ? null : Number(service.ourTariff);
  const low = Math.min(statistics.p25, ours ?? statistics.p25);
  const high = Math.max(statistics.p75, ours ?? statistics.p75);
  const margin = Math.max((high - low) * 0.15, high * 0.05, 1);
  const domain = [Math.max(0, Math.floor(low - margin)), Math.ceil(high + margin)];
  return (
    <BarChart
      layout="vertical"
      data={[{ name: 'Інші заклади', box: [statistics.p25, statistics.p75] }]}
      style={{ width: '100%', height: 120 }}
      responsive
      margin={{ top: 24, right: 16, bottom: 0, left: 16 }}
      // The caption says it in words: the drawing is no tab stop (axe aria-hidden-focus).
      accessibilityLayer={false}
      aria-hidden
    >
      <CartesianGrid strokeDasharray="3 3" horizontal={false} />
      <XAxis
        type="number"
        domain={domain}
        tickFormatter={(value: number) => formatMoney(value, 0)}
        allowDataOverflow
      />
      <YAxis type="category" dataKey="name" hide />
      <Bar dataKey="box" fill={COLOURS.box} barSize={32} isAnimationActive={false} />
      <ReferenceLine
        x={statistics.median}
        stroke={COLOURS.median}
        strokeWidth={2}
        label={{ value: 'Медіана', position: 'top', fontSize: 11, fill: COLOURS.median }}
      />
      {ours === null ? null : (
        <ReferenceLine
          x={ours}
          stroke={COLOURS.ours}
          strokeWidth={3}
          strokeDasharray="4 2"
          label={{ value: 'Ваш тариф', position: 'insideBottom', fontSize: 11, fill: COLOURS.ours }}
        />
      )}
    </BarChart>
  );
}
