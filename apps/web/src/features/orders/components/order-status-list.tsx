import { CheckCircleFilled } from '@ant-design/icons';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@medcalc/domain';
import { Typography } from 'antd';

/** Status column of spec §2 "Orders list": the six statuses in display order with the current one highlighted. */
export function OrderStatusList({ status }: { status: OrderStatus }) {
  return (
    <ol aria-label="Статус замовлення" style={{ margin: 0, paddingLeft: 20 }}>
      {ORDER_STATUSES.map((value) => {
        const isCurrent = value === status;
        return (
          <li key={value} aria-current={isCurrent ? 'step' : undefined} style={{ marginBottom: 2 }}>
            {isCurrent ? (
              <Typography.Text strong style={{ color: '#0b6bcb' }}>
                {ORDER_STATUS_LABELS[value]} <CheckCircleFilled aria-hidden />
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">{ORDER_STATUS_LABELS[value]}</Typography.Text>
            )}
          </li>
        );
      })}
    </ol>
  );
}
