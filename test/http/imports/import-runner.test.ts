import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/database.js';
import { readCsvWithHeader } from '../../../src/lib/csv.js';
import { runNextImport, type ImportRunnerSettings } from '../../../src/modules/imports/import-runner.js';
import { expectProblem } from '../../helpers/expect.js';
import { pngOfSize } from '../../helpers/files.js';
import { filePart, kindPart, sendImport } from '../../helpers/imports.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

// The import runner through the API: a Shopify export uploaded, run by the worker's runner, and read
// back through the API; again without duplicates; bad rows, bad files, concurrent jobs and a worker
// that died half-way.

const fixture = readFileSync(new URL('../../fixtures/shopify/products.csv', import.meta.url), 'utf8');
const customersCsv = readFileSync(new URL('../../fixtures/shopify/customers.csv', import.meta.url));
const SHOPIFY_CDN = 'https://cdn.shopify.com/s/files/1/0612/3456/7890/products/';
const quiet = { info: () => {}, error: () => {} };

/** Serves a distinct PNG at every path but /missing…, as Shopify's CDN would serve the export's images. */
let images: Server;
let imageBase: string;
const served: string[] = [];
beforeAll(async () => {
  images = createServer((request, response) => {
    served.push(request.url!);
    if (request.url!.startsWith('/missing')) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'image/jpeg' }).end(pngOfSize(200 + served.length));
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => images.close(() => resolve())));

/** The product fixture with its images on the local server. */
const productsCsv = () => fixture.replaceAll(SHOPIFY_CDN, imageBase);

function settingsOf(t: TestContext, changes: Partial<ImportRunnerSettings> = {}): ImportRunnerSettings {
  return { files: t.files, allowPrivate: true, timeoutMs: 5_000, lockMs: 60_000, batchRows: 3, log: quiet, ...changes };
}

const handleOf = (t: TestContext) => ({ db: t.db, kind: t.kind }) as DatabaseHandle;

async function queue(t: TestContext, kind: string, body: string | Buffer, filename = 'export.csv'): Promise<string> {
  const res = await sendImport(t, [kindPart(kind), filePart(body, filename)]);
  expect(res.status, res.text).toBe(201);
  return res.body.data.id;
}

/** Runs every due import to its end, as the worker does. */
async function runAll(t: TestContext, changes: Partial<ImportRunnerSettings> = {}): Promise<void> {
  while (await runNextImport(handleOf(t), settingsOf(t, changes)));
}

