import type { Executor, Tx } from '../../db/database.js';
import type { ProductRow } from '../../db/types.js';
import { lockForMetadataMerge } from '../../db/metadata-queries.js';
import { isStorefront, type Ctx } from '../../lib/context.js';
import { boolFlag } from '../../lib/flags.js';
import { newId } from '../../lib/ids.js';
import { metadataChanges, newMetadata } from '../../lib/metadata.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { serializedList, serializedRecord } from '../../lib/serialized.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { recordEvent } from '../events/record-event.js';
import type { Market } from '../markets/market-context.js';
import { isOtherMarket, sellInMarket } from '../markets/market-views.js';
import { hasMemberPrices, pricedCustomer, productsForCustomer } from '../price-lists/group-pricing.js';
import { checkSkuPrices, keepSkuPrices, loadSkuPricing, productsWithMarketPrices } from '../markets/sku-prices.js';
import { findStore } from '../store/stores.repo.js';
import { keepTranslatedPermalinks, translationChanges } from '../translations/translation-writes.js';
import { parseTranslations, translatedWords } from '../translations/translations.js';
import { effectiveFilter, isHiddenFrom, isOnSale, type CatalogFilter } from './catalog-filters.js';
import { resolveImage, type ResolvedImage } from './images.js';
import { idOrPermalinkToId, resolvePermalink, slugify, uniquePermalink } from './permalinks.js';
import { countProductFacets, withFacets, type FacetedPage } from './facets.repo.js';
import type { FacetName } from './facets.schemas.js';
import * as repo from './products.repo.js';
import type { ProductCreateInput, ProductUpdateInput } from './products.schemas.js';
import { productTexts } from './product-documents.js';
import { productView, productViews, storefrontProductView, type ProductView } from './products.view.js';
import { findSkusOfProducts, insertSku, refreshDefaultSku } from './skus.repo.js';
import { buildSku } from './skus.service.js';
import { parseOptions } from './skus.view.js';
import { checkOptionMatrix, fillVariantMatrix, modifiersWith, recordSkuEvents, type SkuEvent } from './variant-matrix.js';

/** As many modifiers as a product may have (the schema's bound on `modifiers`). */
const MAX_MODIFIERS = 10;


// Vendors and tags are matched by slug, so "Acme" and "ACME" are one vendor. A name with no latin
// letter or digit has no slug: it is matched by itself and gets a numbered fallback permalink.

async function findOrCreateVendor(tx: Tx, name: string, now: number): Promise<string> {
  const slug = slugify(name);
  const existing = slug ? await repo.findVendorByPermalink(tx, slug) : await repo.findVendorByName(tx, name);
  if (existing) return existing.id;
  const row = { id: newId('vnd'), name, description: null, created_at: now, updated_at: now };
  // Another request may be making the same vendor at this moment (a bulk action tags a page of
  // products at once): its permalink decides, and the second gets the first's vendor.
  if (slug) return (await repo.insertVendorOnce(tx, { ...row, permalink: slug })).id;
  await repo.insertVendor(tx, { ...row, permalink: await uniquePermalink(tx, 'vendors', name, 'vendor') });
  return row.id;
}

async function findOrCreateTags(tx: Tx, titles: string[], now: number): Promise<string[]> {
  const bySlug = new Map<string, string>();
  const bare = new Set<string>();
  for (const title of titles) {
    const slug = slugify(title);
    if (slug) bySlug.set(slug, title);
    else bare.add(title);
  }
  const existing = [...(await repo.findTagsByPermalink(tx, [...bySlug.keys()])), ...(await repo.findTagsByTitle(tx, [...bare]))];
  const ids = new Set(existing.map((t) => t.id));
  const foundSlugs = new Set(existing.map((t) => t.permalink));
  const foundTitles = new Set(existing.map((t) => t.title));
  const missing = [
    ...[...bySlug].filter(([slug]) => !foundSlugs.has(slug)).map(([slug, title]) => ({ slug, title })),
    ...[...bare].filter((title) => !foundTitles.has(title)).map((title) => ({ slug: '', title })),
  ];
  for (const { slug, title } of missing) {
    const row = { id: newId('tag'), title, created_at: now, updated_at: now };
    // As for vendors: a tag made by a concurrent request meanwhile is taken, not collided with.
    if (slug) {
      ids.add((await repo.insertTagOnce(tx, { ...row, permalink: slug })).id);
    } else {
      await repo.insertTag(tx, { ...row, permalink: await uniquePermalink(tx, 'tags', title, 'tag') });
      ids.add(row.id);
    }
  }
  return [...ids];
}

