import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/database.js';
import { readCsvWithHeader } from '../../../src/lib/csv.js';
import { runNextExport } from '../../../src/modules/exports/export-runner.js';
import { runNextImport } from '../../../src/modules/imports/import-runner.js';
import { pngOfSize } from '../../helpers/files.js';
import { filePart, kindPart, sendImport } from '../../helpers/imports.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

// The promise to a merchant leaving Shopify: their product and customer exports import into a
// new store, and the store's exports give the same rows back. Cells the store cannot keep are named
// below, with the reason; every other cell must come back as the file had it.

const fixtureText = (name: string) => readFileSync(new URL(`../../fixtures/shopify/${name}`, import.meta.url), 'utf8');
const SHOPIFY_CDN = 'https://cdn.shopify.com/s/files/1/0612/3456/7890/products/';
const quiet = { info: () => {}, error: () => {} };

/** Columns whose cells are the store's own after a move, not the file's. */
const NOT_CARRIED = {
  // Images are fetched and kept as the store's files, so their address is the store's.
  products: ['Image Src', 'Variant Image'],
  // Shopify's own id, and totals the new store counts from its own orders.
  customers: ['Customer ID', 'Total Spent', 'Total Orders'],
} as const;

let images: Server;
let imageBase: string;
beforeAll(async () => {
  let served = 0;
  images = createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(pngOfSize(300 + ++served)));
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => images.close(() => resolve())));

async function rowsOf(csv: string): Promise<Record<string, string>[]> {
  async function* text() {
    yield csv;
  }
  const rows = [];
  for await (const row of readCsvWithHeader(text())) rows.push(row.values);
  return rows;
}

const handleOf = (t: TestContext) => ({ db: t.db, kind: t.kind }) as DatabaseHandle;

async function imported(t: TestContext, kind: 'products' | 'customers', csv: string) {
  const queued = await sendImport(t, [kindPart(kind), filePart(csv, `${kind}_export_1.csv`)]);
  expect(queued.status, queued.text).toBe(201);
  const settings = { files: t.files, allowPrivate: true, timeoutMs: 5_000, lockMs: 60_000, batchRows: 4, log: quiet };
  while (await runNextImport(handleOf(t), settings));
  return (await t.admin.get(`/v1/imports/${queued.body.data.id}`)).body.data;
}

async function exported(t: TestContext, kind: 'products' | 'customers'): Promise<string> {
  const asked = await t.admin.post('/v1/exports', { kind });
  expect(asked.status, asked.text).toBe(202);
  while (await runNextExport(handleOf(t), { storage: t.files.storage, log: quiet }));
  const done = (await t.admin.get(`/v1/exports/${asked.body.data.id}`)).body.data;
  expect(done.status).toBe('succeeded');
  return (await t.admin.get(done.url)).text;
}

/** The rows without the cells the store does not carry over. */
function carried(rows: Record<string, string>[], leftOut: readonly string[]) {
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !leftOut.includes(column))));
}

describeEachDatabase('a Shopify store moved in and exported back', (t) => {
  it('exports the imported product file as the same rows, images kept as the store\'s own files', async () => {
    const file = fixtureText('products.csv').replaceAll(SHOPIFY_CDN, imageBase);
    const job = await imported(t, 'products', file);
    expect(job).toMatchObject({ status: 'succeeded', errors: [] });

    const original = await rowsOf(file);
    const handles = new Set(original.map((row) => row.Handle));
    const back = (await rowsOf(await exported(t, 'products'))).filter((row) => handles.has(row.Handle!));
    expect(carried(back, NOT_CARRIED.products)).toEqual(carried(original, NOT_CARRIED.products));
    // Each image comes back in its place, now served by the store.
    expect(back.map((row) => row['Image Src'] === '')).toEqual(original.map((row) => row['Image Src'] === ''));
    for (const row of back.filter((r) => r['Image Src'] !== '')) expect(row['Image Src']).not.toContain(imageBase);
  });

  it('exports the imported customer file as the same rows', async () => {
    const file = fixtureText('customers.csv');
    const job = await imported(t, 'customers', file);
    expect(job).toMatchObject({ status: 'succeeded' });

    const original = await rowsOf(file);
    const emails = new Set(original.map((row) => row.Email!.toLowerCase()));
    const back = (await rowsOf(await exported(t, 'customers'))).filter((row) => emails.has(row.Email!.toLowerCase()));
    expect(carried(back, NOT_CARRIED.customers)).toEqual(carried(original, NOT_CARRIED.customers));
  });
});
