import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import type { Role } from '../../../src/modules/access/roles.js';
import { pruneAuditEntries } from '../../../src/modules/audit/audit.service.js';
import { expectProblem } from '../../helpers/expect.js';
import { describeEachDatabase, type Client, type TestContext } from '../../helpers/test-app.js';

const DAY = 24 * 60 * 60;

/** A new key of its own (an owner's unless told), so each test reads only the entries it made. */
async function staffKey(t: TestContext, name: string, role?: Role): Promise<{ id: string; token: string; client: Client }> {
  const made = await t.admin.post('/v1/api_keys', { name, read_only: role === 'read_only' });
  expect(made.status, made.text).toBe(201);
  if (role !== undefined) await t.db.updateTable('api_keys').set({ role }).where('id', '=', made.body.data.id).execute();
  return { id: made.body.data.id, token: made.body.data.token, client: t.as({ authorization: `Bearer ${made.body.data.token}` }) };
}

/**
 * The log's entries by `query`, once there are `count` of them: an entry is written just after its
 * answer has gone, so the next request may come before it.
 */
async function entriesOnce(t: TestContext, query: string, count: number) {
  return vi.waitFor(async () => {
    const list = await t.admin.get(`/v1/audit_log?${query}`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.meta.pagination.total_items).toBe(count);
    return list.body.data;
  }, { timeout: 5_000, interval: 10 });
}

