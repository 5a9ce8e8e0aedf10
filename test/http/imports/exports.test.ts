import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { claimJob } from '../../../src/db/claim-job.js';
import type { DatabaseHandle } from '../../../src/db/database.js';
import { readCsv, readCsvWithHeader } from '../../../src/lib/csv.js';
import { runNextExport } from '../../../src/modules/exports/export-runner.js';
import { SHOPIFY_ORDER_COLUMNS } from '../../../src/modules/exports/shopify-order-rows.js';
import type { FileStorage } from '../../../src/modules/files/storage.js';
import { SHOPIFY_CUSTOMER_COLUMNS } from '../../../src/modules/imports/shopify-customers.js';
import { groupRowsByHandle, mapShopifyProduct, SHOPIFY_PRODUCT_COLUMNS } from '../../../src/modules/imports/shopify-products.js';
import { catalogFactories } from '../../helpers/catalog.js';
import { ADDRESS, placedOrder } from '../../helpers/checkout.js';
import { newEmail } from '../../helpers/customers.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { staffMember } from '../../helpers/staff.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

const fixture = readFileSync(new URL('../../fixtures/shopify/products.csv', import.meta.url), 'utf8');
const quiet = { error: () => {} };

async function* textOf(csv: string) {
  yield csv;
}

/** The records of a CSV text, header first, read by the project's own reader. */
async function recordsOf(csv: string): Promise<string[][]> {
  const records = [];
  for await (const record of readCsv(textOf(csv))) records.push(record.cells);
  return records;
}

/** The rows of a CSV text below its header, as column → cell. */
async function rowsOf(csv: string): Promise<Record<string, string>[]> {
  const rows = [];
  for await (const row of readCsvWithHeader(textOf(csv))) rows.push(row.values);
  return rows;
}

const handleOf = (t: TestContext) => ({ db: t.db, kind: t.kind }) as DatabaseHandle;

/** Runs the worker's export step until no export is due, as its loop would. */
async function runExports(t: TestContext, storage: FileStorage = t.files.storage, pageSize?: number) {
  while (await runNextExport(handleOf(t), { storage, log: quiet, pageSize }));
}

/** Asks for an export, lets the worker write it, and downloads it with the admin key: its CSV text. */
async function exported(t: TestContext, kind: string): Promise<{ id: string; csv: string }> {
  const asked = await t.admin.post('/v1/exports', { kind });
  expect(asked.status, asked.text).toBe(202);
  await runExports(t);
  const done = await t.admin.get(`/v1/exports/${asked.body.data.id}`);
  expect(done.body.data).toMatchObject({ status: 'succeeded', url: `/v1/exports/${asked.body.data.id}/file`, failure: null });
  const file = await t.admin.get(done.body.data.url);
  expect(file.status, file.text).toBe(200);
  expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(file.headers['content-disposition']).toBe(`attachment; filename=${kind}_export_${new Date().toISOString().slice(0, 10)}.csv`);
  return { id: asked.body.data.id, csv: file.text };
}

/** Makes the fixture's products through the API, as a merchant would by hand: product, default sku, further skus. */
async function createFixtureProducts(t: TestContext): Promise<string[]> {
  const handles: string[] = [];
  for await (const group of groupRowsByHandle(readCsvWithHeader(textOf(fixture)))) {
    const mapped = mapShopifyProduct(group.handle, group.rows, { currency: 'USD' });
    expect(mapped.errors).toEqual([]);
    const { product, skus } = mapped.product!;
    const created = await t.admin.post('/v1/products', product);
    expect(created.status, created.text).toBe(201);
    const [first, ...others] = skus;
    const updated = await t.admin.post(`/v1/skus/${created.body.data.sku_id}`, first!.sku);
    expect(updated.status, updated.text).toBe(200);
    for (const { sku } of others) {
      const made = await t.admin.post('/v1/skus', { ...sku, product_id: created.body.data.id });
      expect(made.status, made.text).toBe(201);
    }
    handles.push(group.handle);
  }
  return handles;
}

