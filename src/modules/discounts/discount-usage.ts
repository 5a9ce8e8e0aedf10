import type { Tx } from '../../db/database.js';
import type { OrderRow } from '../../db/types.js';
import { newId } from '../../lib/ids.js';
import { Problem } from '../../lib/problem.js';
import { appliedDiscounts } from './discount-pricing.js';
import * as repo from './discounts.repo.js';

function exhausted(name: string): Problem {
  return new Problem('checkout_changed', `The discount ${name} reached its usage limit meanwhile: the checkout is re-priced without it; read it again and pay its new total`);
}

/**
 * Counts the use of each discount the order applies, in the placement's transaction: times_used goes
 * up only while under usage_limit (a conditional update, which holds the discount's row on PostgreSQL
 * until the placement commits), then the buyer's earlier uses (by customer id or email) are counted
 * under that hold, so two placements can never both take the last use.
 * @throws Problem checkout_changed when a limit is reached (the caller gives the payment back).
 */
export async function redeemDiscounts(tx: Tx, order: OrderRow, now: number): Promise<void> {
  for (const applied of appliedDiscounts(order.discount_codes)) {
    const name = applied.code ?? applied.discount_id;
    if (!(await repo.countUse(tx, applied.discount_id, now))) throw exhausted(name);
    const discount = (await repo.findDiscount(tx, applied.discount_id))!;
    if (discount.usage_limit_per_customer !== null
      && (await repo.countRedemptions(tx, discount.id, order.customer_id, order.email_key ?? null)) >= discount.usage_limit_per_customer) {
      throw exhausted(name);
    }
    await repo.insertRedemption(tx, {
      id: newId('dsr'), discount_id: discount.id, order_id: order.id, customer_id: order.customer_id, email_key: order.email_key ?? null, created_at: now,
    });
  }
}
