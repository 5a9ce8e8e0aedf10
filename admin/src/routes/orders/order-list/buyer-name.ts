import type { Order } from 'storefront/client';

/** The buyer as staff know them: the name on the order, else its email. */
export function buyerName(order: Order): string {
  const named = [order.customer?.first_name ?? order.billing?.first_name ?? order.shipping?.first_name, order.customer?.last_name ?? order.billing?.last_name ?? order.shipping?.last_name]
    .filter(Boolean)
    .join(' ');
  return named || order.email || '—';
}