/** Checks the ids of categories and `products` collections a product is put in, and of the channels it is hidden on. */
async function checkMemberships(db: Executor, input: ProductUpdateInput, errors: FieldErrors): Promise<void> {
  if (input.category_ids?.length) {
    const found = await db.selectFrom('categories').select('id').where('id', 'in', input.category_ids).execute();
    const known = new Set(found.map((r) => r.id));
    input.category_ids.forEach((id, i) => {
      if (!known.has(id)) errors.add(`category_ids[${i}]`, 'not_found', 'names no category');
    });
  }
  if (input.collection_ids?.length) {
    const found = await db.selectFrom('collections').select(['id', 'kind']).where('id', 'in', input.collection_ids).execute();
    const kinds = new Map(found.map((r) => [r.id, r.kind]));
    input.collection_ids.forEach((id, i) => {
      const kind = kinds.get(id);
      if (!kind) errors.add(`collection_ids[${i}]`, 'not_found', 'names no collection');
      else if (kind !== 'products') errors.add(`collection_ids[${i}]`, 'smart_collection', 'is a smart collection; its rules choose its products');
    });
  }
  if (input.hidden_on?.length) {
    const known = new Set((await db.selectFrom('channels').select('id').where('id', 'in', input.hidden_on).execute()).map((r) => r.id));
    input.hidden_on.forEach((id, i) => {
      if (!known.has(id)) errors.add(`hidden_on[${i}]`, 'not_found', 'names no sales channel');
    });
  }
}

/** Checks a variant matrix, and that its option names fit beside the product's modifiers. */
function checkOptions(input: ProductUpdateInput, modifiers: string[], errors: FieldErrors): void {
  if (input.options === undefined) return;
  checkOptionMatrix(input.options, errors);
  if (modifiersWith(input.modifiers ?? modifiers, input.options).length > MAX_MODIFIERS) {
    errors.add('options', 'too_many_modifiers', `with the modifiers, names more than ${MAX_MODIFIERS} options`);
  }
}

async function resolveImages(db: Executor, input: ProductUpdateInput, errors: FieldErrors): Promise<ResolvedImage[] | undefined> {
  if (input.images === undefined) return undefined;
  const images: ResolvedImage[] = [];
  for (const [i, ref] of input.images.entries()) {
    const image = await resolveImage(db, ref, `images[${i}]`, errors);
    if (image) images.push(image);
  }
  return images;
}

/** Modifiers can be dropped only when no sku still has a value for them. */
async function checkModifiers(db: Executor, productId: string, modifiers: string[], errors: FieldErrors): Promise<void> {
  const keep = new Set(modifiers);
  const used = new Set((await findSkusOfProducts(db, [productId])).flatMap((sku) => Object.keys(parseOptions(sku))));
  for (const name of used) {
    if (!keep.has(name)) errors.add('modifiers', 'in_use', `cannot drop "${name}": skus of the product have a value for it`);
  }
}

