import { DownOutlined, FilePdfOutlined, LoadingOutlined, RightOutlined } from '@ant-design/icons';
import {
  formatServiceCode,
  SERVICE_COSTING_DOCUMENT,
  type OrderCalculationItem,
} from '@medcalc/domain';
import { Alert, Button, Skeleton, Typography } from 'antd';
import { useId, useState } from 'react';

import { useDownloadOrderPdf } from '../api/download-order-pdf';
import { useOrderServices } from '../api/get-order-services';

const TITLE = 'Калькуляції послуг';

/** One service's калькуляція: its own download, so only this link spins while its PDF is generated. */
function CostingLink({
  identifier,
  service,
}: {
  identifier: string;
  service: OrderCalculationItem;
}) {
  const download = useDownloadOrderPdf();
  const label = `${formatServiceCode(service.id)} ${service.name}`;
  return (
    <Button
      type="link"
      size="small"
      // The spinner is decoration (its default label is English 'loading'); aria-busy tells assistive tech.
      loading={download.isPending && { icon: <LoadingOutlined aria-hidden /> }}
      aria-busy={download.isPending}
      aria-label={`${SERVICE_COSTING_DOCUMENT.title} ${label}`}
      icon={<FilePdfOutlined aria-hidden />}
      onClick={() =>
        download.mutate({
          file: SERVICE_COSTING_DOCUMENT.file,
          identifier,
          calculationId: service.id,
        })
      }
      style={{
        paddingInline: 0,
        height: 'auto',
        whiteSpace: 'normal',
        overflowWrap: 'anywhere',
        textAlign: 'left',
        justifyContent: 'flex-start',
        alignItems: 'flex-start',
      }}
    >
      {label}
    </Button>
  );
}

/**
 * «Калькуляції послуг (N)» on the order card (issue 10 item 6): closed at first; opening it reads the order's
 * services (`GET /api/orders/{identifier}`, only then) and lists one link per service, «<code> <name>», that
 * downloads that service's калькуляція. A skeleton while the list loads, a Ukrainian error with a retry if it fails.
 */
export function OrderServiceCostings({ identifier }: { identifier: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const order = useOrderServices(identifier, isOpen);
  const services = order.data ? Object.values(order.data.calculations).flat() : undefined;

  return (
    <div style={{ width: '100%' }}>
      <Button
        type="link"
        size="small"
        icon={isOpen ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />}
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen((open) => !open)}
        style={{ paddingInline: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
      >
        {services ? `${TITLE} (${services.length})` : TITLE}
      </Button>
      {isOpen ? (
        <div id={listId} style={{ marginTop: 4, paddingInlineStart: 20 }}>
          {order.isPending ? (
            <div role="status" aria-label="Завантаження калькуляцій">
              <Skeleton active title={false} paragraph={{ rows: 3 }} />
            </div>
          ) : order.isError ? (
            <Alert
              type="error"
              showIcon
              title="Не вдалося завантажити перелік послуг."
              action={
                <Button size="small" onClick={() => void order.refetch()}>
                  Спробувати ще раз
                </Button>
              }
            />
          ) : services && services.length > 0 ? (
            <ul aria-label={TITLE} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {services.map((service) => (
                <li key={service.id} style={{ marginBottom: 4 }}>
                  <CostingLink identifier={identifier} service={service} />
                </li>
              ))}
            </ul>
          ) : (
            <Typography.Text type="secondary">У замовленні немає послуг.</Typography.Text>
          )}
        </div>
      ) : null}
    </div>
  );
}
