import { CheckCircleOutlined, FilePdfOutlined, SendOutlined } from '@ant-design/icons';
import {
  canSendForApproval,
  hasDocuments,
  isApproved,
  isAwaitingApproval,
  isOpenForWork,
  type OrderStatus,
} from '@medcalc/domain';
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';

import { useSendOrderForApproval } from '../api/send-order-for-approval';
import { ORDER_DOCUMENTS } from '../utils/order-status-display';

/** PDF download is a later issue; the buttons say so instead of pretending to download. */
const DOWNLOAD_PENDING = 'Завантаження документів — у розробці';
const DOWNLOAD_SOON = "Завантаження PDF-документів з'явиться найближчим часом";

/** Documents column of spec §2 "Orders list", by status. */
export function OrderDocuments({
  identifier,
  status,
}: {
  identifier: string;
  status: OrderStatus;
}) {
  const sendForApproval = useSendOrderForApproval();

  if (!isOpenForWork(status)) {
    return (
      <Typography.Text type="secondary">
        Шаблони документів можна буде заповнити після оплати.
      </Typography.Text>
    );
  }
  if (!hasDocuments(status)) {
    return (
      <Typography.Text type="secondary">
        Завершіть розрахунок, щоб завантажити документи.
      </Typography.Text>
    );
  }

  const isNotApproved = !isApproved(status);
  return (
    <Flex vertical gap={8} align="start">
      {/* Visible, not only a hover tooltip: a phone has no hover. */}
      <Typography.Text type="secondary">{DOWNLOAD_SOON}</Typography.Text>
      <ul
        aria-label="Документи"
        style={{ listStyle: 'none', margin: 0, padding: 0, width: '100%' }}
      >
        {ORDER_DOCUMENTS.map((title) => (
          // Name and tag sit side by side on one row: the name wraps inside its own column and the tag keeps
          // a column of its own, aligned with the first line, so every 'не погоджено' lines up (spec §2).
          <li
            key={title}
            style={{
              display: 'grid',
              gridTemplateColumns: 'minmax(0, 1fr) auto',
              columnGap: 8,
              alignItems: 'start',
              marginBottom: 4,
            }}
          >
            <Tooltip title={DOWNLOAD_PENDING}>
              <Button
                type="link"
                size="small"
                disabled
                icon={<FilePdfOutlined aria-hidden />}
                style={{
                  paddingInline: 0,
                  height: 'auto',
                  whiteSpace: 'normal',
                  textAlign: 'left',
                  justifyContent: 'flex-start',
                  alignItems: 'flex-start',
                }}
              >
                {title}
              </Button>
            </Tooltip>
            {isNotApproved ? (
              <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                не погоджено
              </Tag>
            ) : null}
          </li>
        ))}
      </ul>
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
