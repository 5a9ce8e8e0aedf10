import type { Db, Tx } from '../../src/db/database.js';
import type { FulfillmentItemRow, FulfillmentRow, OrderItemRow, OrderRow, ReturnItemRow, ReturnRow, TransactionRow } from '../../src/db/types.js';
import { indexQueuedOrders } from '../../src/modules/orders/order-search.js';
import { ARRIVED, checkReturns } from './return-invariants.js';
import type { TestContext } from './test-app.js';

/** The store to check: a test's, or a script's (reliability/) opened on the database it drove. */
export type Store = Pick<TestContext, 'db' | 'kind'>;

/**
 * What the stock was before a load: every sku's `in_stock`, and the orders that then held stock.
 * Take it with `stockBaseline` once the test's data is made and before the requests under test
 * are sent; `assertInvariants(t, baseline)` then checks that the stock moved by exactly what the
 * orders placed and canceled, and the returns received, since then explain. Changing a sku's stock through the admin API in
 * between is outside what it can explain.
 */
export interface StockBaseline {
  /** `in_stock` of every sku by id, as stored (null for none). */
  stock: Map<string, number | null>;
  /** The orders that held stock: status placed or archived (taken at placement, not given back). */
  holding: Set<string>;
  /** The returns whose items had come back into stock (received or refunded, with restock). */
  restocked: Set<string>;
}

/**
 * The order statuses whose items hold stock: placement takes it (checkout/stock.ts takeStock) and
 * only a cancel gives it back (orders.service.ts cancelOrder → giveStockBack); archiving keeps it.
 */
const HOLDING_STATUSES = ['placed', 'archived'];

/** Fulfillment statuses whose units count as shipped (fulfillments.service.ts). */
const SHIPPING_STATUSES = ['pending', 'succeeded'];

/** Reads every table the invariants need in one snapshot (REPEATABLE READ on PostgreSQL; SQLite runs one transaction at a time). */
function snapshot<T>(t: Store, read: (tx: Tx) => Promise<T>): Promise<T> {
  const db: Db = t.db;
  const builder = db.transaction();
  return (t.kind === 'postgres' ? builder.setIsolationLevel('repeatable read') : builder).execute(read);
}

