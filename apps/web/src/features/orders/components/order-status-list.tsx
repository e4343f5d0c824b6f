import { CheckCircleFilled } from '@ant-design/icons';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, UNKNOWN_STATUS_LABEL } from '@medcalc/domain';
import { Tag, Typography } from 'antd';

import { isKnownOrderStatus } from '../utils/order-status-display';

/**
 * Status column of spec §2 "Orders list": the six statuses in display order with the current one highlighted;
 * a value outside the six highlights none and says 'Статус не визначено' (spec §4).
 */
export function OrderStatusList({ status }: { status: string }) {
  const isKnown = isKnownOrderStatus(status);
  return (
    <>
      <ol aria-label="Статус замовлення" style={{ margin: 0, paddingLeft: 20 }}>
        {ORDER_STATUSES.map((value) => {
          const isCurrent = value === status;
          return (
            <li
              key={value}
              aria-current={isCurrent ? 'step' : undefined}
              style={{ marginBottom: 2 }}
            >
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
      {isKnown ? null : (
        <Tag color="warning" style={{ marginTop: 8 }}>
          {UNKNOWN_STATUS_LABEL}
        </Tag>
      )}
    </>
  );
}
