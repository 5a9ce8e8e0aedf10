import type { Readable } from 'node:stream';
import type { ExportRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { Problem } from '../../lib/problem.js';
import { roleAllows } from '../access/roles.js';
import type { FileStorage } from '../files/storage.js';
import * as repo from './exports.repo.js';
import { exportKinds, type ExportKind } from './exports.schemas.js';

export type ExportView = ReturnType<typeof exportView>;

/** The records each kind writes, by the object whose read action a credential needs to see them. */
const objectOfKind: Record<ExportKind, string> = { products: 'product', customers: 'customer', orders: 'order' };

/** `products_export_2026-11-29.csv`: the kind and the day the export was asked for. */
function filenameOf(row: ExportRow): string {
  return `${row.kind}_export_${new Date(row.created_at * 1000).toISOString().slice(0, 10)}.csv`;
}

function exportView(row: ExportRow) {
  return {
    id: row.id,
    object: 'export' as const,
    kind: row.kind,
    status: row.status,
    total_rows: row.total_rows,
    processed_rows: row.processed_rows,
    filename: filenameOf(row),
    url: row.status === 'succeeded' ? `/v1/exports/${row.id}/file` : null,
    failure: row.failure,
    created_at: row.created_at,
    updated_at: row.updated_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

/** Whether the request's staff credential may read the records of an export of `kind`. */
function mayRead(ctx: Ctx, kind: ExportKind): boolean {
  return ctx.actor.kind === 'admin' && roleAllows(ctx.actor.role, `${objectOfKind[kind]}.read`);
}

function assertMayRead(ctx: Ctx, kind: ExportKind): void {
  if (ctx.actor.kind === 'admin' && !mayRead(ctx, kind)) {
    throw new Problem('forbidden', `The ${ctx.actor.role.replace('_', '-')} role may not read ${kind}: it may not export them`);
  }
}

/**
 * Queues an export of every product, customer or placed order; the worker writes its CSV. A
 * credential exports only what its role reads (a fulfillment user exports orders and customers, not products).
 * @throws Problem forbidden.
 */
export async function queueExport(ctx: Ctx, kind: ExportKind): Promise<ExportView> {
  assertMayRead(ctx, kind);
  return exportView(await repo.insertExport(ctx.db, kind));
}

async function readableExport(ctx: Ctx, id: string): Promise<ExportRow> {
  const row = await repo.findExport(ctx.db, id);
  if (!row) throw Problem.notFound('export', id);
  assertMayRead(ctx, row.kind);
  return row;
}

/** An export job with its progress. @throws Problem not_found, forbidden (a kind the role does not read). */
export async function getExport(ctx: Ctx, id: string): Promise<ExportView> {
  return exportView(await readableExport(ctx, id));
}

/** The exports of the kinds the credential reads, newest first. */
export async function listExports(ctx: Ctx, page: PageRequest, url: string): Promise<Page<ExportView>> {
  const kinds = exportKinds.filter((kind) => mayRead(ctx, kind));
  const [rows, total] = await Promise.all([repo.listExports(ctx.db, kinds, offsetOf(page), page.perPage), repo.countExports(ctx.db, kinds)]);
  return toPage(rows.map(exportView), page, total, url);
}

/**
 * The CSV of a finished export, streamed from the file storage, and the name to save it under.
 * @throws Problem not_found, forbidden, invalid_state (not written yet, or failed), unavailable (the storage failed).
 */
export async function openExportFile(ctx: Ctx, storage: FileStorage, id: string): Promise<{ filename: string; bytes: Readable }> {
  const row = await readableExport(ctx, id);
  if (row.status !== 'succeeded' || row.storage_key === null) {
    throw new Problem('invalid_state', row.status === 'failed' ? `Export ${id} failed: it has no file` : `Export ${id} is ${row.status}: its file is not written yet`);
  }
  let bytes: Readable | null;
  try {
    bytes = await storage.read(row.storage_key);
  } catch (error) {
    ctx.log.error({ err: error, storage: storage.description }, 'the file storage could not read an export');
    throw new Problem('unavailable', 'The file storage is unavailable; retry the download later');
  }
  if (!bytes) {
    ctx.log.error({ storage_key: row.storage_key }, 'the file of an export is missing from the storage');
    throw new Problem('not_found', `The file of export ${id} is no longer in the file storage: export again`);
  }
  return { filename: filenameOf(row), bytes };
}
