import type { InputChange } from '@medcalc/domain';
import { Alert, Flex, Tag, Typography } from 'antd';

import { CHANGE_KIND_LABELS, isWarningChange } from '../utils/reprice-display';
import { WORD_WRAP } from '@/components/ui/word-wrap';

/** The services a change touches, or the whole order when it names none. */
const servicesText = (change: InputChange) =>
  change.services.length === 0
    ? 'Стосується всіх послуг замовлення.'
    : `Послуги: ${change.services.join(', ')}.`;

/**
 * «Що змінилося» in the preview (issue 18): each changed input in words with the services it touches. What the
 * re-pricing could not update (a position or a material that is gone: its old value stays) comes first, as
 * warnings; nothing changed says so.
 */
export function RepriceChanges({ changes }: { changes: readonly InputChange[] }) {
  const warnings = changes.filter(isWarningChange);
  const others = changes.filter((change) => !isWarningChange(change));
  return (
    <section aria-label="Що змінилося">
      <Typography.Title level={4} style={{ fontSize: 16 }}>
        Що змінилося
      </Typography.Title>
      {changes.length === 0 ? (
        <Typography.Paragraph type="secondary">
          Дані закладу, оклади й ціни матеріалів не змінилися з часу розрахунку: тарифи залишаться
          такими самими.
        </Typography.Paragraph>
      ) : null}
      {warnings.length > 0 ? (
        <Flex vertical gap={8} style={{ marginBottom: 12 }}>
          {warnings.map((change, index) => (
            <Alert
              key={`${change.kind}-${index}`}
              type="warning"
              showIcon
              title={<span style={WORD_WRAP}>{change.text}</span>}
              description={<span style={WORD_WRAP}>{servicesText(change)}</span>}
            />
          ))}
        </Flex>
      ) : null}
      {others.length > 0 ? (
        <ul aria-label="Зміни" style={{ paddingInlineStart: 20, margin: 0 }}>
          {others.map((change, index) => (
            <li key={`${change.kind}-${index}`} style={{ marginBottom: 8, ...WORD_WRAP }}>
              <Tag style={{ marginInlineEnd: 6 }}>{CHANGE_KIND_LABELS[change.kind]}</Tag>
              {change.text}
              <br />
              <Typography.Text type="secondary">{servicesText(change)}</Typography.Text>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
