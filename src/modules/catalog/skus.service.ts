import type { Executor, Tx } from '../../db/database.js';
import { pipelined } from '../../db/pipeline.js';
import type { ProductRow, SkuRow } from '../../db/types.js';
import { lockForMetadataMerge } from '../../db/metadata-queries.js';
import { isStorefront, type Ctx } from '../../lib/context.js';
import { boolFlag } from '../../lib/flags.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { serializedRecord } from '../../lib/serialized.js';
import { metadataChanges, NO_METADATA } from '../../lib/metadata.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { toGrams, type WeightUnit } from '../../lib/weight.js';
import { recordEvent } from '../events/record-event.js';
import type { Market } from '../markets/market-context.js';
import { isOtherMarket, sellSkusInMarket } from '../markets/market-views.js';
import { hasMemberPrices, pricedCustomer, skusForCustomer } from '../price-lists/group-pricing.js';
import { checkSkuPrices, keepSkuPrices, loadSkuPricing, withMarketPrices } from '../markets/sku-prices.js';
import { findStore } from '../store/stores.repo.js';
import { keepTranslatedPermalinks, translationChanges } from '../translations/translation-writes.js';
import { effectiveFilter, isHiddenFrom, isOnSale } from './catalog-filters.js';
import { resolveImage } from './images.js';
import { uniquePermalink } from './permalinks.js';
import { findStockedSkuDocument } from './product-documents.repo.js';
import { skuText } from './product-documents.js';
import { ownerOf, recordSkuChange } from './sku-events.js';
import { findProduct } from './products.repo.js';
import { countSkuFacets, withFacets, type FacetedPage } from './facets.repo.js';
import type { FacetName } from './facets.schemas.js';
import * as repo from './skus.repo.js';
import type { SkuFields } from './skus.schemas.js';
import { modifierValues, skuView, type SkuView } from './skus.view.js';

/** Whether the storefront may see a sku: its product is on sale. */
function isSkuOnSale(row: Pick<repo.SkuWithOwner, 'product_is_active' | 'product_available_at'>, now: number): boolean {
  return isOnSale({ is_active: row.product_is_active, available_at: row.product_available_at }, now);
}

async function loadView(db: Executor, id: string): Promise<SkuView> {
  const row = await repo.findSku(db, id);
  if (!row) throw Problem.notFound('sku', id);
  return skuView(row, ownerOf(row), (await loadSkuPricing(db, [id]))(id));
}

/** Staff see each sku's price in every market beside it. */
async function asSeenBy(ctx: Ctx, views: SkuView[]): Promise<SkuView[]> {
  return ctx.actor.kind === 'admin' ? withMarketPrices(ctx.db, views) : views;
}

/**
 * Checks the sku fields that need the product or the database, and turns them into column values.
 * Every problem is collected into one 422.
 */
async function skuChanges(db: Executor, product: ProductRow, input: SkuFields, current: SkuRow | undefined, id: string): Promise<Partial<SkuRow>> {
  const errors = new FieldErrors();
  const changes: Partial<SkuRow> = {};
  if (input.modifiers !== undefined) {
    const known = new Set(JSON.parse(product.modifiers) as string[]);
    for (const name of Object.keys(input.modifiers)) {
      if (!known.has(name)) errors.add(`modifiers[${name}]`, 'unknown_modifier', 'is not a modifier of the product');
    }
    changes.modifiers = JSON.stringify(input.modifiers);
  }
  if (input.image !== undefined) {
    const image = input.image === null ? null : await resolveImage(db, input.image, 'image', errors);
    changes.image_url = image?.url ?? null;
    changes.image_file_id = image?.file_id ?? null;
  }
  Object.assign(changes, metadataChanges(input, current ?? NO_METADATA, errors));
  if (input.prices !== undefined) checkSkuPrices(errors, input.prices, (await findStore(db))?.currency ?? '');
  Object.assign(changes, await translationChanges(db, 'sku', id, current?.translations ?? '{}', input, errors));
  errors.throwIfAny();

  const copied = ['code', 'barcode', 'price', 'compared_price', 'stock_policy', 'in_stock', 'low_threshold', 'weight_unit', 'weight', 'position'] as const;
  for (const key of copied) {
    if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
  }
  const flags = ['is_listable', 'is_taxable', 'is_shipping_required', 'is_backorderable', 'is_gift_card'] as const;
  for (const key of flags) {
    if (input[key] !== undefined) changes[key] = boolFlag(input[key]);
  }
  // A gift card is mailed, so a sku made one ships nothing unless the same write says it does (a printed
  // card); and, as on Shopify, selling one is not taxed (what it pays for is, when it is spent).
  if (input.is_gift_card === true && input.is_shipping_required === undefined) changes.is_shipping_required = 0;
  if (input.is_gift_card === true && input.is_taxable === undefined) changes.is_taxable = 0;
  if (input.is_notify !== undefined) changes.is_notify = input.is_notify === null ? null : boolFlag(input.is_notify);
  if (input.weight !== undefined || input.weight_unit !== undefined) {
    const weight = input.weight !== undefined ? input.weight : (current?.weight ?? null);
    const unit = (input.weight_unit ?? current?.weight_unit) as WeightUnit;
    changes.weight_grams = toGrams(weight, unit);
  }
  return changes;
}

