import type { Tx } from '../../db/database.js';
import type { OrderRow, TransactionRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { Problem } from '../../lib/problem.js';
import { assertMove } from '../../lib/state-machine.js';
import type { DriverResult } from '../payments/drivers/driver.js';
import { driverFor } from '../payments/drivers/registry.js';
import { findGateway, gatewaySettings } from '../payments/gateways.service.js';
import { isGiftCardTransaction, refundToGiftCards, returnGiftCardsOfCanceled, splitRefund } from '../gift-cards/gift-card-payments.js';
import { recordOrderChanged, recordOrderEvents, type OrderMoveKind } from './order-events.js';
import { financialMoves, financialWords, type FinancialStatus } from './order-states.js';
import type { OrderView } from './orders.schemas.js';
import * as repo from './orders.repo.js';
import { findVisibleOrder } from './orders.service.js';
import { orderView, transactionView } from './orders.view.js';
import { queueOrderNotification } from '../notifications/queue.js';
import { issueSoldGiftCards } from '../gift-cards/sold-gift-cards.js';

type Kind = 'capture' | 'refund' | 'void';

/**
 * What another change adds to a money move (a return's refund): `check` runs under the order's claim,
 * before the gateway is called, and refuses by throwing; `commit` runs in the database transaction
 * that records a succeeded move, and answers false when its own record moved meanwhile.
 */
export interface MoneyMoveHook {
  check?(): Promise<void>;
  commit?(tx: Tx, transaction: TransactionRow, now: number): Promise<boolean>;
  /** A move the gateway already made (its webhook told of it): recorded as this result, the gateway not called. */
  made?: { result: DriverResult; sourceName: string };
}

/** Where each kind of move takes the money when it is complete (a partial one stops short). */
const targetOf: Record<Kind, FinancialStatus> = { capture: 'paid', refund: 'refunded', void: 'voided' };

/** Money an order's transactions account for: captured (charges and captures) and refunded. */
export function moneyOf(transactions: TransactionRow[]): { captured: number; refunded: number } {
  const sum = (kinds: string[]) =>
    transactions.filter((t) => t.status === 'succeeded' && kinds.includes(t.kind)).reduce((total, t) => total + t.amount, 0);
  return { captured: sum(['charge', 'capture']), refunded: sum(['refund']) };
}

/** The move a transaction makes, and the amount it moves (what remains when none is asked). */
function plan(kind: Kind, from: FinancialStatus, total: number, money: { captured: number; refunded: number }, asked: number | undefined) {
  if (kind === 'void') {
    assertMove(financialMoves, 'financial_status', from, 'voided', financialWords);
    return { to: 'voided' as FinancialStatus, amount: total - money.captured };
  }
  if (kind === 'capture') {
    const remaining = total - money.captured;
    const amount = asked ?? remaining;
    const to: FinancialStatus = money.captured + amount >= total ? 'paid' : 'partially_paid';
    assertMove(financialMoves, 'financial_status', from, to, financialWords);
    if (amount > remaining) {
      throw Problem.invalid([{ field: 'amount', code: 'out_of_range', message: `is more than the ${remaining} left to capture` }]);
    }
    return { to, amount };
  }
  const refundable = money.captured - money.refunded;
  const amount = asked ?? refundable;
  const to: FinancialStatus = money.refunded + amount >= money.captured ? 'refunded' : 'partially_refunded';
  assertMove(financialMoves, 'financial_status', from, to, financialWords);
  if (amount > refundable) {
    throw Problem.invalid([{ field: 'amount', code: 'out_of_range', message: `is more than the ${refundable} captured and not yet refunded` }]);
  }
  return { to, amount };
}

/**
 * Staff move money on a placed order: capture (all or part of what is authorized or awaited),
 * refund (never more than was captured), or void an authorization. The gateway is called outside
 * the database transaction, under a claim on the order, so a second move while one is under way is
 * refused rather than sent to the gateway again. A move made with an Idempotency-Key keeps its key
 * (ctx.idempotencyKey) on its transaction, written with the order's new financial status in one
 * database transaction and handed to the gateway: a retry with the same key answers the move made
 * instead of moving the money again, even when the first request's process died before answering.
 * Records `order.paid` when a capture completes the payment (and issues the gift cards the order
 * sold: issueSoldGiftCards), `order.refunded` for a refund, and
 * `order.updated` for every move, a refused one included (its transaction is the order's change).
 * `hook` adds another change to the move.
 * @throws Problem not_found; invalid_state for a move the financial status forbids (naming both) or
 * while another move is under way;
 * validation_failed for an amount above what can be moved; payment_declined when the gateway refuses.
 */
export async function createTransaction(
  ctx: Ctx,
  orderId: string,
  input: { kind: Kind; amount?: number },
  hook: MoneyMoveHook = {},
): Promise<OrderView['transactions'][number]> {
  const order = await findVisibleOrder(ctx, ctx.db, orderId);
  const made = ctx.idempotencyKey === undefined ? undefined : await repo.findTransactionByIdempotencyKey(ctx.db, orderId, ctx.idempotencyKey);
  if (made) return answerOf(made, input.kind);
  if (order.status === 'created') {
    throw new Problem('invalid_state', 'The order is not placed yet', { extra: { field: 'status', current: order.status, requested: 'placed' } });
  }
  const from = order.financial_status as FinancialStatus;
  await claimMoney(ctx, orderId, from, input.kind);
  try {
    return await moveMoney(ctx, order, from, input, hook);
  } finally {
    await repo.updateOrder(ctx.db, orderId, { payment_claimed_at: null });
  }
}

/**
 * Holds the order's money for one move until it ends, so two moves at once (a double click) never
 * both reach the gateway: the second is refused instead of capturing or refunding twice.
 * @throws Problem invalid_state when another move is under way or happened since the order was read.
 */
async function claimMoney(ctx: Ctx, orderId: string, from: FinancialStatus, kind: Kind): Promise<void> {
  if (!(await repo.claimOrder(ctx.db, orderId, 'financial_status', from, ctx.now()))) {
    throw new Problem('invalid_state', 'Another payment move of this order is under way; read the order and retry', {
      extra: { field: 'financial_status', current: from, requested: targetOf[kind] },
    });
  }
}

async function moveMoney(
  ctx: Ctx,
  order: OrderRow,
  from: FinancialStatus,
  input: { kind: Kind; amount?: number },
  hook: MoneyMoveHook,
): Promise<OrderView['transactions'][number]> {
  const orderId = order.id;
  // Read under the claim: a move that finished meanwhile is counted.
  const transactions = await repo.findTransactions(ctx.db, [orderId]);
  await hook.check?.();
  const { to, amount } = plan(input.kind, from, order.total_price, moneyOf(transactions), input.amount);
  // A refund goes back to the order's gift cards first (splitRefund), the gateway giving back the
  // rest; one the provider made itself (hook.made) was all the gateway's. Captures and voids move
  // only the gateway's money: the cards paid theirs at placement (a void gives it back, below).
  const split = input.kind === 'refund' && !hook.made ? splitRefund(transactions, amount) : { cards: [], gateway: amount };
  const gatewayRow = split.gateway > 0 || split.cards.length === 0 ? await moveThroughGateway(ctx, order, transactions, input.kind, split.gateway, hook) : undefined;
  if (gatewayRow && gatewayRow.status !== 'succeeded') {
    // A refused move changes the order too: its transactions show the refusal. No card was given anything.
    await ctx.db.transaction().execute((tx) => keepTransaction(tx, gatewayRow, gatewayRow.created_at));
    return answerOf(gatewayRow, input.kind);
  }
  const now = ctx.now();
  // The transactions and the move they make commit together: a crash leaves all or none, and a
  // retry with the same key finds the transaction only once the money it moved is counted.
  const answer = await ctx.db.transaction().execute(async (tx) => {
    if (gatewayRow) await repo.insertTransaction(tx, gatewayRow);
    const cardRows = await refundToGiftCards(tx, order, split.cards, now, 'admin', gatewayRow ? null : ctx.idempotencyKey ?? null);
    // The gateway's transaction answers the move when the gateway took part; otherwise the first card's.
    const answered = gatewayRow ?? cardRows[0]!;
    const isMoved = (await repo.moveOrder(tx, orderId, 'financial_status', from, { financial_status: to, updated_at: now }))
      && ((await hook.commit?.(tx, answered, now)) ?? true);
    // Thrown, so the transaction rows written above are rolled back with the rest.
    if (!isMoved) throw new MovedMeanwhile();
    const moves: OrderMoveKind[] = to === 'paid' ? ['order.paid'] : input.kind === 'refund' ? ['order.refunded'] : [];
    await recordOrderEvents(tx, now, await orderView(tx, { ...order, financial_status: to, updated_at: now }), moves);
    if (to === 'paid') await issueSoldGiftCards(tx, order, await repo.findItems(tx, [orderId]), now);
    // A voided order is paid by no one: what its gift cards paid at placement goes back to them.
    if (to === 'voided') await returnGiftCardsOfCanceled(tx, order, transactions, now, 'admin');
    if (input.kind === 'refund') await queueOrderNotification(tx, now, 'refund', order, { refund: { amount, currency: order.currency, transaction_id: answered.id } });
    return answered;
  }).catch((error: unknown) => {
    if (error instanceof MovedMeanwhile) return undefined;
    throw error;
  });
  if (!answer) {
    // The gateway has acted: its transaction is kept, though the order moved meanwhile (the cards' parts rolled back).
    if (gatewayRow) await ctx.db.transaction().execute((tx) => keepTransaction(tx, gatewayRow, now));
    throw new Problem('invalid_state', 'Another payment move happened meanwhile; read the order and retry');
  }
  return answerOf(answer, input.kind);
}

/**
 * Moves `amount` through the order's gateway (or records the move its provider made: hook.made),
 * outside any database transaction; answers the transaction to record, succeeded or not.
 * @throws Problem invalid_state when the order's gateway is gone; unavailable when it does not answer.
 */
async function moveThroughGateway(ctx: Ctx, order: OrderRow, transactions: TransactionRow[], kind: Kind, amount: number, hook: MoneyMoveHook): Promise<TransactionRow> {
  const orderId = order.id;
  const parent = [...transactions].reverse()
    .find((t) => t.status !== 'failed' && !isGiftCardTransaction(t) && (t.kind === 'authorization' || t.kind === 'charge'));
  const gateway = order.gateway_id ? await findGateway(ctx.db, order.gateway_id) : undefined;
  const driver = gateway ? driverFor(gateway.driver) : undefined;
  if (!gateway || !driver) throw new Problem('invalid_state', 'The gateway of this order is gone: its money cannot be moved through it');

  const request = {
    orderId, amount, currency: order.currency, authorization: parent?.authorization ?? null, settings: gatewaySettings(gateway), idempotencyKey: ctx.idempotencyKey ?? null,
  };
  let result: DriverResult;
  try {
    if (hook.made) result = hook.made.result;
    else result = kind === 'capture' ? await driver.capture(request) : kind === 'refund' ? await driver.refund(request) : await driver.void(request);
  } catch (error) {
    ctx.log.error({ err: error, order: orderId }, 'payment gateway failed');
    throw new Problem('unavailable', 'The payment gateway did not answer; nothing was moved, retry later');
  }
  const now = ctx.now();
  return {
    id: newId('tra'),
    order_id: orderId,
    parent_id: parent?.id ?? null,
    kind,
    status: result.status,
    amount,
    currency: order.currency,
    authorization: result.authorization ?? parent?.authorization ?? null,
    code: result.code ?? null,
    reference: result.reference ?? null,
    gateway: gateway.source,
    source_name: hook.made?.sourceName ?? 'admin',
    credit_card_number: result.creditCardNumber ?? parent?.credit_card_number ?? null,
    credit_card_brand: result.creditCardBrand ?? parent?.credit_card_brand ?? null,
    message: result.message ?? null,
    is_test: result.isTest ? 1 : 0,
    created_at: now,
    updated_at: now,
    idempotency_key: ctx.idempotencyKey ?? null,
  };
}

/** The order (or a hook's record) moved between the claim and the commit. */
class MovedMeanwhile extends Error {}

/** Keeps a transaction that moved no status, with the order's `order.updated` (the order as it is now). */
async function keepTransaction(tx: Tx, row: TransactionRow, now: number): Promise<void> {
  await repo.insertTransaction(tx, row);
  await recordOrderChanged(tx, row.order_id, now);
}

/** A move's answer: the transaction, or the gateway's refusal of it (402 naming the transaction). */
function answerOf(row: TransactionRow, kind: Kind): OrderView['transactions'][number] {
  if (row.status === 'failed') throw new Problem('payment_declined', row.message ?? `The gateway refused the ${kind}`, { extra: { transaction_id: row.id } });
  return transactionView(row);
}

export async function listTransactions(ctx: Ctx, orderId: string, page: PageRequest, url: string): Promise<Page<OrderView['transactions'][number]>> {
  await findVisibleOrder(ctx, ctx.db, orderId);
  const all = await repo.findTransactions(ctx.db, [orderId]);
  const offset = offsetOf(page);
  return toPage(all.slice(offset, offset + page.perPage).map(transactionView), page, all.length, url);
}
