import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import { compiledQuery } from '../../db/compiled.js';
import { isSqlite, type Executor } from '../../db/database.js';
import { groupBy } from '../../lib/group-by.js';
import type { Database, OrderItemRow, OrderRow, OrderSearchTermCountRow, OrderSearchTermRow, TransactionRow } from '../../db/types.js';

// Each checkout step runs most of these, so they are kept compiled (see compiledQuery).
const selectOrder = compiledQuery((db, id: string) => db.selectFrom('orders').selectAll().where('id', '=', id));
const selectOrderWithCartOwner = compiledQuery((db, id: string) => db
  .selectFrom('orders').selectAll().select((eb) => cartOwner(eb).as('cart_owner')).where('id', '=', id));
const selectOpenOrderOfCart = compiledQuery((db, cartId: string) => db
  .selectFrom('orders').selectAll().where('cart_id', '=', cartId).where('status', '=', 'created').orderBy('id', 'desc'));
const insertOrderRow = compiledQuery((db, row: OrderRow) => db.insertInto('orders').values(row));
const updateOrderRow = compiledQuery((db, id: string, changes: Partial<OrderRow>) => db.updateTable('orders').set(changes).where('id', '=', id));
const moveOrderRow = {
  status: compiledQuery((db, id: string, from: string, changes: Partial<OrderRow>) => db
    .updateTable('orders').set(changes).where('id', '=', id).where('status', '=', from)),
  financial_status: compiledQuery((db, id: string, from: string, changes: Partial<OrderRow>) => db
    .updateTable('orders').set(changes).where('id', '=', id).where('financial_status', '=', from)),
};
const lockOrderRow = compiledQuery((db, id: string) => db.updateTable('orders').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', id));
const claimOrderRow = {
  status: compiledQuery((db, id: string, from: string, now: number, claimedBefore: number) => db
    .updateTable('orders').set({ payment_claimed_at: now }).where('id', '=', id).where('status', '=', from)
    .where((eb) => isUnclaimed(eb, claimedBefore)).returningAll()),
  financial_status: compiledQuery((db, id: string, from: string, now: number, claimedBefore: number) => db
    .updateTable('orders').set({ payment_claimed_at: now }).where('id', '=', id).where('financial_status', '=', from)
    .where((eb) => isUnclaimed(eb, claimedBefore)).returningAll()),
};
const lockUnclaimedRow = compiledQuery((db, id: string, claimedBefore: number) => db
  .updateTable('orders')
  .set((eb) => ({ updated_at: eb.ref('updated_at') }))
  .where('id', '=', id)
  .where('status', '=', 'created')
  .where((eb) => isUnclaimed(eb, claimedBefore))
  .returningAll()
  .returning((eb) => cartOwner(eb).as('cart_owner')));
const selectItems = compiledQuery((db, orderIds: string[]) => db
  .selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).orderBy('order_id').orderBy('id'));
const deleteItems = compiledQuery((db, orderId: string) => db.deleteFrom('order_items').where('order_id', '=', orderId));
const insertItemRows = compiledQuery((db, items: OrderItemRow[]) => db.insertInto('order_items').values(items));
const addToSearchTermCounts = compiledQuery((db, rows: OrderSearchTermCountRow[]) => db
  .insertInto('order_search_term_counts').values(rows)
  .onConflict((oc) => oc.columns(['term', 'slot']).doUpdateSet((eb) => ({ orders: eb('order_search_term_counts.orders', '+', eb.ref('excluded.orders')) }))));
const selectSearchTermCounts = compiledQuery((db, terms: string[]) => db
  .selectFrom('order_search_term_counts').select(['term', (eb) => eb.fn.sum<number | string>('orders').as('orders')])
  .where('term', 'in', terms).groupBy('term'));
const selectTransactions = compiledQuery((db, orderIds: string[]) => db
  .selectFrom('transactions').selectAll().where('order_id', 'in', orderIds).orderBy('order_id').orderBy('id'));