/**
 * A new sku row for `product` with the defaults of a new sku (listable, taxable, shipped, no stock
 * tracking, the store's weight unit). Used for skus made through the API and for default skus.
 */
export async function buildSku(db: Executor, product: ProductRow, input: SkuFields, now: number): Promise<SkuRow> {
  const store = await findStore(db);
  const weightUnit = (input.weight_unit ?? store?.weight_unit ?? 'kg') as WeightUnit;
  const id = newId('sku');
  const changes = await skuChanges(db, product, { ...input, weight_unit: weightUnit }, undefined, id);
  const options = input.modifiers ?? {};
  const position = input.position ?? (await repo.countSkusOfProduct(db, product.id));
  // Values in the product's modifier order, as in the name: the permalink must not depend on the
  // key order of the request body.
  const values = modifierValues(options, { name: product.name, modifiers: JSON.parse(product.modifiers) as string[] });
  const permalink = await uniquePermalink(db, 'skus', [product.permalink, ...values].join(' '), product.permalink);
  return {
    id,
    product_id: product.id,
    permalink,
    code: null,
    barcode: null,
    price: 0,
    compared_price: null,
    modifiers: JSON.stringify(options),
    image_url: null,
    image_file_id: null,
    is_listable: 1,
    is_taxable: 1,
    is_shipping_required: 1,
    is_gift_card: 0,
    stock_policy: 'none',
    is_backorderable: 0,
    in_stock: null,
    is_notify: null,
    low_threshold: null,
    weight_unit: weightUnit,
    weight: null,
    weight_grams: 0,
    position,
    created_at: now,
    updated_at: now,
    ...NO_METADATA,
    translations: '{}',
    ...changes,
  };
}

/**
 * Adds a sku to a product and records `sku.created` (and `sku.low_stock` when it starts at or below
 * its threshold, see recordSkuChange).
 * @throws Problem validation_failed for an unknown product, a modifier the product lacks, or a bad image.
 */
export async function createSku(ctx: Ctx, input: SkuFields & { product_id: string }): Promise<SkuView> {
  return ctx.db.transaction().execute((tx) => createSkuIn(tx, ctx.now(), input)).then(async (view) => (await asSeenBy(ctx, [view]))[0]!);
}

/** createSku in the caller's transaction: a bulk import writes many skus in one. */
export async function createSkuIn(tx: Tx, now: number, input: SkuFields & { product_id: string }): Promise<SkuView> {
  const product = await findProduct(tx, input.product_id);
  if (!product) throw Problem.invalid([{ field: 'product_id', code: 'not_found', message: 'names no product' }]);
  const row = await buildSku(tx, product, input, now);
  await repo.insertSku(tx, row);
  await keepSkuPrices(tx, [row.id], input.prices);
  await keepTranslatedPermalinks(tx, 'sku', row.id, row);
  await repo.refreshDefaultSku(tx, product.id);
  return recordSkuChange(tx, now, 'sku.created', (await repo.findSku(tx, row.id))!, undefined);
}

/**
 * Changes a sku and records `sku.updated` (and `sku.low_stock` when the change takes its stock to
 * or below its threshold, see recordSkuChange). The product of a sku never changes (the update schema has
 * no product_id).
 * @throws Problem not_found; validation_failed as createSku.
 */
export async function updateSku(ctx: Ctx, id: string, input: SkuFields): Promise<SkuView> {
  return ctx.db.transaction().execute((tx) => updateSkuIn(tx, ctx.now(), id, input)).then(async (view) => (await asSeenBy(ctx, [view]))[0]!);
}

/** updateSku in the caller's transaction: a bulk import writes many skus in one. */
export async function updateSkuIn(tx: Tx, now: number, id: string, input: SkuFields): Promise<SkuView> {
  await lockForMetadataMerge(tx, 'skus', id, input);
  const current = await repo.findSku(tx, id);
  if (!current) throw Problem.notFound('sku', id);
  const product = (await findProduct(tx, current.product_id))!;
  const changes = await skuChanges(tx, product, input, current, id);
  await repo.updateSku(tx, id, { ...changes, updated_at: now });
  if (input.price !== undefined || input.compared_price !== undefined || input.prices !== undefined) await keepSkuPrices(tx, [id], input.prices);
  await keepTranslatedPermalinks(tx, 'sku', id, changes);
  if (changes.position !== undefined) await repo.refreshDefaultSku(tx, product.id);
  return recordSkuChange(tx, now, 'sku.updated', (await repo.findSku(tx, id))!, current);
}

