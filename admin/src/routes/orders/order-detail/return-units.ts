import type { Order } from 'storefront/client';

/**
 * Units of each item that may still come back, as the server counts them: those shipped (all of an
 * item that needs no shipping), less what the order's returns hold, canceled ones aside.
 */
export function returnableUnits(order: Order): Map<string, number> {
  const held = new Map<string, number>();
  for (const ret of order.returns) {
    if (ret.status === 'canceled') continue;
    for (const item of ret.items) held.set(item.id, (held.get(item.id) ?? 0) + item.quantity);
  }
  return new Map(order.items.map((item) => [item.id, (item.is_shipping_required ? item.fulfilled : item.quantity) - (held.get(item.id) ?? 0)]));
}

export const reasons = [
  { value: 'damaged', label: 'Damaged' },
  { value: 'wrong_item', label: 'Wrong item' },
  { value: 'not_as_described', label: 'Not as described' },
  { value: 'changed_mind', label: 'Changed mind' },
  { value: 'other', label: 'Other' },
] as const;

export type Reason = (typeof reasons)[number]['value'];

export function reasonLabel(reason: string): string {
  return reasons.find((r) => r.value === reason)?.label ?? reason;
}
