/** Fee per calculation in an order, UAH (spec §9): a new order, or a duplicate, is a new payment. */
export const ORDER_FEE_PER_CALCULATION = 240;

/** The fee of an order of `serviceCount` services, UAH: {@link ORDER_FEE_PER_CALCULATION} per service. */
export function orderFee(serviceCount: number): number {
  return ORDER_FEE_PER_CALCULATION * serviceCount;
}
