import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { expectProblem, fieldsOf } from '../../helpers/expect.js';
import { filePart, kindPart, sendImport } from '../../helpers/imports.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

const productsCsv = readFileSync(new URL('../../fixtures/shopify/products.csv', import.meta.url));
const customersCsv = readFileSync(new URL('../../fixtures/shopify/customers.csv', import.meta.url));


/** The keys in the test's storage directory. */
async function storedKeys(t: TestContext): Promise<string[]> {
  return (await readdir(t.files.storage.description.replace(/^local /, '')).catch(() => [])).sort();
}

describeEachDatabase('bulk imports', (t) => {
  it('queues a Shopify product export as a job, keeps the file, and reads the job back', async () => {
    const res = await sendImport(t, [kindPart('products'), filePart(productsCsv)]);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      object: 'import', kind: 'products', status: 'queued', filename: 'products_export_1.csv',
      total_rows: null, processed_rows: 0, created: 0, updated: 0, error_count: 0, errors: [], failure: null, finished_at: null,
    });
    const id: string = res.body.data.id;
    expect(id).toMatch(/^imp_[0-9a-z]{26}$/);
    expect(await storedKeys(t)).toContain(`${id}.csv`);

    const read = await t.admin.get(`/v1/imports/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(res.body.data);
    expect(await t.db.selectFrom('imports').select(['status', 'size', 'checkpoint_row']).where('id', '=', id).executeTakeFirst())
      .toEqual({ status: 'queued', size: productsCsv.length, checkpoint_row: 1 });
  });

  it('takes the file before the kind as well, and a customer export', async () => {
    const res = await sendImport(t, [filePart(customersCsv, 'customers_export.csv'), kindPart('customers')]);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ kind: 'customers', status: 'queued', filename: 'customers_export.csv' });
  });

  it('refuses a missing or unknown kind and a missing file with 422 naming each', async () => {
    const none = await sendImport(t, [{ name: 'note', body: 'x' }]);
    expectProblem(none, 422, 'validation_failed');
    expect(fieldsOf(none)).toEqual(['note']);
    const neither = await sendImport(t, [kindPart('orders')]);
    expectProblem(neither, 422, 'validation_failed');
    expect(fieldsOf(neither)).toEqual(['kind', 'file']);
    expect(neither.body.errors[0].message).toBe('must be one of: products, customers');
    expect(fieldsOf(await sendImport(t, [filePart(productsCsv)]))).toEqual(['kind']);
  });

  it('refuses an empty file, a file that is not CSV and a file of the wrong columns with 422 naming file, queuing nothing', async () => {
    const before = await t.db.selectFrom('imports').select('id').execute();
    const cases: Array<[body: string, message: RegExp]> = [
      ['', /^is empty$/],
      ['Handle,"Title\nshirt,Shirt\n', /^is not a CSV file: row 1: a quoted field is never closed$/],
      ['Email,First Name\na@example.com,A\n', /^lacks the columns Handle, Title of a Shopify products export$/],
    ];
    for (const [body, message] of cases) {
      const res = await sendImport(t, [kindPart('products'), filePart(body)]);
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'file', message: expect.stringMatching(message) })]);
    }
    const customers = await sendImport(t, [kindPart('customers'), filePart(productsCsv)]);
    expect(customers.body.errors).toEqual([expect.objectContaining({ field: 'file', message: 'lacks the column Email of a Shopify customers export' })]);
    expect(await t.db.selectFrom('imports').select('id').execute()).toEqual(before);
  });

  it('refuses a body that is not multipart with 415', async () => {
    expectProblem(await t.admin.post('/v1/imports', { kind: 'products' }), 415, 'unsupported_media_type');
  });

  it('answers 404 for an unknown import, and refuses a storefront key', async () => {
    expectProblem(await t.admin.get('/v1/imports/imp_00000000000000000000000000'), 404, 'not_found');
    const channel = { 'channel-key': t.channelKey };
    expectProblem(await sendImport(t, [kindPart('products'), filePart(productsCsv)], channel), 403, 'forbidden');
  });
});

describeEachDatabase('bulk import size limit', (t) => {
  it('refuses a file over the upload limit with 413, queuing nothing', async () => {
    const big = Buffer.concat([productsCsv, Buffer.alloc(4096, 'x')]);
    expectProblem(await sendImport(t, [kindPart('products'), filePart(big)]), 413, 'payload_too_large');
    expect(await t.db.selectFrom('imports').select('id').execute()).toEqual([]);
  });
}, { files: { maxBytes: 4096 } });
