import type { Readable } from 'node:stream';
import { claimJob, renewJobClaim } from '../../db/claim-job.js';
import type { DatabaseHandle, Tx } from '../../db/database.js';
import type { ImportRow } from '../../db/types.js';
import { isConstraintRace, isTransactionConflict } from '../../db/write-races.js';
import { unixNow } from '../../lib/clock.js';
import type { Ctx } from '../../lib/context.js';
import { CsvSyntaxError, readCsvWithHeader } from '../../lib/csv.js';
import { startPollingLoop } from '../../lib/polling-loop.js';
import { findStore } from '../store/stores.repo.js';
import { importImages, type FetchedImage, type ImageFetchSettings } from './image-fetch.js';
import { RowFault, saveImportedCustomer, saveImportedProduct, writeWhole } from './import-writes.js';
import * as repo from './imports.repo.js';
import { mapShopifyCustomer } from './shopify-customers.js';
import { groupRowsByHandle, mapShopifyProduct, withRefusedRows, type ImportedProduct, type RowError, type ShopifyRow } from './shopify-products.js';

export interface ImportRunnerSettings extends ImageFetchSettings {
  /** How long a worker holds a job before another may take it over; renewed as the job goes. */
  lockMs: number;
  /** Rows written per transaction (a product's rows are never split). */
  batchRows: number;
  log: { info(object: unknown, message: string): void; error(object: unknown, message: string): void };
}

export const DEFAULT_IMPORT_LOCK_MS = 60_000;
/**
 * Rows a batch writes in its transaction: small enough that a batch holds SQLite's one connection
 * (every request of the process waits for it) a fraction of a second, large enough that commits cost
 * little beside the rows.
 */
export const DEFAULT_IMPORT_BATCH_ROWS = 50;
/** A job that stopped this many times without finishing (a file that crashes the worker) fails. */
const MAX_ATTEMPTS = 5;
/** A batch chosen to give way in a deadlock is run again this many times. */
const BATCH_TRIES = 3;

/** The worker no longer holds the job: another took it over, and this one stops, writing nothing more. */
class ClaimLost extends Error {}

/** A unit of the file imported whole or not at all: a product's rows, or one customer's row. */
interface Unit {
  rows: ShopifyRow[];
}

/** What a unit became once mapped and its images fetched: something to write, and faults found. */
interface Prepared<T> {
  unit: Unit;
  item?: T;
  errors: RowError[];
}

/** The job a worker runs, and how long it holds it: renewed as it goes, lost if it fell behind. */
class HeldJob {
  private renewedAt = Date.now();

  constructor(readonly handle: DatabaseHandle, readonly job: ImportRow, public until: number, private readonly lockMs: number) {}

  /** Renews the claim once a third of it has passed. @throws ClaimLost. */
  async keep(): Promise<void> {
    if (Date.now() - this.renewedAt < this.lockMs / 3) return;
    const until = await renewJobClaim(this.handle, 'imports', this.job.id, this.until, this.lockMs);
    if (until === undefined) throw new ClaimLost();
    this.until = until;
    this.renewedAt = Date.now();
  }
}

async function* committedRowsSkipped(rows: AsyncIterable<ShopifyRow>, checkpoint: number): AsyncGenerator<ShopifyRow> {
  for await (const row of rows) if (row.row > checkpoint) yield row;
}

async function* customerUnits(rows: AsyncIterable<ShopifyRow>): AsyncGenerator<Unit> {
  for await (const row of rows) yield { rows: [row] };
}