/** Writes the columns and relations a create or an update asks for. */
async function applyChanges(
  tx: Tx, row: ProductRow, input: ProductUpdateInput, images: ResolvedImage[] | undefined, now: number, columns: Partial<ProductRow> = {},
): Promise<void> {
  const changes: Partial<ProductRow> = { updated_at: now, ...columns };
  const copied = ['name', 'excerpt', 'description', 'meta_title', 'meta_description', 'meta_keywords', 'available_at'] as const;
  for (const key of copied) {
    if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
  }
  if (input.is_active !== undefined) changes.is_active = boolFlag(input.is_active);
  if (input.modifiers !== undefined || input.options !== undefined) {
    const modifiers = input.modifiers ?? (JSON.parse(row.modifiers) as string[]);
    changes.modifiers = JSON.stringify(modifiersWith(modifiers, input.options ?? {}));
  }
  if (images !== undefined) changes.images = JSON.stringify(images);
  if (input.hidden_on !== undefined) changes.hidden_on = JSON.stringify([...new Set(input.hidden_on)]);
  if (input.vendor !== undefined) changes.vendor_id = input.vendor === null ? null : await findOrCreateVendor(tx, input.vendor, now);
  await repo.updateProduct(tx, row.id, changes);
  if (input.tags !== undefined) await repo.replaceProductTags(tx, row.id, await findOrCreateTags(tx, input.tags, now));
  if (input.category_ids !== undefined) await repo.replaceProductCategories(tx, row.id, [...new Set(input.category_ids)]);
  if (input.collection_ids !== undefined) await repo.replaceProductCollections(tx, row.id, [...new Set(input.collection_ids)], now);
}

/** A product's translation columns a write changes: its translations and the words searches match in them. */
async function productTranslationChanges(
  tx: Tx, id: string, current: string, input: ProductUpdateInput, errors: FieldErrors,
): Promise<Partial<Pick<ProductRow, 'translations' | 'translated_words'>>> {
  const changes = await translationChanges(tx, 'product', id, current, input, errors);
  if (changes.translations === undefined) return {};
  return { translations: changes.translations, translated_words: translatedWords(parseTranslations(changes.translations)) };
}

async function viewOf(db: Executor, id: string): Promise<ProductView> {
  return productView(db, (await repo.findProduct(db, id))!);
}

/**
 * Creates a product with its default sku (priced by `price`), or with a sku for every combination of
 * `options` (each priced by `price`, recording `sku.created`), finding or creating its vendor and
 * tags, and records `product.created`.
 * @throws Problem validation_failed for a taken permalink, unknown categories, collections or channels, smart collections,
 * bad images, a matrix with repeated or blank values or more than 100 combinations.
 */
export async function createProduct(ctx: Ctx, input: ProductCreateInput): Promise<ProductView> {
  return ctx.db.transaction().execute((tx) => createProductIn(tx, ctx.now(), input)).then((view) => asSeenBy(ctx, view));
}

/** createProduct in the caller's transaction: a bulk import writes many products in one. */
export async function createProductIn(tx: Tx, now: number, input: ProductCreateInput): Promise<ProductView> {
  const errors = new FieldErrors();
  await checkMemberships(tx, input, errors);
  checkOptions(input, [], errors);
  const images = await resolveImages(tx, input, errors);
  const metadata = newMetadata(input, errors);
  if (input.prices !== undefined) checkSkuPrices(errors, input.prices, (await findStore(tx))?.currency ?? '');
  const id = newId('prd');
  const translations = await productTranslationChanges(tx, id, '{}', input, errors);
  errors.throwIfAny();
  const row: ProductRow = {
    id,
    permalink: await resolvePermalink(tx, 'products', input.permalink, input.name, 'product'),
    name: input.name,
    excerpt: null,
    description: null,
    meta_title: null,
    meta_description: null,
    meta_keywords: null,
    vendor_id: null,
    modifiers: '[]',
    images: '[]',
    hidden_on: '[]',
    is_active: 1,
    available_at: null,
    default_sku_id: null,
    ...metadata,
    translations: '{}',
    translated_words: '',
    ...translations,
    created_at: now,
    updated_at: now,
  };
  await repo.insertProduct(tx, row);
  await keepTranslatedPermalinks(tx, 'product', id, translations);
  await applyChanges(tx, row, input, images, now);
  const price = { price: input.price ?? 0, compared_price: input.compared_price ?? null, prices: input.prices };
  let skuEvents: SkuEvent[] = [];
  if (input.options !== undefined) {
    skuEvents = await fillVariantMatrix(tx, row.id, input.options, price, now);
  } else {
    const sku = await buildSku(tx, row, price, now);
    await insertSku(tx, sku);
    await keepSkuPrices(tx, [sku.id], input.prices);
    await refreshDefaultSku(tx, row.id);
  }
  const view = await viewOf(tx, row.id);
  await recordEvent(tx, now, 'product.created', view);
  await recordSkuEvents(tx, now, skuEvents);
  return view;
}

