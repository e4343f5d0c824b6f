import { CheckCircleOutlined, SendOutlined } from '@ant-design/icons';
import {
  canDownloadDocuments,
  canSendForApproval,
  documentRefusal,
  INVOICE_DOCUMENT,
  isApproved,
  isAwaitingApproval,
  ORDER_DOCUMENTS,
  ORDER_WORKBOOK_DOCUMENT,
  type OrderStatus,
} from '@medcalc/domain';
import { Button, Flex, Tag, Typography } from 'antd';

import { useMemberCan } from '@/hooks/use-member-can';

import { useSendOrderForApproval } from '../api/send-order-for-approval';

import { DocumentList, DocumentRow, OrderPdfLink, OrderWorkbookLink } from './document-row';
import { OrderServiceCostings } from './order-service-costings';

/** The рахунок на оплату of the order fee: at every status, from `created` on (domain `documentRefusalFor`). */
const InvoiceLink = ({ identifier }: { identifier: string }) => (
  <OrderPdfLink
    identifier={identifier}
    file={INVOICE_DOCUMENT.file}
    label={`${INVOICE_DOCUMENT.title} (PDF)`}
  />
);

/** Documents column of spec §2 "Orders list", by status. */
export function OrderDocuments({
  identifier,
  status,
  services,
}: {
  identifier: string;
  status: OrderStatus;
  /** How many services the order has (the card's count), for «Калькуляції послуг (N)». */
  services?: number;
}) {
  const sendForApproval = useSendOrderForApproval();
  // Issue 22: a «Перегляд» member downloads the documents but does not send them for approval.
  const canEdit = useMemberCan('edit');

  if (!canDownloadDocuments(status)) {
    return (
      <Flex vertical gap={4} align="start">
        <Typography.Text type="secondary">
          {documentRefusal(status) === 'payment'
            ? 'Шаблони документів можна буде заповнити після оплати.'
            : 'Завершіть розрахунок, щоб завантажити документи.'}
        </Typography.Text>
        <InvoiceLink identifier={identifier} />
      </Flex>
    );
  }

  // Only a document that is not approved yet is marked (spec §2).
  const approval = isApproved(status) ? undefined : 'notApproved';
  return (
    <Flex vertical gap={8} align="start">
      <DocumentList label="Документи">
        {ORDER_DOCUMENTS.map((item) => (
          <DocumentRow
            key={item.file}
            link={<OrderPdfLink identifier={identifier} file={item.file} label={item.title} />}
            approval={approval}
          />
        ))}
      </DocumentList>
      <OrderServiceCostings identifier={identifier} count={services} />
      <OrderWorkbookLink identifier={identifier} label={ORDER_WORKBOOK_DOCUMENT.title} />
      <InvoiceLink identifier={identifier} />
      {canEdit && canSendForApproval(status) ? (
        <Button
          type="primary"
          icon={<SendOutlined aria-hidden />}
          loading={sendForApproval.isPending}
          onClick={() => sendForApproval.mutate({ identifier })}
        >
          Відправити на погодження
        </Button>
      ) : null}
      {isAwaitingApproval(status) ? <Tag color="processing">Розрахунок на погодженні</Tag> : null}
      {isApproved(status) ? (
        <Tag color="success" icon={<CheckCircleOutlined aria-hidden />}>
          Погоджено
        </Tag>
      ) : null}
    </Flex>
  );
}
