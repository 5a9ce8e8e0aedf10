import type { ImportRow } from '../../db/types.js';
import { CsvSyntaxError, readCsv } from '../../lib/csv.js';
import type { Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { Problem } from '../../lib/problem.js';
import type { FileStorage } from '../files/storage.js';
import * as repo from './imports.repo.js';
import type { importKinds } from './imports.schemas.js';
import { missingProductColumns } from './shopify-products.js';
import { missingCustomerColumns } from './shopify-customers.js';

export type ImportView = ReturnType<typeof importView>;

function importView(row: ImportRow, errors: Awaited<ReturnType<typeof repo.listImportErrors>>) {
  return {
    id: row.id,
    object: 'import' as const,
    kind: row.kind,
    status: row.status,
    filename: row.filename,
    total_rows: row.total_rows,
    processed_rows: row.processed_rows,
    created: row.created,
    updated: row.updated,
    error_count: row.error_count,
    errors,
    failure: row.failure,
    created_at: row.created_at,
    updated_at: row.updated_at,
    finished_at: row.finished_at,
  };
}

/** The header of a CSV file held whole, or the reason it has none. */
async function headerOf(bytes: Buffer): Promise<string[]> {
  async function* source() {
    yield bytes;
  }
  for await (const record of readCsv(source())) return record.cells.map((cell) => cell.trim());
  return [];
}

/**
 * Queues the import of an uploaded CSV file, kept in the file storage until the job ends. A file
 * that is empty, is not CSV at its header, or lacks a column the kind needs is refused here, before
 * any job: a merchant sees at once that it is the wrong file.
 * @throws Problem validation_failed (field `file`), unavailable (the storage failed).
 */
export async function queueImport(ctx: Ctx, storage: FileStorage, upload: { kind: (typeof importKinds)[number]; bytes: Buffer; filename: string }): Promise<ImportView> {
  if (upload.bytes.length === 0) throw Problem.invalid([{ field: 'file', code: 'empty', message: 'is empty' }]);
  let header: string[];
  try {
    header = await headerOf(upload.bytes);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw Problem.invalid([{ field: 'file', code: 'invalid_format', message: `is not a CSV file: ${error.message}` }]);
  }
  const missing = upload.kind === 'products' ? missingProductColumns(header) : missingCustomerColumns(header);
  if (missing.length > 0) {
    throw Problem.invalid([{ field: 'file', code: 'invalid_format', message: `lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of a Shopify ${upload.kind} export` }]);
  }
  const id = newId('imp');
  const storageKey = `${id}.csv`;
  try {
    await storage.put(storageKey, upload.bytes, 'text/csv');
  } catch (error) {
    ctx.log.error({ err: error, storage: storage.description }, 'the file storage refused an import file');
    throw new Problem('unavailable', 'The file storage is unavailable; retry the import later');
  }
  const row = await repo.insertImport(ctx.db, { id, kind: upload.kind, storageKey, filename: upload.filename, size: upload.bytes.length });
  return importView(row, []);
}

/** An import job with its progress and its first row errors. @throws Problem not_found. */
export async function getImport(ctx: Ctx, id: string): Promise<ImportView> {
  const row = await repo.findImport(ctx.db, id);
  if (!row) throw Problem.notFound('import', id);
  return importView(row, await repo.listImportErrors(ctx.db, id));
}
