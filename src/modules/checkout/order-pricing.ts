import type { Executor } from '../../db/database.js';
import type { OrderItemRow, OrderRow } from '../../db/types.js';
import { Problem, type FieldError } from '../../lib/problem.js';
import type { CheckedAddress } from '../customers/address-rules.js';
import { appliedDiscounts, discountsFor, enteredCodes, type StoreAmount } from '../discounts/discount-pricing.js';
import { marketOfSale, pricingOfSale, storeAmountIn } from '../markets/market-pricing.js';
import { repriceGiftCards } from '../gift-cards/gift-card-redemption.js';
import * as orders from '../orders/orders.repo.js';
import { applicableRates, type RateView } from '../shipping/shipping-rates.js';
import { listZonesWithRates } from '../shipping/shipping-zones.service.js';
import { translateRateName } from '../translations/translate.js';
import { findStore } from '../store/stores.repo.js';
import { taxRateFor } from '../taxes/tax-rates.service.js';
import { computeTotals, type LineTotals } from './order-totals.js';

export function parseAddress(json: string | null): CheckedAddress | null {
  return json === null ? null : (JSON.parse(json) as CheckedAddress);
}

/**
 * The shipping rates an order may choose now: those covering its shipping address and holding its
 * weight or subtotal, in the order's currency (a rate's price and subtotal range are set in the
 * store's; one that cannot be converted is not offered).
 */
export async function shippingOptions(db: Executor, order: OrderRow, inCurrency?: StoreAmount): Promise<OfferedRate[]> {
  const address = parseAddress(order.shipping_address);
  if (order.is_shipping_required !== 1 || !address) return [];
  const convert = inCurrency ?? await storeAmountOfOrder(db, order);
  // A market that no longer sells in the order's currency offers nothing (pricing it refuses).
  if (!convert) return [];
  const zones = (await listZonesWithRates(db)).map((zone) => ({ ...zone, rates: zone.rates.flatMap((rate) => rateIn(rate, convert, order.locale)) }));
  const rates = applicableRates(zones, { country_code: address.country_code, state_code: address.state_code }, {
    weight: order.total_weight,
    subtotal: order.total_items_price,
  });
  // The buyer sees the rate in their language alone.
  return rates.map(({ translations: _translations, ...offered }) => offered);
}

/** A shipping rate as a checkout offers it. */
export type OfferedRate = Omit<RateView, 'translations'>;

/**
 * A rate as the order is offered it: in its currency (the price, and the range when it measures the
 * subtotal; none when they cannot be converted) and named in its language.
 */
function rateIn(rate: RateView, inCurrency: StoreAmount, locale: string | null): RateView[] {
  const price = inCurrency(rate.price);
  const [from, to] = rate.kind === 'price' ? [inCurrency(rate.from), rate.to === null ? null : inCurrency(rate.to)] : [rate.from, rate.to];
  if (price === null || from === null || (to === null && rate.to !== null)) return [];
  return [{ ...rate, name: translateRateName(rate, locale), price, from, to }];
}

/** How the store's amounts read in an order's currency; undefined when its market no longer sells in it. */
async function storeAmountOfOrder(db: Executor, order: OrderRow): Promise<StoreAmount | undefined> {
  const [store, market] = await Promise.all([findStore(db), marketOfSale(db, order)]);
  return market && storeAmountIn(market, store?.currency ?? 'USD');
}

/** An order as saved with its items, so what follows in the request need not read them again. */
export interface PricedOrder {
  order: OrderRow;
  items: OrderItemRow[];
}

/** What an order's totals and lines come to, priced now: nothing is saved. */
export interface Pricing {
  /** The order's totals and shipping columns (a chosen rate that no longer fits it is dropped). */
  changes: Partial<OrderRow>;
  /** Each item's discount, tax and totals, in the order of the items given. */
  lines: LineTotals[];
  /** The entered codes that do not apply (named `discount_codes[i]`): they are left out of the pricing. */
  refused: FieldError[];
}

/**
 * Prices an order's items as the shop stands now: taxes follow the shipping address (else the
 * billing one; none without either), the chosen shipping rate is read again (dropped when it no
 * longer fits the order), and the discounts are those that apply now (discountsFor) to the codes
 * entered — `codes`, else the order's own — and taxes are on the discounted lines.
 */
