import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { expect, it } from 'vitest';
import type { FileRow } from '../../../src/db/types.js';
import { catalogFactories } from '../../helpers/catalog.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { disposition, fetchServed, pngOfSize, sendUpload, uploadFile } from '../../helpers/files.js';
import { describeEachDatabase, TEST_FILES_URL } from '../../helpers/test-app.js';

const UNKNOWN_FILE = 'fil_00000000000000000000000000';

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url');

// Tests in this file share one database, and a filename is taken once: each test names its uploads
// with a word no other test uses.
describeEachDatabase('files', (t) => {
  const { createProduct } = catalogFactories(t);

  function fileRow(id: string): Promise<FileRow | undefined> {
    return t.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function fileCount(): Promise<number> {
    return (await t.db.selectFrom('files').select('id').execute()).length;
  }

  /** The bytes the storage holds under a key, or null. */
  async function storedBytes(key: string): Promise<Buffer | null> {
    const stream = await t.files.storage.read(key);
    return stream ? buffer(stream) : null;
  }

  async function eventCount(id: string, kind: string): Promise<number> {
    const res = await t.admin.get(`/v1/events?related_object=${id}&kind=${kind}`);
    expect(res.status, res.text).toBe(200);
    return res.body.meta.pagination.total_items;
  }

  // ---------- upload ----------

  it('keeps an upload: a slug of its name with the sniffed extension, its url, its row and its bytes', async () => {
    const word = uniqueWord();
    const bytes = pngOfSize(300);
    const original = `Summer Photo ${word.toUpperCase()}.JPG`;

    const res = await sendUpload(t, [{ name: 'file', filename: original, contentType: 'text/plain', body: bytes }]);

    expect(res.status, res.text).toBe(201);
    const file = res.body.data;
    const filename = `summer-photo-${word}.png`;
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(/^fil_[0-9a-z]{26}$/),
        object: 'file',
        filename,
        original_filename: original,
        src: `${TEST_FILES_URL}/${filename}`,
        url: `${TEST_FILES_URL}/${filename}?v=${file.created_at}`,
        mime_type: 'image/png',
        size: 300,
        alt: null,
        metadata: {},
        private_metadata: {},
        created_at: expect.any(Number),
        updated_at: file.created_at,
      },
    });
    expect(Number.isInteger(file.created_at)).toBe(true);
    const row = await fileRow(file.id);
    expect(row).toMatchObject({ filename, original_filename: original, mime_type: 'image/png', sha256: sha256Of(bytes) });
    expect(Number(row!.size)).toBe(300);
    expect(row!.storage_key).not.toBe('');
    expect(await storedBytes(row!.storage_key)).toEqual(bytes);
  });

  it('gives a second upload of the same name another filename, each served with its own bytes', async () => {
    const name = `Twin ${uniqueWord()}.png`;
    const firstBytes = pngOfSize(200);
    const secondBytes = pngOfSize(210);

    const first = await uploadFile(t, firstBytes, name);
    const second = await uploadFile(t, secondBytes, name);

    const base = first.filename.replace(/\.png$/, '');
    expect(second.filename).toMatch(new RegExp(`^${base}-[0-9a-f]{6}\\.png$`));
    expect(second.original_filename).toBe(first.original_filename);
    expect((await fetchServed(t, first.url)).rawPayload).toEqual(firstBytes);
    expect((await fetchServed(t, second.url)).rawPayload).toEqual(secondBytes);
  });

  it('makes path-like, control-character and accented names safe, keeping only the last segment as the original', async () => {
    const word = uniqueWord();
    const cases: Array<[sent: string, original: string, filename: string]> = [
      [`../../etc/passwd-${word}.png`, `passwd-${word}.png`, `passwd-${word}.png`],
      [`..\\..\\win-${word}.png`, `win-${word}.png`, `win-${word}.png`],
      [`shots/2024/beach-${word}.png`, `beach-${word}.png`, `beach-${word}.png`],
      [`bad\u0001\u007f-${word}.png`, `bad-${word}.png`, `bad-${word}.png`],
      [`Café Crème ${word}.png`, `Café Crème ${word}.png`, `cafe-creme-${word}.png`],
    ];

    for (const [sent, original, filename] of cases) {
      const res = await sendUpload(t, [{ name: 'file', filename: sent, contentType: 'image/png', body: pngOfSize() }]);
      expect(res.status, `${sent}: ${res.text}`).toBe(201);
      expect(res.body.data, sent).toMatchObject({ original_filename: original, filename, src: `${TEST_FILES_URL}/${filename}` });
      expect(res.body.data.filename).not.toMatch(/[/\\]|\.\./);
      expect((await fetchServed(t, res.body.data.url)).statusCode).toBe(200);
    }
  });

  it("names a file without a name 'file', with the sniffed extension", async () => {
    const res = await sendUpload(t, [{ name: 'file', filename: '', contentType: 'image/png', body: pngOfSize() }]);

    expect(res.status, res.text).toBe(201);
    expect(res.body.data.original_filename).toBe('file');
    expect(res.body.data.filename).toMatch(/^file(-[0-9a-f]{6})?\.png$/);
  });

  // ---------- serving ----------

  it('serves the bytes to anyone, with their type, length, a strong etag and a year of caching', async () => {
    const bytes = pngOfSize(500);
    const file = await uploadFile(t, bytes, `Served ${uniqueWord()}.png`);
    const row = await fileRow(file.id);

    for (const url of [file.url, file.src]) {
      const res = await fetchServed(t, url);

      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'image/png',
        'content-length': '500',
        etag: `"${row!.sha256}"`,
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      });
      expect(disposition(res.headers)).toBe(`inline; ${file.filename}`);
    }
  });

  it('answers 304 without a body when the etag matches, and the bytes when it does not', async () => {
    const bytes = pngOfSize();
    const file = await uploadFile(t, bytes, `Cached ${uniqueWord()}.png`);
    const etag = (await fetchServed(t, file.url)).headers.etag as string;

    const fresh = await fetchServed(t, file.url, { 'if-none-match': etag });
    expect(fresh.statusCode).toBe(304);
    expect(fresh.rawPayload.length).toBe(0);
    expect(fresh.headers.etag).toBe(etag);

    const stale = await fetchServed(t, file.url, { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers HEAD with the headers and no body', async () => {
    const file = await uploadFile(t, pngOfSize(400), `Head ${uniqueWord()}.png`);

    const res = await t.app.inject({ method: 'HEAD', url: `/files/${file.filename}` });

    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers).toMatchObject({ 'content-type': 'image/png', 'content-length': '400', etag: expect.stringMatching(/^"[A-Za-z0-9_-]{43}"$/) });
  });

  it('answers an unknown filename with a 404 problem', async () => {
    const res = await fetchServed(t, `/files/missing-${uniqueWord()}.png`);

    expectProblem({ status: res.statusCode, headers: res.headers, body: res.json(), text: res.body }, 404, 'not_found');
  });

  // ---------- malformed uploads ----------

  it('refuses a JSON body with 415', async () => {
    expectProblem(await t.admin.post('/v1/files', { file: 'aGVsbG8=' }), 415, 'unsupported_media_type');
  });

  it("refuses a multipart body without a part named 'file', or with an empty file, with 422 naming file", async () => {
    const before = await fileCount();

    expectInvalid(await sendUpload(t, [{ name: 'file', body: 'just text' }]), 'file');
    expectInvalid(await sendUpload(t, [{ name: 'upload', filename: 'a.png', contentType: 'image/png', body: pngOfSize() }]), 'file');
    expectInvalid(await sendUpload(t, [{ name: 'file', filename: `empty-${uniqueWord()}.png`, contentType: 'image/png', body: Buffer.alloc(0) }]), 'file');
    expect(await fileCount()).toBe(before);
  });

  it('refuses two file parts with 422 naming file, keeping neither', async () => {
    const before = await fileCount();
    const png = (name: string) => ({ name, filename: `${name}-${uniqueWord()}.png`, contentType: 'image/png', body: pngOfSize() });

    expectInvalid(await sendUpload(t, [png('file'), png('file')]), 'file');
    expectInvalid(await sendUpload(t, [png('file'), png('other')]), 'file');
    expect(await fileCount()).toBe(before);
  });

  it('refuses a multipart body it cannot read with 400, not a failure of the server', async () => {
    const boundary = `b${uniqueWord()}`;
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut-${uniqueWord()}.png"\r\nContent-Type: image/png\r\n\r\n`);
    const png = pngOfSize(300);
    const send = (payload: Buffer, contentType = `multipart/form-data; boundary=${boundary}`) => t.app.inject({
      method: 'POST', url: '/v1/files', payload, headers: { authorization: `Bearer ${t.adminKey}`, 'content-type': contentType },
    });
    const before = await fileCount();

    for (const res of [
      await send(Buffer.concat([head, png.subarray(0, 100)])),
      await send(Buffer.concat([head, png, Buffer.from(`\r\n--${boundary}`)])),
      await send(Buffer.concat([head, png, Buffer.from(`\r\n--${boundary}--\r\n`)]), 'multipart/form-data'),
    ]) {
      expectProblem({ status: res.statusCode, headers: res.headers, body: res.json(), text: res.body }, 400, 'invalid_request');
    }
    expect(await fileCount()).toBe(before);
  });

  it('takes the file among text fields', async () => {
    const res = await sendUpload(t, [
      { name: 'note', body: 'before' },
      { name: 'file', filename: `fielded-${uniqueWord()}.png`, contentType: 'image/png', body: pngOfSize() },
      { name: 'alt', body: 'after' },
    ]);

    expect(res.status, res.text).toBe(201);
    expect(res.body.data.mime_type).toBe('image/png');
  });

  // ---------- credentials ----------

  it('lets staff upload and delete, a read-only key only read, and anyone fetch the bytes', async () => {
    const file = await uploadFile(t, pngOfSize(), `Guarded ${uniqueWord()}.png`);
    const created = await t.admin.post('/v1/api_keys', { name: `Reader ${uniqueWord()}`, read_only: true });
    expect(created.status, created.text).toBe(201);
    const readOnly = { authorization: `Bearer ${created.body.data.token}` };
    const reader = t.as(readOnly);
    const channel = { 'channel-key': t.channelKey };
    const upload = () => [{ name: 'file', filename: `denied-${uniqueWord()}.png`, contentType: 'image/png', body: pngOfSize() }];
    const before = await fileCount();

    expectProblem(await sendUpload(t, upload(), channel), 403, 'forbidden');
    expectProblem(await t.storefront.get('/v1/files'), 403, 'forbidden');
    expectProblem(await t.storefront.get(`/v1/files/${file.id}`), 403, 'forbidden');
    expectProblem(await t.storefront.delete(`/v1/files/${file.id}`), 403, 'forbidden');

    expect((await reader.get('/v1/files')).status).toBe(200);
    expect((await reader.get(`/v1/files/${file.id}`)).status).toBe(200);
    expectProblem(await sendUpload(t, upload(), readOnly), 403, 'forbidden');
    expectProblem(await reader.delete(`/v1/files/${file.id}`), 403, 'forbidden');

    expectProblem(await sendUpload(t, upload(), {}), 401, 'unauthorized');
    expectProblem(await t.anonymous.get('/v1/files'), 401, 'unauthorized');
    expectProblem(await t.anonymous.get(`/v1/files/${file.id}`), 401, 'unauthorized');
    expectProblem(await t.anonymous.delete(`/v1/files/${file.id}`), 401, 'unauthorized');
    expect((await fetchServed(t, file.url)).statusCode).toBe(200);
    expect((await fetchServed(t, file.url, channel)).statusCode).toBe(200);

    expect(await fileCount()).toBe(before);
    expect(await fileRow(file.id)).toBeDefined();
  });

  // ---------- list, get, delete ----------

  it('lists files newest first, with the pagination block', async () => {
    const word = uniqueWord();
    const first = await uploadFile(t, pngOfSize(), `List ${word} 1.png`);
    const second = await uploadFile(t, pngOfSize(), `List ${word} 2.png`);
    const third = await uploadFile(t, pngOfSize(), `List ${word} 3.png`);
    const total = await fileCount();

    const page1 = await t.admin.get('/v1/files?page=1&per_page=2');
    expect(page1.status, page1.text).toBe(200);
    expect(page1.body.data).toEqual([third, second]);
    expect(page1.body.meta.pagination).toMatchObject({
      current_page: 1, previous_page: null, next_page: 2, per_page: 2, from: 1, to: 2, total_items: total, total_pages: Math.ceil(total / 2),
    });

    const page2 = await t.admin.get('/v1/files?page=2&per_page=2');
    expect(page2.body.data[0]).toEqual(first);
    expect(page2.body.meta.pagination).toMatchObject({ current_page: 2, previous_page: 1, from: 3, total_items: total });
  });

  it('gets a file by id, and answers an unknown id with 404', async () => {
    const file = await uploadFile(t, pngOfSize(), `Got ${uniqueWord()}.png`);

    const res = await t.admin.get(`/v1/files/${file.id}`);

    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ data: file });
    expectProblem(await t.admin.get(`/v1/files/${UNKNOWN_FILE}`), 404, 'not_found');
  });

  it('deletes a file with 204: its row, its url and its bytes go; a second delete is 404', async () => {
    const file = await uploadFile(t, pngOfSize(), `Gone ${uniqueWord()}.png`);
    const row = await fileRow(file.id);

    const res = await t.admin.delete(`/v1/files/${file.id}`);

    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    expectProblem(await t.admin.get(`/v1/files/${file.id}`), 404, 'not_found');
    expect((await fetchServed(t, file.url)).statusCode).toBe(404);
    expect((await fetchServed(t, file.src)).statusCode).toBe(404);
    expect(await fileRow(file.id)).toBeUndefined();
    expect(await storedBytes(row!.storage_key)).toBeNull();
    expectProblem(await t.admin.delete(`/v1/files/${file.id}`), 404, 'not_found');
  });

  // ---------- images ----------

  it('shows an upload as sku and product images, and takes them off (recording the updates) when it is deleted', async () => {
    const file = await uploadFile(t, pngOfSize(), `Shown ${uniqueWord()}.png`);
    const byId = await createProduct({ price: 1500 });
    const byName = await createProduct({ price: 2500 });

    const skuById = await t.admin.post(`/v1/skus/${byId.sku_id}`, { image: { id: file.id } });
    const skuByName = await t.admin.post(`/v1/skus/${byName.sku_id}`, { image: { filename: file.filename } });
    const product = await t.admin.post(`/v1/products/${byId.id}`, { images: [{ id: file.id }] });
    expect(skuById.status, skuById.text).toBe(200);
    expect(skuById.body.data.image_url).toBe(file.url);
    expect(skuByName.status, skuByName.text).toBe(200);
    expect(skuByName.body.data.image_url).toBe(file.url);
    expect(product.status, product.text).toBe(200);
    expect(product.body.data.images).toEqual([{ object: 'image', url: file.url, file_id: file.id, position: 0 }]);
    const skuEvents = [await eventCount(byId.sku_id, 'sku.updated'), await eventCount(byName.sku_id, 'sku.updated')];
    const productEvents = await eventCount(byId.id, 'product.updated');

    expect((await t.admin.delete(`/v1/files/${file.id}`)).status).toBe(204);

    expect((await t.admin.get(`/v1/skus/${byId.sku_id}`)).body.data.image_url).toBeNull();
    expect((await t.admin.get(`/v1/skus/${byName.sku_id}`)).body.data.image_url).toBeNull();
    const after = (await t.admin.get(`/v1/products/${byId.id}`)).body.data;
    expect(after.images).toEqual([]);
    expect(after.image_url).toBeNull();
    const skuRows = await t.db.selectFrom('skus').select(['image_url', 'image_file_id']).where('id', 'in', [byId.sku_id, byName.sku_id]).execute();
    expect(skuRows).toEqual([{ image_url: null, image_file_id: null }, { image_url: null, image_file_id: null }]);
    expect(await eventCount(byId.sku_id, 'sku.updated')).toBe(skuEvents[0]! + 1);
    expect(await eventCount(byName.sku_id, 'sku.updated')).toBe(skuEvents[1]! + 1);
    expect(await eventCount(byId.id, 'product.updated')).toBe(productEvents + 1);
  });

  // ---------- idempotency ----------

  it('replays a repeated upload under the same Idempotency-Key, keeping one file', async () => {
    const name = `Once ${uniqueWord()}.png`;
    const bytes = pngOfSize();
    const headers = { authorization: `Bearer ${t.adminKey}`, 'idempotency-key': uniqueWord() };
    const upload = () => sendUpload(t, [{ name: 'file', filename: name, contentType: 'image/png', body: bytes }], headers);

    const first = await upload();
    const second = await upload();

    expect(first.status, first.text).toBe(201);
    expect(second.status, second.text).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    const rows = await t.db.selectFrom('files').select('id').where('original_filename', '=', name).execute();
    expect(rows).toEqual([{ id: first.body.data.id }]);

    const other = await sendUpload(t, [{ name: 'file', filename: name, contentType: 'image/png', body: pngOfSize(400) }], headers);
    expectProblem(other, 409, 'idempotency_conflict');
  });
});