/**
 * Changes a product and records `product.updated`. Lists given (tags, modifiers, images,
 * category_ids, collection_ids, hidden_on) replace the current ones. `options` adds the skus of the
 * combinations the product lacks (fillVariantMatrix) and deletes none.
 * @throws Problem not_found; validation_failed as createProduct, or when dropping a modifier skus use.
 */
export async function updateProduct(ctx: Ctx, id: string, input: ProductUpdateInput): Promise<ProductView> {
  return ctx.db.transaction().execute((tx) => updateProductIn(tx, ctx.now(), id, input)).then((view) => asSeenBy(ctx, view));
}

/** updateProduct in the caller's transaction: a bulk import writes many products in one. */
export async function updateProductIn(tx: Tx, now: number, id: string, input: ProductUpdateInput): Promise<ProductView> {
  await lockForMetadataMerge(tx, 'products', id, input);
  const row = await repo.findProduct(tx, id);
  if (!row) throw Problem.notFound('product', id);
  const errors = new FieldErrors();
  await checkMemberships(tx, input, errors);
  if (input.modifiers !== undefined) await checkModifiers(tx, id, modifiersWith(input.modifiers, input.options ?? {}), errors);
  checkOptions(input, JSON.parse(row.modifiers) as string[], errors);
  const images = await resolveImages(tx, input, errors);
  const metadata = metadataChanges(input, row, errors);
  const translations = await productTranslationChanges(tx, id, row.translations, input, errors);
  errors.throwIfAny();
  if (input.permalink !== undefined && input.permalink !== row.permalink) {
    await repo.updateProduct(tx, id, { permalink: await resolvePermalink(tx, 'products', input.permalink, row.name, 'product', id) });
  }
  await applyChanges(tx, row, input, images, now, { ...metadata, ...translations });
  await keepTranslatedPermalinks(tx, 'product', id, translations);
  let skuEvents: SkuEvent[] = [];
  if (input.options !== undefined) {
    // New combinations are priced as the default sku (the first by position), its fixed prices too.
    const [defaultSku] = await findSkusOfProducts(tx, [id]);
    const prices = defaultSku ? (await loadSkuPricing(tx, [defaultSku.id]))(defaultSku.id).prices : [];
    const price = { price: defaultSku?.price ?? 0, compared_price: defaultSku?.compared_price ?? null, prices };
    skuEvents = await fillVariantMatrix(tx, id, input.options, price, now);
  }
  const view = await viewOf(tx, id);
  await recordEvent(tx, now, 'product.updated', view);
  await recordSkuEvents(tx, now, skuEvents);
  return view;
}

/** Takes a file that is being deleted out of the products' images; each product changed records `product.updated`. */
export async function dropProductImagesOfFile(tx: Tx, fileId: string, now: number): Promise<void> {
  for (const row of await repo.findProductsShowingFile(tx, fileId)) {
    const shown = JSON.parse(row.images) as ResolvedImage[];
    const images = shown.filter((image) => image.file_id !== fileId);
    if (images.length === shown.length) continue;
    await repo.updateProduct(tx, row.id, { images: JSON.stringify(images), updated_at: now });
    await recordEvent(tx, now, 'product.updated', await viewOf(tx, row.id));
  }
}

/** Deletes a product with its skus and memberships, and records `product.deleted` with the product as it was. */
export async function deleteProduct(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const row = await repo.findProduct(tx, id);
    if (!row) throw Problem.notFound('product', id);
    const view = await productView(tx, row);
    await repo.deleteProduct(tx, id);
    await recordEvent(tx, ctx.now(), 'product.deleted', view);
  });
}

/** The product as the caller may see it: the storefront sees only products on sale and not hidden on its channel (404 otherwise). */
async function findVisibleProduct(ctx: Ctx, id: string): Promise<ProductRow> {
  const row = await repo.findProduct(ctx.db, await idOrPermalinkToId(ctx.db, 'products', id));
  if (!row || (isStorefront(ctx) && (!isOnSale(row, ctx.now()) || isHiddenFrom(ctx, row)))) throw Problem.notFound('product', id);
  return row;
}

