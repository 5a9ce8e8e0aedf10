import type { Order } from 'storefront/client';
import { useFulfillments } from '../../../api/fulfillments';
import { RecordHistory } from '../../../components/record-history';

/** Who changed the order, and its shipments, returns and payments, as the audit log recorded it. */
export function OrderHistory({ order }: { order: Order }) {
  const fulfillments = useFulfillments(order.id);
  const ids = [
    order.id,
    ...(fulfillments.data ?? []).map((fulfillment) => fulfillment.id),
    ...order.returns.map((ret) => ret.id),
    ...order.transactions.map((transaction) => transaction.id),
  ];
  return <RecordHistory objectIds={ids} />;
}
