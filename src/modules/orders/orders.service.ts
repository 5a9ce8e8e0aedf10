import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Executor, Tx } from '../../db/database.js';
import { lockForMetadataMerge, metadataMatches } from '../../db/metadata-queries.js';
import type { Database, OrderRow } from '../../db/types.js';
import { staffOf, type Ctx } from '../../lib/context.js';
import { metadataChanges, type MetadataInput } from '../../lib/metadata.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { assertMove } from '../../lib/state-machine.js';
import { searchTerms } from '../catalog/catalog-filters.js';
import { releaseReservation } from '../checkout/reservation.js';
import { giveStockBack } from '../checkout/stock.js';
import { findCustomer } from '../customers/customers.repo.js';
import { checkEmail, emailKey, normalizedEmail } from '../customers/emails.js';
import { returnGiftCardsOfCanceled } from '../gift-cards/gift-card-payments.js';
import { hasHeldReturns } from '../returns/returns.repo.js';
import { recordOrderEvents } from './order-events.js';
import { statusMoves, statusWords, type OrderStatus } from './order-states.js';
import { indexQueuedOrders, queueOrderIndexing, queryTerms } from './order-search.js';
import type { OrderView } from './orders.schemas.js';
import * as repo from './orders.repo.js';
import { orderView, orderViews } from './orders.view.js';
import { queueOrderNotification } from '../notifications/queue.js';

export interface OrderFilter {
  ids?: string[];
  status?: string;
  financial_status?: string;
  fulfillment_status?: string;
  metadata?: Record<string, string>;
  q?: string;
}

/** The conditions of the list on the orders' own columns (the caller, ids, statuses), all of them. */
function orderConditions(ctx: Ctx, filter: OrderFilter) {
  return (eb: ExpressionBuilder<Database, 'orders'>) => {
    const conditions: Expression<SqlBool>[] = [];
    const actor = ctx.actor;
    // A signed-in customer sees its own orders, once placed.
    if (actor.kind === 'customer') conditions.push(eb('orders.customer_id', '=', actor.customerId), eb('orders.status', '!=', 'created'));
    if (filter.ids) conditions.push(eb('orders.id', 'in', filter.ids));
    if (filter.status) conditions.push(eb('orders.status', '=', filter.status));
    if (filter.financial_status) conditions.push(eb('orders.financial_status', '=', filter.financial_status));
    if (filter.fulfillment_status) conditions.push(eb('orders.fulfillment_status', '=', filter.fulfillment_status));
    if (filter.metadata) conditions.push(metadataMatches(ctx.db, 'orders.metadata', filter.metadata));
    return eb.and(conditions);
  };
}

/**
 * Orders newest first; a signed-in customer lists only its own placed orders. `q` keeps the orders
 * matching every one of its terms, each term one of the order's search terms (order-search.ts).
 */
export async function listOrders(ctx: Ctx, filter: OrderFilter, page: PageRequest, url: string): Promise<Page<OrderView>> {
  const terms = queryTerms(searchTerms(filter.q));
  if (terms.length > 0) {
    // What changed just before is found: the orders still queued for indexing are indexed first.
    await indexQueuedOrders(ctx.db);
    return searchOrders(ctx, filter, terms, page, url);
  }
  const query = ctx.db.selectFrom('orders').where(orderConditions(ctx, filter));
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').offset(offsetOf(page)).limit(page.perPage).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return toPage(await orderViews(ctx.db, rows), page, Number(count.count), url);
}

/**
 * A search through the index. The rarest term's rows, read in order id order (newest first, ids
 * being time-ordered), drive the page, so the page stops at its last row and nothing is sorted;
 * every other term is one primary key probe per candidate. Unless the list is narrowed by the
 * orders' own columns, the page of ids comes from the index alone and only the page's orders are
 * read; the total of a single term is its stored count, read rather than counted.
 */
