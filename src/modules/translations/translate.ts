import type { Executor } from '../../db/database.js';
import type { Market } from '../markets/market-context.js';
import { keptMarkets } from '../markets/market-views.js';
import { findStore } from '../store/stores.repo.js';
import { fieldsInLocale, matchAcceptLanguage, type Translations } from './translations.js';

// Reads in a locale (DESIGN.md §10): which locale a request asks for, and records' views with their
// text fields in it. Views are never changed in place: they may be kept for the next caller
// (kept-product-views.ts), staff among them.

/** The store's language: the records' own text is in it. */
export async function baseLocale(db: Executor): Promise<string> {
  return (await findStore(db))?.lang ?? 'en';
}

/** The store's locales: its language, then every active market's locales (the markets kept as the store row is). */
export async function storeLocales(db: Executor): Promise<string[]> {
  const markets = (await keptMarkets.get(db)).filter((market) => market.is_active === 1);
  return [...new Set([await baseLocale(db), ...markets.flatMap((market) => JSON.parse(market.locales) as string[])])];
}

export interface LocaleRequest {
  /** The `locale` query parameter: taken as it is. */
  locale?: string | null | undefined;
  /** The `Accept-Language` header: matched against the store's locales (matchAcceptLanguage). */
  acceptLanguage?: string | null | undefined;
  /** The market the request named: its default locale when no locale is asked for. */
  market?: Market | null | undefined;
}

/**
 * The locale a read answers in: the `locale` asked for; else the store's locale `Accept-Language`
 * matches; else the default locale of the market named (not of the primary market); else null, the
 * records' own text.
 */
export async function resolveLocale(db: Executor, request: LocaleRequest): Promise<string | null> {
  if (request.locale) return request.locale;
  if (request.acceptLanguage) {
    const matched = matchAcceptLanguage(request.acceptLanguage, await storeLocales(db));
    if (matched) return matched;
  }
  if (request.market && request.market.id !== null) return request.market.locales[0] ?? null;
  return null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && value.constructor === Object;

/** A record's view: an object naming its `object`, holding its translations. */
type RecordView = Record<string, unknown> & { object: string; translations: Translations };

const isRecordView = (value: Record<string, unknown>): value is RecordView =>
  typeof value.object === 'string' && isPlainObject(value.translations);

/** Members of a record that are not records nor hold any. */
const OPAQUE = new Set(['metadata', 'private_metadata', 'translations', 'options']);

export interface Localization {
  /** The locale to answer in; null keeps the records' own text. */
  locale: string | null;
  /** Keep `translations` in records left in their own text (staff); a storefront never sees them. */
  keepTranslations: boolean;
  /** The translations of the products of skus shown without their product: their names are made of the product's. */
  productTranslations?: ReadonlyMap<string, Translations>;
}

/** `Hat - Red / L` in a locale: the product's name there and the sku's option values. */
function skuNameIn(productName: string, values: unknown): string {
  return Array.isArray(values) && values.length > 0 ? `${productName} - ${values.join(' / ')}` : productName;
}

/** A record's view in the locale: each translated field in place of its own, `locale` added, `translations` dropped. */
function inLocale(record: RecordView, locale: string, product: Translations | undefined): Record<string, unknown> {
  const fields = fieldsInLocale(record.translations, locale);
  const copy: Record<string, unknown> = { ...record, locale };
  delete copy.translations;
  for (const [field, text] of Object.entries(fields)) {
    if (Object.hasOwn(copy, field) && (typeof copy[field] === 'string' || copy[field] === null)) copy[field] = text;
  }
  if (record.object === 'sku' && fields.name === undefined && product) {
    const productName = fieldsInLocale(product, locale).name;
    if (productName !== undefined) copy.name = skuNameIn(productName, record.modifiers);
  }
  return copy;
}

function localize(value: unknown, how: Localization, product: Translations | undefined): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const done = localize(item, how, product);
      if (done !== item) (copy ??= [...value])[i] = done;
    });
    return copy ?? value;
  }
  if (!isPlainObject(value)) return value;
  const isRecord = isRecordView(value);
  // A product's skus take their names from it; a sku shown alone, from the translations loaded for it.
  const owner = isRecord && value.object === 'product' ? value.translations : product;
  let copy: Record<string, unknown> | undefined;
  for (const [key, member] of Object.entries(value)) {
    if (isRecord && OPAQUE.has(key)) continue;
    const done = localize(member, how, owner);
    if (done !== member) (copy ??= { ...value })[key] = done;
  }
  if (!isRecord) return copy ?? value;
  const current = (copy ?? value) as RecordView;
  if (how.locale !== null) {
    const skuProduct = value.object === 'sku' ? product ?? how.productTranslations?.get(String(value.product_id)) : undefined;
    return inLocale(current, how.locale, skuProduct);
  }
  if (how.keepTranslations) return current;
  const stripped: Record<string, unknown> = { ...current };
  delete stripped.translations;
  return stripped;
}

