import type { OrderStatus } from '@medcalc/domain';
import { Flex, Typography, type TableColumnType } from 'antd';

import { orderStatusLabel } from '@/lib/order-status-label';

/** A calculated service's name with its category under it, smaller (spec §2 "Calculations", admin's too). */
export function serviceNameColumn<
  T extends { name: string; categoryName: string | null },
>(): TableColumnType<T> {
  return {
    title: 'Назва послуги',
    key: 'name',
    width: 240,
    render: (_, service) => (
      <Flex vertical>
        <span>{service.name}</span>
        {service.categoryName ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {service.categoryName}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  };
}

/** The status of the order a service was calculated in, as its Ukrainian label. */
export function orderStatusColumn<T extends { orderStatus: OrderStatus }>(): TableColumnType<T> {
  return {
    title: 'Статус',
    dataIndex: 'orderStatus',
    key: 'orderStatus',
    width: 150,
    render: orderStatusLabel,
  };
}
