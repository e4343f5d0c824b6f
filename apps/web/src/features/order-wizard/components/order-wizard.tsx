import { type OrderDetail } from '@medcalc/domain';
import { Button, Result, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';

import { readOrderRefusal, useOrder } from '../api/get-order';

import { WizardEditor } from './wizard-editor';

/**
 * The wizard page (spec §2 "Wizard", `/orders/create/{identifier}`): loads the order, shows a skeleton meanwhile
 * and the server's refusal of an unpaid (403) or unknown (404) order, then the five steps.
 */
export function OrderWizard({
  identifier,
  backLink,
  autosaveDelayMs,
}: {
  identifier: string;
  /** A link back to the orders list, given by the page. */
  backLink: ReactNode;
  /** How long after the last change the draft is saved by itself (the page passes AUTOSAVE_DELAY_MS). */
  autosaveDelayMs: number;
}) {
  const order = useOrder(identifier);
  // The wizard starts from the order as the server has it now: cached data that a save or a status change made
  // stale is fetched again first (else a reopened wizard could show the draft from before the last save).
  // Once started, the page keeps its own draft: later refetches of the order do not replace the user's edits.
  const [start, setStart] = useState<OrderDetail>();
  if (start === undefined && order.data !== undefined && !(order.isFetching && order.isStale)) {
    setStart(order.data);
  }

  if (start !== undefined) return <WizardEditor detail={start} autosaveDelayMs={autosaveDelayMs} />;

  if (order.isError) {
    const refusal = readOrderRefusal(order.error);
    if (refusal) {
      return (
        <Result
          status={refusal.status === 403 ? 'warning' : '404'}
          title={refusal.status === 403 ? 'Замовлення ще недоступне' : 'Замовлення не знайдено'}
          subTitle={refusal.message}
          extra={backLink}
        />
      );
    }
    return (
      <Result
        status="error"
        title="Не вдалося завантажити замовлення"
        subTitle="Спробуйте ще раз за хвилину."
        extra={
          <Button type="primary" onClick={() => void order.refetch()}>
            Спробувати ще раз
          </Button>
        }
      />
    );
  }

  return (
    <div role="status" aria-label="Завантаження замовлення">
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
}