describeEachDatabase('the audit log', (t) => {
  it('logs what staff create and change, with who did it, the record, the answer and the address', async () => {
    const clerk = await staffKey(t, 'Catalogue clerk');
    const made = await clerk.client.post('/v1/products', { name: 'Logged hat' }, { remoteAddress: '203.0.113.7' });
    expect(made.status, made.text).toBe(201);
    const productId = made.body.data.id as string;
    const changed = await clerk.client.post(`/v1/products/${productId}`, { name: 'Logged cap' });
    expect(changed.status, changed.text).toBe(200);

    const [update, create] = await entriesOnce(t, `actor_id=${clerk.id}`, 2);
    expect(create).toEqual({
      id: expect.stringMatching(/^aud_[0-9a-z]{26}$/),
      object: 'audit_entry',
      actor: { type: 'api_key', id: clerk.id, name: 'Catalogue clerk' },
      action: 'product.create',
      method: 'POST',
      path: '/v1/products',
      object_id: productId,
      status: 201,
      ip: '203.0.113.7',
      created_at: expect.any(Number),
    });
    expect(Math.abs(create.created_at - Date.now() / 1000)).toBeLessThan(60);
    expect(update).toMatchObject({ action: 'product.update', method: 'POST', path: `/v1/products/${productId}`, object_id: productId, status: 200, ip: '127.0.0.1' });

    // The key renamed: later entries carry the name it has then, earlier ones keep theirs.
    await t.db.updateTable('api_keys').set({ name: 'Renamed clerk' }).where('id', '=', clerk.id).execute();
    t.app.credentials.forget();
    expect((await clerk.client.delete(`/v1/products/${productId}`)).status).toBe(204);
    const [deletion, , first] = await entriesOnce(t, `actor_id=${clerk.id}`, 3);
    expect(deletion).toMatchObject({ action: 'product.delete', method: 'DELETE', object_id: productId, status: 204, actor: { name: 'Renamed clerk' } });
    expect(first.actor.name).toBe('Catalogue clerk');
  });

  it('logs refused writes with their status: outside the role, invalid, unknown', async () => {
    const reader = await staffKey(t, 'Accountant', 'read_only');
    expectProblem(await reader.client.post('/v1/products', { name: 'Not allowed' }), 403, 'forbidden');
    const clerk = await staffKey(t, 'Clumsy clerk');
    expect((await clerk.client.post('/v1/products', { name: '' })).status).toBe(422);
    const unknown = 'prd_0000000000000000000000000a';
    expect((await clerk.client.post(`/v1/products/${unknown}`, { name: 'Ghost' })).status).toBe(404);
    expect((await clerk.client.post(`/v1/products/${unknown}?colour=red`, { name: 'Ghost' })).status).toBe(400);

    const [refused] = await entriesOnce(t, `actor_id=${reader.id}`, 1);
    expect(refused).toMatchObject({ actor: { type: 'api_key', id: reader.id, name: 'Accountant' }, action: 'product.create', path: '/v1/products', object_id: null, status: 403 });
    const [badQuery, missing, invalid] = await entriesOnce(t, `actor_id=${clerk.id}`, 3);
    expect(invalid).toMatchObject({ action: 'product.create', object_id: null, status: 422 });
    expect(missing).toMatchObject({ action: 'product.update', object_id: unknown, status: 404 });
    // The path without its query string.
    expect(badQuery).toMatchObject({ action: 'product.update', path: `/v1/products/${unknown}`, object_id: unknown, status: 400 });
  });

  it('names the most specific id of a nested path', async () => {
    const clerk = await staffKey(t, 'Collection keeper');
    const collection = (await clerk.client.post('/v1/collections', { title: 'Logged collection', kind: 'products' })).body.data.id as string;
    const product = (await clerk.client.post('/v1/products', { name: 'Logged member' })).body.data.id as string;
    await clerk.client.delete(`/v1/collections/${collection}/products/${product}`);

    const [removal] = await entriesOnce(t, `actor_id=${clerk.id}`, 3);
    expect(removal).toMatchObject({ method: 'DELETE', path: `/v1/collections/${collection}/products/${product}`, object_id: product });
  });

  it('leaves reads out, and never logs storefront writes', async () => {
    const clerk = await staffKey(t, 'Browsing clerk');
    const product = (await clerk.client.post('/v1/products', { name: 'Looked at' })).body.data.id as string;
    expect((await clerk.client.get(`/v1/products/${product}`)).status).toBe(200);
    expect((await clerk.client.get('/v1/products')).status).toBe(200);
    expect((await t.storefront.post('/v1/carts', {})).status).toBe(201);
    expect((await clerk.client.post(`/v1/products/${product}`, { name: 'Looked at again' })).status).toBe(200);

    const entries = await entriesOnce(t, `actor_id=${clerk.id}`, 2);
    expect(entries.map((entry: { method: string; action: string }) => `${entry.method} ${entry.action}`)).toEqual(['POST product.update', 'POST product.create']);
    const reads = await t.db.selectFrom('audit_entries').select('id').where('method', 'in', ['GET', 'HEAD', 'OPTIONS']).execute();
    expect(reads).toEqual([]);
    const storefront = await t.db.selectFrom('audit_entries').select('id').where('action', '=', 'cart.create').execute();
    expect(storefront).toEqual([]);
  });

  it('filters by actor, record and action exactly, and pages newest first', async () => {
    const one = await staffKey(t, 'First filterer');
    const two = await staffKey(t, 'Second filterer');
    const product = (await one.client.post('/v1/products', { name: 'Filtered' })).body.data.id as string;
    await two.client.post(`/v1/products/${product}`, { name: 'Filtered twice' });
    await one.client.post(`/v1/products/${product}`, { name: 'Filtered thrice' });
    await two.client.post('/v1/collections', { title: 'Filtered collection', kind: 'products' });

    const ofProduct = await entriesOnce(t, `object_id=${product}`, 3);
    expect(ofProduct.map((entry: { actor: { id: string }; action: string }) => [entry.actor.id, entry.action])).toEqual([
      [one.id, 'product.update'], [two.id, 'product.update'], [one.id, 'product.create'],
    ]);
    const updatesByTwo = await entriesOnce(t, `actor_id=${two.id}&action=product.update`, 1);
    expect(updatesByTwo[0]).toMatchObject({ object_id: product });
    await entriesOnce(t, `actor_id=${two.id}&action=product`, 0);
    await entriesOnce(t, `actor_id=${two.id}&action=collection.create`, 1);

    const page = await t.admin.get(`/v1/audit_log?object_id=${product}&per_page=2&page=2`);
    expect(page.status).toBe(200);
    expect(page.body.data.map((entry: { id: string }) => entry.id)).toEqual([ofProduct[2].id]);
    expect(page.body.meta.pagination).toMatchObject({ current_page: 2, per_page: 2, total_items: 3, total_pages: 2, previous_page: 1, next_page: null });
    expect((await t.admin.get('/v1/audit_log?per_page=251')).status).toBe(400);
  });

  it('is read by owners and admins only: not a read-only key, a catalogue key, a storefront or no one', async () => {
    const reader = await staffKey(t, 'Nosy reader', 'read_only');
    expectProblem(await reader.client.get('/v1/audit_log'), 403, 'forbidden');
    const catalog = await staffKey(t, 'Nosy cataloguer', 'catalog');
    expectProblem(await catalog.client.get('/v1/audit_log'), 403, 'forbidden');
    expectProblem(await t.storefront.get('/v1/audit_log'), 403, 'forbidden');
    expectProblem(await t.anonymous.get('/v1/audit_log'), 401, 'unauthorized');
    const admin = await staffKey(t, 'Trusted admin', 'admin');
    expect((await admin.client.get('/v1/audit_log')).status).toBe(200);
  });

  it('logs a write whose client hung up before the answer', async () => {
    const clerk = await staffKey(t, 'Impatient clerk');
    if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    // The key known already, the request reaches its handler without waiting on the database: its body is
    // read before the connection's end is seen. A password to hash keeps the handler busy off the event
    // loop while the connection closes.
    expect((await clerk.client.get('/v1/store')).status).toBe(200);
    const email = `gone-${randomUUID()}@example.com`;
    const body = JSON.stringify({ email, password: 'an unusual passphrase, 42 words long' });
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: '127.0.0.1', port, method: 'POST', path: '/v1/customers',
        headers: { authorization: `Bearer ${clerk.token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      request.on('error', () => undefined);
      request.on('close', () => resolve());
      request.end(body, () => request.destroy());
    });

    const customer = await vi.waitFor(async () => t.db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirstOrThrow(), { timeout: 5_000, interval: 10 });
    const [entry] = await entriesOnce(t, `actor_id=${clerk.id}`, 1);
    expect(entry).toMatchObject({ action: 'customer.create', method: 'POST', path: '/v1/customers', object_id: customer.id, status: 201 });
  });

  it('answers the write all the same when its entry cannot be written', async () => {
    const clerk = await staffKey(t, 'Clerk in a storm');
    await sql`ALTER TABLE audit_entries RENAME TO audit_entries_away`.execute(t.db);
    try {
      const made = await clerk.client.post('/v1/products', { name: 'Made without a log' });
      expect(made.status, made.text).toBe(201);
      expect((await clerk.client.get(`/v1/products/${made.body.data.id}`)).status).toBe(200);
    } finally {
      await sql`ALTER TABLE audit_entries_away RENAME TO audit_entries`.execute(t.db);
    }
    // And the log goes on (by the record: the entry of the first write may have raced the renaming back).
    const next = (await clerk.client.post('/v1/products', { name: 'Made with a log' })).body.data.id as string;
    const [entry] = await entriesOnce(t, `object_id=${next}`, 1);
    expect(entry).toMatchObject({ action: 'product.create', status: 201, actor: { id: clerk.id } });
  });

  it('prunes entries over a year old, in batches, and keeps the rest', async () => {
    const clerk = await staffKey(t, 'Long-serving clerk');
    await clerk.client.post('/v1/products', { name: 'Kept' });
    await entriesOnce(t, `actor_id=${clerk.id}`, 1);
    const now = Math.floor(Date.now() / 1000);
    const old = Array.from({ length: 5_100 }, (_, i) => ({
      id: `aud_old${String(i).padStart(23, '0')}`,
      actor_type: 'api_key' as const,
      actor_id: clerk.id,
      actor_name: 'Long-serving clerk',
      action: 'product.update',
      method: 'POST',
      path: '/v1/products/prd_gone',
      object_id: null,
      status: 200,
      ip: '127.0.0.1',
      created_at: now - 366 * DAY,
    }));
    for (let i = 0; i < old.length; i += 500) await t.db.insertInto('audit_entries').values(old.slice(i, i + 500)).execute();
    const almostYear = { ...old[0]!, id: `aud_almost${'0'.repeat(20)}`, created_at: now - 364 * DAY };
    await t.db.insertInto('audit_entries').values(almostYear).execute();
    await entriesOnce(t, `actor_id=${clerk.id}`, old.length + 2);

    expect(await pruneAuditEntries(t.db, now)).toBe(old.length);
    const left = await entriesOnce(t, `actor_id=${clerk.id}`, 2);
    expect(left.map((entry: { id: string }) => entry.id)).toContain(almostYear.id);
    // A year on from then, the one left of it goes too.
    expect(await pruneAuditEntries(t.db, now + 2 * DAY)).toBe(1);
  });
});
