import type { GatewayRow, TransactionRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { Problem } from '../../lib/problem.js';
import * as orders from '../orders/orders.repo.js';
import type { DriverResult, GatewayDriver } from '../payments/drivers/driver.js';

/**
 * A new payment of an order supersedes one of the same gateway still awaiting the buyer's
 * confirmation (3-D Secure left unfinished): the provider cancels it and its pending transaction is
 * marked failed (`superseded`), so it can never be taken besides the new one.
 * @throws Problem invalid_state when the awaited payment went through meanwhile (its webhook places
 * the order: nothing more is charged); unavailable when the gateway does not answer.
 */
export async function supersedeAwaited(
  ctx: Ctx, orderId: string, gateway: GatewayRow, driver: GatewayDriver, settings: Record<string, unknown>, transactions: TransactionRow[],
): Promise<void> {
  const awaited = transactions
    .filter((row) => row.status === 'pending' && row.gateway === gateway.source && row.authorization !== null && (row.kind === 'charge' || row.kind === 'authorization'));
  for (const row of awaited) {
    let result: DriverResult;
    try {
      result = await driver.void({
        orderId, amount: row.amount, currency: row.currency, authorization: row.authorization, settings, idempotencyKey: `${orderId}-supersede-${row.authorization}`,
      });
    } catch (error) {
      ctx.log.error({ err: error, order: orderId }, 'canceling an awaited payment failed');
      throw new Problem('unavailable', 'The payment gateway did not answer; nothing was charged, pay again');
    }
    if (result.status !== 'succeeded') {
      throw new Problem('invalid_state', 'A payment of this order that awaited confirmation has gone through: the order is placed once the gateway confirms it. Read the checkout again', {
        extra: { field: 'status', current: 'paying', requested: 'placed' },
      });
    }
    await orders.updateTransaction(ctx.db, row.id, { status: 'failed', code: 'superseded', message: 'Canceled: the buyer paid again', updated_at: ctx.now() });
  }
}