const insertTransactionRow = compiledQuery((db, row: TransactionRow) => db.insertInto('transactions').values(row));
const incrementOrderNumber = compiledQuery((db) => db
  .insertInto('counters')
  .values({ name: 'order_number', value: 1001 })
  .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('counters.value', '+', 1) })))
  .returning('value'));
// Staff search orders by these on every keystroke: kept compiled for the usual search, by terms alone.
const selectPageHoldingTerms = compiledQuery((db, driving: string, others: string[], limit: number, offset: number) => (
  pageHoldingTerms(db, driving, others, limit, offset)));
const selectCountHoldingTerms = compiledQuery((db, driving: string, others: string[]) => countHoldingTerms(db, driving, others));

export async function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  return (await selectOrder(db, id)).rows[0];
}

/** An order with the customer its cart belongs to (`cart_owner`: null for a guest's cart, or no cart), who alone may use it. */
export type OrderWithCartOwner = OrderRow & { cart_owner: string | null };

function cartOwner(eb: ExpressionBuilder<Database, 'orders'>) {
  return eb.selectFrom('carts').select('carts.customer_id').whereRef('carts.id', '=', 'orders.cart_id');
}

/** The order and its cart's customer, in one read. */
export async function findOrderWithCartOwner(db: Executor, id: string): Promise<OrderWithCartOwner | undefined> {
  return (await selectOrderWithCartOwner(db, id)).rows[0];
}

/** The order a cart's checkout made that is still being checked out, if any. */
export async function findOpenOrderOfCart(db: Executor, cartId: string): Promise<OrderRow | undefined> {
  return (await selectOpenOrderOfCart(db, cartId)).rows[0];
}

export async function insertOrder(db: Executor, row: OrderRow): Promise<void> {
  await insertOrderRow(db, row);
}

export async function updateOrder(db: Executor, id: string, changes: Partial<OrderRow>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await updateOrderRow(db, id, changes);
}

/**
 * Applies changes only while the order is still in `from` (the state a move starts from); false when
 * another request moved it first.
 */
export async function moveOrder(db: Executor, id: string, field: 'status' | 'financial_status', from: string, changes: Partial<OrderRow>): Promise<boolean> {
  const result = await moveOrderRow[field](db, id, from, changes);
  return Number(result.numAffectedRows) > 0;
}

/**
 * Holds an order's row until the transaction ends (a no-op update: a row lock on PostgreSQL; SQLite
 * runs one writer at a time), so changes that read the order before writing it run one after another.
 */
export async function lockOrder(db: Executor, orderId: string): Promise<void> {
  await lockOrderRow(db, orderId);
}

/** A payment or a money move holds its order this long at most: past it, its process is taken for dead. */
const CLAIM_SECONDS = 120;

function isUnclaimed(eb: ExpressionBuilder<Database, 'orders'>, claimedBefore: number) {
  return eb.or([eb('payment_claimed_at', 'is', null), eb('payment_claimed_at', '<', claimedBefore)]);
}

/**
 * Holds the order for one payment or money move, while `field` is still `from` and no other holds
 * it: answers the order as claimed, or undefined. Release it by setting payment_claimed_at back to null.
 */
export async function claimOrder(db: Executor, id: string, field: 'status' | 'financial_status', from: string, now: number): Promise<OrderRow | undefined> {
  return (await claimOrderRow[field](db, id, from, now, now - CLAIM_SECONDS)).rows[0];
}

const endReservationRow = compiledQuery((db, id: string) => db
  .updateTable('orders').set({ reserved_at: null }).where('id', '=', id).where('reserved_at', 'is not', null));

/**
 * Ends an unplaced order's reservation (checkout/reservation.ts): true for the one caller that ended
 * it, so what it held is given back once. A placement ends it in its own write (the order keeps what
 * was reserved), so only an order never placed can still hold one.
 */
export async function endReservation(db: Executor, id: string): Promise<boolean> {
  return Number((await endReservationRow(db, id)).numAffectedRows) > 0;
}

