import type { DatabaseHandle } from '../../db/database.js';
import { runNextJob, startJobLoop, type JobClaim } from '../../db/job-loop.js';
import type { ExportRow } from '../../db/types.js';
import { formatCsvRecord } from '../../lib/csv.js';
import type { FileStorage } from '../files/storage.js';
import { exportSources } from './export-sources.js';
import { finishExport, recordExportProgress } from './exports.repo.js';

/** A worker that dies holds its export this long before another starts it again. */
export const EXPORT_LOCK_MS = 60_000;
/** Records read at a time: a page of products with their skus stays a few hundred kilobytes. */
export const EXPORT_PAGE_SIZE = 200;
/** Started this many times and never finished (each start killed its worker): failed rather than tried forever. */
const MAX_ATTEMPTS = 3;

export interface ExportRunOptions {
  storage: FileStorage;
  pageSize?: number;
  log: { error(object: unknown, message: string): void };
}

/** The run ended because this worker may write no more (its claim was lost, or it is stopping). */
class ClaimEnded extends Error {}

/**
 * The key an attempt writes its CSV under in the file storage: a worker whose claim ran out while it
 * wrote never touches the file of the worker that took the job over.
 */
function attemptStorageKey(job: ExportRow): string {
  return `${job.id}.${job.attempts}.csv`;
}

/**
 * Writes an export's CSV to the file storage, a page of records at a time (keyset by id), so memory
 * stays bounded and `processed_rows` grows as it goes. An export is read-only, so a job taken over from
 * a worker that died starts again from the first record: nothing is resumed, nothing is written twice.
 * The file appears in the storage only once whole; the job then succeeds with it. A fault fails the
 * job with its reason; a lost claim leaves the job to the worker that took it.
 */
export async function runExport(handle: DatabaseHandle, job: ExportRow, claim: JobClaim, options: ExportRunOptions): Promise<void> {
  const { db } = handle;
  if (job.attempts > MAX_ATTEMPTS) {
    await finishExport(db, job.id, claim.heldUntil, { failure: `the export was interrupted ${job.attempts - 1} times without finishing` });
    return;
  }
  const source = exportSources[job.kind];
  const key = attemptStorageKey(job);
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  async function* csv(): AsyncGenerator<string> {
    const total = await source.count(db);
    if (!(await recordExportProgress(db, job.id, claim.heldUntil, { totalRows: total, processedRows: 0 }))) throw new ClaimEnded();
    yield formatCsvRecord(source.columns);
    let processed = 0;
    let after: string | null = null;
    for (;;) {
      const page = await source.page(db, after, pageSize);
      if (!page) break;
      yield page.rows.map(formatCsvRecord).join('');
      processed += page.records;
      after = page.lastId;
      if (!(await claim.keep()) || !(await recordExportProgress(db, job.id, claim.heldUntil, { processedRows: processed }))) throw new ClaimEnded();
    }
    // Records made while the job ran may be in the file too: the total is what was written.
    if (!(await recordExportProgress(db, job.id, claim.heldUntil, { totalRows: processed, processedRows: processed }))) throw new ClaimEnded();
  }
  try {
    await options.storage.putStream(key, csv(), 'text/csv; charset=utf-8');
  } catch (error) {
    if (error instanceof ClaimEnded) return;
    options.log.error({ err: error, export_id: job.id, storage: options.storage.description }, 'an export could not be written');
    await finishExport(db, job.id, claim.heldUntil, { failure: 'the file could not be written to the file storage (the server log says why)' });
    return;
  }
  // Another worker took the job over meanwhile: its own file will be the export's.
  if (!(await finishExport(db, job.id, claim.heldUntil, { storageKey: key }))) await options.storage.remove(key);
}

/** Claims the next due export and writes it; false when none was due (the tests' one step of the worker). */
export function runNextExport(handle: DatabaseHandle, options: ExportRunOptions & { lockMs?: number }): Promise<boolean> {
  return runNextJob(handle, 'exports', { lockMs: options.lockMs ?? EXPORT_LOCK_MS, run: (job, claim) => runExport(handle, job, claim, options) });
}

/** The worker's export loop: runs queued exports one after another until stopped. */
export function startExportLoop(handle: DatabaseHandle, options: ExportRunOptions & { pollMs: number }): { stop(): Promise<void> } {
  return startJobLoop(handle, 'exports', { lockMs: EXPORT_LOCK_MS, pollMs: options.pollMs, log: options.log, run: (job, claim) => runExport(handle, job, claim, options) });
}
