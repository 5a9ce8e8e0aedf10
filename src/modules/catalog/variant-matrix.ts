import type { Tx } from '../../db/database.js';
import type { ProductRow, SkuRow } from '../../db/types.js';
import type { FieldErrors } from '../../lib/problem.js';
import { recordEvent } from '../events/record-event.js';
import { findProduct } from './products.repo.js';
import { findSkusOfProducts, insertSku, refreshDefaultSku, updateSku } from './skus.repo.js';
import { buildSku } from './skus.service.js';
import { parseOptions, skuView, type SkuView } from './skus.view.js';
import { keepSkuPrices, loadSkuPricing, type SkuPriceInput } from '../markets/sku-prices.js';

export interface SkuEvent {
  kind: 'sku.created' | 'sku.updated';
  view: SkuView;
}

/** Option name → its values, in the order the skus are made: `{size: [S, M], color: [Red, Blue]}`. */
export type OptionMatrix = Record<string, string[]>;

/** A product has at most this many skus made from one matrix (Shopify's old limit of variants). */
export const MAX_COMBINATIONS = 100;

/**
 * Collects the problems of a matrix: a blank name or value, a value repeated within its option
 * (compared case-insensitively, as shoppers read them), more than MAX_COMBINATIONS combinations.
 */
export function checkOptionMatrix(options: OptionMatrix, errors: FieldErrors): void {
  let combinations = 1;
  for (const [name, values] of Object.entries(options)) {
    if (name.trim() === '') errors.add(`options[${name}]`, 'blank', 'an option name must not be blank');
    const seen = new Set<string>();
    values.forEach((value, i) => {
      const key = value.trim().toLowerCase();
      if (key === '') errors.add(`options[${name}][${i}]`, 'blank', 'must not be blank');
      else if (seen.has(key)) errors.add(`options[${name}][${i}]`, 'duplicate', `repeats "${value}"`);
      seen.add(key);
    });
    combinations *= values.length;
  }
  if (combinations > MAX_COMBINATIONS) {
    errors.add('options', 'too_many_combinations', `makes ${combinations} combinations; at most ${MAX_COMBINATIONS}`);
  }
}

/** Every combination of one value of each option, the first option varying slowest (S/Red, S/Blue, M/Red …). */
export function combinationsOf(options: OptionMatrix): Array<Record<string, string>> {
  let combinations: Array<Record<string, string>> = [{}];
  for (const [name, values] of Object.entries(options)) {
    combinations = combinations.flatMap((combination) => values.map((value) => ({ ...combination, [name]: value })));
  }
  return Object.keys(options).length === 0 ? [] : combinations;
}

/** The product's modifiers with the matrix's option names added after them. */
export function modifiersWith(modifiers: string[], options: OptionMatrix): string[] {
  return [...new Set([...modifiers, ...Object.keys(options)])];
}

function covers(sku: Record<string, string>, combination: Record<string, string>): boolean {
  return Object.entries(combination).every(([name, value]) => sku[name] === value);
}

/**
 * Gives a product a sku for every combination of the matrix it lacks, priced as `price` says; the
 * product's modifiers must already hold the option names. A sku with no option value at all (the
 * default sku of a product without variants) becomes the first missing combination rather than
 * staying beside them; no sku is ever deleted. Answers the `sku.created` or `sku.updated` event of
 * each sku made or changed, for the caller to record after its product's event. Call it after writing the product's row in the transaction: that row's lock makes concurrent fills
 * of one product run one after another, each seeing the skus the one before made.
 */
export async function fillVariantMatrix(
  tx: Tx,
  productId: string,
  options: OptionMatrix,
  price: Pick<SkuRow, 'price' | 'compared_price'> & { prices?: SkuPriceInput[] },
  now: number,
): Promise<SkuEvent[]> {
  const product = (await findProduct(tx, productId)) as ProductRow;
  const owner = { name: product.name, modifiers: JSON.parse(product.modifiers) as string[] };
  const skus = await findSkusOfProducts(tx, [productId]);
  const held = skus.map(parseOptions);
  const missing = combinationsOf(options).filter((combination) => !held.some((sku) => covers(sku, combination)));
  const changed: Array<{ kind: SkuEvent['kind']; row: SkuRow }> = [];
  const bare = skus.filter((sku) => Object.keys(parseOptions(sku)).length === 0);
  for (const sku of bare) {
    const combination = missing.shift();
    if (!combination) break;
    const modifiers = JSON.stringify(combination);
    await updateSku(tx, sku.id, { modifiers, updated_at: now });
    changed.push({ kind: 'sku.updated', row: { ...sku, modifiers, updated_at: now } });
  }
  let position = skus.length;
  const made: string[] = [];
  for (const combination of missing) {
    const row = await buildSku(tx, product, { modifiers: combination, price: price.price, compared_price: price.compared_price, position: position++ }, now);
    await insertSku(tx, row);
    changed.push({ kind: 'sku.created', row });
    made.push(row.id);
  }
  await keepSkuPrices(tx, made, price.prices);
  await refreshDefaultSku(tx, productId);
  const pricingOf = await loadSkuPricing(tx, changed.map((c) => c.row.id));
  return changed.map(({ kind, row }) => ({ kind, view: skuView(row, owner, pricingOf(row.id)) }));
}

/** Records the events fillVariantMatrix answered, in the order it made them. */
export async function recordSkuEvents(tx: Tx, now: number, events: SkuEvent[]): Promise<void> {
  for (const event of events) await recordEvent(tx, now, event.kind, event.view);
}
