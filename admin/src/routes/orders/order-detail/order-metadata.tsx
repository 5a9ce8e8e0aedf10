import type { Order } from 'storefront/client';
import { useUpdateOrderMetadata } from '../../../api/orders';
import { MetadataSection } from '../../../components/metadata-section';

/** The order's metadata: what apps keep on it, and what the cart it came from carried. */
export function OrderMetadata({ order }: { order: Order }) {
  const update = useUpdateOrderMetadata(order.id);
  return <MetadataSection key={order.updated_at} record={order} action="order.update" save={(changes) => update.mutateAsync(changes)} />;
}
