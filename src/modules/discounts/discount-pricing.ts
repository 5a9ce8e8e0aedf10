import type { Executor } from '../../db/database.js';
import type { DiscountRow } from '../../db/types.js';
import type { FieldError } from '../../lib/problem.js';
import type { ListingBuilder } from '../catalog/catalog-filters.js';
import { findRules } from '../catalog/collections.repo.js';
import { smartCondition } from '../catalog/smart-rules.js';
import { allocateDiscounts, type AppliedDiscount, type Allocation, type DiscountLine, type Offer } from './discount-allocation.js';
import * as repo from './discounts.repo.js';

/** A code as compared: trimmed and lower-cased. */
export function codeKey(code: string): string {
  return code.trim().toLowerCase();
}

/** Who would use the discounts: the per-customer limits count this customer's (or email's) orders. */
export interface Buyer {
  customerId: string | null;
  emailKey: string | null;
  /** The order being priced when its payment reserved its discount uses: those are its own, not counted against it. */
  reservedBy?: string | null;
}

/**
 * How an amount of the store's currency reads in the currency being priced (storeAmountIn): fixed
 * discounts and minimums are set in the store's currency. Null when it cannot be converted.
 */
export type StoreAmount = (amount: number) => number | null;

const inStoreCurrency: StoreAmount = (amount) => amount;

/** A cart or order line as priced: the collections it belongs to are found here. */
export type PricedLine = Omit<DiscountLine, 'collectionIds'>;

export interface DiscountOutcome {
  allocation: Allocation;
  /** The entered codes that do not apply, each named `discount_codes[i]` with its reason. */
  refused: FieldError[];
}

const reasons = {
  not_found: 'is not a discount code of this store',
  not_started: 'cannot be used yet',
  expired: 'has expired',
  usage_limit_reached: 'has reached its usage limit',
  minimum_not_met: 'needs a higher subtotal of the items it applies to',
  not_applicable: 'applies to none of these items',
} as const;
type Reason = keyof typeof reasons;

/** Why a discount cannot be used now by this buyer, or undefined when it can (its fit to the items aside). */
async function unusable(db: Executor, row: DiscountRow, buyer: Buyer, now: number): Promise<Reason | undefined> {
  if (row.is_active !== 1) return 'not_found';
  if (row.starts_at !== null && row.starts_at > now) return 'not_started';
  if (row.ends_at !== null && row.ends_at <= now) return 'expired';
  const ownUses = buyer.reservedBy ? await repo.countOrderRedemptions(db, row.id, buyer.reservedBy) : 0;
  if (row.usage_limit !== null && row.times_used - ownUses >= row.usage_limit) return 'usage_limit_reached';
  if (row.usage_limit_per_customer !== null
    && (await repo.countRedemptions(db, row.id, buyer.customerId, buyer.emailKey)) - ownUses >= row.usage_limit_per_customer) {
    return 'usage_limit_reached';
  }
  return undefined;
}

/**
 * A discount as offered in the currency priced: its fixed amount and minimum converted (a percentage
 * is a percentage in every currency). Undefined when an amount cannot be converted: it does not apply.
 */
function offerOf(row: DiscountRow, inCurrency: StoreAmount): Offer | undefined {
  const value = row.kind === 'fixed_amount' ? inCurrency(row.value) : row.value;
  const minimumSubtotal = row.minimum_subtotal === null ? null : inCurrency(row.minimum_subtotal);
  if (value === null || minimumSubtotal === null && row.minimum_subtotal !== null) return undefined;
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value,
    scope: row.applies_to_kind,
    scopeIds: JSON.parse(row.applies_to_ids) as string[],
    minimumSubtotal,
  };
}

