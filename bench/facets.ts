/**
 * The facets' cost beside the same listing without them, in one process, statement time only (no
 * HTTP, no cache): each listing of the benchmark catalogue's collection and of the whole catalogue,
 * staff's and a storefront's, unfiltered and under the filters a shop's sidebar sends, timed
 * without facets, with them as they are answered (the kept counts where they answer), and with them
 * counted one by one (countFacets, the path every listing took before the kept counts).
 *
 *   npx tsx bench/facets.ts [--products 100000] [--fresh] [--runs 20]
 *   npx tsx bench/facets.ts --file bench/.data/bench-100000-0-0.db [--runs 20]
 *
 * Without `--file`, on the benchmark's SQLite data set of `--products` products and no orders
 * (bench/bench-data.ts: made when missing, anew with `--fresh`). Works on a copy of the file
 * (migrated to the latest, which fills the kept counts), so the data set is left as it is. Prints a
 * Markdown table of medians.
 */
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { CatalogFilter } from '../src/modules/catalog/catalog-filters.js';
import { countFacets, countProductFacets, productFacetSource } from '../src/modules/catalog/facets.repo.js';
import { facetNames } from '../src/modules/catalog/facets.schemas.js';
import { listProductIds, type ProductScope } from '../src/modules/catalog/products.repo.js';
import { prepareData } from './bench-data.js';

/** The file of the benchmark's SQLite data set of `products` products and no orders, made when missing (anew when `fresh`). */
async function benchFile(products: number, fresh: boolean): Promise<string> {
  const data = await prepareData({ db: 'sqlite', products, orders: 0, events: 0 }, { fresh, log: (text) => console.error(text) });
  return data.url.replace(/^sqlite:/, '');
}

const { values } = parseArgs({
  options: { file: { type: 'string' }, products: { type: 'string' }, fresh: { type: 'boolean', default: false }, runs: { type: 'string' } },
});
if (values.file && (values.fresh || values.products)) throw new Error('--file names a data set: --products and --fresh make one');
const runs = Number(values.runs ?? 20);
const source = values.file ?? await benchFile(Number(values.products ?? 100_000), values.fresh);
const { collectionId, products } = JSON.parse(readFileSync(`${source}.json`, 'utf8')) as { collectionId: string; products: number };
const file = '/tmp/storefront-bench-facets.db';
for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
copyFileSync(source, file);

const database = openDatabase(`sqlite:${file}`);
const db = database.db;
let started = performance.now();
await migrateToLatest(db);
const migrated = performance.now() - started;
const now = Math.floor(Date.now() / 1000);
const vendor = (await db.selectFrom('vendors').select('name').orderBy('name').executeTakeFirstOrThrow()).name;
const names = [...facetNames];

const staff: CatalogFilter = {};
const shop: CatalogFilter = { active: true, published: true };
const cases: Array<[string, ProductScope, CatalogFilter]> = [
  ['collection, staff', { kind: 'members', collectionId }, staff],
  ['collection, storefront', { kind: 'members', collectionId }, shop],
  ['catalogue, storefront', { kind: 'all' }, shop],
  [`collection, storefront, vendor=${vendor}`, { kind: 'members', collectionId }, { ...shop, vendors: [vendor] }],
  ['collection, storefront, options[Size]=M', { kind: 'members', collectionId }, { ...shop, options: { Size: ['M'] } }],
  [`collection, storefront, Size=M and vendor`, { kind: 'members', collectionId }, { ...shop, options: { Size: ['M'] }, vendors: [vendor] }],
  ['collection, storefront, q=kettle', { kind: 'members', collectionId }, { ...shop, q: 'kettle' }],
];

async function median(work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

const ms = (value: number) => value.toFixed(value < 10 ? 2 : 0);
// A file made before migration 049 has its kept counts filled here; one made by bench-data.ts has them already.
console.log(`${products} products; migrated to the latest in ${Math.round(migrated)} ms; medians of ${runs} runs`);
console.log('');
console.log('| listing (page of 20, created order) | without facets (ms) | with facets (ms) | ratio | counted one by one (ms) | ratio |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const [title, scope, filter] of cases) {
  const page = () => listProductIds(db, scope, filter, 'created-ascending', now, 0, 20);
  const without = await median(page);
  const answered = await median(() => Promise.all([page(), countProductFacets(db, scope, filter, now, names)]));
  const counted = await median(() => Promise.all([page(), countFacets(db, productFacetSource(db, scope, now), filter, names)]));
  console.log(`| ${title} | ${ms(without)} | ${ms(answered)} | ${(answered / without).toFixed(1)}× | ${ms(counted)} | ${(counted / without).toFixed(1)}× |`);
}
await database.close();
for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
