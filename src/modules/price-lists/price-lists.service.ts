import { announceChange } from '../../db/change-feed.js';
import type { Executor } from '../../db/database.js';
import type { PriceListPriceRow, PriceListRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { boolFlag } from '../../lib/flags.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { keptMarkets } from '../markets/market-views.js';
import { findStore } from '../store/stores.repo.js';
import { checkGroupIds } from './customer-groups.service.js';
import type { PriceListCreateInput, PriceListUpdateInput, PriceListView } from './price-lists.schemas.js';
import * as repo from './price-lists.repo.js';

type ListPrice = Omit<PriceListPriceRow, 'price_list_id'>;

async function priceListViews(db: Executor, rows: PriceListRow[]): Promise<PriceListView[]> {
  const ids = rows.map((row) => row.id);
  const [groups, prices] = await Promise.all([repo.groupsOfLists(db, ids), repo.pricesOfLists(db, ids)]);
  return rows.map((row) => ({
    id: row.id,
    object: 'price_list',
    name: row.name,
    customer_group_ids: groups.get(row.id) ?? [],
    prices: (prices.get(row.id) ?? []).map((p) => ({ sku_id: p.sku_id, currency: p.currency, price: p.price })),
    starts_at: row.starts_at === null ? null : Number(row.starts_at),
    ends_at: row.ends_at === null ? null : Number(row.ends_at),
    is_active: row.is_active === 1,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  }));
}

async function findOrFail(db: Executor, id: string): Promise<PriceListRow> {
  const row = await repo.findPriceList(db, id);
  if (!row) throw Problem.notFound('price list', id);
  return row;
}

export async function listPriceLists(ctx: Ctx, page: PageRequest, url: string): Promise<Page<PriceListView>> {
  const [rows, total] = await Promise.all([repo.listPriceLists(ctx.db, offsetOf(page), page.perPage), repo.countPriceLists(ctx.db)]);
  return toPage(await priceListViews(ctx.db, rows), page, total, url);
}

/** @throws Problem not_found. */
export async function getPriceList(ctx: Ctx, id: string): Promise<PriceListView> {
  const [view] = await priceListViews(ctx.db, [await findOrFail(ctx.db, id)]);
  return view!;
}

/**
 * The prices a write sends, checked: each names a sku, a currency the store sells in (its own, kept as
 * null, or a market's), and no sku twice in one currency.
 */
async function checkPrices(db: Executor, input: NonNullable<PriceListCreateInput['prices']>, errors: FieldErrors): Promise<ListPrice[]> {
  const [skus, markets, store] = await Promise.all([
    repo.existingSkuIds(db, input.map((p) => p.sku_id)), keptMarkets.get(db), findStore(db),
  ]);
  const storeCurrency = store?.currency ?? 'USD';
  const sold = new Set([storeCurrency, ...markets.map((m) => m.currency)]);
  const seen = new Set<string>();
  return input.map((p, i) => {
    const code = p.currency == null ? storeCurrency : p.currency.trim().toUpperCase();
    if (!skus.has(p.sku_id)) errors.add(`prices[${i}][sku_id]`, 'not_found', 'names no sku');
    if (!sold.has(code)) errors.add(`prices[${i}][currency]`, 'invalid_value', "is neither the store's currency nor a market's");
    const key = `${p.sku_id} ${code}`;
    if (seen.has(key)) errors.add(`prices[${i}]`, 'duplicate', `repeats the price of ${p.sku_id} in ${code}`);
    seen.add(key);
    return { sku_id: p.sku_id, currency: code === storeCurrency ? null : code, price: p.price };
  });
}

function checkSchedule(row: Pick<PriceListRow, 'starts_at' | 'ends_at'>, errors: FieldErrors): void {
  if (row.starts_at !== null && row.ends_at !== null && row.ends_at <= row.starts_at) errors.add('ends_at', 'invalid_value', 'must be after starts_at');
}

/**
 * Creates a price list with its groups and prices.
 * @throws Problem validation_failed: an unknown group or sku, a currency the store does not sell in,
 * a sku priced twice in one currency, ends_at not after starts_at.
 */
export async function createPriceList(ctx: Ctx, input: PriceListCreateInput): Promise<PriceListView> {
  const now = ctx.now();
  const row: PriceListRow = {
    id: newId('prl'),
    name: input.name.trim(),
    starts_at: input.starts_at ?? null,
    ends_at: input.ends_at ?? null,
    is_active: boolFlag(input.is_active ?? true),
    created_at: now,
    updated_at: now,
  };
  return ctx.db.transaction().execute(async (tx) => {
    const errors = new FieldErrors();
    const groupIds = await checkGroupIds(tx, input.customer_group_ids ?? [], 'customer_group_ids', errors);
    const prices = await checkPrices(tx, input.prices ?? [], errors);
    checkSchedule(row, errors);
    errors.throwIfAny();
    await repo.insertPriceList(tx, row);
    await repo.setGroupsOfList(tx, row.id, groupIds);
    await repo.setPricesOfList(tx, row.id, prices);
    await announceChange(tx);
    return (await priceListViews(tx, [row]))[0]!;
  });
}

/**
 * Changes a price list; members left out keep their value, lists given replace the current ones.
 * @throws Problem not_found; validation_failed as createPriceList.
 */
export async function updatePriceList(ctx: Ctx, id: string, input: PriceListUpdateInput): Promise<PriceListView> {
  return ctx.db.transaction().execute(async (tx) => {
    const current = await findOrFail(tx, id);
    const errors = new FieldErrors();
    const groupIds = input.customer_group_ids && await checkGroupIds(tx, input.customer_group_ids, 'customer_group_ids', errors);
    const prices = input.prices && await checkPrices(tx, input.prices, errors);
    const changes: Partial<PriceListRow> = { updated_at: ctx.now() };
    if (input.name !== undefined) changes.name = input.name.trim();
    if (input.starts_at !== undefined) changes.starts_at = input.starts_at;
    if (input.ends_at !== undefined) changes.ends_at = input.ends_at;
    if (input.is_active !== undefined) changes.is_active = boolFlag(input.is_active);
    const after = { ...current, ...changes };
    checkSchedule(after, errors);
    errors.throwIfAny();
    await repo.updatePriceList(tx, id, changes);
    if (groupIds) await repo.setGroupsOfList(tx, id, groupIds);
    if (prices) await repo.setPricesOfList(tx, id, prices);
    await announceChange(tx);
    return (await priceListViews(tx, [after]))[0]!;
  });
}

/** Deletes a price list with its groups and prices. @throws Problem not_found. */
export async function deletePriceList(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    if (!(await repo.deletePriceList(tx, id))) throw Problem.notFound('price list', id);
    await announceChange(tx);
  });
}
