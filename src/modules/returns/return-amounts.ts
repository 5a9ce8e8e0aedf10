/**
 * The share of what was paid for an order item (`total`: after its discount, taxes included) that
 * `returned` more of its units carry, when earlier returns hold `held` units with `heldAmount` of it.
 * Shares are cumulative, `round(total × units / quantity)` for the units returned so far, so the
 * shares of all an item's units add up to exactly its total, however the units are split up.
 */
export function shareOf(item: { total: number; quantity: number }, held: { quantity: number; amount: number }, returned: number): number {
  return Math.round((item.total * (held.quantity + returned)) / item.quantity) - held.amount;
}
