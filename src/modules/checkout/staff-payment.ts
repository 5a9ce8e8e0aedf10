import type { Ctx } from '../../lib/context.js';
import { Problem } from '../../lib/problem.js';
import type { DriverResult } from '../payments/drivers/driver.js';
import type { PaymentWriteInput } from './checkout.schemas.js';

// Staff orders (DESIGN §9): staff taking an order by phone may declare its money received.

/**
 * Whether staff declare the money of a staff order received (`payment[mark_paid]`).
 * @throws Problem forbidden when anyone but staff declares it: a buyer cannot mark its own order paid.
 */
export function wantsMarkPaid(ctx: Ctx, input: PaymentWriteInput): boolean {
  if (input.payment.mark_paid !== true) return false;
  if (ctx.actor.kind !== 'admin') throw new Problem('forbidden', 'payment[mark_paid] is for staff (an admin key) taking an order: a storefront pays through its gateway');
  return true;
}

/** Only money that comes outside the store can be declared received: a card is charged by its gateway. */
export function requireOffline(gateway: { driver: string }): void {
  if (gateway.driver === 'manual') return;
  throw Problem.invalid([{ field: 'payment[mark_paid]', code: 'not_offline', message: 'is only for a manual gateway (money paid outside the store); this gateway charges the payment itself' }]);
}

/** A manual payment staff saw arrive: a succeeded charge, so the order is placed paid. */
export function receivedOutside(result: DriverResult): DriverResult & { kind: 'charge' } {
  return { ...result, kind: 'charge', status: 'succeeded', message: 'Received outside the store, as staff recorded when placing the order' };
}