async function searchOrders(ctx: Ctx, filter: OrderFilter, terms: string[], page: PageRequest, url: string): Promise<Page<OrderView>> {
  const counts = await repo.countOrdersWithTerms(ctx.db, terms);
  // A term no order holds: nothing can match every term.
  if (terms.some((term) => !counts.get(term))) return toPage([], page, 0, url);
  const [driving, ...others] = terms.sort((a, b) => counts.get(a)! - counts.get(b)!) as [string, ...string[]];
  const isNarrowed = ctx.actor.kind === 'customer' || Boolean(filter.status || filter.financial_status || filter.fulfillment_status || filter.metadata);
  if (!isNarrowed) {
    const isOneTerm = others.length === 0 && !filter.ids;
    const [rows, count] = await Promise.all([
      repo.findOrdersHoldingTerms(ctx.db, driving, others, page.perPage, offsetOf(page), filter.ids),
      isOneTerm ? counts.get(driving)! : repo.countOrdersHoldingTerms(ctx.db, driving, others, filter.ids),
    ]);
    return toPage(await orderViews(ctx.db, rows), page, count, url);
  }
  const index = repo.ordersHoldingTerms(ctx.db, driving, others, filter.ids);
  // A customer's own orders are few: the planner starts from them (orders_customer_id). Otherwise
  // the index drives: on SQLite only a CROSS JOIN fixes the join order, and without statistics it
  // would start from orders_status and read every placed order (PostgreSQL plans either by cost).
  const joined = ctx.actor.kind === 'customer'
    ? index.innerJoin('orders', 'orders.id', 's.order_id')
    : index.crossJoin('orders').whereRef('orders.id', '=', 's.order_id');
  const matching = joined.where(orderConditions(ctx, filter));
  const [rows, count] = await Promise.all([
    matching.selectAll('orders').orderBy('s.order_id', 'desc').offset(offsetOf(page)).limit(page.perPage).execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return toPage(await orderViews(ctx.db, rows), page, Number(count.count), url);
}

/** The order as the caller may see it: staff any, a signed-in customer its own placed ones (404 otherwise). */
export async function findVisibleOrder(ctx: Ctx, db: Executor, id: string): Promise<OrderRow> {
  const row = await repo.findOrder(db, id);
  const actor = ctx.actor;
  const visible = row && (actor.kind === 'admin' || actor.kind === 'system' || (actor.kind === 'customer' && row.customer_id === actor.customerId && row.status !== 'created'));
  if (!visible) throw Problem.notFound('order', id);
  return row;
}

export async function getOrder(ctx: Ctx, id: string): Promise<OrderView> {
  return orderView(ctx.db, await findVisibleOrder(ctx, ctx.db, id));
}

/**
 * Changes the staff note, the email or the customer of an order. Staff attach an order to a customer
 * (or detach it with null) explicitly; a new email attaches nothing by itself. Records `order.updated`
 * (a checkout, not yet placed, records nothing).
 * @throws Problem not_found; validation_failed for an invalid email or a customer_id naming no customer.
 */
export async function updateOrder(
  ctx: Ctx, id: string, input: MetadataInput & { order_note?: string | null; email?: string; customer_id?: string | null },
): Promise<OrderView> {
  const errors = new FieldErrors();
  if (input.email !== undefined) checkEmail(input.email, 'email', errors);
  errors.throwIfAny();
  return ctx.db.transaction().execute(async (tx) => {
    await lockForMetadataMerge(tx, 'orders', id, input);
    const row = await findVisibleOrder(ctx, tx, id);
    const changes: Partial<OrderRow> = { ...metadataChanges(input, row), updated_at: ctx.now() };
    if (input.order_note !== undefined) changes.order_note = input.order_note;
    if (input.email !== undefined) Object.assign(changes, { email: normalizedEmail(input.email), email_key: emailKey(input.email) });
    if (input.customer_id !== undefined && input.customer_id !== row.customer_id) {
      if (input.customer_id !== null && !(await findCustomer(tx, input.customer_id))) {
        throw Problem.invalid([{ field: 'customer_id', code: 'not_found', message: 'names no customer' }]);
      }
      changes.customer_id = input.customer_id;
    }
    await repo.updateOrder(tx, id, changes);
    const order = { ...row, ...changes };
    // The customer's id and the email are among the order's search terms.
    if (changes.customer_id !== undefined || changes.email !== undefined) await queueOrderIndexing(tx, order.id);
    const view = await orderView(tx, order);
    await recordOrderEvents(tx, ctx.now(), view);
    return view;
  });
}

/**
 * Joins to a customer the guest orders (no customer) placed with its email, compared by key, and
 * adds its id to their search terms: call it once the customer has proved it owns the email, in
 * that transaction. Records each joined order's `order.updated`. Answers the orders joined.
 */
export async function joinGuestOrders(tx: Tx, customerId: string, key: string, now: number): Promise<OrderRow[]> {
  const joined: OrderRow[] = [];
  for (const row of await repo.findGuestOrdersOfEmail(tx, key)) {
    const order = { ...row, customer_id: customerId, updated_at: now };
    await repo.updateOrder(tx, row.id, { customer_id: customerId, updated_at: now });
    await queueOrderIndexing(tx, order.id);
    await recordOrderEvents(tx, now, await orderView(tx, order));
    joined.push(order);
  }
  return joined;
}

/** Another request moved the order between this one's read and its move. */
function movedMeanwhile(read: string, requested: OrderStatus): Problem {
  return new Problem('invalid_state', 'The order changed meanwhile; read it and retry', { extra: { field: 'status', current: read, requested } });
}

function actorId(ctx: Ctx): string | null {
  return staffOf(ctx)?.id ?? null;
}

/**
 * Cancels an order being checked out or placed: canceled_at, the canceler and the reason are kept,
 * a placed order's stock goes back (each sku's `sku.updated`), and `order.canceled` and
 * `order.updated` are recorded. Money is not moved (refund or void it with a transaction), but for
 * what gift cards paid of an order not yet paid otherwise: that goes back to the cards.
 * @throws Problem not_found; invalid_state for a canceled or archived order, or one with shipped or returned items.
 */
export async function cancelOrder(ctx: Ctx, id: string, reason: string | undefined): Promise<OrderView> {
  return ctx.db.transaction().execute(async (tx) => {
    // Lock first: a shipment committing between the read and the move would leave a canceled order shipped.
    await repo.lockOrder(tx, id);
    return cancelLockedOrder(ctx, tx, await findVisibleOrder(ctx, tx, id), reason);
  });
}

/**
 * Cancels, as cancelOrder does, a placed order still awaiting an offline payment: its financial
 * status still `pending` and no money move (a capture recording the payment) under way. An order
 * paid, canceled or being paid meanwhile is left as it is, and the answer is undefined.
 * @throws Problem invalid_state for an order with shipped or returned items.
 */
export async function cancelUnpaidOrder(ctx: Ctx, id: string, reason: string): Promise<OrderView | undefined> {
  return ctx.db.transaction().execute(async (tx) => {
    // The check locks the row: a capture claiming the order now waits for this transaction.
    const row = await repo.lockOrderAwaitingPayment(tx, id, ctx.now());
    return row && cancelLockedOrder(ctx, tx, row, reason);
  });
}

/** The cancel of an order read under its row's lock, in the caller's transaction. */
async function cancelLockedOrder(ctx: Ctx, tx: Tx, row: OrderRow, reason: string | undefined): Promise<OrderView> {
  const now = ctx.now();
  const id = row.id;
  const from = row.status as OrderStatus;
  assertMove(statusMoves, 'status', from, 'canceled', statusWords);
  if (row.fulfillment_status === 'partially_fulfilled' || row.fulfillment_status === 'fulfilled') {
    throw new Problem('invalid_state', 'Items of this order were shipped: it cannot be canceled', {
      extra: { field: 'fulfillment_status', current: row.fulfillment_status, requested: 'canceled' },
    });
  }
  // Their units are on their way back or back in stock already: the cancel would give them back twice.
  if (await hasHeldReturns(tx, id)) {
    throw new Problem('invalid_state', 'Items of this order are returned: it cannot be canceled', { extra: { field: 'status', current: from, requested: 'canceled' } });
  }
  const changes: Partial<OrderRow> = { status: 'canceled', canceled_at: now, canceler_id: actorId(ctx), cancel_reason: reason ?? null, updated_at: now };
  if (!(await repo.moveOrder(tx, id, 'status', from, changes))) throw movedMeanwhile(from, 'canceled');
  if (from === 'placed') {
    await giveStockBack(ctx, tx, await repo.findItems(tx, [id]));
    // Money the gateway never captured (awaited offline, or authorized) goes nowhere; the gift cards'
    // shares go back to them. A paid order keeps its money until staff refund it, cards included.
    if (row.financial_status === 'pending' || row.financial_status === 'authorized') {
      await returnGiftCardsOfCanceled(tx, row, await repo.findTransactions(tx, [id]), now, ctx.actor.kind === 'admin' ? 'admin' : 'system');
    }
  } else {
    // A checkout given up while its payment awaited the buyer (or was under way) held a reservation: given back once.
    await releaseReservation(ctx, tx, id);
  }
  const view = await orderView(tx, { ...row, ...changes });
  await recordOrderEvents(tx, now, view, ['order.canceled']);
  // A checkout given up is no order of the buyer's: only a placed order's buyer is told.
  if (from === 'placed') await queueOrderNotification(tx, now, 'order_canceled', row);
  return view;
}

/**
 * Archives a placed order and records `order.archived` and `order.updated`.
 * @throws Problem not_found; invalid_state unless the order is placed.
 */
export async function archiveOrder(ctx: Ctx, id: string): Promise<OrderView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const row = await findVisibleOrder(ctx, tx, id);
    assertMove(statusMoves, 'status', row.status as OrderStatus, 'archived', statusWords);
    const changes: Partial<OrderRow> = { status: 'archived', archived_at: now, updated_at: now };
    if (!(await repo.moveOrder(tx, id, 'status', row.status, changes))) throw movedMeanwhile(row.status, 'archived');
    const view = await orderView(tx, { ...row, ...changes });
    await recordOrderEvents(tx, now, view, ['order.archived']);
    return view;
  });
}
