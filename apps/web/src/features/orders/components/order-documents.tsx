import { CheckCircleOutlined, FileExcelOutlined, SendOutlined } from '@ant-design/icons';
import {
  canDownloadDocuments,
  canSendForApproval,
  documentRefusal,
  INVOICE_DOCUMENT,
  isApproved,
  isAwaitingApproval,
  isDocumentApproved,
  ORDER_DOCUMENTS,
  ORDER_WORKBOOK_DOCUMENT,
  type OrderStatus,
} from '@medcalc/domain';
import { Button, Flex, Tag, Typography } from 'antd';

import { DocumentLinkButton } from '@/components/ui/document-link-button';

import { useDownloadOrderPdf } from '../api/download-order-pdf';
import { useDownloadOrderWorkbook } from '../api/download-order-workbook';
import { useSendOrderForApproval } from '../api/send-order-for-approval';

import { OrderServiceCostings } from './order-service-costings';

type OrderDocument = (typeof ORDER_DOCUMENTS)[number] | typeof INVOICE_DOCUMENT;

/**
 * One document's link: its own download, so only this link spins while its file is generated and the others
 * stay usable. A failure is toasted by the api client (the server's message, or a Ukrainian fallback).
 */
function DocumentLink({
  item,
  identifier,
  label,
}: {
  item: OrderDocument;
  identifier: string;
  label?: string;
}) {
  const download = useDownloadOrderPdf();
  return (
    <DocumentLinkButton
      isPending={download.isPending}
      onClick={() => download.mutate({ file: item.file, identifier })}
    >
      {label ?? item.title}
    </DocumentLinkButton>
  );
}

/** The рахунок на оплату of the order fee: at every status, from `created` on (domain `documentRefusalFor`). */
const InvoiceLink = ({ identifier }: { identifier: string }) => (
  <DocumentLink
    item={INVOICE_DOCUMENT}
    identifier={identifier}
    label={`${INVOICE_DOCUMENT.title} (PDF)`}
  />
);

/** The workbook «Калькуляції (Excel)» (issue 10 item 8): its own download, spinner and toast on failure. */
function WorkbookLink({ identifier }: { identifier: string }) {
  const download = useDownloadOrderWorkbook();
  return (
    <DocumentLinkButton
      isPending={download.isPending}
      icon={<FileExcelOutlined aria-hidden />}
      onClick={() => download.mutate({ identifier })}
    >
      {ORDER_WORKBOOK_DOCUMENT.title}
    </DocumentLinkButton>
  );
}

/** Documents column of spec §2 "Orders list", by status. */
export function OrderDocuments({
  identifier,
  status,
}: {
  identifier: string;
  status: OrderStatus;
}) {
  const sendForApproval = useSendOrderForApproval();

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

  const isNotApproved = !isDocumentApproved(status);
  return (
    <Flex vertical gap={8} align="start">
      <ul
        aria-label="Документи"
        style={{ listStyle: 'none', margin: 0, padding: 0, width: '100%' }}
      >
        {ORDER_DOCUMENTS.map((item) => (
          // Name and tag sit side by side on one row: the name wraps inside its own column and the tag keeps
          // a column of its own, aligned with the first line, so every 'не погоджено' lines up (spec §2).
          <li
            key={item.file}
            style={{
              display: 'grid',
              gridTemplateColumns: 'minmax(0, 1fr) auto',
              columnGap: 8,
              alignItems: 'start',
              marginBottom: 4,
            }}
          >
            <DocumentLink item={item} identifier={identifier} />
            {isNotApproved ? (
              <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                не погоджено
              </Tag>
            ) : null}
          </li>
        ))}
      </ul>
      <OrderServiceCostings identifier={identifier} />
      <WorkbookLink identifier={identifier} />
      <InvoiceLink identifier={identifier} />
      {canSendForApproval(status) ? (
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
