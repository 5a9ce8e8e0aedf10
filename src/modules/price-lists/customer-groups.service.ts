import { announceChange } from '../../db/change-feed.js';
import type { Executor } from '../../db/database.js';
import type { CustomerGroupRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import type { CustomerGroupView, CustomerGroupWriteInput } from './customer-groups.schemas.js';
import * as repo from './customer-groups.repo.js';

async function groupViews(db: Executor, rows: CustomerGroupRow[]): Promise<CustomerGroupView[]> {
  const counts = await repo.memberCounts(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    object: 'customer_group',
    name: row.name,
    customer_count: counts.get(row.id) ?? 0,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }));
}

async function findOrFail(db: Executor, id: string): Promise<CustomerGroupRow> {
  const row = await repo.findGroup(db, id);
  if (!row) throw Problem.notFound('customer group', id);
  return row;
}

export async function listGroups(ctx: Ctx, page: PageRequest, url: string): Promise<Page<CustomerGroupView>> {
  const [rows, total] = await Promise.all([repo.listGroups(ctx.db, offsetOf(page), page.perPage), repo.countGroups(ctx.db)]);
  return toPage(await groupViews(ctx.db, rows), page, total, url);
}

/** @throws Problem not_found. */
export async function getGroup(ctx: Ctx, id: string): Promise<CustomerGroupView> {
  const [view] = await groupViews(ctx.db, [await findOrFail(ctx.db, id)]);
  return view!;
}

export async function createGroup(ctx: Ctx, input: CustomerGroupWriteInput): Promise<CustomerGroupView> {
  const now = ctx.now();
  const row: CustomerGroupRow = { id: newId('cgr'), name: input.name.trim(), created_at: now, updated_at: now };
  await repo.insertGroup(ctx.db, row);
  return { id: row.id, object: 'customer_group', name: row.name, customer_count: 0, created_at: now, updated_at: now };
}

/** @throws Problem not_found. */
export async function updateGroup(ctx: Ctx, id: string, input: CustomerGroupWriteInput): Promise<CustomerGroupView> {
  await findOrFail(ctx.db, id);
  await repo.updateGroup(ctx.db, id, { name: input.name.trim(), updated_at: ctx.now() });
  return getGroup(ctx, id);
}

/**
 * Deletes a group: its customers leave it and its price lists no longer name it, so its members stop
 * seeing those prices at once. @throws Problem not_found.
 */
export async function deleteGroup(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    if (!(await repo.deleteGroup(tx, id))) throw Problem.notFound('customer group', id);
    await announceChange(tx);
  });
}

/**
 * The group ids a write names, without repeats; an unknown one is an error on `<field>[i]`.
 */
export async function checkGroupIds(db: Executor, ids: string[], field: string, errors: FieldErrors): Promise<string[]> {
  const existing = await repo.existingGroupIds(db, ids);
  ids.forEach((id, i) => {
    if (!existing.has(id)) errors.add(`${field}[${i}]`, 'not_found', 'names no customer group');
  });
  return [...new Set(ids)];
}
