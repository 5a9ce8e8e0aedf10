import type { Order } from 'storefront/client';

/** What the order's transactions account for, as the server counts it (charges and captures in, refunds out). */
export function moneyOf(order: Order): { captured: number; refunded: number; capturable: number; refundable: number } {
  const sum = (kinds: string[]) =>
    order.transactions.filter((t) => t.status === 'succeeded' && kinds.includes(t.kind)).reduce((total, t) => total + t.amount, 0);
  const captured = sum(['charge', 'capture']);
  const refunded = sum(['refund']);
  return { captured, refunded, capturable: Math.max(0, order.total_price - captured), refundable: Math.max(0, captured - refunded) };
}

/** The moves the order's state allows now; the server still judges each. */
export function allowedActions(order: Order) {
  const money = order.status !== 'created';
  const shipped = order.items.some((item) => item.fulfilled > 0);
  const returned = order.returns.some((ret) => ret.status !== 'canceled');
  return {
    capture: money && ['pending', 'authorized', 'partially_paid'].includes(order.financial_status),
    refund: money && ['paid', 'partially_paid', 'partially_refunded'].includes(order.financial_status),
    void: money && ['pending', 'authorized'].includes(order.financial_status),
    fulfil: order.status === 'placed' && ['unfulfilled', 'partially_fulfilled'].includes(order.fulfillment_status),
    cancel: (order.status === 'created' || order.status === 'placed') && !shipped && !returned,
    archive: order.status === 'placed',
  };
}
