import { hasDocuments, type OrderListItem } from '@medcalc/domain';
import { Button, Card, Col, Descriptions, Divider, Row, Typography } from 'antd';

import { formatDate } from '@/utils/format';

import { OrderApproval } from './order-approval';
import { OrderDocuments } from './order-documents';
import { formatOrderFee } from './order-fee';
import { OrderOperations } from './order-operations';
import { OrderRevisions } from './order-revisions';
import { OrderStatusList } from './order-status-list';

const COLUMN_TITLE_STYLE = { marginTop: 0, marginBottom: 12 } as const;

/**
 * One order of spec §2 "Orders list": name, what a person needs to recognise and pay it (number, date, services,
 * the sum due; issue 13) and status; documents; operations; and, once its data was updated, its revisions with
 * their documents (issue 18) across the card's width.
 */
export function OrderCard({
  order,
  onOpen,
}: {
  order: OrderListItem;
  onOpen: (order: OrderListItem) => void;
}) {
  return (
    <Card role="listitem" aria-label={order.name}>
      <Row gutter={[24, 16]}>
        <Col xs={24} md={9}>
          <Typography.Title level={3} style={{ ...COLUMN_TITLE_STYLE, fontSize: 18 }}>
            <Button
              type="link"
              onClick={() => onOpen(order)}
              style={{
                padding: 0,
                height: 'auto',
                fontSize: 18,
                whiteSpace: 'normal',
                textAlign: 'left',
              }}
            >
              {order.name}
            </Button>
          </Typography.Title>
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 12 }}
            items={[
              {
                key: 'number',
                label: 'Номер',
                children: <Typography.Text copyable>{order.number}</Typography.Text>,
              },
              { key: 'created', label: 'Створено', children: formatDate(order.createdAt) },
              { key: 'services', label: 'Послуг', children: order.services },
              {
                key: 'amount',
                label: 'До сплати',
                children: (
                  <Typography.Text strong>{formatOrderFee(order.services)}</Typography.Text>
                ),
              },
            ]}
          />
          <OrderStatusList status={order.status} />
        </Col>
        <Col xs={24} md={8}>
          <Typography.Title level={4} style={{ ...COLUMN_TITLE_STYLE, fontSize: 16 }}>
            Документи
          </Typography.Title>
          <OrderDocuments
            identifier={order.identifier}
            status={order.status}
            services={order.services}
          />
        </Col>
        <Col xs={24} md={7}>
          <Typography.Title level={4} style={{ ...COLUMN_TITLE_STYLE, fontSize: 16 }}>
            Операції
          </Typography.Title>
          <OrderOperations
            identifier={order.identifier}
            name={order.name}
            status={order.status}
            services={order.services}
          />
        </Col>
      </Row>
      {hasDocuments(order.status) ? (
        <>
          <Divider style={{ marginBlock: 16 }} />
          <OrderApproval
            identifier={order.identifier}
            revision={order.revision}
            status={order.status}
          />
        </>
      ) : null}
      {order.revision > 1 ? (
        <>
          <Divider style={{ marginBlock: 16 }} />
          <OrderRevisions identifier={order.identifier} revision={order.revision} />
        </>
      ) : null}
    </Card>
  );
}