describeEachDatabase('exports', (t) => {
  const { createProduct, createSku } = catalogFactories(t);

  it('queues an export with 202 and reads it back, queued, without a url', async () => {
    const res = await t.admin.post('/v1/exports', { kind: 'customers' });
    expect(res.status, res.text).toBe(202);
    expect(res.body.data).toMatchObject({
      object: 'export', kind: 'customers', status: 'queued', total_rows: null, processed_rows: 0, url: null, failure: null, started_at: null, finished_at: null,
    });
    expect(res.body.data.id).toMatch(/^exp_[0-9a-z]{26}$/);
    const read = await t.admin.get(`/v1/exports/${res.body.data.id}`);
    expect(read.body.data).toEqual(res.body.data);
    expectProblem(await t.admin.get(`/v1/exports/${res.body.data.id}/file`), 409, 'invalid_state');
    await runExports(t);
  });

  it('refuses an unknown or missing kind with 422 naming kind', async () => {
    expectInvalid(await t.admin.post('/v1/exports', { kind: 'gift_cards' }), 'kind');
    expectInvalid(await t.admin.post('/v1/exports', {}), 'kind');
  });

  it("writes every product in Shopify's product columns, its variants and images on rows of their own", async () => {
    const vendor = `Vendor ${uniqueWord()}`;
    const shirt = await createProduct({
      name: 'Linen Shirt', description: '<p>Soft, "washed" linen</p>', vendor, tags: ['summer', 'linen'], modifiers: ['Size'],
      images: [{ url: 'https://cdn.example.com/shirt-front.jpg' }, { url: 'https://cdn.example.com/shirt-back.jpg' }, { url: 'https://cdn.example.com/shirt-side.jpg' }],
    });
    await t.admin.post(`/v1/skus/${shirt.sku_id}`, { code: `S-${uniqueWord()}`, price: 8900, compared_price: 11000, modifiers: { Size: 'S' }, stock_policy: 'overall', in_stock: 4 });
    const medium = await createSku({ product_id: shirt.id, code: `M-${uniqueWord()}`, price: 9500, modifiers: { Size: 'M' } });
    const { csv } = await exported(t, 'products');

    expect((await recordsOf(csv))[0]).toEqual([...SHOPIFY_PRODUCT_COLUMNS]);
    const rows = (await rowsOf(csv)).filter((row) => row.Handle === shirt.permalink);
    const read = (await t.admin.get(`/v1/products/${shirt.id}`)).body.data;
    expect(rows.map((row) => [row.Title, row['Option1 Name'], row['Option1 Value'], row['Variant SKU'], row['Variant Price'], row['Variant Compare At Price'], row['Image Src'], row['Image Position']])).toEqual([
      ['Linen Shirt', 'Size', 'S', read.skus[0].code, '89.00', '110.00', 'https://cdn.example.com/shirt-front.jpg', '1'],
      ['', '', 'M', medium.code, '95.00', '', 'https://cdn.example.com/shirt-back.jpg', '2'],
      ['', '', '', '', '', '', 'https://cdn.example.com/shirt-side.jpg', '3'],
    ]);
    expect(rows[0]).toMatchObject({
      'Body (HTML)': '<p>Soft, "washed" linen</p>', Vendor: vendor, Tags: read.tags.map((tag: { title: string }) => tag.title).join(', '),
      Published: 'TRUE', Status: 'active', 'Variant Inventory Tracker': 'shopify', 'Variant Inventory Qty': '4', 'Variant Inventory Policy': 'deny',
    });
  });

  it("exports products made from a Shopify export's content with the file's columns in order and its cells", async () => {
    const handles = await createFixtureProducts(t);
    const { csv } = await exported(t, 'products');
    const [header] = await recordsOf(fixture);
    expect((await recordsOf(csv))[0]).toEqual(header);
    const ours = (await rowsOf(csv)).filter((row) => handles.includes(row.Handle!));
    const theirs = await rowsOf(fixture);
    // Our file lays images on the variant rows first, as Shopify's own export does; the fixture may
    // give them rows of their own: the products, variants and images are the same, row by row.
    const productColumns = ['Handle', 'Title', 'Body (HTML)', 'Vendor', 'Option1 Name', 'Option2 Name', 'Published', 'Status'];
    const variantColumns = ['Handle', 'Option1 Value', 'Option2 Value', 'Variant SKU', 'Variant Price', 'Variant Compare At Price', 'Variant Grams', 'Variant Weight Unit', 'Variant Barcode'];
    // Amounts as amounts: the fixture writes `60` and `75.5` where Shopify and we write `60.00` and `75.50`.
    const cell = (column: string, value = '') => (/Price$/.test(column) && value !== '' ? Number(value).toFixed(2) : value);
    const pick = (columns: string[], rows: Record<string, string>[]) => rows.map((row) => Object.fromEntries(columns.map((column) => [column, cell(column, row[column])])));
    expect(pick(productColumns, ours.filter((row) => row.Title !== ''))).toEqual(pick(productColumns, theirs.filter((row) => row.Title !== '')));
    expect(pick(variantColumns, ours.filter((row) => row['Variant SKU'] !== ''))).toEqual(pick(variantColumns, theirs.filter((row) => row['Variant SKU'] !== '')));
    expect(pick(['Handle', 'Image Src'], ours.filter((row) => row['Image Src'] !== ''))).toEqual(pick(['Handle', 'Image Src'], theirs.filter((row) => row['Image Src'] !== '')));
  });

  it('neutralises every cell a spreadsheet would run as a formula', async () => {
    const product = await createProduct({ name: "=cmd|' /C calc'!A0", tags: ['@SUM(1+1)'] });
    const email = newEmail();
    const customer = await t.admin.post('/v1/customers', {
      email, first_name: '=HYPERLINK("http://evil.example","x")', last_name: '-2+3', notes: '@SUM(1+1)', tags: ['+vip'],
      addresses: [{ ...ADDRESS, address1: '=1+1 Main St', phone: '+1 (555) 010-0199', is_primary: true }],
    });
    expect(customer.status, customer.text).toBe(201);

    const productRow = (await rowsOf((await exported(t, 'products')).csv)).find((row) => row.Handle === product.permalink)!;
    expect(productRow).toMatchObject({ Title: "'=cmd|' /C calc'!A0", Tags: "'@SUM(1+1)" });
    const customerRow = (await rowsOf((await exported(t, 'customers')).csv)).find((row) => row.Email === email)!;
    expect(customerRow).toMatchObject({
      'First Name': '\'=HYPERLINK("http://evil.example","x")', 'Last Name': "'-2+3", Note: "'@SUM(1+1)", Tags: "'+vip",
      'Default Address Address1': "'=1+1 Main St", 'Default Address Phone': "'+1 (555) 010-0199",
    });
  });

  it("writes every customer in Shopify's customer columns, with its default address and what its orders come to", async () => {
    const email = newEmail();
    const created = await t.admin.post('/v1/customers', {
      email, first_name: 'Amélie', last_name: 'Durand', is_newsletterable: true, notes: 'Prefers delivery after 6 pm.\nAllergic to wool.', tags: ['VIP', 'newsletter'],
      addresses: [{ ...ADDRESS, company: 'Durand SARL', address2: 'Bât. B, 3e étage', is_primary: true }],
    });
    expect(created.status, created.text).toBe(201);
    const { csv } = await exported(t, 'customers');
    expect((await recordsOf(csv))[0]).toEqual([...SHOPIFY_CUSTOMER_COLUMNS]);
    const row = (await rowsOf(csv)).find((r) => r.Email === email);
    const address = created.body.data.default_address;
    expect(row).toEqual({
      'Customer ID': created.body.data.id, 'First Name': 'Amélie', 'Last Name': 'Durand', Email: email, 'Accepts Email Marketing': 'yes',
      'Default Address Company': 'Durand SARL', 'Default Address Address1': address.address1, 'Default Address Address2': 'Bât. B, 3e étage',
      'Default Address City': address.city, 'Default Address Province Code': address.state_code ?? '', 'Default Address Country Code': address.country_code,
      'Default Address Zip': address.postcode, 'Default Address Phone': address.phone.replace(/^\+/, "'+"), Phone: '', 'Accepts SMS Marketing': 'no',
      'Total Spent': '0.00', 'Total Orders': '0', Note: 'Prefers delivery after 6 pm.\nAllergic to wool.', 'Tax Exempt': 'no', Tags: 'VIP, newsletter',
    });
  });

  it("writes every placed order as Shopify's order export does: a row per line item, the order's fields on the first", async () => {
    const code = `CODE-${uniqueWord()}`;
    const placed = await placedOrder(t, { items: [{ price: 1250, quantity: 2, code, vendor: 'Acme' }, { price: 499, quantity: 1 }], shippingPrice: 700 });
    const order = placed.order;
    const { csv } = await exported(t, 'orders');
    expect((await recordsOf(csv))[0]).toEqual([...SHOPIFY_ORDER_COLUMNS]);
    const rows = (await rowsOf(csv)).filter((row) => row.Name === order.number);
    expect(rows).toHaveLength(2);
    const money = (minor: number) => (minor / 100).toFixed(2);
    expect(rows[0]).toMatchObject({
      Email: order.email, 'Financial Status': order.financial_status, 'Fulfillment Status': order.fulfillment_status, Currency: order.currency,
      Subtotal: money(order.subtotal_price), Shipping: money(order.shipping_rate), Taxes: money(order.total_taxes), Total: money(order.total_price),
      'Discount Amount': money(order.total_discount), 'Lineitem quantity': '2', 'Lineitem name': order.items[0].name, 'Lineitem price': '12.50',
      'Lineitem sku': code, 'Lineitem fulfillment status': 'pending', Vendor: 'Acme', 'Billing Name': order.billing.name, 'Billing Address1': order.billing.address.address1,
      'Billing City': order.billing.address.city, 'Billing Zip': order.billing.address.postcode, 'Billing Country': order.billing.address.country_code,
      'Shipping Name': order.shipping.name, 'Shipping Address1': order.shipping.address.address1, 'Shipping Country': order.shipping.address.country_code,
      Id: order.id,
    });
    expect(rows[0]!['Created at']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000$/);
    expect(rows[1]).toMatchObject({ Email: order.email, 'Lineitem quantity': '1', 'Lineitem price': '4.99', Total: '', Subtotal: '', 'Billing Name': '', Id: '' });
  });

  it('lists exports newest first, and finds no unknown one', async () => {
    const first = await t.admin.post('/v1/exports', { kind: 'orders' });
    const second = await t.admin.post('/v1/exports', { kind: 'products' });
    const list = await t.admin.get('/v1/exports?per_page=2');
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([second.body.data.id, first.body.data.id]);
    expect(list.body.meta.pagination).toMatchObject({ per_page: 2, current_page: 1 });
    await runExports(t);
    expectProblem(await t.admin.get('/v1/exports/exp_00000000000000000000000000'), 404, 'not_found');
    expectProblem(await t.admin.get('/v1/exports/exp_00000000000000000000000000/file'), 404, 'not_found');
  });

  it('gives the file to staff credentials only, and each role the kinds it reads', async () => {
    const { id } = await exported(t, 'customers');
    expectProblem(await t.storefront.get(`/v1/exports/${id}/file`), 403, 'forbidden');
    expectProblem(await t.anonymous.get(`/v1/exports/${id}/file`), 401, 'unauthorized');
    expectProblem(await t.as({ authorization: 'Bearer sk_test_unknown' }).get(`/v1/exports/${id}/file`), 401, 'unauthorized');

    const fulfillment = await staffMember(t, 'fulfillment');
    expect((await fulfillment.client.get(`/v1/exports/${id}/file`)).status).toBe(200);
    expectProblem(await fulfillment.client.post('/v1/exports', { kind: 'products' }), 403, 'forbidden');
    expect((await fulfillment.client.post('/v1/exports', { kind: 'orders' })).status).toBe(202);
    const products = await t.admin.post('/v1/exports', { kind: 'products' });
    expectProblem(await fulfillment.client.get(`/v1/exports/${products.body.data.id}`), 403, 'forbidden');
    const listed = (await fulfillment.client.get('/v1/exports?per_page=250')).body.data as Array<{ kind: string }>;
    expect(new Set(listed.map((e) => e.kind))).toEqual(new Set(['customers', 'orders']));

    const catalog = await staffMember(t, 'catalog');
    expect((await catalog.client.post('/v1/exports', { kind: 'products' })).status).toBe(202);
    const readOnly = await staffMember(t, 'read_only');
    expectProblem(await readOnly.client.post('/v1/exports', { kind: 'customers' }), 403, 'forbidden');
    expect((await readOnly.client.get(`/v1/exports/${id}/file`)).status).toBe(200);
    await runExports(t);
  });

  it('shows its progress while it runs, a page of records at a time', async () => {
    for (let i = 0; i < 3; i++) await t.admin.post('/v1/customers', { email: newEmail() });
    const total = Number((await t.db.selectFrom('customers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const asked = await t.admin.post('/v1/exports', { kind: 'customers' });
    // A storage that takes the file a chunk at a time, when the test lets it: the header, then a page.
    const seen: Array<{ status: string; total_rows: number | null; processed_rows: number }> = [];
    const storage: FileStorage = {
      ...t.files.storage,
      description: t.files.storage.description,
      put: (...args) => t.files.storage.put(...args),
      read: (key) => t.files.storage.read(key),
      remove: (key) => t.files.storage.remove(key),
      close: () => {},
      async putStream(key, source, mimeType) {
        const chunks: Array<string | Uint8Array> = [];
        for await (const chunk of source) {
          chunks.push(chunk);
          const { status, total_rows, processed_rows } = (await t.admin.get(`/v1/exports/${asked.body.data.id}`)).body.data;
          seen.push({ status, total_rows, processed_rows });
        }
        await t.files.storage.putStream(key, (async function* () {
          yield* chunks;
        })(), mimeType);
      },
    };
    await runExports(t, storage, 1);
    // The header is taken before any record is written; each record's page before it is counted.
    expect(seen).toEqual(Array.from({ length: total + 1 }, (_, written) => ({ status: 'running', total_rows: total, processed_rows: Math.max(0, written - 1) })));
    expect((await t.admin.get(`/v1/exports/${asked.body.data.id}`)).body.data).toMatchObject({ status: 'succeeded', total_rows: total, processed_rows: total });
  });

  it("takes over an export whose worker died, starting it again whole, and fails one that keeps dying", async () => {
    const asked = await t.admin.post('/v1/exports', { kind: 'orders' });
    // A worker claims it and dies at once: its claim is over as it is made.
    const dead = await claimJob(handleOf(t), 'exports', -1);
    expect(dead).toMatchObject({ id: asked.body.data.id, status: 'running', attempts: 1 });
    expect((await t.admin.get(`/v1/exports/${asked.body.data.id}`)).body.data.status).toBe('running');
    await runExports(t);
    const done = (await t.admin.get(`/v1/exports/${asked.body.data.id}`)).body.data;
    expect(done).toMatchObject({ status: 'succeeded', processed_rows: done.total_rows });
    expect(await t.db.selectFrom('exports').select('attempts').where('id', '=', asked.body.data.id).executeTakeFirstOrThrow()).toEqual({ attempts: 2 });
    expect((await t.admin.get(done.url)).status).toBe(200);

    const doomed = await t.admin.post('/v1/exports', { kind: 'orders' });
    for (let i = 0; i < 3; i++) expect(await claimJob(handleOf(t), 'exports', -1)).toMatchObject({ id: doomed.body.data.id });
    await runExports(t);
    expect((await t.admin.get(`/v1/exports/${doomed.body.data.id}`)).body.data).toMatchObject({
      status: 'failed', url: null, failure: 'the export was interrupted 3 times without finishing',
    });
    expectProblem(await t.admin.get(`/v1/exports/${doomed.body.data.id}/file`), 409, 'invalid_state');
  });
});