/** The collections among `collectionIds` that hold each of these products: members, or matched by rules. */
async function collectionsOf(db: Executor, collectionIds: string[], productIds: string[]): Promise<Map<string, string[]>> {
  const held = new Map<string, string[]>(productIds.map((id) => [id, []]));
  if (collectionIds.length === 0 || productIds.length === 0) return held;
  const collections = await db.selectFrom('collections').select(['id', 'kind', 'disjunctive']).where('id', 'in', collectionIds).execute();
  const members = await db.selectFrom('collection_products').select(['collection_id', 'product_id'])
    .where('collection_id', 'in', collectionIds).where('product_id', 'in', productIds).execute();
  for (const member of members) held.get(member.product_id)!.push(member.collection_id);
  for (const collection of collections.filter((c) => c.kind === 'smart')) {
    const condition = await smartCondition(db, await findRules(db, [collection.id]), collection.disjunctive === 1);
    const matched = await db.selectFrom('products as p').select('p.id').where('p.id', 'in', productIds)
      .where((eb) => condition(eb as unknown as ListingBuilder)).execute();
    for (const product of matched) held.get(product.id)!.push(collection.id);
  }
  return held;
}

/**
 * The discounts these lines get: the first entered code (one applies per order; further codes are
 * refused) and the automatic discounts, each usable now by this buyer (active, started, not ended,
 * under its limits), combined as allocateDiscounts rules. Nothing is saved. `refused` names each
 * entered code that does not apply and why; the caller decides whether that is an error (codes just
 * sent) or the code silently stops applying (codes entered before).
 */
export async function discountsFor(
  db: Executor, codes: readonly string[], lines: readonly PricedLine[], shippingPrice: number, buyer: Buyer, now: number,
  inCurrency: StoreAmount = inStoreCurrency,
): Promise<DiscountOutcome> {
  const keys = codes.map(codeKey);
  const rows = await repo.findOffered(db, keys.filter((key) => key !== ''));
  const refused: FieldError[] = [];
  const refuse = (i: number, reason: Reason, message: string = reasons[reason]) => refused.push({ field: `discount_codes[${i}]`, code: reason, message });

  let code: Offer | null = null;
  for (const [i, key] of keys.entries()) {
    if (i > 0) {
      refuse(i, 'not_applicable', 'one discount code applies per order: send only one');
      continue;
    }
    const row = rows.find((r) => r.code_key === key);
    const reason = row ? await unusable(db, row, buyer, now) : 'not_found';
    const offer = reason ? undefined : offerOf(row!, inCurrency);
    if (reason) refuse(i, reason);
    else if (!offer) refuse(i, 'not_applicable', 'is set in the store currency, which this market has no exchange rate for');
    else code = offer;
  }
  const automatic: Offer[] = [];
  for (const row of rows.filter((r) => r.code_key === null)) {
    const offer = (await unusable(db, row, buyer, now)) ? undefined : offerOf(row, inCurrency);
    if (offer) automatic.push(offer);
  }

  const scoped = [...new Set([...(code ? [code] : []), ...automatic].filter((o) => o.scope === 'collections').flatMap((o) => o.scopeIds))];
  const held = await collectionsOf(db, scoped, [...new Set(lines.map((line) => line.productId))]);
  const allocation = allocateDiscounts(lines.map((line) => ({ ...line, collectionIds: held.get(line.productId) ?? [] })), code, automatic, shippingPrice);
  if (allocation.code === 'not_applicable' || allocation.code === 'minimum_not_met') refuse(0, allocation.code);
  if (allocation.code === 'outdone') refuse(0, 'not_applicable', 'an automatic discount of the same kind takes more off this order');
  return { allocation, refused };
}

/** The discounts an order holds (its `discount_codes` column); none for null. */
export function appliedDiscounts(json: string | null): AppliedDiscount[] {
  if (json === null) return [];
  // Orders kept before discounts existed may hold plain strings: they applied nothing.
  return (JSON.parse(json) as unknown[]).filter((entry): entry is AppliedDiscount => typeof entry === 'object' && entry !== null);
}

/** The codes the buyer entered among applied discounts (the automatic ones have none). */
export function enteredCodes(applied: ReadonlyArray<{ code: string | null }>): string[] {
  return applied.flatMap((a) => (a.code === null ? [] : [a.code]));
}
