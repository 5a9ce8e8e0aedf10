/**
 * A store in a database of the run's own PostgreSQL (reliability/embedded-pg.ts), shaped as the
 * harness's `Store` (reliability/harness.ts) so the checks of reliability/store-checks.ts apply: a
 * bench data set (bench/dataset.ts generateDataset: known keys, a US shipping rate, the `test`
 * gateway, flow skus with plenty of stock), the first `scarce` flow skus given `stock` units each
 * (told at a low threshold, so placements record `sku.low_stock` too).
 *
 * Plus what the scale-out run asks of the orders beyond the invariants, on its own line.
 */
import { generateDataset } from '../bench/dataset.js';
import { onStop } from '../bench/servers.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import type { ReliabilityPostgres } from './embedded-pg.js';
import type { Store } from './harness.js';

export async function preparePgStore(postgres: ReliabilityPostgres, name: string, options: { products: number; scarce: number; stock: number }): Promise<Store> {
  await postgres.createDatabase(name);
  const url = postgres.urlOf(name);
  const dataset = await generateDataset({ url, products: options.products });
  if (dataset.flowSkuIds.length < options.scarce + 3) {
    throw new Error(`the data set has ${dataset.flowSkuIds.length} flow skus; ${options.scarce} scarce ones need ${options.scarce + 3}`);
  }
  // The run's own connections (two at most): setting up, then the checks.
  const database = openDatabase(url, { poolSize: 2 });
  onStop(() => database.close());
  const scarceSkuIds = dataset.flowSkuIds.slice(0, options.scarce);
  if (scarceSkuIds.length > 0) {
    await database.db.updateTable('skus')
      .set({ in_stock: options.stock, low_threshold: Math.max(1, Math.floor(options.stock / 3)), is_notify: 1 })
      .where('id', 'in', scarceSkuIds)
      .execute();
  }
  return { kind: 'postgres', url, dataset, plentySkuIds: dataset.flowSkuIds.slice(options.scarce), scarceSkuIds, database };
}

/** Order numbers held by more than one order (`NUMBER × n`). */
export async function duplicateOrderNumbers(handle: DatabaseHandle): Promise<string[]> {
  const rows = await handle.db
    .selectFrom('orders')
    .select(['number', (eb) => eb.fn.countAll<number>().as('n')])
    .where('number', 'is not', null)
    .groupBy('number')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  return rows.map((row) => `${row.number} × ${row.n}`);
}

/** Orders that were given a number (placed at some point). */
export async function numberedOrders(handle: DatabaseHandle): Promise<number> {
  const row = await handle.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('number', 'is not', null).executeTakeFirstOrThrow();
  return Number(row.n);
}
