import { Alert, Card, Empty, Flex, Tag, Typography } from 'antd';

import { LoadingBlock } from '@/components/ui/loading-block';

import { useStandardMeasurements } from '@/lib/queries/standard-measurements';

/**
 * The standard units as chips and the notice that own units can be added (spec §2 "Measurements"). The
 * standard ones belong to the provider and are read-only here.
 */
export function StandardMeasurements() {
  const standard = useStandardMeasurements();

  return (
    <Card title="Стандартні одиниці виміру" style={{ marginBottom: 24 }}>
      {standard.isPending ? (
        <LoadingBlock label="Стандартні одиниці: завантаження…" rows={2} />
      ) : standard.isError ? (
        <Typography.Text type="danger">Не вдалося завантажити стандартні одиниці.</Typography.Text>
      ) : standard.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Стандартних одиниць поки немає" />
      ) : (
        <Flex wrap gap={8} role="list" aria-label="Стандартні одиниці виміру">
          {standard.data.map((unit) => (
            <Tag key={unit.value} role="listitem" style={{ marginInlineEnd: 0, fontSize: 14 }}>
              {unit.label}
            </Tag>
          ))}
        </Flex>
      )}
      <Alert
        type="info"
        showIcon
        style={{ marginTop: 16 }}
        title="Бракує потрібної одиниці? Додайте власну нижче — вона з’явиться у розрахунках поряд зі стандартними."
      />
    </Card>
  );
}
