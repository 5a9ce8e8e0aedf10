/**
 * `npm run bench:import`: how fast the import runner imports a Shopify product export, and in how
 * much memory.
 *
 * 1. Writes a Shopify product CSV of `--rows` rows (100,000) to bench/.data/: products of four
 *    variants (Size S/M/L/XL), the first row of each with a title, an HTML body of about 600
 *    characters, a vendor of 20 and three tags; no images (their fetching would measure the image
 *    server). Written as a stream, never held whole.
 * 2. A fresh database (a SQLite file, or with `--db postgres` a database of the bench's embedded
 *    PostgreSQL), migrated, with a store; the file put in a local file storage and a job queued
 *    (insertImport), as `POST /v1/imports` would.
 * 3. Runs the job in this process with the worker's runner (runNextImport, its default batch size),
 *    sampling the process's RSS every 100 ms. Prints rows per second (from the claim to the job's
 *    end, the counting pass included), the job's counts, and the peak RSS beside the RSS before.
 *
 * The run fails unless the job succeeds with every product created and no row error.
 */
import { once } from 'node:events';
import { copyFileSync, createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureStore } from '../src/bootstrap.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { formatCsvRecord } from '../src/lib/csv.js';
import { LocalStorage } from '../src/modules/files/local-storage.js';
import { DEFAULT_IMPORT_BATCH_ROWS, DEFAULT_IMPORT_LOCK_MS, runNextImport } from '../src/modules/imports/import-runner.js';
import { findImport, insertImport } from '../src/modules/imports/imports.repo.js';
import { SHOPIFY_PRODUCT_COLUMNS } from '../src/modules/imports/shopify-products.js';
import { DATA_DIR } from './dataset.js';
import { startPostgres } from './postgres.js';

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, db: { type: 'string', default: 'sqlite' } } });
const ROWS = Number(args.rows);
const SIZES = ['S', 'M', 'L', 'XL'];
const VENDORS = Array.from({ length: 20 }, (_, i) => `Maker ${i + 1}`);
const TAGS = ['linen', 'summer', 'winter', 'cotton', 'wool', 'sale', 'new', 'bestseller', 'gift', 'kids'];
const BODY = `<p>${'Cut from stonewashed European linen, it breathes on the hottest days. '.repeat(7)}</p><ul><li>100% linen</li><li>Mother-of-pearl buttons</li></ul>`;

/** The generated export, one product every four rows. */
async function writeExport(path: string): Promise<void> {
  const out = createWriteStream(path);
  const write = async (cells: readonly string[]) => {
    if (!out.write(formatCsvRecord(cells))) await once(out, 'drain');
  };
  await write(SHOPIFY_PRODUCT_COLUMNS);
  const at = (name: (typeof SHOPIFY_PRODUCT_COLUMNS)[number]) => SHOPIFY_PRODUCT_COLUMNS.indexOf(name);
  for (let row = 0; row < ROWS; row++) {
    const product = Math.floor(row / SIZES.length);
    const size = SIZES[row % SIZES.length]!;
    const cells: string[] = SHOPIFY_PRODUCT_COLUMNS.map(() => '');
    cells[at('Handle')] = `bench-shirt-${product}`;
    if (size === 'S') {
      cells[at('Title')] = `Bench Shirt ${product}`;
      cells[at('Body (HTML)')] = BODY;
      cells[at('Vendor')] = VENDORS[product % VENDORS.length]!;
      cells[at('Tags')] = [0, 3, 7].map((k) => TAGS[(product + k) % TAGS.length]).join(', ');
      cells[at('Published')] = 'TRUE';
      cells[at('Option1 Name')] = 'Size';
      cells[at('Status')] = 'active';
    }
    cells[at('Option1 Value')] = size;
    cells[at('Variant SKU')] = `BS-${product}-${size}`;
    cells[at('Variant Grams')] = String(200 + SIZES.indexOf(size) * 15);
    cells[at('Variant Inventory Tracker')] = 'shopify';
    cells[at('Variant Inventory Qty')] = String((product * 7 + row) % 50);
    cells[at('Variant Inventory Policy')] = 'deny';
    cells[at('Variant Price')] = `${40 + (product % 60)}.00`;
    cells[at('Variant Requires Shipping')] = 'TRUE';
    cells[at('Variant Taxable')] = 'TRUE';
    cells[at('Variant Weight Unit')] = 'kg';
    await write(cells);
  }
  out.end();
  await once(out, 'finish');
}

async function openBenchDatabase(dir: string): Promise<{ handle: DatabaseHandle; stop(): Promise<void> }> {
  if (args.db === 'postgres') {
    const cluster = await startPostgres((text) => console.log(text));
    await cluster.recreate('bench_import');
    const handle = openDatabase(cluster.urlOf('bench_import'));
    return { handle, stop: () => cluster.stop() };
  }
  const handle = openDatabase(`sqlite:${join(dir, 'import.db')}`);
  return { handle, stop: async () => {} };
}

async function main(): Promise<void> {
  const dir = join(DATA_DIR, 'import');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'files'), { recursive: true });
  const csv = join(dir, 'products_export.csv');
  const writing = Date.now();
  await writeExport(csv);
  console.log(`wrote ${ROWS} rows in ${((Date.now() - writing) / 1000).toFixed(1)} s`);

  const { handle, stop } = await openBenchDatabase(dir);
  await migrateToLatest(handle.db);
  await ensureStore(handle.db, {});
  const storage = new LocalStorage(join(dir, 'files'));
  copyFileSync(csv, join(dir, 'files', 'imp_bench.csv'));
  const job = await insertImport(handle.db, { kind: 'products', storageKey: 'imp_bench.csv', filename: 'products_export.csv', size: 0 });

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const started = Date.now();
  const log = { info: () => {}, error: (object: unknown, message: string) => console.error(message, object) };
  await runNextImport(handle, {
    files: { storage, maxBytes: 20 * 1024 * 1024, types: ['image/*'], inline: ['image/*'], baseUrl: 'http://localhost/files' },
    allowPrivate: false, timeoutMs: 30_000, lockMs: DEFAULT_IMPORT_LOCK_MS, batchRows: DEFAULT_IMPORT_BATCH_ROWS, log,
  });
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  const done = (await findImport(handle.db, job.id))!;
  await handle.close();
  await stop();
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(JSON.stringify({ status: done.status, total_rows: done.total_rows, processed_rows: done.processed_rows, created: done.created, error_count: done.error_count }));
  console.log(`${args.db}: ${ROWS} rows (${ROWS / SIZES.length} products) in ${seconds.toFixed(1)} s: ${Math.round(ROWS / seconds)} rows/s; RSS ${mb(rssBefore)} before, peak ${mb(peak)}`);
  if (done.status !== 'succeeded' || done.created !== ROWS / SIZES.length || done.error_count !== 0) process.exitCode = 1;
}

await main();
