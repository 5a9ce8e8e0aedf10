import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Database, OrderRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { Problem } from '../../lib/problem.js';
import { assertMove } from '../../lib/state-machine.js';
import { searchTerms } from '../catalog/catalog-filters.js';
import { giveStockBack } from '../checkout/stock.js';
import { recordEvent } from '../events/record-event.js';
import { findStore } from '../store/stores.repo.js';
import { statusMoves, type OrderStatus } from './order-states.js';
import type { OrderView } from './orders.schemas.js';
import * as repo from './orders.repo.js';
import { orderView, orderViews } from './orders.view.js';

export interface OrderFilter {
  ids?: string[];
  status?: string;
  financial_status?: string;
  fulfillment_status?: string;
  q?: string;
}

/**
 * The conditions one search term puts on an order (any of them): the total price in cents, the order
 * number (with or without the store's prefix and suffix), the payment method or gateway, an item's
 * permalink, sku code or brand, the buyer's first or last name, or the buyer's id.
 */
function termMatches(eb: ExpressionBuilder<Database, 'orders'>, term: string, store: { prefix: string; suffix: string }): Expression<SqlBool> {
  const lower = term.toLowerCase();
  const same = (column: 'orders.payment_method' | 'orders.gateway' | 'orders.customer_first_name' | 'orders.customer_last_name') =>
    eb(sql`lower(${eb.ref(column)})`, '=', lower);
  const conditions: Expression<SqlBool>[] = [
    eb('orders.number', 'in', [term, `${store.prefix}${term}${store.suffix}`]),
    same('orders.payment_method'),
    same('orders.gateway'),
    same('orders.customer_first_name'),
    same('orders.customer_last_name'),
    eb('orders.customer_id', '=', term),
    eb.exists(
      eb.selectFrom('order_items as i')
        .select('i.id')
        .whereRef('i.order_id', '=', 'orders.id')
        .where((ie) => ie.or([
          ie(sql`lower(i.permalink)`, '=', lower),
          ie(sql`lower(i.code)`, '=', lower),
          ie(sql`lower(i.vendor)`, '=', lower),
        ])),
    ),
  ];
  if (/^\d{1,15}$/.test(term)) conditions.push(eb('orders.total_price', '=', Number(term)));
  return eb.or(conditions);
}

async function filtered(ctx: Ctx, db: Executor, filter: OrderFilter) {
  const store = await findStore(db);
  const affixes = { prefix: store?.order_prefix ?? '', suffix: store?.order_suffix ?? '' };
  let query = db.selectFrom('orders');
  const actor = ctx.actor;
  // A signed-in customer sees its own orders, once placed.
  if (actor.kind === 'customer') query = query.where('customer_id', '=', actor.customerId).where('status', '!=', 'created');
  if (filter.ids) query = query.where('id', 'in', filter.ids);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.financial_status) query = query.where('financial_status', '=', filter.financial_status);
  if (filter.fulfillment_status) query = query.where('fulfillment_status', '=', filter.fulfillment_status);
  for (const term of searchTerms(filter.q)) query = query.where((eb) => termMatches(eb, term, affixes));
  return query;
}

/** Orders newest first; a signed-in customer lists only its own placed orders. */
export async function listOrders(ctx: Ctx, filter: OrderFilter, page: PageRequest, url: string): Promise<Page<OrderView>> {
  const query = await filtered(ctx, ctx.db, filter);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').offset(offsetOf(page)).limit(page.perPage).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return toPage(await orderViews(ctx.db, rows), page, Number(count.count), url);
}

/** The order as the caller may see it: staff any, a signed-in customer its own placed ones (404 otherwise). */
export async function findVisibleOrder(ctx: Ctx, db: Executor, id: string): Promise<OrderRow> {
  const row = await repo.findOrder(db, id);
  const actor = ctx.actor;
  const visible = row && (actor.kind === 'admin' || (actor.kind === 'customer' && row.customer_id === actor.customerId && row.status !== 'created'));
  if (!visible) throw Problem.notFound('order', id);
  return row;
}

export async function getOrder(ctx: Ctx, id: string): Promise<OrderView> {
  return orderView(ctx.db, await findVisibleOrder(ctx, ctx.db, id));
}

/** Changes the staff note or the email of an order. */
export async function updateOrder(ctx: Ctx, id: string, input: { order_note?: string | null; email?: string }): Promise<OrderView> {
  const row = await findVisibleOrder(ctx, ctx.db, id);
  const changes: Partial<OrderRow> = { updated_at: ctx.now() };
  if (input.order_note !== undefined) changes.order_note = input.order_note;
  if (input.email !== undefined) changes.email = input.email.trim();
  await repo.updateOrder(ctx.db, id, changes);
  return orderView(ctx.db, { ...row, ...changes });
}

/** Another request moved the order between this one's read and its move. */
function movedMeanwhile(read: string, requested: OrderStatus): Problem {
  return new Problem('invalid_state', 'The order changed meanwhile; read it and retry', { extra: { field: 'status', current: read, requested } });
}

function actorId(ctx: Ctx): string | null {
  return ctx.actor.kind === 'admin' ? ctx.actor.keyId : null;
}

/**
 * Cancels an order being checked out or placed: canceled_at, the canceler and the reason are kept,
 * a placed order's stock goes back, and `order.canceled` is recorded. Money is not moved: refund or
 * void it with a transaction.
 * @throws Problem not_found; invalid_state for a canceled or archived order, or one with shipped items.
 */
export async function cancelOrder(ctx: Ctx, id: string, reason: string | undefined): Promise<OrderView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    // Lock first: a shipment committing between the read and the move would leave a canceled order shipped.
    await repo.lockOrder(tx, id);
    const row = await findVisibleOrder(ctx, tx, id);
    const from = row.status as OrderStatus;
    assertMove(statusMoves, 'status', from, 'canceled');
    if (row.fulfillment_status === 'partially_fulfilled' || row.fulfillment_status === 'fulfilled') {
      throw new Problem('invalid_state', 'Items of this order were shipped: it cannot be canceled', {
        extra: { field: 'fulfillment_status', current: row.fulfillment_status, requested: 'canceled' },
      });
    }
    const changes: Partial<OrderRow> = { status: 'canceled', canceled_at: now, canceler_id: actorId(ctx), cancel_reason: reason ?? null, updated_at: now };
    if (!(await repo.moveOrder(tx, id, 'status', from, changes))) throw movedMeanwhile(from, 'canceled');
    if (from === 'placed') await giveStockBack(tx, await repo.findItems(tx, [id]));
    const view = await orderView(tx, { ...row, ...changes });
    await recordEvent(tx, now, 'order.canceled', view);
    return view;
  });
}

/**
 * Archives a placed order and records `order.archived`.
 * @throws Problem not_found; invalid_state unless the order is placed.
 */
export async function archiveOrder(ctx: Ctx, id: string): Promise<OrderView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const row = await findVisibleOrder(ctx, tx, id);
    assertMove(statusMoves, 'status', row.status as OrderStatus, 'archived');
    const changes: Partial<OrderRow> = { status: 'archived', archived_at: now, updated_at: now };
    if (!(await repo.moveOrder(tx, id, 'status', row.status, changes))) throw movedMeanwhile(row.status, 'archived');
    const view = await orderView(tx, { ...row, ...changes });
    await recordEvent(tx, now, 'order.archived', view);
    return view;
  });
}
