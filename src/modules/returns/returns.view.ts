import type { OrderItemRow } from '../../db/types.js';
import { metadataView } from '../../lib/metadata.js';
import type { ReturnView } from './returns.schemas.js';
import type { ReturnWithItems } from './returns.repo.js';

/** A return as the API shows it; `orderItems` holds (at least) the items it returns. */
export function returnView({ row, items }: ReturnWithItems, orderItems: Map<string, OrderItemRow>): ReturnView {
  return {
    id: row.id,
    object: 'return',
    order_id: row.order_id,
    status: row.status as ReturnView['status'],
    items: items.map((item) => {
      const ordered = orderItems.get(item.order_item_id);
      return {
        id: item.order_item_id,
        name: ordered?.name ?? '',
        sku_id: ordered?.sku_id ?? '',
        quantity: item.quantity,
        reason: item.reason as ReturnView['items'][number]['reason'],
        amount: item.amount,
      };
    }),
    note: row.note,
    restock: row.restock === 1,
    amount: items.reduce((sum, item) => sum + item.amount, 0),
    refunded_amount: row.refunded_amount,
    transaction_id: row.transaction_id,
    received_at: row.received_at,
    refunded_at: row.refunded_at,
    canceled_at: row.canceled_at,
    ...metadataView(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
