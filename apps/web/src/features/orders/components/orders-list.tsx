import { isOpenForWork, type OrderListItem } from '@medcalc/domain';
import { Empty, Flex } from 'antd';
import { useState } from 'react';

import { useOrders } from '../api/get-orders';

import { OrderCard } from './order-card';
import { OrderServicesModal } from './order-services-modal';
import { OrdersLoadError, OrdersLoading } from './orders-load-state';

/**
 * The company's orders as cards (spec §2 "Orders list"). Opening a `created` order explains that work starts
 * after the provider's representative confirms payment (spec §1) and lists its services read-only (issue 13); any
 * other opens the order.
 */
export function OrdersList({ onOpen }: { onOpen: (identifier: string) => void }) {
  const orders = useOrders();
  // The order is kept after closing, so the hint does not lose its text while it fades out.
  const [hint, setHint] = useState<{ isOpen: boolean; order: OrderListItem | null }>({
    isOpen: false,
    order: null,
  });
  const closeHint = () => setHint((current) => ({ ...current, isOpen: false }));

  if (orders.isPending) {
    return <OrdersLoading />;
  }
  if (orders.isError) {
    return <OrdersLoadError onRetry={() => void orders.refetch()} />;
  }
  if (orders.data.length === 0) {
    return (
      <Empty
        description="Замовлень ще немає. Додайте перше замовлення на розрахунок послуг."
        image={Empty.PRESENTED_IMAGE_SIMPLE}
      />
    );
  }

  const open = (order: OrderListItem) => {
    if (isOpenForWork(order.status)) onOpen(order.identifier);
    else setHint({ isOpen: true, order });
  };

  return (
    <>
      <Flex vertical gap={16} role="list" aria-label="Замовлення">
        {orders.data.map((order) => (
          <OrderCard key={order.identifier} order={order} onOpen={open} />
        ))}
      </Flex>
      <OrderServicesModal order={hint.order} isOpen={hint.isOpen} onClose={closeHint} />
    </>
  );
}