/** Unplaced orders whose checkout expired while they still hold a reservation, oldest first (orders_reserved). */
export async function findExpiredReservations(db: Executor, now: number, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('orders').select('id')
    .where('reserved_at', 'is not', null).where('status', '=', 'created').where('checkout_expires_at', '<=', now)
    .orderBy('reserved_at').limit(limit).execute();
  return rows.map((row) => row.id);
}

/**
 * For a change of an order being checked out: the order as it now stands (with its cart's customer)
 * when it is still created and no payment holds it; undefined otherwise. The check is a no-op update,
 * which on PostgreSQL keeps the row locked until the transaction ends, so no payment can claim the
 * order between the check and the change.
 */
export async function lockUnclaimed(db: Executor, id: string, now: number): Promise<OrderWithCartOwner | undefined> {
  return (await lockUnclaimedRow(db, id, now - CLAIM_SECONDS)).rows[0];
}

// The rows of the partial index orders_awaiting_offline_payment (migration 030), its terms written as
// in its definition, literals and all: SQLite uses a partial index only for a query that repeats them.
const awaitingOfflinePayment = sql<SqlBool>`status = 'placed' and financial_status = 'pending' and source_name is distinct from 'admin' and fulfillment_status in ('unfulfilled', 'not_required')`;

/** Where a sweep of unpaid orders stopped: the last order it read, in (placed_at, id) order. */
export interface UnpaidOrderCursor {
  placed_at: number;
  id: string;
}

/**
 * Up to `limit` placed storefront orders awaiting an offline payment and not shipped, placed at
 * `placedBefore` or earlier, after `after`, oldest first: a range of their partial index.
 */
export async function findOrdersAwaitingOfflinePayment(db: Executor, placedBefore: number, after: UnpaidOrderCursor | undefined, limit: number): Promise<UnpaidOrderCursor[]> {
  let query = db.selectFrom('orders').select(['id', 'placed_at']).where(awaitingOfflinePayment).where('placed_at', '<=', placedBefore);
  if (after) query = query.where((eb) => eb(eb.refTuple('placed_at', 'id'), '>', eb.tuple(after.placed_at, after.id)));
  const rows = await query.orderBy('placed_at').orderBy('id').limit(limit).execute();
  return rows.map((row) => ({ id: row.id, placed_at: Number(row.placed_at) }));
}

/**
 * The order, locked until the transaction ends, while it is placed, awaiting an offline payment and
 * held by no money move (a capture under way claims it); undefined otherwise. A no-op update, so on
 * PostgreSQL a capture's claim waits for the caller's transaction.
 */
export async function lockOrderAwaitingPayment(db: Executor, id: string, now: number): Promise<OrderRow | undefined> {
  return db.updateTable('orders')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .where('status', '=', 'placed')
    .where('financial_status', '=', 'pending')
    .where((eb) => isUnclaimed(eb, now - CLAIM_SECONDS))
    .returningAll()
    .executeTakeFirst();
}

export async function findItems(db: Executor, orderIds: string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return (await selectItems(db, orderIds)).rows;
}

export async function replaceItems(db: Executor, orderId: string, items: OrderItemRow[]): Promise<void> {
  await deleteItems(db, orderId);
  await insertItems(db, items);
}

export async function insertItems(db: Executor, items: OrderItemRow[]): Promise<void> {
  if (items.length > 0) await insertItemRows(db, items);
}

export async function updateItem(db: Executor, id: string, changes: Partial<OrderItemRow>): Promise<void> {
  await db.updateTable('order_items').set(changes).where('id', '=', id).execute();
}

const queueOrderRow = compiledQuery((db, orderId: string) => db
  .insertInto('order_search_queue').values({ order_id: orderId }).onConflict((oc) => oc.doNothing()));

/** Queues the order for its search terms to be brought up to date (order-search.ts). */
export async function queueSearchIndexing(db: Executor, orderId: string): Promise<void> {
  await queueOrderRow(db, orderId);
}

