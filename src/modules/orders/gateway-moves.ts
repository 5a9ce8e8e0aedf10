import type { TransactionRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import type { GatewayNotice } from '../payments/drivers/driver.js';
import { recordOrderChanged } from './order-events.js';
import { createTransaction } from './order-transactions.service.js';
import * as repo from './orders.repo.js';

// Money a provider moved by itself (a refund from its dashboard, a buyer's dispute), told by its
// webhook: recorded on the order the payment belongs to, once, however often the webhook comes.

/** What the webhook transactions name as their source. */
const SOURCE = 'webhook';

function sum(rows: TransactionRow[], kind: string): number {
  return rows.filter((row) => row.kind === kind && row.status === 'succeeded').reduce((total, row) => total + row.amount, 0);
}

/**
 * The provider refunded more of a payment than the order records (a refund made in its dashboard):
 * records the difference as a succeeded refund, moving the financial status and recording
 * order.refunded and order.updated as a staff refund does. Nothing happens when the order records
 * it already (the refund was made through the store) or no order holds the payment.
 * @throws Problem invalid_state while another money move of the order is under way (the provider retries).
 */
export async function recordGatewayRefund(ctx: Ctx, notice: Extract<GatewayNotice, { type: 'refunded' }>, eventKey: string): Promise<void> {
  const known = await repo.findTransactionsByAuthorization(ctx.db, notice.authorization);
  const missing = notice.amountRefunded - sum(known, 'refund');
  if (known.length === 0 || missing <= 0) return;
  const result = { status: 'succeeded' as const, authorization: notice.authorization, reference: notice.reference, isTest: known[0]!.is_test === 1 };
  await createTransaction({ ...ctx, idempotencyKey: eventKey }, known[0]!.order_id, { kind: 'refund', amount: missing }, { made: { result, sourceName: SOURCE } });
}

/**
 * A buyer disputed a payment with the card issuer: records a pending `dispute` transaction (the amount
 * disputed, the reason as its code, the provider's dispute id as its reference) child of the payment,
 * and order.updated. The financial status stays: the money moves only if the dispute is lost.
 */
export async function recordGatewayDispute(ctx: Ctx, notice: Extract<GatewayNotice, { type: 'disputed' }>): Promise<void> {
  const known = await repo.findTransactionsByAuthorization(ctx.db, notice.authorization);
  const parent = known.find((row) => row.status === 'succeeded' && (row.kind === 'charge' || row.kind === 'capture' || row.kind === 'authorization'));
  if (!parent || known.some((row) => row.kind === 'dispute' && row.reference === notice.reference)) return;
  const now = ctx.now();
  await ctx.db.transaction().execute(async (tx) => {
    await repo.insertTransaction(tx, {
      id: newId('tra'), order_id: parent.order_id, parent_id: parent.id, kind: 'dispute', status: 'pending',
      amount: notice.amount, currency: notice.currency, authorization: notice.authorization, code: notice.reason, reference: notice.reference,
      gateway: parent.gateway, source_name: SOURCE, credit_card_number: parent.credit_card_number, credit_card_brand: parent.credit_card_brand,
      message: 'The buyer disputed the payment with the card issuer', is_test: notice.isTest ? 1 : 0, created_at: now, updated_at: now,
    });
    await recordOrderChanged(tx, parent.order_id, now);
  });
}
