import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { SERVICE_COSTING_DOCUMENT, type OrderCalculationItem } from '@medcalc/domain';
import { Button, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { DocumentLinkButton } from '@/components/ui/document-link-button';
import { ApiRequestError } from '@/lib/api-client';
import { orderDetailQueryOptions } from '@/lib/queries/order-detail';

import { useDownloadOrderPdf } from '../api/download-order-pdf';

import { LoadFailed, LoadingSkeleton } from './orders-load-state';

const TITLE = 'Калькуляції послуг';

/** One service's калькуляція: its own download, so only this link spins while its PDF is generated. */
function CostingLink({
  identifier,
  service,
  revision,
}: {
  identifier: string;
  service: OrderCalculationItem;
  revision?: number | undefined;
}) {
  const download = useDownloadOrderPdf();
  const label = `${service.code} ${service.name}`;
  const ofRevision = revision === undefined ? '' : ` (редакція ${revision})`;
  return (
    <DocumentLinkButton
      isPending={download.isPending}
      ariaLabel={`${SERVICE_COSTING_DOCUMENT.title} ${label}${ofRevision}`}
      onClick={() =>
        download.mutate({
          file: SERVICE_COSTING_DOCUMENT.file,
          identifier,
          calculationId: service.id,
          ...(revision === undefined ? {} : { revision }),
        })
      }
    >
      {label}
    </DocumentLinkButton>
  );
}

/**
 * «Калькуляції послуг (N)» on the order card (issue 10 item 6): closed at first; opening it reads the order's
 * services (`GET /api/orders/{identifier}`, only then) and lists one link per service, «<code> <name>», that
 * downloads that service's калькуляція. A skeleton while the list loads, a Ukrainian error with a retry if it fails.
 */
export function OrderServiceCostings({
  identifier,
  count,
  revision,
}: {
  identifier: string;
  /** The card's count of the order's services: the title shows it before the list is read and after a reload. */
  count?: number;
  /**
   * An earlier revision whose калькуляції to download (issue 33). Its services are the order's (they keep their ids
   * across revisions); one added after it is refused by the server with its Ukrainian message.
   */
  revision?: number;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  // Read only once the list is opened; the wizard reads the same order under the same key.
  const order = useQuery({ ...orderDetailQueryOptions(identifier), enabled: isOpen });
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
        {/* The count stays through a reload of the order (after «Надіслати на погодження», issue 23). */}
        {(services?.length ?? count) === undefined
          ? TITLE
          : `${TITLE} (${services?.length ?? count})`}
      </Button>
      {isOpen ? (
        <div id={listId} style={{ marginTop: 4, paddingInlineStart: 20 }}>
          {order.isPending ? (
            <LoadingSkeleton label="Завантаження калькуляцій" rows={3} title={false} />
          ) : order.isError ? (
            <LoadFailed
              title="Не вдалося завантажити перелік послуг."
              // A refusal (403/404) is not toasted (lib/queries/order-detail.ts): its words show here.
              description={order.error instanceof ApiRequestError ? order.error.message : undefined}
              onRetry={() => void order.refetch()}
            />
          ) : services && services.length > 0 ? (
            <ul aria-label={TITLE} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {services.map((service) => (
                <li key={service.id} style={{ marginBottom: 4 }}>
                  <CostingLink identifier={identifier} service={service} revision={revision} />
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