/** Takes a file that is being deleted off the skus it is the image of; each records `sku.updated`. */
export async function dropSkuImagesOfFile(tx: Tx, fileId: string, now: number): Promise<void> {
  for (const id of await repo.findSkuIdsShowingFile(tx, fileId)) {
    await repo.updateSku(tx, id, { image_url: null, image_file_id: null, updated_at: now });
    await recordEvent(tx, now, 'sku.updated', await loadView(tx, id));
  }
}

/**
 * Deletes a sku and records `sku.deleted`; the product's default moves to its next sku.
 * @throws Problem not_found; invalid_state for the only sku of a product (delete the product instead).
 */
export async function deleteSku(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    // Lock the product first: two deletions of its last two skus must not both see two skus.
    await repo.lockProductOfSku(tx, id);
    const current = await repo.findSku(tx, id);
    if (!current) throw Problem.notFound('sku', id);
    if ((await repo.countSkusOfProduct(tx, current.product_id)) <= 1) {
      throw new Problem('invalid_state', 'A product keeps at least one sku; delete the product instead');
    }
    const view = await loadView(tx, id);
    await repo.deleteSku(tx, id);
    await repo.refreshDefaultSku(tx, current.product_id);
    await recordEvent(tx, ctx.now(), 'sku.deleted', view);
  });
}

/**
 * A sku; the storefront sees only skus of active, published products not hidden on its channel; in a
 * market, one it sells (404 otherwise).
 */
export async function getSku(ctx: Ctx, id: string, market?: Market): Promise<SkuView> {
  if (isStorefront(ctx) && ctx.documentLocale !== undefined && !(market && isOtherMarket(market))) {
    const kept = await keptSku(ctx, id, ctx.documentLocale);
    if (kept !== undefined) return kept;
  }
  // The prices are read with the sku, in its round trip, even when it turns out not to be shown.
  const [row, pricingOf] = await pipelined(ctx.db, (piped) => Promise.all([repo.findSku(piped, id), loadSkuPricing(piped, [id])]));
  if (!row || (isStorefront(ctx) && (!isSkuOnSale(row, ctx.now()) || isHiddenFrom(ctx, { hidden_on: row.product_hidden_on })))) throw Problem.notFound('sku', id);
  const views = [skuView(row, ownerOf(row), pricingOf(id))];
  const [view] = await asSeenBy(ctx, await skusForCustomer(ctx.db, pricedCustomer(ctx), market ? await sellSkusInMarket(ctx.db, views, market) : views, ctx.now()));
  if (!view) throw Problem.notFound('sku', id);
  return view;
}

/**
 * A storefront's answer for a sku as its kept document (product-documents.ts), from one read; undefined
 * when its documents are not written yet or the member reading it has a price of their own for it.
 */
async function keptSku(ctx: Ctx, id: string, locale: string): Promise<SkuView | undefined> {
  const found = await findStockedSkuDocument(ctx.db, id, locale);
  if (!found || !isSkuOnSale(found, ctx.now()) || isHiddenFrom(ctx, { hidden_on: found.product_hidden_on })) throw Problem.notFound('sku', id);
  const text = skuText(found);
  if (text === undefined || await hasMemberPrices(ctx.db, pricedCustomer(ctx), [id], ctx.now())) return undefined;
  return serializedRecord(text);
}

/** Skus passing the filter, with the facets asked for; the storefront's filter always has active and published set. */
export async function listSkus(ctx: Ctx, filter: repo.SkuListFilter, page: PageRequest, url: string, facets?: FacetName[]): Promise<FacetedPage<SkuView>> {
  const effective = effectiveFilter(ctx, filter);
  const [{ rows, total }, counted] = await Promise.all([
    repo.listSkus(ctx.db, effective, ctx.now(), offsetOf(page), page.perPage),
    facets && countSkuFacets(ctx.db, effective, ctx.now(), facets),
  ]);
  const pricingOf = await loadSkuPricing(ctx.db, rows.map((row) => row.id));
  const views = rows.map((row) => skuView(row, ownerOf(row), pricingOf(row.id)));
  const sold = effective.market ? await sellSkusInMarket(ctx.db, views, effective.market) : views;
  return withFacets(toPage(await asSeenBy(ctx, await skusForCustomer(ctx.db, pricedCustomer(ctx), sold, ctx.now())), page, total, url), counted);
}