/** The stock of every sku and the orders holding stock, to compare with after a load. */
export async function stockBaseline(t: Store): Promise<StockBaseline> {
  return snapshot(t, async (tx) => {
    const skus = await tx.selectFrom('skus').select(['id', 'in_stock']).execute();
    const holding = await tx.selectFrom('orders').select('id').where('status', 'in', HOLDING_STATUSES).execute();
    const restocked = await tx.selectFrom('returns').select('id').where('status', 'in', ARRIVED).where('restock', '=', 1).execute();
    return {
      stock: new Map(skus.map((sku) => [sku.id, sku.in_stock])),
      holding: new Set(holding.map((row) => row.id)),
      restocked: new Set(restocked.map((row) => row.id)),
    };
  });
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Checks that the store's data holds together, reading straight from the database (both kinds).
 * Call it once the requests under test have all answered. It throws one error listing every
 * broken rule, each naming the record (sku, order, order item, fulfillment):
 *
 * - stock: a sku that tracks stock (`overall`) without backorders is never below 0; with a
 *   baseline, each tracked sku's stock is its baseline less the quantities of the orders that
 *   started holding stock since (placed), plus those of the orders that stopped (canceled);
 * - placement: an order placed at some point (placed_at set) has a number, exactly one
 *   `order.placed` event and a status of placed, canceled or archived; one never placed has
 *   neither, is unpaid and has no payment that was not given back; order numbers are unique;
 * - money (order-transactions.service.ts moneyOf and its moves): the payment that placed the
 *   order is for its total, and the succeeded charges, captures, refunds and voids explain the
 *   financial_status exactly; a payment taken by a placement that then failed was given back;
 *   `order.paid` is recorded exactly once when the whole total was captured, never otherwise;
 *   `order.canceled` once for a canceled order; no payment claim is left behind;
 * - totals (checkout/order-totals.ts computeTotals): each line and the order's sums;
 * - fulfillments: each item's `fulfilled` is what its live fulfillments ship, never above its
 *   quantity, and the order's fulfillment_status follows from it;
 * - search: each term's stored count of orders (per slot) is the number of index rows that hold it;
 * - no idempotency key is left in flight.
 */
export async function assertInvariants(t: Store, baseline?: StockBaseline): Promise<void> {
  // The index is checked as the worker leaves it: the orders still queued are indexed first.
  await indexQueuedOrders(t.db);
  const data = await snapshot(t, async (tx) => ({
    store: await tx.selectFrom('stores').select('is_tax_included').executeTakeFirst(),
    skus: await tx.selectFrom('skus').select(['id', 'stock_policy', 'is_backorderable', 'in_stock']).execute(),
    orders: await tx.selectFrom('orders').selectAll().orderBy('id').execute(),
    items: await tx.selectFrom('order_items').selectAll().orderBy('id').execute(),
    transactions: await tx.selectFrom('transactions').selectAll().orderBy('id').execute(),
    fulfillments: await tx.selectFrom('fulfillments').selectAll().orderBy('id').execute(),
    fulfillmentItems: await tx.selectFrom('fulfillment_items').selectAll().execute(),
    returns: await tx.selectFrom('returns').selectAll().orderBy('id').execute(),
    returnItems: await tx.selectFrom('return_items').selectAll().execute(),
    events: await tx.selectFrom('events').select(['kind', 'related_id'])
      .where('kind', 'in', ['order.placed', 'order.paid', 'order.canceled']).execute(),
    inFlightKeys: await tx.selectFrom('idempotency_keys').select(['credential_id', 'key']).where('status_code', 'is', null).execute(),
    searchTerms: await tx.selectFrom('order_search_terms').select(['term', 'order_id']).execute(),
    searchCounts: await tx.selectFrom('order_search_term_counts').selectAll().execute(),
  }));

  const broken: string[] = [];
  const itemsByOrder = groupBy(data.items, (item) => item.order_id);
  const transactionsByOrder = groupBy(data.transactions, (row) => row.order_id);
  const fulfillmentsByOrder = groupBy(data.fulfillments, (row) => row.order_id);
  const eventsOf = (kind: string, orderId: string) => data.events.filter((e) => e.kind === kind && e.related_id === orderId).length;

  checkStock(broken, data.skus, data.orders, itemsByOrder, baseline, restockedSince(data.returns, data.returnItems, data.items, baseline));
  checkReturns(broken, data.orders, data.items, data.returns, data.returnItems, data.transactions);

  const numbers = groupBy(data.orders.filter((order) => order.number !== null), (order) => order.number!);
  for (const [number, holders] of numbers) {
    if (holders.length > 1) broken.push(`order number ${number} is shared by orders ${holders.map((o) => o.id).join(', ')}`);
  }

  const storeIncludesTax = data.store?.is_tax_included === 1;
  for (const order of data.orders) {
    const items = itemsByOrder.get(order.id) ?? [];
    const say = (message: string) => broken.push(`order ${order.id}: ${message}`);
    checkPlacement(say, order, eventsOf);
    checkMoney(say, order, transactionsByOrder.get(order.id) ?? [], eventsOf);
    checkTotals(say, order, items, storeIncludesTax);
    checkFulfillments(broken, say, order, items, fulfillmentsByOrder.get(order.id) ?? [], data.fulfillmentItems);
  }
  for (const event of data.events) {
    if (!data.orders.some((order) => order.id === event.related_id)) broken.push(`event ${event.kind} names order ${event.related_id}, which does not exist`);
  }
  checkSearchCounts(broken, data.searchTerms, data.searchCounts);
  for (const key of data.inFlightKeys) broken.push(`idempotency key ${key.key} of ${key.credential_id} is still in flight`);

  if (broken.length > 0) {
    throw new Error(`${broken.length} store invariant(s) broken:\n  - ${broken.join('\n  - ')}`);
  }
}

function checkSearchCounts(broken: string[], terms: Array<{ term: string; order_id: string }>, counts: Array<{ term: string; slot: string; orders: number }>): void {
  const held = new Map<string, number>();
  for (const { term, order_id } of terms) {
    const key = `${term}|${order_id.slice(-1)}`;
    held.set(key, (held.get(key) ?? 0) + 1);
  }
  const stored = new Map(counts.map((row) => [`${row.term}|${row.slot}`, Number(row.orders)]));
  for (const key of new Set([...held.keys(), ...stored.keys()])) {
    const [term, slot] = key.split('|');
    const [indexed, counted] = [held.get(key) ?? 0, stored.get(key) ?? 0];
    if (indexed !== counted) broken.push(`search term "${term}" (slot ${slot}) is held by ${indexed} order(s), but counted as ${counted}`);
  }
}

function checkStock(
  broken: string[],
  skus: Array<{ id: string; stock_policy: string; is_backorderable: number; in_stock: number | null }>,
  orders: OrderRow[],
  itemsByOrder: Map<string, OrderItemRow[]>,
  baseline: StockBaseline | undefined,
  restocked: Array<{ skuId: string; quantity: number; returnId: string }>,
): void {
  // What each tracked sku's stock moved by since the baseline: takeStock subtracts an order's
  // quantities when it is placed, giveStockBack adds them when a placed order is canceled or a
  // return that restocks is received.
  const moved = new Map<string, number>();
  const explains: Map<string, string[]> = new Map();
  for (const { skuId, quantity, returnId } of restocked) {
    moved.set(skuId, (moved.get(skuId) ?? 0) + quantity);
    explains.set(skuId, [...(explains.get(skuId) ?? []), `+${quantity} ${returnId}`]);
  }
  if (baseline) {
    for (const order of orders) {
      const holdsNow = HOLDING_STATUSES.includes(order.status);
      const heldThen = baseline.holding.has(order.id);
      if (holdsNow === heldThen) continue;
      for (const item of itemsByOrder.get(order.id) ?? []) {
        moved.set(item.sku_id, (moved.get(item.sku_id) ?? 0) + (holdsNow ? -item.quantity : item.quantity));
        explains.set(item.sku_id, [...(explains.get(item.sku_id) ?? []), `${holdsNow ? '-' : '+'}${item.quantity} ${order.id}`]);
      }
    }
  }
  for (const sku of skus) {
    if (sku.stock_policy !== 'overall') continue;
    if (sku.is_backorderable !== 1 && (sku.in_stock ?? 0) < 0) broken.push(`sku ${sku.id}: stock ${sku.in_stock} is below 0 without backorders`);
    if (!baseline || !baseline.stock.has(sku.id)) continue;
    const expected = (baseline.stock.get(sku.id) ?? 0) + (moved.get(sku.id) ?? 0);
    if ((sku.in_stock ?? 0) !== expected) {
      const why = explains.get(sku.id)?.join(', ') ?? 'no order placed or canceled since';
      broken.push(`sku ${sku.id}: stock ${sku.in_stock}, expected ${expected} (baseline ${baseline.stock.get(sku.id)}; ${why})`);
    }
  }
}

/** The units returns put back in stock since the baseline (none without one), by sku. */
function restockedSince(returns: ReturnRow[], returnItems: ReturnItemRow[], items: OrderItemRow[], baseline: StockBaseline | undefined) {
  if (!baseline) return [];
  const since = new Set(returns.filter((row) => row.restock === 1 && ARRIVED.includes(row.status) && !baseline.restocked.has(row.id)).map((row) => row.id));
  return returnItems.filter((unit) => since.has(unit.return_id)).map((unit) => ({
    skuId: items.find((item) => item.id === unit.order_item_id)!.sku_id, quantity: Number(unit.quantity), returnId: unit.return_id,
  }));
}

function checkPlacement(say: (message: string) => void, order: OrderRow, eventsOf: (kind: string, orderId: string) => number): void {
  const placedEvents = eventsOf('order.placed', order.id);
  if (order.placed_at !== null) {
    if (!['placed', 'canceled', 'archived'].includes(order.status)) say(`placed_at is set but status is ${order.status}`);
    if (!order.number) say(`placed (status ${order.status}) without a number`);
    if (placedEvents !== 1) say(`placed with ${placedEvents} order.placed events, expected exactly 1`);
  } else {
    if (!['created', 'canceled'].includes(order.status)) say(`status ${order.status} without placed_at`);
    if (order.number !== null) say(`number ${order.number} but never placed`);
    if (placedEvents !== 0) say(`never placed but has ${placedEvents} order.placed events`);
  }
  const canceledEvents = eventsOf('order.canceled', order.id);
  if (order.status === 'canceled') {
    if (order.canceled_at === null) say('canceled without canceled_at');
    if (canceledEvents !== 1) say(`canceled with ${canceledEvents} order.canceled events, expected exactly 1`);
  } else if (canceledEvents !== 0) {
    say(`status ${order.status} but has ${canceledEvents} order.canceled events`);
  }
  if (order.status === 'archived' && order.archived_at === null) say('archived without archived_at');
  if (order.payment_claimed_at !== null) say(`a payment claim (payment_claimed_at ${order.payment_claimed_at}) was left behind`);
  if (order.reserved_at !== null && order.status !== 'created') say(`${order.status} but still holds a payment's reservation (reserved_at ${order.reserved_at})`);
}

/**
 * The money rules. A payment (`charge` or `authorization`, no parent) whose placement failed is
 * given back in the same step by a `refund` or `void` child written by the storefront
 * (payment.service.ts giveBack); staff moves are children written by `admin`
 * (order-transactions.service.ts). What remains is the payment that placed the order and the
 * staff moves on it.
 */
function checkMoney(
  say: (message: string) => void,
  order: OrderRow,
  transactions: TransactionRow[],
  eventsOf: (kind: string, orderId: string) => number,
): void {
  const byId = new Map(transactions.map((row) => [row.id, row]));
  const givenBack = new Set<string>();
  for (const row of transactions) {
    if (row.parent_id === null || row.source_name !== 'storefront') continue;
    const parent = byId.get(row.parent_id);
    const expectedKind = parent?.kind === 'charge' ? 'refund' : 'void';
    if (!parent || row.kind !== expectedKind || row.amount !== parent.amount) {
      say(`transaction ${row.id} (${row.kind} ${row.amount}) does not give back its payment ${row.parent_id}`);
    } else if (row.status !== 'succeeded') {
      say(`payment ${parent.id} taken by a failed placement was not given back (${row.kind} ${row.id} is ${row.status})`);
    }
    givenBack.add(row.parent_id);
  }
  const live = transactions.filter((row) => !givenBack.has(row.id) && !(row.parent_id !== null && givenBack.has(row.parent_id)));
  const payments = live.filter((row) => row.parent_id === null && (row.kind === 'charge' || row.kind === 'authorization') && row.status !== 'failed');
  const moves = live.filter((row) => row.parent_id !== null);
  const succeeded = (kinds: string[]) => sum(moves.concat(payments).filter((row) => row.status === 'succeeded' && kinds.includes(row.kind)).map((row) => row.amount));
  const captured = succeeded(['charge', 'capture']);
  const refunded = succeeded(['refund']);
  const voided = moves.filter((row) => row.kind === 'void' && row.status === 'succeeded').length;
  const paidEvents = eventsOf('order.paid', order.id);
  const money = `captured ${captured}, refunded ${refunded}, voids ${voided}, total ${order.total_price}`;

  if (order.placed_at === null) {
    if (order.financial_status !== 'unpaid') say(`never placed but financial_status is ${order.financial_status}`);
    for (const payment of payments) say(`never placed but holds payment ${payment.id} (${payment.kind} ${payment.status} ${payment.amount}) that was not given back`);
    for (const move of moves) say(`never placed but has the staff move ${move.id} (${move.kind})`);
    if (paidEvents !== 0) say(`never placed but has ${paidEvents} order.paid events`);
    return;
  }

  if (payments.length !== 1) {
    say(`placed with ${payments.length} payments not given back (${payments.map((p) => `${p.id} ${p.kind} ${p.status}`).join(', ') || 'none'}), expected exactly 1`);
    return;
  }
  const payment = payments[0]!;
  if (payment.amount !== order.total_price) say(`payment ${payment.id} is for ${payment.amount}, the total is ${order.total_price}`);
  if (payment.kind === 'charge' && payment.status !== 'succeeded') say(`placed by charge ${payment.id} that is ${payment.status}`);
  for (const move of moves) {
    if (move.parent_id !== payment.id) say(`transaction ${move.id} (${move.kind}) acts on ${move.parent_id}, not on the payment ${payment.id}`);
  }
  if (captured > order.total_price) say(`more captured than the total (${money})`);
  if (refunded > captured) say(`more refunded than captured (${money})`);

  const isAuthorization = payment.kind === 'authorization';
  const expect = (rule: boolean, what: string) => {
    if (!rule) say(`financial_status ${order.financial_status} needs ${what} (${money}; payment ${payment.id} ${payment.kind} ${payment.status})`);
  };
  switch (order.financial_status) {
    case 'pending':
      expect(isAuthorization && payment.status === 'pending' && captured === 0 && refunded === 0 && voided === 0, 'a pending authorization and no money moved');
      break;
    case 'authorized':
      expect(isAuthorization && payment.status === 'succeeded' && captured === 0 && refunded === 0 && voided === 0, 'a succeeded authorization and no money moved');
      break;
    case 'partially_paid':
      expect(isAuthorization && captured > 0 && captured < order.total_price && refunded === 0 && voided === 0, 'captures of part of the total and no refund');
      break;
    case 'paid':
      expect(captured === order.total_price && refunded === 0 && voided === 0, 'charges or captures of the whole total and no refund');
      break;
    case 'partially_refunded':
      expect(refunded > 0 && refunded < captured && voided === 0, 'refunds of part of what was captured');
      break;
    case 'refunded':
      expect(captured > 0 && refunded === captured && voided === 0, 'refunds of everything captured');
      break;
    case 'voided':
      expect(isAuthorization && voided === 1 && captured === 0 && refunded === 0, 'one void of the authorization and nothing captured');
      break;
    default:
      say(`placed with financial_status ${order.financial_status}`);
  }
  // order.paid is recorded by the step that completes the capture of the total, and only then.
  const expectedPaid = captured === order.total_price ? 1 : 0;
  if (paidEvents !== expectedPaid) say(`${paidEvents} order.paid events, expected ${expectedPaid} (${money})`);
}

/** What computeTotals gives for the order's items, with or without tax included in prices; [] when it matches. */
function totalsMismatches(order: OrderRow, items: OrderItemRow[], taxIncluded: boolean): string[] {
  const wrong: string[] = [];
  const lines = items.map((item) => {
    const subtotal = item.price * item.quantity;
    const rate = item.tax_rate;
    // Taxes are on what the line costs after its discount.
    const net = subtotal - (item.discount ?? 0);
    // An item's tax_rate is the rate applied rounded to a whole basis point (887.5 shows as 888), so
    // its taxes lie between those of half a basis point either side.
    const taxAt = (bp: number) => (taxIncluded ? Math.round((net * bp) / (10_000 + bp)) : Math.round((net * bp) / 10_000));
    const taxes = item.taxes >= taxAt(Math.max(0, rate - 0.5)) && item.taxes <= taxAt(rate === 0 ? 0 : rate + 0.5) ? item.taxes : taxAt(rate);
    const total = taxIncluded ? net : net + taxes;
    if ((item.discount ?? 0) < 0 || net < 0) wrong.push(`item ${item.id} discount ${item.discount} outside 0..${subtotal}`);
    if (item.is_taxable !== 1 && rate !== 0) wrong.push(`item ${item.id} is not taxable but has tax_rate ${rate}`);
    if (item.subtotal !== subtotal) wrong.push(`item ${item.id} subtotal ${item.subtotal}, expected ${subtotal}`);
    if (item.taxes !== taxes) wrong.push(`item ${item.id} taxes ${item.taxes}, expected ${taxes}`);
    if (item.total !== total) wrong.push(`item ${item.id} total ${item.total}, expected ${total}`);
    return { subtotal, taxes };
  });
  const itemsPrice = sum(lines.map((line) => line.subtotal));
  const taxes = sum(lines.map((line) => line.taxes));
  const discount = sum(items.map((item) => item.discount ?? 0));
  const applied = (order.discount_codes === null ? [] : JSON.parse(order.discount_codes)) as Array<{ kind: string; amount: number }>;
  const shippingDiscount = sum(applied.filter((a) => a.kind === 'free_shipping').map((a) => a.amount));
  if (sum(applied.filter((a) => a.kind !== 'free_shipping').map((a) => a.amount)) !== discount) wrong.push(`item discounts ${discount} differ from the discounts applied`);
  const expected: Partial<Record<keyof OrderRow, number>> = {
    total_products: new Set(items.map((item) => item.product_id)).size,
    total_items: sum(items.map((item) => item.quantity)),
    total_items_price: itemsPrice,
    total_discount: discount + shippingDiscount,
    subtotal_price: itemsPrice - discount,
    total_taxes: taxes,
    total_price: itemsPrice - discount + order.shipping_rate - shippingDiscount + (taxIncluded ? 0 : taxes),
    total_weight: sum(items.map((item) => item.weight * item.quantity)),
  };
  for (const [field, value] of Object.entries(expected)) {
    const stored = order[field as keyof OrderRow];
    if (stored !== value) wrong.push(`${field} ${stored}, expected ${value}`);
  }
  return wrong;
}

function checkTotals(say: (message: string) => void, order: OrderRow, items: OrderItemRow[], storeIncludesTax: boolean): void {
  if (items.length === 0) {
    say('has no items');
    return;
  }
  const taxableRates = new Set(items.filter((item) => item.is_taxable === 1).map((item) => item.tax_rate));
  if (taxableRates.size > 1) say(`taxable items carry different tax rates (${[...taxableRates].join(', ')}); one address gives one rate`);
  // The order was priced under the store's is_tax_included of that time, which may have changed since.
  const asStore = totalsMismatches(order, items, storeIncludesTax);
  if (asStore.length > 0 && totalsMismatches(order, items, !storeIncludesTax).length > 0) {
    say(`totals do not add up: ${asStore.join('; ')}`);
  }
  if (order.shipping_rate_id === null) {
    if (order.shipping_rate !== 0 || order.shipping_lines !== null) say(`no shipping method but shipping_rate ${order.shipping_rate}`);
  } else {
    const lines = order.shipping_lines === null ? null : (JSON.parse(order.shipping_lines) as { id?: string; price?: number });
    if (!lines || lines.id !== order.shipping_rate_id || lines.price !== order.shipping_rate) {
      say(`shipping_lines ${order.shipping_lines} do not match shipping rate ${order.shipping_rate_id} at ${order.shipping_rate}`);
    }
  }
  const ships = items.some((item) => item.is_shipping_required === 1) ? 1 : 0;
  if (order.is_shipping_required !== ships) say(`is_shipping_required ${order.is_shipping_required}, its items say ${ships}`);
}

function checkFulfillments(
  broken: string[],
  say: (message: string) => void,
  order: OrderRow,
  items: OrderItemRow[],
  fulfillments: FulfillmentRow[],
  fulfillmentItems: FulfillmentItemRow[],
): void {
  if (fulfillments.length > 0 && order.placed_at === null) say(`never placed but has fulfillments ${fulfillments.map((f) => f.id).join(', ')}`);
  const live = new Set(fulfillments.filter((f) => SHIPPING_STATUSES.includes(f.status)).map((f) => f.id));
  const all = new Set(fulfillments.map((f) => f.id));
  const itemIds = new Set(items.map((item) => item.id));
  for (const shipped of fulfillmentItems) {
    if (all.has(shipped.fulfillment_id) && !itemIds.has(shipped.order_item_id)) {
      broken.push(`fulfillment ${shipped.fulfillment_id} of order ${order.id} ships ${shipped.order_item_id}, not an item of that order`);
    }
  }
  for (const item of items) {
    const rows = fulfillmentItems.filter((s) => s.order_item_id === item.id);
    const shipped = sum(rows.filter((s) => live.has(s.fulfillment_id)).map((s) => s.quantity));
    const where = `order item ${item.id} of order ${order.id}`;
    if (item.fulfilled > item.quantity) broken.push(`${where}: fulfilled ${item.fulfilled} is more than the ${item.quantity} ordered`);
    if (shipped > item.quantity) broken.push(`${where}: fulfillments ship ${shipped}, more than the ${item.quantity} ordered`);
    if (item.fulfilled < 0) broken.push(`${where}: fulfilled ${item.fulfilled} is below 0`);
    if (item.fulfilled !== shipped) broken.push(`${where}: fulfilled ${item.fulfilled}, but its live fulfillments ship ${shipped}`);
    if (item.is_shipping_required !== 1 && rows.length > 0) broken.push(`${where}: needs no shipping but fulfillments ship it`);
  }
  // fulfillments.service.ts fulfillmentStatusOf.
  const shippable = items.filter((item) => item.is_shipping_required === 1);
  const status = shippable.length === 0
    ? 'not_required'
    : shippable.every((item) => item.fulfilled >= item.quantity)
      ? 'fulfilled'
      : shippable.some((item) => item.fulfilled > 0) ? 'partially_fulfilled' : 'unfulfilled';
  if (order.fulfillment_status !== status) say(`fulfillment_status ${order.fulfillment_status}, its items say ${status}`);
}
