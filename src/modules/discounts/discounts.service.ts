import type { Executor } from '../../db/database.js';
import type { DiscountRow } from '../../db/types.js';
import { lockForMetadataMerge } from '../../db/metadata-queries.js';
import type { Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { metadataChanges, metadataView, newMetadata, NO_METADATA } from '../../lib/metadata.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { recordEvent } from '../events/record-event.js';
import { codeKey } from './discount-pricing.js';
import * as repo from './discounts.repo.js';
import type { DiscountCreateInput, DiscountListFilter, DiscountUpdateInput, DiscountView } from './discounts.schemas.js';

export function discountView(row: DiscountRow): DiscountView {
  return {
    id: row.id,
    object: 'discount',
    code: row.code,
    title: row.title,
    kind: row.kind,
    value: row.value,
    applies_to: { kind: row.applies_to_kind, ids: JSON.parse(row.applies_to_ids) as string[] },
    minimum_subtotal: row.minimum_subtotal,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    usage_limit: row.usage_limit,
    usage_limit_per_customer: row.usage_limit_per_customer,
    is_active: row.is_active === 1,
    times_used: row.times_used,
    ...metadataView(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const scopeTables = { collections: 'collections', products: 'products', skus: 'skus' } as const;

/** The row a create or update would save, every rule of it checked; `errors` collects what is wrong. */
async function checkedRow(db: Executor, row: DiscountRow, errors: FieldErrors): Promise<void> {
  if (row.kind === 'percentage' && (row.value < 1 || row.value > 10_000)) {
    errors.add('value', 'invalid_value', 'is basis points from 1 to 10000 for a percentage (1000 is 10 %)');
  } else if (row.kind === 'fixed_amount' && row.value < 1) {
    errors.add('value', 'invalid_value', 'is the cents taken off, at least 1, for a fixed_amount');
  } else if (row.kind === 'free_shipping' && row.value !== 0) {
    errors.add('value', 'invalid_value', 'takes no value for free_shipping: leave it out');
  }
  if (row.starts_at !== null && row.ends_at !== null && row.ends_at <= row.starts_at) {
    errors.add('ends_at', 'invalid_value', 'must be after starts_at');
  }
  const ids = JSON.parse(row.applies_to_ids) as string[];
  if (row.applies_to_kind === 'all') {
    if (ids.length > 0) errors.add('applies_to[ids]', 'invalid_value', 'must be empty when applies_to[kind] is all');
  } else if (ids.length === 0) {
    errors.add('applies_to[ids]', 'required', `names at least one of the ${row.applies_to_kind} the discount applies to`);
  } else {
    const found = await repo.existingIds(db, scopeTables[row.applies_to_kind], ids);
    ids.forEach((id, i) => {
      if (!found.has(id)) errors.add(`applies_to[ids][${i}]`, 'not_found', `names no ${row.applies_to_kind.slice(0, -1)}`);
    });
  }
}

function takenProblem(): Problem {
  return Problem.invalid([{ field: 'code', code: 'taken', message: 'is already the code of another discount (codes compare without case)' }]);
}

/** The columns a write sets from its members; members left out are not in the result. */
function columnsOf(input: DiscountUpdateInput): Partial<DiscountRow> {
  const changes: Partial<DiscountRow> = {};
  if (input.code !== undefined) {
    changes.code = input.code === null ? null : input.code.trim();
    changes.code_key = input.code === null ? null : codeKey(input.code);
  }
  if (input.title !== undefined) changes.title = input.title.trim();
  if (input.kind !== undefined) changes.kind = input.kind;
  if (input.value !== undefined) changes.value = input.value;
  if (input.applies_to !== undefined) {
    changes.applies_to_kind = input.applies_to.kind;
    changes.applies_to_ids = JSON.stringify([...new Set(input.applies_to.ids ?? [])]);
  }
  for (const name of ['minimum_subtotal', 'starts_at', 'ends_at', 'usage_limit', 'usage_limit_per_customer'] as const) {
    if (input[name] !== undefined) changes[name] = input[name];
  }
  if (input.is_active !== undefined) changes.is_active = input.is_active ? 1 : 0;
  return changes;
}

/** Discounts by creation, filtered by words of the code or title, activity and kind. */
export async function listDiscounts(ctx: Ctx, filter: DiscountListFilter, page: PageRequest, url: string): Promise<Page<DiscountView>> {
  const [rows, total] = await Promise.all([
    repo.listDiscounts(ctx.db, filter, offsetOf(page), page.perPage),
    repo.countDiscounts(ctx.db, filter),
  ]);
  return toPage(rows.map(discountView), page, total, url);
}

async function findOrFail(db: Executor, id: string): Promise<DiscountRow> {
  const row = await repo.findDiscount(db, id);
  if (!row) throw Problem.notFound('discount', id);
  return row;
}

/** @throws Problem not_found. */
export async function getDiscount(ctx: Ctx, id: string): Promise<DiscountView> {
  return discountView(await findOrFail(ctx.db, id));
}

/**
 * Creates a discount (a code, or automatic without one) and records discount.created.
 * @throws Problem validation_failed: value out of its kind's range, ends_at not after starts_at,
 * applies_to ids that name nothing, a code already taken (code `taken`).
 */
export async function createDiscount(ctx: Ctx, input: DiscountCreateInput): Promise<DiscountView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const row: DiscountRow = {
      id: newId('dsc'),
      code: null,
      code_key: null,
      title: '',
      kind: input.kind,
      value: input.kind === 'free_shipping' ? 0 : -1,
      applies_to_kind: 'all',
      applies_to_ids: '[]',
      minimum_subtotal: null,
      starts_at: null,
      ends_at: null,
      usage_limit: null,
      usage_limit_per_customer: null,
      is_active: 1,
      times_used: 0,
      created_at: now,
      updated_at: now,
      ...columnsOf(input),
      ...NO_METADATA,
    };
    const errors = new FieldErrors();
    Object.assign(row, newMetadata(input, errors));
    if (input.value === undefined && input.kind !== 'free_shipping') errors.add('value', 'required', 'is required for a percentage or a fixed_amount');
    else await checkedRow(tx, row, errors);
    errors.throwIfAny();
    if (!(await repo.insertDiscount(tx, row))) throw takenProblem();
    const view = discountView(row);
    await recordEvent(tx, now, 'discount.created', view);
    return view;
  });
}

/**
 * Changes a discount; members left out keep their value, and the result is checked as on create.
 * times_used is the server's. Records discount.updated.
 * @throws Problem not_found; validation_failed as createDiscount.
 */
export async function updateDiscount(ctx: Ctx, id: string, input: DiscountUpdateInput): Promise<DiscountView> {
  return ctx.db.transaction().execute(async (tx) => {
    await lockForMetadataMerge(tx, 'discounts', id, input);
    const current = await findOrFail(tx, id);
    const errors = new FieldErrors();
    const changes: Partial<DiscountRow> = { ...columnsOf(input), ...metadataChanges(input, current, errors), updated_at: ctx.now() };
    // A discount changed to free shipping has no value to keep.
    if (input.kind === 'free_shipping' && input.value === undefined) changes.value = 0;
    const row = { ...current, ...changes };
    await checkedRow(tx, row, errors);
    errors.throwIfAny();
    if (row.code_key !== null && row.code_key !== current.code_key) {
      const holder = await repo.findDiscountByCode(tx, row.code_key);
      // A concurrent write that takes the code after this read fails on the unique index (409).
      if (holder && holder.id !== id) throw takenProblem();
    }
    await repo.updateDiscount(tx, id, changes);
    const view = discountView(row);
    await recordEvent(tx, ctx.now(), 'discount.updated', view);
    return view;
  });
}

/**
 * Deletes a discount and records discount.deleted. Orders that used it keep what it took off.
 * @throws Problem not_found.
 */
export async function deleteDiscount(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const row = await findOrFail(tx, id);
    await repo.deleteDiscount(tx, id);
    await recordEvent(tx, ctx.now(), 'discount.deleted', discountView(row));
  });
}