/** Up to `limit` queued orders, in id order. */
export async function findQueuedOrders(db: Executor, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('order_search_queue').select('order_id').orderBy('order_id').limit(limit).execute();
  return rows.map((row) => row.order_id);
}

/**
 * The orders to index, locked until the transaction ends (on PostgreSQL; SQLite has one writer), in
 * id order, so two indexers never index one order at once nor wait for each other in turn.
 */
export async function lockOrdersForIndexing(db: Executor, ids: string[]): Promise<OrderRow[]> {
  let query = db.selectFrom('orders').selectAll().where('id', 'in', ids).orderBy('id');
  if (!isSqlite(db)) query = query.forUpdate();
  return query.execute();
}

/** Takes orders off the queue; answers those really taken (another indexer may have taken the rest). */
export async function unqueueOrders(db: Executor, ids: string[]): Promise<string[]> {
  const rows = await db.deleteFrom('order_search_queue').where('order_id', 'in', ids).returning('order_id').execute();
  return rows.map((row) => row.order_id);
}

export async function findSearchTermsOf(db: Executor, orderIds: string[]): Promise<OrderSearchTermRow[]> {
  return db.selectFrom('order_search_terms').select(['order_id', 'term']).where('order_id', 'in', orderIds).execute();
}

/** Rows written per statement: a batch of orders holds thousands of terms, and each row is two parameters. */
const ROWS_PER_STATEMENT = 500;

/**
 * Takes terms out of the orders' index and puts others in, keeping each term's count of orders.
 * Only rows really deleted or inserted are counted, and the counts change in (term, slot) order, so
 * two transactions never wait for each other's count rows in opposite orders.
 */
export async function changeSearchTerms(db: Executor, removed: OrderSearchTermRow[], added: OrderSearchTermRow[]): Promise<void> {
  const changes = new Map<string, OrderSearchTermCountRow>();
  const count = ({ term, order_id }: OrderSearchTermRow, orders: number) => {
    const slot = searchTermSlot(order_id);
    const key = `${term}\u0000${slot}`;
    const row = changes.get(key);
    if (row) row.orders += orders;
    else changes.set(key, { term, slot, orders });
  };
  for (const [orderId, rows] of groupBy(removed, 'order_id')) {
    const terms = rows.map((row) => row.term);
    for (const row of await db.deleteFrom('order_search_terms').where('order_id', '=', orderId).where('term', 'in', terms).returning(['term', 'order_id']).execute()) count(row, -1);
  }
  for (const chunk of chunks(added, ROWS_PER_STATEMENT)) {
    for (const row of await db.insertInto('order_search_terms').values(chunk).onConflict((oc) => oc.doNothing()).returning(['term', 'order_id']).execute()) count(row, 1);
  }
  const counts = [...changes.values()].filter((row) => row.orders !== 0)
    .sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0));
  for (const chunk of chunks(counts, ROWS_PER_STATEMENT)) await addToSearchTermCounts(db, chunk);
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The count row of a term an order adds to: the last character of its id (see migration 010). */
function searchTermSlot(orderId: string): string {
  return orderId.slice(-1);
}

/** How many orders hold each of the terms (a term no order holds is left out). */
export async function countOrdersWithTerms(db: Executor, terms: string[]): Promise<Map<string, number>> {
  const { rows } = await selectSearchTermCounts(db, terms);
  // PostgreSQL sums a bigint column into a numeric, which pg hands over as a string.
  return new Map(rows.map((row) => [row.term, Number(row.orders)]));
}

/**
 * The search index's rows of the orders holding `driving` and each of `others`: the driving term's
 * range, in order id order, and one primary key probe per other term. `ids` makes the range a few seeks.
 */
export function ordersHoldingTerms(db: Executor, driving: string, others: string[], ids?: string[]) {
  let index = db.selectFrom('order_search_terms as s').where('s.term', '=', driving);
  if (ids) index = index.where('s.order_id', 'in', ids);
  for (const term of others) {
    index = index.where(sql<SqlBool>`exists (select 1 from order_search_terms x where x.term = ${term} and x.order_id = s.order_id)`);
  }
  return index;
}