/** A product; the storefront sees only active, published ones; in a market, one it sells a sku of (404 otherwise). */
export async function getProduct(ctx: Ctx, id: string, market?: Market): Promise<ProductView> {
  const row = await findVisibleProduct(ctx, id);
  const kept = await keptAnswers(ctx, [row.id], { market });
  if (kept) {
    if (kept.length === 0) throw Problem.notFound('product', id);
    return serializedRecord(kept[0]!);
  }
  let view: ProductView | undefined = await productView(ctx.db, row);
  if (market) [view] = await sellInMarket(ctx.db, [view], market);
  if (!view) throw Problem.notFound('product', id);
  [view] = await productsForCustomer(ctx.db, pricedCustomer(ctx), [view], ctx.now());
  if (!view) throw Problem.notFound('product', id);
  return isStorefront(ctx) ? storefrontProductView(view) : asSeenBy(ctx, view);
}

/**
 * A storefront's answers for the products of `ids` (in that order, less any deleted meanwhile) as
 * their kept documents (product-documents.ts); undefined when the read needs views built: staff, a
 * locale or another market asked for, only listable skus, or a member with prices of their own on one
 * of these skus.
 */
async function keptAnswers(ctx: Ctx, ids: string[], asked: { market?: Market; listable?: boolean }): Promise<string[] | undefined> {
  const locale = ctx.documentLocale;
  if (!isStorefront(ctx) || locale === undefined || (asked.market && isOtherMarket(asked.market)) || asked.listable !== undefined) return undefined;
  const answers = await productTexts(ctx.db, ids, locale);
  if (await hasMemberPrices(ctx.db, pricedCustomer(ctx), answers.flatMap((answer) => answer.skuIds), ctx.now())) return undefined;
  return answers.map((answer) => answer.text);
}

/** Staff see each sku's price in every market beside it. */
async function asSeenBy(ctx: Ctx, view: ProductView): Promise<ProductView> {
  return ctx.actor.kind === 'admin' ? (await productsWithMarketPrices(ctx.db, [view]))[0]! : view;
}

/** Products in scope passing the filter, in the given order, with the facets asked for (countFacets). */
export async function listProducts(
  ctx: Ctx,
  scope: repo.ProductScope,
  filter: CatalogFilter,
  order: repo.ProductOrder,
  page: PageRequest,
  url: string,
  facets?: FacetName[],
): Promise<FacetedPage<ProductView>> {
  const effective = await repo.withTextPlan(ctx.db, effectiveFilter(ctx, filter));
  const [{ ids, total }, counted] = await Promise.all([
    repo.listProductIds(ctx.db, scope, effective, order, ctx.now(), offsetOf(page), page.perPage),
    facets && countProductFacets(ctx.db, scope, effective, ctx.now(), facets),
  ]);
  const kept = await keptAnswers(ctx, ids, effective);
  return withFacets(toPage(kept ? serializedList<ProductView>(kept) : await builtViews(ctx, ids, effective), page, total, url), counted);
}

/** The products of `ids` in that order, their views built from their rows as the caller sees them. */
async function builtViews(ctx: Ctx, ids: string[], effective: CatalogFilter): Promise<ProductView[]> {
  const built = await productViews(ctx.db, await repo.productsInOrder(ctx.db, ids), { listableOnly: effective.listable === true });
  const views = await productsForCustomer(ctx.db, pricedCustomer(ctx), effective.market ? await sellInMarket(ctx.db, built, effective.market) : built, ctx.now());
  return isStorefront(ctx) ? views.map(storefrontProductView) : ctx.actor.kind === 'admin' ? productsWithMarketPrices(ctx.db, views) : views;
}

/** The id of a product the caller may see, named by id or permalink (404 otherwise), for routes nested under it. */
export async function visibleProductId(ctx: Ctx, idOrPermalink: string): Promise<string> {
  return (await findVisibleProduct(ctx, idOrPermalink)).id;
}

