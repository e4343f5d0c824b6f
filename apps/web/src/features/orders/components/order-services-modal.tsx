import { PAYMENT_PENDING_MESSAGE, type OrderListItem } from '@medcalc/domain';
import { Alert, Button, Modal, Skeleton, Typography } from 'antd';

import { useOrderServices } from '../api/get-order-services';

import { formatOrderFee } from './order-fee';

/**
 * The read-only view of an unpaid (`created`) order (issue 13): the payment hint of spec §2 and the services that
 * were ordered, by category, with the fee due. Nothing here edits: the wizard opens only after payment (spec §1).
 */
export function OrderServicesModal({
  order,
  isOpen,
  onClose,
}: {
  order: OrderListItem | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  const services = useOrderServices(order?.identifier ?? '', isOpen && order !== null);
  return (
    <Modal
      open={isOpen}
      title="Замовлення очікує оплати"
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          Зрозуміло
        </Button>
      }
    >
      {order ? (
        <>
          <Typography.Paragraph strong style={{ overflowWrap: 'anywhere' }}>
            «{order.name}»
          </Typography.Paragraph>
          <Alert
            type="info"
            showIcon
            title={PAYMENT_PENDING_MESSAGE}
            style={{ marginBottom: 16 }}
          />
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            Послуги замовлення (лише перегляд)
          </Typography.Title>
          {services.isPending ? (
            <Skeleton active title={false} paragraph={{ rows: 3 }} />
          ) : services.isError ? (
            <Typography.Text type="danger">Не вдалося завантажити перелік послуг.</Typography.Text>
          ) : (
            Object.entries(services.data.calculations).map(([category, rows]) => (
              <section key={category} aria-label={category}>
                <Typography.Text strong>{category}</Typography.Text>
                <ol style={{ marginTop: 4, paddingInlineStart: 24, overflowWrap: 'anywhere' }}>
                  {rows.map((row) => (
                    <li key={row.identifier}>{row.name}</li>
                  ))}
                </ol>
              </section>
            ))
          )}
          <Typography.Text strong>До сплати: {formatOrderFee(order.services)}</Typography.Text>
        </>
      ) : null}
    </Modal>
  );
}