/**
 * A page of the orders holding the terms, newest first. The page of ids comes first, from the index
 * alone, as a derived table: neither database can then plan it as a walk down orders_pkey probing the
 * index for each order (what PostgreSQL picks when it misjudges a term as common).
 */
function pageHoldingTerms(db: Executor, driving: string, others: string[], limit: number, offset: number, ids?: string[]) {
  const page = ordersHoldingTerms(db, driving, others, ids).select('s.order_id').orderBy('s.order_id', 'desc').limit(limit).offset(offset);
  return db.selectFrom(page.as('p')).innerJoin('orders', 'orders.id', 'p.order_id').selectAll('orders').orderBy('p.order_id', 'desc');
}

function countHoldingTerms(db: Executor, driving: string, others: string[], ids?: string[]) {
  return ordersHoldingTerms(db, driving, others, ids).select((eb) => eb.fn.countAll<number>().as('count'));
}

/** The page of the orders holding `driving` and each of `others`, among `ids` when given. */
export async function findOrdersHoldingTerms(db: Executor, driving: string, others: string[], limit: number, offset: number, ids?: string[]): Promise<OrderRow[]> {
  if (ids) return pageHoldingTerms(db, driving, others, limit, offset, ids).execute();
  return (await selectPageHoldingTerms(db, driving, others, limit, offset)).rows;
}

/** How many orders hold `driving` and each of `others`, among `ids` when given. */
export async function countOrdersHoldingTerms(db: Executor, driving: string, others: string[], ids?: string[]): Promise<number> {
  const row = ids ? await countHoldingTerms(db, driving, others, ids).executeTakeFirstOrThrow() : (await selectCountHoldingTerms(db, driving, others)).rows[0]!;
  return Number(row.count);
}

/** Queues for search indexing every order of a customer (about to be deleted: its id is one of their terms). */
export async function queueOrdersOfCustomer(db: Executor, customerId: string): Promise<void> {
  await db.insertInto('order_search_queue')
    .columns(['order_id'])
    .expression((eb) => eb.selectFrom('orders').select('id').where('customer_id', '=', customerId))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The orders placed with an email (by its key, see customers/emails.ts) that belong to no customer. */
export function findGuestOrdersOfEmail(db: Executor, emailKey: string): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where('email_key', '=', emailKey).where('customer_id', 'is', null).orderBy('id').execute();
}

export async function findTransactions(db: Executor, orderIds: string[]): Promise<TransactionRow[]> {
  if (orderIds.length === 0) return [];
  return (await selectTransactions(db, orderIds)).rows;
}

/** The move made with this Idempotency-Key (scoped hash) on this order, if any. */
export function findTransactionByIdempotencyKey(db: Executor, orderId: string, key: string): Promise<TransactionRow | undefined> {
  return db.selectFrom('transactions').selectAll().where('order_id', '=', orderId).where('idempotency_key', '=', key).executeTakeFirst();
}

export async function insertTransaction(db: Executor, row: TransactionRow): Promise<void> {
  await insertTransactionRow(db, row);
}

export async function updateTransaction(db: Executor, id: string, changes: Partial<Omit<TransactionRow, 'id'>>): Promise<void> {
  await db.updateTable('transactions').set(changes).where('id', '=', id).execute();
}

/** The transactions carrying a provider's reference of a payment (a Stripe PaymentIntent), oldest first. */
export function findTransactionsByAuthorization(db: Executor, authorization: string): Promise<TransactionRow[]> {
  return db.selectFrom('transactions').selectAll().where('authorization', '=', authorization).orderBy('id').execute();
}

/** The next order number of the store: one counter row, incremented atomically. */
export async function nextOrderNumber(db: Executor): Promise<number> {
  const { rows } = await incrementOrderNumber(db);
  return Number(rows[0]!.value);
}
