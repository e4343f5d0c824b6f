import { Alert, Button, Card, Descriptions, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';

import { readRefusal, useOrder } from '../api/get-order';
import { orderStatusLabel } from '../utils/order-status-display';

/**
 * The order page until the five-step wizard arrives (a later issue): the order's name, status and calculations
 * by category, read-only. An unpaid order is refused by the server (403, spec §1) and its message shown here.
 */
export function OrderOverview({
  identifier,
  backLink,
}: {
  identifier: string;
  /** A link back to the orders list, given by the page. */
  backLink: ReactNode;
}) {
  const order = useOrder(identifier);

  if (order.isPending) {
    return (
      <div role="status" aria-label="Завантаження замовлення">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (order.isError) {
    const refusal = readRefusal(order.error);
    if (refusal) {
      return (
        <Result
          status={refusal.status === 403 ? 'warning' : '404'}
          title={refusal.status === 403 ? 'Замовлення ще недоступне' : 'Замовлення не знайдено'}
          subTitle={refusal.message}
          extra={backLink}
        />
      );
    }
    return (
      <Result
        status="error"
        title="Не вдалося завантажити замовлення"
        subTitle="Спробуйте ще раз за хвилину."
        extra={
          <Button type="primary" onClick={() => void order.refetch()}>
            Спробувати ще раз
          </Button>
        }
      />
    );
  }

  const groups = Object.entries(order.data.calculations);
  return (
    <Flex vertical gap={24}>
      <Descriptions
        bordered
        column={1}
        items={[
          { key: 'name', label: 'Назва замовлення', children: order.data.name },
          { key: 'status', label: 'Статус', children: orderStatusLabel(order.data.status) },
        ]}
      />
      <Alert
        type="info"
        showIcon
        title="Майстер розрахунку — у розробці"
        description="Тут з’являться п’ять кроків розрахунку: дані закладу, витрати часу, витрати матеріалів, прейскурант матеріалів і рентабельність. Поки що сторінка показує склад замовлення."
      />
      {groups.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Калькуляцій у замовленні немає." />
      ) : (
        groups.map(([category, calculations]) => (
          <Card key={category} title={category} size="small">
            <ol aria-label={category} style={{ margin: 0, paddingLeft: 20 }}>
              {calculations.map((calculation) => (
                <li key={calculation.identifier}>
                  <Typography.Text>{calculation.name}</Typography.Text>
                </li>
              ))}
            </ol>
          </Card>
        ))
      )}
    </Flex>
  );
}