async function job(t: TestContext, id: string) {
  const res = await t.admin.get(`/v1/imports/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function rows(csv: string) {
  const found = [];
  async function* text() {
    yield csv;
  }
  for await (const row of readCsvWithHeader(text())) found.push(row.values);
  return found;
}

const countOf = async (t: TestContext, table: 'products' | 'skus' | 'customers' | 'files', where?: [string, string]) => {
  let query = t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (where) query = query.where(where[0] as never, '=', where[1] as never);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

describeEachDatabase('import runner', (t) => {
  it('imports the Shopify product export whole: products, variants, prices, stock, weights and images read back as in the file', async () => {
    const id = await queue(t, 'products', productsCsv());
    await runAll(t);
    const done = await job(t, id);
    expect(done).toMatchObject({ status: 'succeeded', total_rows: 11, processed_rows: 11, created: 5, updated: 0, error_count: 0, errors: [], failure: null });

    const file = await rows(fixture);
    for (const handle of new Set(file.map((row) => row.Handle))) {
      const own = file.filter((row) => row.Handle === handle);
      const first = own[0]!;
      const res = await t.admin.get(`/v1/products/${handle}`);
      expect(res.status, res.text).toBe(200);
      const product = res.body.data;
      expect(product).toMatchObject({
        name: first.Title, description: first['Body (HTML)'], vendor: { name: first.Vendor },
        is_active: first.Status === 'active' && first.Published === 'TRUE',
      });
      expect(product.tags.map((tag: { title: string }) => tag.title).sort()).toEqual(first.Tags!.split(',').map((tag) => tag.trim()).filter(Boolean).sort());
      expect(product.images.map((image: { file_id: string }) => image.file_id)).toEqual(
        own.filter((row) => row['Image Src'] !== '').map(() => expect.stringMatching(/^fil_/)),
      );
      const names = [1, 2, 3].map((n) => first[`Option${n} Name`]!).filter((name) => name !== '' && name !== 'Title');
      expect(product.modifiers).toEqual(names);
      const variants = own.filter((row) => row['Variant Price'] !== '');
      expect(product.skus).toHaveLength(variants.length);
      for (const variant of variants) {
        const options = Object.fromEntries(names.map((name, n) => [name, variant[`Option${n + 1} Value`]]));
        const sku = product.skus.find((s: any) => (variant['Variant SKU'] ? s.code === variant['Variant SKU'] : JSON.stringify(s.options) === JSON.stringify(options)));
        expect(sku, `${handle} ${variant['Variant SKU']}`).toMatchObject({
          options,
          price: Math.round(Number(variant['Variant Price']) * 100),
          compared_price: variant['Variant Compare At Price'] ? Math.round(Number(variant['Variant Compare At Price']) * 100) : null,
          stock_policy: variant['Variant Inventory Tracker'] ? 'overall' : 'none',
          in_stock: variant['Variant Inventory Tracker'] ? Number(variant['Variant Inventory Qty']) : null,
          is_backorderable: variant['Variant Inventory Policy'] === 'continue',
          weight_unit: ({ g: 'gr', kg: 'kg', lb: 'lb', oz: 'oz' } as Record<string, string>)[variant['Variant Weight Unit']!],
        });
        expect(Math.abs(sku.weight_source - Number(variant['Variant Grams']))).toBeLessThanOrEqual(1);
      }
    }
    // Eight distinct image URLs (a variant's image among them), each fetched and kept once; the job's
    // own file is gone once it ended.
    expect(await countOf(t, 'files')).toBe(8);
    expect(await t.files.storage.read(`${id}.csv`)).toBeNull();
  });

  it('updates, never duplicates, when the same file is imported again, reusing the images already fetched', async () => {
    const [products, skus, files] = [await countOf(t, 'products'), await countOf(t, 'skus'), await countOf(t, 'files')];
    const fetched = served.length;
    const changed = productsCsv().replace('MLN-SHIRT-S-WHT,220,shopify,14,deny,manual,89.00', 'MLN-SHIRT-S-WHT,220,shopify,3,deny,manual,79.00');
    const id = await queue(t, 'products', changed);
    await runAll(t);
    expect(await job(t, id)).toMatchObject({ status: 'succeeded', created: 0, updated: 5, error_count: 0 });
    expect([await countOf(t, 'products'), await countOf(t, 'skus'), await countOf(t, 'files')]).toEqual([products, skus, files]);
    expect(served.length).toBe(fetched);
    const shirt = (await t.admin.get('/v1/products/classic-linen-shirt')).body.data;
    expect(shirt.skus.find((s: any) => s.code === 'MLN-SHIRT-S-WHT')).toMatchObject({ price: 7900, in_stock: 3 });
    // The kept read models moved with it, as after an API write: the storefront's listing shows the new price.
    const listed = (await t.storefront.get('/v1/products/classic-linen-shirt')).body.data;
    expect(listed.skus.find((s: any) => s.code === 'MLN-SHIRT-S-WHT').price).toBe(7900);
  });

  it('imports the customer export, refusing a row whose address the API would refuse, and again without duplicates', async () => {
    const id = await queue(t, 'customers', customersCsv, 'customers_export.csv');
    await runAll(t);
    // The API asks a French address for its region, as it does at checkout; Shopify's export has none.
    const refused = { row: 2, field: 'Default Address Province Code', message: 'is required for FR (see GET /v1/countries/FR/states)' };
    expect(await job(t, id)).toMatchObject({ status: 'succeeded', total_rows: 4, processed_rows: 4, created: 3, updated: 0, errors: [refused] });
    const found = (await t.admin.get('/v1/customers?email=JAMES.OCONNOR%2Bshop@example.org')).body.data;
    expect(found).toEqual([expect.objectContaining({
      email: 'JAMES.OCONNOR+shop@Example.org', first_name: 'James', last_name: "O'Connor", is_newsletterable: false, tags: ['wholesale'],
      notes: 'Wholesale account, net 30. Invoice to "accounts@oconnor.example".',
    })]);
    const fixed = customersCsv.toString().replace(',Paris,,FR,', ',Paris,FR-75C,FR,');
    const again = await queue(t, 'customers', fixed, 'customers_export.csv');
    await runAll(t);
    expect(await job(t, again)).toMatchObject({ status: 'succeeded', created: 1, updated: 3, errors: [] });
    expect(await countOf(t, 'customers')).toBe(4);
    const amelie = (await t.admin.get('/v1/customers?email=amelie.durand@example.com')).body.data[0];
    expect(amelie).toMatchObject({
      first_name: 'Amélie', last_name: 'Durand', is_newsletterable: true, tags: ['VIP', 'newsletter'],
      notes: 'Prefers delivery after 6 pm.\nAllergic to wool — never send samples.',
    });
    const addresses = (await t.admin.get(`/v1/customers/${found[0].id}/addresses`)).body.data;
    expect(addresses).toEqual([expect.objectContaining({ address1: '500 Market Street', postcode: '94105', state_code: 'CA', country_code: 'US', is_primary: true })]);
  });

  it('refuses a product with a bad variant whole, names each row and column, and imports the rest', async () => {
    const csv = [
      'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty,Image Src',
      'bad-tee,Bad Tee,Size,S,BT-S,10.00,1,',
      'bad-tee,,,M,BT-M,ten,1,',
      'good-cap,Good Cap,Title,Default Title,GC-1,12.00,2,',
      `lost-image,Lost Image,Title,Default Title,LI-1,5.00,1,${imageBase}missing.png`,
    ].join('\n');
    const id = await queue(t, 'products', csv);
    await runAll(t);
    expect(await job(t, id)).toMatchObject({
      status: 'succeeded', total_rows: 4, processed_rows: 4, created: 1, error_count: 3,
      errors: [
        { row: 2, field: 'Handle', message: 'is not imported: row 3 of this product has errors' },
        { row: 3, field: 'Variant Price', message: 'must be an amount such as 19.99' },
        { row: 5, field: 'Image Src', message: 'could not be fetched: the server answered 404' },
      ],
    });
    expectProblem(await t.admin.get('/v1/products/bad-tee'), 404, 'not_found');
    expectProblem(await t.admin.get('/v1/products/lost-image'), 404, 'not_found');
    expect((await t.admin.get('/v1/products/good-cap')).body.data.skus).toEqual([expect.objectContaining({ code: 'GC-1', price: 1200 })]);
  });

  it('refuses images on private addresses unless they are allowed, as webhooks are', async () => {
    const id = await queue(t, 'products', `Handle,Title,Variant Price,Image Src\ninside,Inside,1.00,${imageBase}inside.png\n`);
    await runAll(t, { allowPrivate: false });
    expect((await job(t, id)).errors).toEqual([{ row: 2, field: 'Image Src', message: 'resolves to a private, loopback or link-local address' }]);
    expect(served).not.toContain('/inside.png');
  });

  it("imports an image whose address holds a % that is no escape, naming the file as written", async () => {
    const id = await queue(t, 'products', `Handle,Title,Variant Price,Image Src\nhalf-off,Half off,1.00,${imageBase}50%off.png\n`);
    await runAll(t);
    expect(await job(t, id)).toMatchObject({ status: 'succeeded', created: 1, error_count: 0 });
    const product = (await t.admin.get('/v1/products/half-off')).body.data;
    expect(product.images).toHaveLength(1);
    expect(served).toContain('/50%off.png');
  });

  it('imports formula-like cells as the plain text they are', async () => {
    const formula = "=cmd|' /C calc'!A0";
    const id = await queue(t, 'products', `Handle,Title,Body (HTML),Tags,Variant Price\nformula,"${formula}",+SUM(A1:A2),@risk,1.00\n`);
    await runAll(t);
    expect(await job(t, id)).toMatchObject({ status: 'succeeded', created: 1, error_count: 0 });
    const product = (await t.admin.get('/v1/products/formula')).body.data;
    expect(product).toMatchObject({ name: formula, description: '+SUM(A1:A2)', tags: [expect.objectContaining({ title: '@risk' })] });
    const customer = await queue(t, 'customers', `Email,First Name,Last Name\nformula@example.com,"${formula}",-2+3\n`);
    await runAll(t);
    expect(await job(t, customer)).toMatchObject({ status: 'succeeded', created: 1 });
    expect((await t.admin.get('/v1/customers?email=formula@example.com')).body.data[0]).toMatchObject({ first_name: formula, last_name: '-2+3' });
  });

  it('fails a file that turns out not to be CSV whole, naming the row, before importing any of it', async () => {
    const csv = `Handle,Title,Variant Price\nfirst-ok,First,1.00\nsecond,"Second,2.00\nthird,Third,3.00\n`;
    const id = await queue(t, 'products', csv);
    await runAll(t);
    expect(await job(t, id)).toMatchObject({ status: 'failed', failure: 'the file is not CSV: row 3: a quoted field is never closed', processed_rows: 0, created: 0 });
    expectProblem(await t.admin.get('/v1/products/first-ok'), 404, 'not_found');
  });

  it('refuses a 50 MB file with 413 before queuing it', async () => {
    const row = `big,Big,${'x'.repeat(1000)}\n`;
    const big = Buffer.from(`Handle,Title,Body (HTML)\n${row.repeat(50_000)}`);
    const before = await t.db.selectFrom('imports').select('id').execute();
    expectProblem(await sendImport(t, [kindPart('products'), filePart(big)]), 413, 'payload_too_large');
    expect(await t.db.selectFrom('imports').select('id').execute()).toEqual(before);
  });

  it('ends two concurrent imports of the same new file with each product and sku once', async () => {
    const csv = productsCsv().replace(/^([a-z-]+),/gm, (_whole, handle: string) => `race-${handle},`).replace(/MLN-|CUO-|ARG-/g, (prefix) => `R${prefix}`);
    const ids = [await queue(t, 'products', csv), await queue(t, 'products', csv)];
    const handle = handleOf(t);
    await Promise.all([runNextImport(handle, settingsOf(t, { batchRows: 2 })), runNextImport(handle, settingsOf(t, { batchRows: 2 }))]);
    const jobs = [await job(t, ids[0]!), await job(t, ids[1]!)];
    expect(jobs.map((j) => j.status)).toEqual(['succeeded', 'succeeded']);
    expect(jobs.map((j) => j.error_count)).toEqual([0, 0]);
    expect(jobs[0].created + jobs[1].created).toBe(5);
    expect(jobs[0].updated + jobs[1].updated).toBe(5);
    const made = await t.db.selectFrom('products').select('id').where('permalink', 'like', 'race-%').execute();
    expect(made).toHaveLength(5);
    const skus = await t.db.selectFrom('skus').select('id').where('product_id', 'in', made.map((p) => p.id)).execute();
    expect(skus).toHaveLength(10);
  });

  it('resumes a job whose worker died after a batch, from its checkpoint, with the right counts and no duplicates', async () => {
    const csv = productsCsv().replace(/^([a-z-]+),/gm, (_whole, handle: string) => `resume-${handle},`).replace(/MLN-|CUO-|ARG-/g, (prefix) => `S${prefix}`);
    const id = await queue(t, 'products', csv);
    // The first worker takes the job, writes one batch and is heard of no more.
    expect(await runNextImport(handleOf(t), settingsOf(t, { batchRows: 5 }), { stopAfterBatches: 1 })).toBe(true);
    const midway = await job(t, id);
    expect(midway).toMatchObject({ status: 'running', total_rows: 11, processed_rows: 5, created: 1 });
    // While its claim lasts no one else takes the job.
    expect(await runNextImport(handleOf(t), settingsOf(t))).toBe(false);
    // Its claim runs out.
    await t.db.updateTable('imports').set({ locked_until: Date.now() - 1 }).where('id', '=', id).execute();
    await runAll(t);
    expect(await job(t, id)).toMatchObject({ status: 'succeeded', total_rows: 11, processed_rows: 11, created: 5, updated: 0, error_count: 0 });
    expect(await t.db.selectFrom('imports').select('attempts').where('id', '=', id).executeTakeFirst()).toEqual({ attempts: 2 });
    const made = await t.db.selectFrom('products').select('id').where('permalink', 'like', 'resume-%').execute();
    expect(made).toHaveLength(5);
    expect(await t.db.selectFrom('skus').select('id').where('product_id', 'in', made.map((p) => p.id)).execute()).toHaveLength(10);
  });
});