/** The units of the file after the checkpoint, gathered into batches of about `batchRows` rows. */
async function* batches(units: AsyncIterable<Unit>, batchRows: number): AsyncGenerator<Unit[]> {
  let batch: Unit[] = [];
  let rows = 0;
  for await (const unit of units) {
    batch.push(unit);
    rows += unit.rows.length;
    if (rows >= batchRows) {
      yield batch;
      batch = [];
      rows = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

/** The image URLs of an imported product: its own, and its variants'. */
function imageSources(product: ImportedProduct): string[] {
  return [...(product.product.images ?? []).map((image) => image.url!), ...product.skus.flatMap(({ sku }) => (sku.image?.url ? [sku.image.url] : []))];
}

/** The faults of a product whose images could not all be had, on the rows naming them. */
function imageFaults(unit: Unit, fetched: Map<string, FetchedImage>): RowError[] {
  const faults: RowError[] = [];
  for (const row of unit.rows) {
    for (const column of ['Image Src', 'Variant Image']) {
      const result = fetched.get((row.values[column] ?? '').trim());
      if (result && 'error' in result) faults.push({ row: row.row, field: column, message: result.error });
    }
  }
  return faults;
}

/** Maps a batch of product rows and fetches their images, outside any transaction. */
async function prepareProducts(ctx: Ctx, units: Unit[], currency: string, settings: ImportRunnerSettings) {
  const mapped = units.map((unit) => ({ unit, ...mapShopifyProduct((unit.rows[0]!.values.Handle ?? '').trim(), unit.rows, { currency }) }));
  const fetched = await importImages(ctx, mapped.flatMap(({ product }) => (product ? imageSources(product) : [])), settings);
  const prepared = mapped.map(({ unit, product, errors }): Prepared<ImportedProduct> => {
    const faults = product ? imageFaults(unit, fetched) : [];
    if (faults.length > 0) return { unit, errors: withRefusedRows(unit.rows, faults) };
    return { unit, item: product, errors };
  });
  return { prepared, fileOf: (url: string) => (fetched.get(url) as { fileId: string }).fileId };
}

/**
 * Writes a batch in one transaction with the step that records it (checkpoint, counts, errors):
 * a crash keeps both or neither. Each unit is written whole or refused whole (writeWhole).
 * @throws ClaimLost when the job was taken over; the transaction is then rolled back.
 */
async function writeBatch<T>(
  held: HeldJob, prepared: Prepared<T>[], keyColumn: 'Handle' | 'Email', write: (tx: Tx, item: T, unit: Unit) => Promise<'created' | 'updated'>,
): Promise<void> {
  const units = prepared.map((p) => p.unit);
  const throughRow = units.at(-1)!.rows.at(-1)!.row;
  const rows = units.reduce((sum, unit) => sum + unit.rows.length, 0);
  for (let attempt = 1; ; attempt++) {
    await held.keep();
    try {
      await held.handle.db.transaction().execute(async (tx) => {
        const step = { throughRow, rows, created: 0, updated: 0, errors: [] as RowError[] };
        for (const { unit, item, errors } of prepared) {
          step.errors.push(...errors);
          if (item === undefined) continue;
          try {
            step[await writeWhole(tx, () => write(tx, item, unit))] += 1;
          } catch (error) {
            if (error instanceof RowFault) step.errors.push(...withRefusedRows(unit.rows, error.errors));
            // Still in conflict after its second try: that unit is left out, not the whole job.
            else if (isConstraintRace(error)) step.errors.push(...withRefusedRows(unit.rows, [{ row: unit.rows[0]!.row, field: keyColumn, message: 'conflicts with a concurrent change: import the file again' }]));
            else throw error;
          }
        }
        if (!(await repo.recordImportStep(tx, held.job.id, held.until, step))) throw new ClaimLost();
      });
      return;
    } catch (error) {
      if (attempt < BATCH_TRIES && isTransactionConflict(error)) continue;
      throw error;
    }
  }
}

/** The runner's log as services write to it (an object, then a message). */
function serviceLog(log: ImportRunnerSettings['log']): Ctx['log'] {
  const write = (object: unknown, message?: string) => log.error(object, message ?? '');
  return { info: ((object: unknown, message?: string) => log.info(object, message ?? '')) as Ctx['log']['info'], warn: write as Ctx['log']['warn'], error: write as Ctx['log']['error'] };
}

/** The stored file as a stream of bytes. */
async function openFile(settings: ImportRunnerSettings, job: ImportRow): Promise<Readable | null> {
  return settings.files.storage.read(job.storage_key);
}

/** The rows below the header, counted in a first pass that also proves the whole file is CSV. @throws CsvSyntaxError. */
async function countRows(held: HeldJob, source: Readable): Promise<number> {
  let count = 0;
  for await (const row of readCsvWithHeader(source)) {
    count = row.row - 1;
    if (count % 2_000 === 0) await held.keep();
  }
  return count;
}

/**
 * Claims the oldest due import (queued, or running with its worker gone) and runs it: counts the
 * rows (and fails it whole if the file is not CSV), then imports after its checkpoint in batches,
 * each in one transaction with its step; at the end the job succeeds and its file is removed.
 * `stopAfterBatches` (for tests) and `isStopping` (a process shutting down) stop after a batch and keep
 * the claim, as a worker that died would: the job is taken up again once the claim runs out.
 * Answers whether a job was claimed.
 */
export async function runNextImport(
  handle: DatabaseHandle, settings: ImportRunnerSettings, options: { stopAfterBatches?: number; isStopping?: () => boolean } = {},
): Promise<boolean> {
  const job = await claimJob(handle, 'imports', settings.lockMs);
  if (!job) return false;
  const held = new HeldJob(handle, job, job.locked_until!, settings.lockMs);
  const fail = (failure: string) => repo.finishImport(handle.db, job.id, held.until, { failure });
  try {
    if (job.attempts > MAX_ATTEMPTS) {
      await fail(`the import stopped ${MAX_ATTEMPTS} times without finishing; the rows up to row ${job.checkpoint_row} are imported`);
      return true;
    }
    let total = job.total_rows;
    if (total === null) {
      const source = await openFile(settings, job);
      if (!source) return (await fail('the uploaded file is no longer in the file storage'), true);
      total = await countRows(held, source);
      if (!(await repo.setImportTotal(handle.db, job.id, held.until, total))) throw new ClaimLost();
    }
    const source = await openFile(settings, job);
    if (!source) return (await fail('the uploaded file is no longer in the file storage'), true);
    const ctx: Ctx = { db: handle.db, dbKind: handle.kind, actor: { kind: 'system' }, now: unixNow, log: serviceLog(settings.log) };
    const rows = committedRowsSkipped(readCsvWithHeader(source), job.checkpoint_row);
    const currency = (await findStore(handle.db))?.currency ?? 'USD';
    const units = job.kind === 'products' ? groupRowsByHandle(rows) : customerUnits(rows);
    let done = 0;
    for await (const batch of batches(units, settings.batchRows)) {
      await held.keep();
      if (job.kind === 'products') {
        const { prepared, fileOf } = await prepareProducts(ctx, batch, currency, settings);
        await writeBatch(held, prepared, 'Handle', (tx, product) => saveImportedProduct(tx, unixNow(), product, fileOf));
      } else {
        const prepared = batch.map((unit) => {
          const { customer, errors } = mapShopifyCustomer(unit.rows[0]!);
          return { unit, item: customer, errors };
        });
        await writeBatch(held, prepared, 'Email', (tx, customer, unit) => saveImportedCustomer(tx, unixNow(), unit.rows[0]!.row, customer));
      }
      if (++done === options.stopAfterBatches || options.isStopping?.()) return true;
    }
    if (await repo.finishImport(handle.db, job.id, held.until, { failure: null, totalRows: total })) {
      await settings.files.storage.remove(job.storage_key).catch(() => undefined);
      settings.log.info({ import_id: job.id, rows: total }, `import ${job.id} finished`);
    }
    return true;
  } catch (error) {
    if (error instanceof ClaimLost) return true;
    if (error instanceof CsvSyntaxError) {
      await fail(`the file is not CSV: ${error.message}`);
      await settings.files.storage.remove(job.storage_key).catch(() => undefined);
      return true;
    }
    throw error;
  }
}

/**
 * Runs imports until stopped, one job at a time, looking for one every `pollMs` when none is due.
 * A job whose run throws (the database or the storage failing) keeps its claim until it runs out,
 * and is then taken up again from its checkpoint. `stop` waits for the batch under way; the job it
 * leaves is taken up again (here or by another worker) once its claim runs out.
 */
export function startImportRunner(handle: DatabaseHandle, settings: ImportRunnerSettings & { pollMs: number }): { stop(): Promise<void> } {
  let stopping = false;
  const loop = startPollingLoop(async () => ((await runNextImport(handle, settings, { isStopping: () => stopping })) ? 1 : 0), {
    batchSize: 1,
    pollMs: settings.pollMs,
    onError: (error) => settings.log.error({ err: error }, 'an import failed; it is taken up again once its claim runs out'),
  });
  return {
    stop: async () => {
      stopping = true;
      await loop.stop();
    },
  };
}
