import type { Executor } from '../../db/database.js';
import { withoutPrivateMetadata } from '../../http/private-metadata.js';
import { buildResponseSerializer } from '../../http/response-serialization.js';
import { baseLocale, localizeRecords } from '../translations/translate.js';
import { findProducts } from './products.repo.js';
import { Product } from './products.schemas.js';
import { productViews, storefrontProductView, type ProductView } from './products.view.js';
import * as repo from './product-documents.repo.js';
import { Sku } from './skus.schemas.js';
import type { SkuView } from './skus.view.js';

// A product's storefront view, and each of its skus', kept as the JSON a storefront is answered,
// written in the transaction of every change to what they show (migration 050 says how). A listing
// splices 20 of them into its answer, a sku read one, without building or serialising views.

/** How many products' documents a transaction writes before it commits; the worker writes any left. */
export const DOCUMENTS_PER_TRANSACTION = 200;

/** Stands in for a sku's stock and `updated_at` while its view is serialised: no real value is it. */
const STAND_IN = Number.MIN_SAFE_INTEGER;
/**
 * Where a document leaves a sku's stock and `updated_at` out: a control character, which serialised
 * JSON never holds unescaped (and PostgreSQL text may hold, unlike NUL). Each sku leaves two gaps, its
 * stock's then its `updated_at`'s, in the order of the schema's properties.
 */
const GAP = '\u0001';

const serializerOf = (schema: unknown) => buildResponseSerializer({}, {})({ schema, method: 'GET', url: '/documents', httpStatus: '200' });
const serializeProduct = serializerOf(Product);
const serializeSku = serializerOf(Sku);

/**
 * A product's view as a storefront is answered it: in `locale` ('' for the records' own text), without
 * translations, private metadata or the channels hiding it.
 */
function asStorefrontSees(view: ProductView, locale: string): ProductView {
  return withoutPrivateMetadata(localizeRecords(storefrontProductView(view), { locale: locale === '' ? null : locale, keepTranslations: false }));
}

function withGaps(json: string, skus: number): string {
  const gapped = json.replaceAll(`"in_stock":${STAND_IN}`, `"in_stock":${GAP}`).replaceAll(`"updated_at":${STAND_IN}`, `"updated_at":${GAP}`);
  if (gapped.split(GAP).length !== 2 * skus + 1) throw new Error('a document must leave out the stock and updated_at of each of its skus');
  return gapped;
}

const standingIn = (sku: SkuView): SkuView => ({ ...sku, in_stock: STAND_IN, updated_at: STAND_IN });

/** The documents in `locale` of a product (its view with every sku) and of each of its skus. */
export function productDocuments(view: ProductView, locale: string): repo.ProductDocuments {
  const seen = asStorefrontSees(view, locale);
  const skus = seen.skus.map(standingIn);
  return {
    product: { product_id: view.id, locale, body: withGaps(serializeProduct({ ...seen, skus }), skus.length), sku_ids: JSON.stringify(skus.map((sku) => sku.id)) },
    skus: skus.map((sku) => ({ sku_id: sku.id, locale, product_id: view.id, body: withGaps(serializeSku(sku), 1) })),
  };
}

/** The locales documents are kept in: the records' own text (''), and the store's language. */
export async function documentLocales(db: Executor): Promise<string[]> {
  return ['', await baseLocale(db)];
}

/** A document with its skus' stock and `updated_at` put in its gaps, in its skus' order. */
function filled(body: string, stock: repo.SkuStock[]): string {
  const parts = body.split(GAP);
  const text = [parts[0]!];
  for (const [i, [, inStock, updatedAt]] of stock.entries()) {
    text.push(inStock === null ? 'null' : String(inStock), parts[2 * i + 1]!, String(updatedAt), parts[2 * i + 2]!);
  }
  return text.join('');
}

/**
 * Writes the documents of the products queued for them (at most `limit`), in the caller's transaction:
 * before each catalogue write commits (db/document-keeping.ts), and in the worker for what is left.
 * Returns how many it wrote.
 */
export async function writeDueProductDocuments(db: Executor, limit = DOCUMENTS_PER_TRANSACTION): Promise<number> {
  const rows = await repo.lockDueProducts(db, limit);
  const [views, locales] = await Promise.all([productViews(db, rows), documentLocales(db)]);
  await repo.writeProductDocuments(db, views.flatMap((view) => locales.map((locale) => productDocuments(view, locale))), limit);
  return rows.length;
}

/**
 * The storefront's answers for the products of `ids`, in that order, as JSON: each its kept document
 * with its skus' stock now, or, for a product whose documents are not written yet, its view built
 * and serialised. A product deleted since the ids were read is left out.
 */
export async function productTexts(db: Executor, ids: string[], locale: string): Promise<Array<{ id: string; text: string; skuIds: string[] }>> {
  const kept = new Map((await repo.findStockedDocuments(db, ids, locale)).map((found) => [found.product_id, found]));
  const texts = new Map<string, { id: string; text: string; skuIds: string[] }>();
  for (const [id, found] of kept) {
    const skuIds = JSON.parse(found.sku_ids) as string[];
    const stockOf = new Map((JSON.parse(found.stock) as repo.SkuStock[]).map((sku) => [sku[0], sku]));
    const stock = skuIds.map((skuId) => stockOf.get(skuId));
    // A sku deleted since the document was read: the view is built instead.
    if (stock.every((now): now is repo.SkuStock => now !== undefined)) texts.set(id, { id, text: filled(found.body, stock), skuIds });
  }
  const missing = ids.filter((id) => !texts.has(id));
  if (missing.length > 0) {
    for (const view of await productViews(db, await findProducts(db, missing))) {
      texts.set(view.id, { id: view.id, text: serializeProduct(asStorefrontSees(view, locale)), skuIds: view.skus.map((sku) => sku.id) });
    }
  }
  return ids.flatMap((id) => texts.get(id) ?? []);
}

/** The storefront's answer for a sku, from its document and its stock now; undefined when its document is not written yet. */
export function skuText(found: repo.StockedSkuDocument): string | undefined {
  return found.body === null ? undefined : filled(found.body, [[found.sku_id, found.in_stock, found.updated_at]]);
}
