import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unixNow } from '../../../src/lib/clock.js';
import { openDatabase, type DatabaseHandle } from '../../../src/db/database.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { recordEvent } from '../../../src/modules/events/record-event.js';
import { createTestAppOn, describeEachDatabase, freshDatabaseUrl, testDatabases, type TestContext } from '../../helpers/test-app.js';

function word(): string {
  return `w${randomBytes(5).toString('hex')}`;
}

async function product(t: TestContext, body: Record<string, unknown>): Promise<any> {
  const res = await t.admin.post('/v1/products', { name: `Cached ${word()}`, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

describeEachDatabase('storefront cache', (t) => {
  it('serves a repeated storefront read from memory with the same body', async () => {
    const p = await product(t, { price: 500 });
    const first = await t.storefront.get(`/v1/skus/${p.sku_id}`);
    const second = await t.storefront.get(`/v1/skus/${p.sku_id}`);
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
  });

  it('never caches staff reads', async () => {
    const p = await product(t, {});
    await t.admin.get(`/v1/skus/${p.sku_id}`);
    const again = await t.admin.get(`/v1/skus/${p.sku_id}`);
    expect(again.status).toBe(200);
    expect(again.headers['x-cache']).toBeUndefined();
  });

  it('shows a change made through the API on the very next storefront read', async () => {
    const p = await product(t, { price: 500 });
    const url = `/v1/collections`;
    await t.storefront.get(`/v1/skus/${p.sku_id}`);
    await t.storefront.get(url);
    const updated = await t.admin.post(`/v1/skus/${p.sku_id}`, { price: 750 });
    expect(updated.status).toBe(200);
    const after = await t.storefront.get(`/v1/skus/${p.sku_id}`);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body.data.price).toBe(750);

    // Hiding the product takes it out of the storefront at once, too.
    await t.admin.post(`/v1/products/${p.id}`, { is_active: false });
    expect((await t.storefront.get(`/v1/skus/${p.sku_id}`)).status).toBe(404);
  });

  it('keeps what it has through writes that change no catalogue data, such as carts', async () => {
    const p = await product(t, { price: 500 });
    await t.storefront.get(`/v1/skus/${p.sku_id}`);
    const cart = await t.storefront.post('/v1/carts', { items: { [p.sku_id]: 1 } });
    expect(cart.status).toBe(201);
    expect((await t.storefront.put(`/v1/carts/${cart.body.data.id}`, { items: { [p.sku_id]: 2 } })).status).toBe(200);
    expect((await t.storefront.get(`/v1/skus/${p.sku_id}`)).headers['x-cache']).toBe('hit');
  });

  it('does not keep error answers', async () => {
    const missing = await t.storefront.get('/v1/skus/sku_00000000000000000000000000');
    expect(missing.status).toBe(404);
    const again = await t.storefront.get('/v1/skus/sku_00000000000000000000000000');
    expect(again.status).toBe(404);
    expect(again.headers['x-cache']).toBe('miss');
  });
}, { cacheTtlMs: 60_000 });

describeEachDatabase('storefront cache time to live', (t) => {
  it('shows a product whose available_at has come within the time to live', async () => {
    const w = word();
    // Two seconds ahead, so the first read surely comes before it, however slow the machine.
    const availableAt = unixNow() + 2;
    await product(t, { name: `Soon ${w}`, available_at: availableAt });
    const before = await t.storefront.get(`/v1/products?q=${w}`);
    expect(before.body.data).toEqual([]);
    // Wait until the second has come, plus the time to live.
    await new Promise((r) => setTimeout(r, availableAt * 1000 - Date.now() + 400));
    const after = await t.storefront.get(`/v1/products?q=${w}`);
    expect(after.body.data.map((p: { name: string }) => p.name)).toEqual([`Soon ${w}`]);
  });
}, { cacheTtlMs: 300 });

for (const kind of testDatabases()) {
  describe(`storefront cache across processes [${kind}]`, () => {
    const folder = mkdtempSync(join(tmpdir(), 'storefront-cache-'));
    let t: TestContext & { close(): Promise<void> };
    let other: DatabaseHandle;

    beforeAll(async () => {
      const url = await freshDatabaseUrl(kind, `sqlite:${join(folder, 'store.db')}`);
      const served = openDatabase(url);
      await migrateToLatest(served.db);
      t = await createTestAppOn(served, { cacheTtlMs: 60_000 });
      // A second connection stands for another process writing to the same database.
      other = openDatabase(url);
    });

    afterAll(async () => {
      await t.close();
      await other.close();
      rmSync(folder, { recursive: true, force: true });
    });

    it('drops what it kept when another process commits a change', async () => {
      const p = await product(t, { price: 500 });
      await t.storefront.get(`/v1/skus/${p.sku_id}`);
      expect((await t.storefront.get(`/v1/skus/${p.sku_id}`)).headers['x-cache']).toBe('hit');

      await other.db.transaction().execute(async (tx) => {
        await tx.updateTable('skus').set({ price: 990 }).where('id', '=', p.sku_id).execute();
        await recordEvent(tx, unixNow(), 'sku.updated', { id: p.sku_id });
      });

      // PostgreSQL delivers the change notice a moment after the commit; wait for it, well below the hour-long time to live.
      let price = 0;
      for (let attempt = 0; attempt < 50 && price !== 990; attempt += 1) {
        price = (await t.storefront.get(`/v1/skus/${p.sku_id}`)).body.data.price;
        if (price !== 990) await new Promise((r) => setTimeout(r, 50));
      }
      expect(price).toBe(990);
    });

    it('keeps what it kept when another process commits a change that announces nothing (as carts and checkouts do)', async () => {
      const p = await product(t, { price: 700 });
      const first = await t.storefront.get(`/v1/skus/${p.sku_id}`);
      expect((await t.storefront.get(`/v1/skus/${p.sku_id}`)).headers['x-cache']).toBe('hit');

      await other.db.insertInto('counters').values({ name: word(), value: 1 }).execute();
      // Past the feed's millisecond, so a change it counted would be seen.
      await new Promise((r) => setTimeout(r, 20));

      const again = await t.storefront.get(`/v1/skus/${p.sku_id}`);
      expect(again.headers['x-cache']).toBe('hit');
      expect(again.text).toBe(first.text);
    });
  });
}
