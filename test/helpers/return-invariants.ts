import type { OrderItemRow, OrderRow, ReturnItemRow, ReturnRow, TransactionRow } from '../../src/db/types.js';

/** Return statuses whose units the return holds (all but canceled: returns/return-states.ts). */
const HOLDING = ['requested', 'received', 'refunded'];

/** Statuses of a return whose items arrived: with `restock`, their units went back to stock. */
export const ARRIVED = ['received', 'refunded'];

/**
 * The returns' rules (returns.service.ts), each broken one said in `broken`: an item is never held
 * by returns for more units, or more money, than was bought, nor for more units than are shipped; a
 * canceled order holds no return; each move's time is set exactly when the return made it; a refunded
 * return names its own succeeded refund of the order, for the amount it says.
 */
export function checkReturns(
  broken: string[],
  orders: OrderRow[],
  items: OrderItemRow[],
  returns: ReturnRow[],
  returnItems: ReturnItemRow[],
  transactions: TransactionRow[],
): void {
  const statusOf = new Map(returns.map((row) => [row.id, row.status]));
  for (const item of items) {
    const held = returnItems.filter((unit) => unit.order_item_id === item.id && HOLDING.includes(statusOf.get(unit.return_id) ?? ''));
    const units = held.reduce((sum, unit) => sum + Number(unit.quantity), 0);
    const amount = held.reduce((sum, unit) => sum + Number(unit.amount), 0);
    if (units > item.quantity) broken.push(`order item ${item.id}: returns hold ${units} units of ${item.quantity}`);
    if (item.is_shipping_required === 1 && units > item.fulfilled) broken.push(`order item ${item.id}: returns hold ${units} units, ${item.fulfilled} shipped`);
    if (amount > item.total) broken.push(`order item ${item.id}: returns hold ${amount} of the ${item.total} paid for it`);
  }
  const refundsUsed = new Set<string>();
  for (const row of returns) {
    const say = (message: string) => broken.push(`return ${row.id}: ${message}`);
    const order = orders.find((o) => o.id === row.order_id);
    if (order?.status === 'canceled' && HOLDING.includes(row.status)) say(`is ${row.status} on a canceled order`);
    if ((row.received_at !== null) !== ARRIVED.includes(row.status)) say(`status ${row.status} with received_at ${row.received_at}`);
    if ((row.refunded_at !== null) !== (row.status === 'refunded')) say(`status ${row.status} with refunded_at ${row.refunded_at}`);
    if ((row.canceled_at !== null) !== (row.status === 'canceled')) say(`status ${row.status} with canceled_at ${row.canceled_at}`);
    if (row.status !== 'refunded') {
      if (row.transaction_id !== null) say(`status ${row.status} names transaction ${row.transaction_id}`);
      continue;
    }
    const refund = transactions.find((t) => t.id === row.transaction_id);
    if (!refund || refund.order_id !== row.order_id || refund.kind !== 'refund' || refund.status !== 'succeeded') {
      say(`refunded by ${row.transaction_id}, which is no succeeded refund of its order`);
    } else if (Number(refund.amount) !== Number(row.refunded_amount)) {
      say(`refunded ${row.refunded_amount}, but its refund moved ${refund.amount}`);
    }
    if (row.transaction_id !== null && refundsUsed.has(row.transaction_id)) say(`shares refund ${row.transaction_id} with another return`);
    if (row.transaction_id !== null) refundsUsed.add(row.transaction_id);
  }
}
