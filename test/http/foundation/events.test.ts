import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext, type TestResponse } from '../../helpers/test-app.js';
import { unixNow } from '../../../src/lib/clock.js';
import { newId } from '../../../src/lib/ids.js';
import { recordEvent, type EventKind } from '../../../src/modules/events/record-event.js';
import { expectProblem } from '../../helpers/expect.js';

/** A collection as an event carries it: nested rules included. */
function collection(title: string) {
  return {
    id: newId('col'),
    object: 'collection',
    title,
    permalink: `${title.toLowerCase().replace(/\W+/g, '-')}-${randomBytes(3).toString('hex')}`,
    kind: 'smart',
    is_visible: true,
    visible_at: null,
    rules: [{ id: newId('rul'), object: 'collection_rule', field: 'tag', condition: 'equals', value: 'summer' }],
    created_at: unixNow(),
    updated_at: unixNow(),
  };
}

async function record<T extends { id: string }>(t: TestContext, kind: EventKind, object: T) {
  return recordEvent(t.db, unixNow(), kind, object);
}

const ids = (res: TestResponse) => (res.body.data as Array<{ id: string }>).map((e) => e.id);

describeEachDatabase('events', (t) => {
  it('lists events newest first, with the pagination block', async () => {
    const col = collection('Newest first');
    const created = await record(t, 'collection.created', col);
    const updated = await record(t, 'collection.updated', { ...col, title: 'Newest first, renamed' });
    const deleted = await record(t, 'collection.deleted', col);

    const res = await t.admin.get('/v1/events?per_page=250');
    expect(res.status).toBe(200);
    const listed = ids(res);
    expect(listed.indexOf(deleted.id)).toBeLessThan(listed.indexOf(updated.id));
    expect(listed.indexOf(updated.id)).toBeLessThan(listed.indexOf(created.id));
    expect(listed).toEqual([...listed].sort().reverse());
    expect(res.body.meta.pagination).toMatchObject({ current_page: 1, per_page: 250, total_items: listed.length, from: 1, to: listed.length });

    const first = res.body.data.find((e: { id: string }) => e.id === deleted.id);
    expect(first).toEqual({
      id: deleted.id, object: 'event', kind: 'collection.deleted', data: { object: col },
      pending_webhooks: 0, created_at: deleted.created_at, updated_at: deleted.updated_at,
    });
  });

  it('pages through a filtered list', async () => {
    const col = collection('Paged');
    const recorded = [];
    for (let i = 0; i < 5; i++) recorded.push(await record(t, 'collection.updated', { ...col, title: `Paged ${i}` }));
    const newestFirst = recorded.map((e) => e.id).reverse();

    const page1 = await t.admin.get(`/v1/events?related_object=${col.id}&per_page=2`);
    expect(ids(page1)).toEqual(newestFirst.slice(0, 2));
    expect(page1.body.meta.pagination).toMatchObject({
      current_page: 1, previous_page: null, next_page: 2, per_page: 2, from: 1, to: 2, total_pages: 3, total_items: 5,
    });
    const next = page1.body.meta.pagination.links.next_page as string;
    expect(next).toContain(`related_object=${col.id}`);
    const page2 = await t.admin.get(next);
    expect(ids(page2)).toEqual(newestFirst.slice(2, 4));
    const page3 = await t.admin.get(page2.body.meta.pagination.links.next_page);
    expect(ids(page3)).toEqual(newestFirst.slice(4));
    expect(page3.body.meta.pagination).toMatchObject({ next_page: null, from: 5, to: 5, links: { next_page: null } });
  });

  it('filters by a comma-separated list of ids', async () => {
    const a = await record(t, 'collection.created', collection('Id filter A'));
    const b = await record(t, 'collection.created', collection('Id filter B'));
    const c = await record(t, 'collection.created', collection('Id filter C'));

    const res = await t.admin.get(`/v1/events?id=${a.id},${c.id}`);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([c.id, a.id]);
    expect(res.body.meta.pagination.total_items).toBe(2);

    const spaced = await t.admin.get(`/v1/events?id=${encodeURIComponent(` ${b.id} , evn_00000000000000000000000000,`)}`);
    expect(ids(spaced)).toEqual([b.id]);
    const none = await t.admin.get('/v1/events?id=evn_00000000000000000000000000');
    expect(none.body.data).toEqual([]);
    expect(none.body.meta.pagination).toMatchObject({ total_items: 0, total_pages: 1, from: 0, to: 0 });
  });

  it('takes an empty filter value as no filter', async () => {
    const event = await record(t, 'collection.created', collection('Empty filter'));
    for (const query of ['id=', 'id=,', 'id=%20', 'kind=', 'related_object=']) {
      const res = await t.admin.get(`/v1/events?${query}&per_page=250`);
      expect(res.status, `${query}: ${res.text}`).toBe(200);
      expect(ids(res), query).toContain(event.id);
    }
  });

  it('filters by kind', async () => {
    const col = collection('Kind filter');
    await record(t, 'collection.created', col);
    const updated = await record(t, 'collection.updated', col);
    const product = await record(t, 'product.created', { id: newId('prd'), object: 'product', name: 'Kind filter product' });

    const res = await t.admin.get('/v1/events?kind=collection.updated&per_page=250');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((e: { kind: string }) => e.kind === 'collection.updated')).toBe(true);
    expect(ids(res)).toContain(updated.id);
    expect(ids(res)).not.toContain(product.id);

    const both = await t.admin.get(`/v1/events?kind=collection.updated&related_object=${col.id}`);
    expect(ids(both)).toEqual([updated.id]);
    const unknownKind = await t.admin.get('/v1/events?kind=nothing.happened');
    expect(unknownKind.body.data).toEqual([]);
  });

  it('filters by related_object', async () => {
    const mine = collection('Related mine');
    const other = collection('Related other');
    const created = await record(t, 'collection.created', mine);
    await record(t, 'collection.created', other);
    const deleted = await record(t, 'collection.deleted', mine);

    const res = await t.admin.get(`/v1/events?related_object=${mine.id}`);
    expect(ids(res)).toEqual([deleted.id, created.id]);
    for (const event of res.body.data) expect(event.data.object.id).toBe(mine.id);
  });

  it('answers one event with data.object as recorded', async () => {
    const col = collection('Single event');
    const event = await record(t, 'collection.deleted', col);
    const res = await t.admin.get(`/v1/events/${event.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: event.id, object: 'event', kind: 'collection.deleted', data: { object: col },
      pending_webhooks: 0, created_at: event.created_at, updated_at: event.updated_at,
    });
    expect(res.body.data.data.object.rules[0]).toEqual(col.rules[0]);
    expect(res.body.data.id).toMatch(/^evn_[0-9a-z]{26}$/);
  });

  it('answers an unknown event id with 404', async () => {
    expectProblem(await t.admin.get('/v1/events/evn_00000000000000000000000000'), 404, 'not_found');
    expectProblem(await t.admin.get('/v1/events/not-an-id'), 404, 'not_found');
  });

  it('refuses bad paging parameters with 400', async () => {
    expectProblem(await t.admin.get('/v1/events?per_page=251'), 400, 'invalid_request');
    expectProblem(await t.admin.get('/v1/events?page=0'), 400, 'invalid_request');
  });

  it('shows events to admin and read-only keys only: channel key 403, no credential 401', async () => {
    const event = await record(t, 'collection.created', collection('Private'));
    expectProblem(await t.storefront.get('/v1/events'), 403, 'forbidden');
    expectProblem(await t.storefront.get(`/v1/events/${event.id}`), 403, 'forbidden');
    expectProblem(await t.anonymous.get('/v1/events'), 401, 'unauthorized');
    const readOnly = await t.admin.post('/v1/api_keys', { read_only: true });
    const res = await t.as({ authorization: `Bearer ${readOnly.body.data.token}` }).get(`/v1/events/${event.id}`);
    expect(res.status).toBe(200);
  });
});