/**
 * `value` (an answer, a view, a list of them) with every record in it, at any depth, answered as
 * `how` says: in a locale (translated fields in place, falling back field by field to the record's
 * own text; `locale` added; `translations` dropped), or in its own text with or without
 * `translations`. What needs no change is returned as it is; what does is copied.
 */
export function localizeRecords<T>(value: T, how: Localization): T {
  return localize(value, how, undefined) as T;
}

/** A product's view (its skus with it) in `locale`, for a storefront: carts show their items' products so. */
export function translateProductView<T extends { translations: Translations }>(view: T, locale: string | null): T {
  return localizeRecords(view, { locale, keepTranslations: false });
}

/**
 * The name of a shipping rate (a rate view, or its row with the `translations` text) in `locale`:
 * its translated name, that of the locale's language, or its own. For the rates a checkout offers.
 */
export function translateRateName(rate: { name: string; translations: Translations | string }, locale: string | null): string {
  if (locale === null) return rate.name;
  const translations = typeof rate.translations === 'string' ? JSON.parse(rate.translations) as Translations : rate.translations;
  return fieldsInLocale(translations, locale).name ?? rate.name;
}

/** The products in `value` with their translations, and the products of skus shown without them. */
function productsShown(value: unknown, found: { products: Map<string, Translations>; ofLoneSkus: Set<string> }, inProduct: boolean): void {
  if (Array.isArray(value)) {
    for (const item of value) productsShown(item, found, inProduct);
    return;
  }
  if (!isPlainObject(value)) return;
  const isRecord = isRecordView(value);
  if (isRecord && value.object === 'product' && typeof value.id === 'string') found.products.set(value.id, value.translations);
  if (isRecord && value.object === 'sku' && !inProduct && typeof value.product_id === 'string') found.ofLoneSkus.add(value.product_id);
  for (const [key, member] of Object.entries(value)) {
    if (!(isRecord && OPAQUE.has(key))) productsShown(member, found, inProduct || (isRecord && value.object === 'product'));
  }
}

/**
 * The translations of the products whose skus `value` shows without them (a sku list; a cart item's
 * sku beside its product), for localizeRecords: those shown in `value`, the others read.
 */
export async function productTranslationsFor(db: Executor, value: unknown): Promise<Map<string, Translations>> {
  const found = { products: new Map<string, Translations>(), ofLoneSkus: new Set<string>() };
  productsShown(value, found, false);
  const missing = [...found.ofLoneSkus].filter((id) => !found.products.has(id));
  if (missing.length === 0) return found.products;
  const rows = await db.selectFrom('products').select(['id', 'translations']).where('id', 'in', missing).execute();
  for (const row of rows) found.products.set(row.id, JSON.parse(row.translations) as Translations);
  return found.products;
}

/**
 * `value` (an answer holding records: a cart with its items' products and skus) in `locale`, as a
 * storefront is shown it: translated fields in place, skus named after their product's translated
 * name, no `translations` left. Null keeps the records' own text.
 */
export async function translateAnswer<T>(db: Executor, value: T, locale: string | null): Promise<T> {
  const productTranslations = locale === null ? undefined : await productTranslationsFor(db, value);
  return localizeRecords(value, { locale, keepTranslations: false, productTranslations });
}
