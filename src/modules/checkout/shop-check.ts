import type { Executor, Tx } from '../../db/database.js';
import { pipelined } from '../../db/pipeline.js';
import type { OrderItemRow, OrderRow } from '../../db/types.js';
import { FieldErrors, Problem, type FieldError } from '../../lib/problem.js';
import { isHiddenOn, isOnSale } from '../catalog/catalog-filters.js';
import { findSkusWithOwner, type SkuWithOwner } from '../catalog/skus.repo.js';
import { findCartCustomer } from '../carts/carts.repo.js';
import { currencyLocked, marketOfSale, unitPricesIn } from '../markets/market-pricing.js';
import { queueOrderIndexing } from '../orders/order-search.js';
import { unitPricesForCustomer } from '../price-lists/group-pricing.js';
import * as orders from '../orders/orders.repo.js';
import { priceOrder, reprice } from './order-pricing.js';

/** An order's items held against the shop as it is now. */
interface ShopCheck {
  /** Items no longer on sale (product inactive or unpublished, sku unlisted or gone), named `items[<sku_id>]`. */
  unavailable: FieldError[];
  /** True when paying would cost another total than the order holds (a discount that no longer applies included), or an item another unit price. */
  changed: boolean;
  /** The items with the catalogue's price, compared price, taxability and weight of now. */
  current: OrderItemRow[];
  /** The items' skus as read, with what the check needs of their products. */
  skus: SkuWithOwner[];
}

/** The order columns that make up what the buyer pays: any of them re-derived otherwise is a change. */
const CHARGED = ['total_price', 'total_items_price', 'total_discount', 'total_taxes', 'shipping_rate', 'shipping_rate_id'] as const;

/**
 * Holds an order's items against the catalogue of now: each sku must still be on sale, and the
 * order re-priced from the skus' prices, the tax rate and the chosen shipping rate of now must come
 * to what it holds. The item snapshots (names, images) are not compared: they describe, not charge.
 */
async function checkAgainstShop(db: Executor, order: OrderRow, items: OrderItemRow[], now: number): Promise<ShopCheck> {
  // Priced for the customer of the order's cart, as the checkout was (never for an email a guest typed).
  const [read, member] = await pipelined(db, (piped) => Promise.all([
    findSkusWithOwner(piped, items.map((item) => item.sku_id)),
    order.cart_id === null ? null : findCartCustomer(piped, order.cart_id),
  ]));
  const skus = new Map(read.map((sku) => [sku.id, sku]));
  const market = await marketOfSale(db, order);
  if (!market) throw currencyLocked('market_id', order.currency);
  const prices = await unitPricesForCustomer(db, member, market.currency, await unitPricesIn(db, market, read), now);
  const errors = new FieldErrors();
  const current = items.map((item) => {
    const sku = skus.get(item.sku_id);
    const product = sku && { is_active: sku.product_is_active, available_at: sku.product_available_at, hidden_on: sku.product_hidden_on };
    const unit = prices.get(item.sku_id);
    if (!sku || !product || !isOnSale(product, now) || isHiddenOn(product, order.channel_id) || sku.is_listable !== 1 || !unit) {
      errors.add(`items[${item.sku_id}]`, 'unavailable', 'is no longer on sale: remove it from the cart and check out again');
      return item;
    }
    return { ...item, ...unit, is_taxable: sku.is_taxable, weight: sku.weight_grams };
  });
  if (errors.list.length > 0) return { unavailable: errors.list, changed: false, current, skus: read };
  const { changes } = await priceOrder(db, order, current, now);
  const changed = current.some((item, i) => item.price !== items[i]!.price)
    || CHARGED.some((column) => changes[column] !== undefined && changes[column] !== order[column]);
  return { unavailable: [], changed, current, skus: read };
}

/**
 * Every item still on sale and the order priced as the shop prices it now. Returns the items' skus
 * as read (their stock, and what the check read of their products).
 * @throws Problem validation_failed naming each item no longer on sale; checkout_changed (the buyer
 * reads the checkout again and pays its new total).
 */
export async function requireAsInShop(db: Executor, order: OrderRow, items: OrderItemRow[], now: number): Promise<SkuWithOwner[]> {
  const check = await checkAgainstShop(db, order, items, now);
  if (check.unavailable.length > 0) throw Problem.invalid(check.unavailable);
  if (check.changed) {
    throw new Problem('checkout_changed', 'Prices changed since the checkout was priced: it is re-priced and nothing was charged; read it again and pay its new total');
  }
  return check.skus;
}

/**
 * Re-prices an order still being checked out as the shop stands now (its items' prices, taxes,
 * shipping and totals, and its gift cards' shares of their balances of now), for a buyer told
 * checkout_changed or refused for a gift card spent meanwhile. An order placed or gone meanwhile,
 * or with items no longer on sale, is left as it is.
 */
export async function repriceAsNow(tx: Tx, orderId: string, now: number): Promise<void> {
  const order = await orders.findOrder(tx, orderId);
  if (!order || order.status !== 'created') return;
  const items = await orders.findItems(tx, [orderId]);
  const check = await checkAgainstShop(tx, order, items, now);
  // Prices may stand as they were while a gift card's balance moved: the order is re-priced either way.
  if (check.unavailable.length > 0) return;
  for (const [i, item] of check.current.entries()) {
    const before = items[i]!;
    if (item.price !== before.price || item.compared_price !== before.compared_price || item.is_taxable !== before.is_taxable || item.weight !== before.weight) {
      await orders.updateItem(tx, item.id, { price: item.price, compared_price: item.compared_price, is_taxable: item.is_taxable, weight: item.weight, updated_at: now });
    }
  }
  const priced = await reprice(tx, order, now, { items: check.current });
  await queueOrderIndexing(tx, priced.order.id);
}