export async function priceOrder(db: Executor, order: OrderRow, items: OrderItemRow[], now: number, codes?: string[]): Promise<Pricing> {
  const store = await findStore(db);
  const { inCurrency } = await pricingOfSale(db, order, store?.currency ?? 'USD');
  const taxAddress = parseAddress(order.shipping_address) ?? parseAddress(order.billing_address);
  const taxRate = taxAddress ? await taxRateFor(db, taxAddress.country_code, taxAddress.state_code) : 0;
  const taxIncluded = store?.is_tax_included === 1;

  const first = computeTotals(lines(items), taxRate, taxIncluded, 0);
  let changes: Partial<OrderRow> = orderTotals(first);
  if (order.shipping_rate_id !== null) {
    const rate = (await shippingOptions(db, { ...order, ...changes }, inCurrency)).find((r) => r.id === order.shipping_rate_id);
    changes = rate
      ? { ...changes, shipping_rate: rate.price, shipping_lines: JSON.stringify(shippingLines(rate)) }
      : { ...changes, shipping_rate_id: null, shipping_lines: null, shipping_rate: 0 };
  }
  const shippingPrice = changes.shipping_rate ?? order.shipping_rate;
  const { allocation, refused } = await discountsFor(
    db,
    codes ?? enteredCodes(appliedDiscounts(order.discount_codes)),
    items.map((item) => ({ skuId: item.sku_id, productId: item.product_id, subtotal: item.price * item.quantity, isShippingRequired: item.is_shipping_required === 1 })),
    order.is_shipping_required === 1 ? shippingPrice : 0,
    { customerId: order.customer_id, emailKey: order.email_key ?? null, reservedBy: order.reserved_at !== null ? order.id : null },
    now,
    inCurrency,
  );
  const discounted = lines(items).map((line, i) => ({ ...line, discount: allocation.lineDiscounts[i]! }));
  const totals = computeTotals(discounted, taxRate, taxIncluded, shippingPrice, allocation.shippingDiscount);
  return { changes: { ...changes, ...orderTotals(totals), discount_codes: JSON.stringify(allocation.applied) }, lines: totals.lines, refused };
}

export interface RepriceOptions {
  /** The order's items as saved, when the caller holds them (they are read otherwise). */
  items?: OrderItemRow[];
  /**
   * Discount codes to apply instead of the order's: `strict` ones must all apply (as just sent by the
   * buyer), others that no longer apply are dropped.
   */
  codes?: { codes: string[]; strict: boolean };
  /** Columns the caller changes besides the prices, saved with them in one update (`order` is as saved). */
  changes?: Partial<OrderRow>;
  /** The order and its items are not saved yet: they are inserted, priced. */
  isNew?: boolean;
}

/**
 * Recomputes an order's discounts, taxes and totals from its items, addresses, shipping rate and
 * discount codes (priceOrder), then what each of its gift cards pays of the total, and saves them with the caller's `changes`. Returns the order and its
 * items as saved.
 * @throws Problem validation_failed naming each strict code that does not apply.
 */
export async function reprice(db: Executor, order: OrderRow, now: number, options: RepriceOptions = {}): Promise<PricedOrder> {
  const items = options.items ?? await orders.findItems(db, [order.id]);
  const pricing = await priceOrder(db, { ...order, ...options.changes }, items, now, options.codes?.codes);
  if (options.codes?.strict && pricing.refused.length > 0) throw Problem.invalid(pricing.refused);
  // Gift cards pay after everything else is priced (DESIGN.md §10): their shares follow the new total.
  const shares = await repriceGiftCards(db, { ...order, ...options.changes }, pricing.changes.total_price ?? order.total_price, now);
  const changes: Partial<OrderRow> = { ...options.changes, ...pricing.changes, gift_cards: JSON.stringify(shares), updated_at: now };
  const priced: OrderRow = { ...order, ...changes };
  const saved: OrderItemRow[] = [];
  const repriced: OrderItemRow[] = [];
  for (const [i, item] of items.entries()) {
    const line = pricing.lines[i]!;
    if (item.tax_rate !== line.tax_rate || item.taxes !== line.taxes || item.total !== line.total || item.subtotal !== line.subtotal || item.discount !== line.discount) {
      const changed = { ...item, ...line, updated_at: now };
      saved.push(changed);
      repriced.push(changed);
    } else {
      saved.push(item);
    }
  }
  if (options.isNew) {
    await orders.insertOrder(db, priced);
    await orders.insertItems(db, saved);
  } else {
    for (const item of repriced) {
      const { tax_rate, taxes, total, subtotal, discount, updated_at } = item;
      await orders.updateItem(db, item.id, { tax_rate, taxes, total, subtotal, discount, updated_at });
    }
    await orders.updateOrder(db, order.id, changes);
  }
  return { order: priced, items: saved };
}

function lines(items: OrderItemRow[]) {
  return items.map((item) => ({
    productId: item.product_id,
    price: item.price,
    quantity: item.quantity,
    isTaxable: item.is_taxable === 1,
    weight: item.weight,
  }));
}

function orderTotals(totals: ReturnType<typeof computeTotals>): Partial<OrderRow> {
  const { lines: _lines, ...sums } = totals;
  return sums;
}

/** The spec's `shipping_lines`: the chosen rate as the order keeps it. */
export function shippingLines(rate: OfferedRate) {
  return { id: rate.id, kind: rate.kind, price: rate.price, source: 'shipping_zone', title: rate.name, reference: rate.zone_id };
}
