import { ORDER_FEE_PER_CALCULATION, orderFee } from '@medcalc/domain';
import { Typography } from 'antd';

import { formatMoney } from '@/utils/format';

/**
 * The fee of an order as every screen that asks for money words it (spec §9: 240 UAH per calculation):
 * `240 грн × 3 = 720 грн`. The create page's total, the order card and the duplicate confirmation all read it
 * here, so a person sees the same sum in the same words before and after ordering.
 */
export const formatOrderFee = (count: number): string =>
  `${formatMoney(ORDER_FEE_PER_CALCULATION, 0)} грн × ${count} = ${formatMoney(orderFee(count), 0)} грн`;

/** What happens after an order is confirmed (the create page's and the duplicate's confirmations). */
export const ORDER_CONFIRMATION_NOTE =
  'Після підтвердження з вами зв’яжеться представник компанії-виконавця та проведе первинну консультацію.';

/**
 * The body of the confirmation before an order is placed (the create page's 'Підтвердити замовлення' and the
 * card's 'Створити на основі цього'): the sum due in the same words, and what happens next.
 */
export function OrderConfirmationBody({ count }: { count: number }) {
  return (
    <>
      <Typography.Paragraph strong>До сплати: {formatOrderFee(count)}</Typography.Paragraph>
      <Typography.Paragraph>{ORDER_CONFIRMATION_NOTE}</Typography.Paragraph>
    </>
  );
}
