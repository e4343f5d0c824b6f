import { ukrainianPlural } from '@medcalc/domain';
import { Flex, Typography } from 'antd';
import { z } from 'zod';

import { formatPercent, formatQuantity } from '@/utils/format';

import { JsonTree } from './json-tree';

const LIST_STYLE = { margin: '4px 0 0', paddingInlineStart: 20, overflowWrap: 'anywhere' } as const;

/**
 * What the summary reads of a template's content (spec §3 "Template": bonus, profit, stuff[], pills[]): only the
 * fields it prints, so an older template without the later fields (working day, conditions) still reads.
 */
const templateSummarySchema = z.object({
  bonus: z.number(),
  profit: z.number(),
  stuff: z.array(
    z.object({
      quality: z.object({ name: z.string() }).nullable().optional(),
      timeSpend: z.number(),
    }),
  ),
  pills: z.array(z.object({ name: z.string(), spend: z.number(), measurement_type: z.string() })),
  /** Issue 38: the administrator's template equipment; absent in every template made before it existed. */
  equipment: z.array(z.object({ name: z.string(), minutes: z.number() })).optional(),
});
type TemplateSummary = z.infer<typeof templateSummarySchema>;

/** The template's content, or `undefined` when it is no calculation (a broken row). */
function readContent(json: string): TemplateSummary | undefined {
  try {
    const parsed = templateSummarySchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** «8 рядків персоналу», «1 рядок», «3 рядки»: a count of lines in Ukrainian. */
function linesText(count: number): string {
  return `${count} ${ukrainianPlural(count, ['рядок', 'рядки', 'рядків'])}`;
}

/**
 * What a template holds, as the administrator reads it (issue 33: the tab showed only a collapsed `template {…} 4`):
 * the bonus and profitability, then the staff lines (position, minutes), the material lines (name, quantity and
 * unit) and, when it has any, the equipment lines (name, minutes; issue 38) under a disclosure each; the spec's
 * JSON tree stays below for the raw content. Content that is no calculation shows as the JSON tree alone.
 */
export function TemplateContent({ json, name }: { json: string; name: string }) {
  const content = readContent(json);
  const tree = <JsonTree json={json} label={`Вміст шаблону «${name}»`} />;
  if (content === undefined) return tree;
  return (
    <Flex vertical gap={2}>
      <Typography.Text type="secondary">
        Премія {formatPercent(content.bonus)} · Рентабельність {formatPercent(content.profit)}
      </Typography.Text>
      <details>
        <summary style={{ cursor: 'pointer' }}>Персонал: {linesText(content.stuff.length)}</summary>
        <ul style={LIST_STYLE} aria-label={`Персонал шаблону «${name}»`}>
          {content.stuff.map((line, index) => (
            <li key={index}>
              {line.quality?.name ?? 'Посаду не обрано'} — {formatQuantity(line.timeSpend)} хв
            </li>
          ))}
        </ul>
      </details>
      <details>
        <summary style={{ cursor: 'pointer' }}>
          Матеріали: {linesText(content.pills.length)}
        </summary>
        <ul style={LIST_STYLE} aria-label={`Матеріали шаблону «${name}»`}>
          {content.pills.map((line, index) => (
            <li key={index}>
              {line.name} — {formatQuantity(line.spend, 4)} {line.measurement_type}
            </li>
          ))}
        </ul>
      </details>
      {content.equipment !== undefined && content.equipment.length > 0 ? (
        <details>
          <summary style={{ cursor: 'pointer' }}>
            Обладнання: {linesText(content.equipment.length)}
          </summary>
          <ul style={LIST_STYLE} aria-label={`Обладнання шаблону «${name}»`}>
            {content.equipment.map((line, index) => (
              <li key={index}>
                {line.name} — {formatQuantity(line.minutes)} хв
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {tree}
    </Flex>
  );
}
