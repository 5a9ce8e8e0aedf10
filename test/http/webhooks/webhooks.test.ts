import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { afterEach, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/database.js';
import type { EventRow } from '../../../src/db/types.js';
import { deliverDue, type DeliveryOptions } from '../../../src/modules/webhooks/delivery.js';
import { giveUpAfterMs } from '../../../src/modules/webhooks/retry-schedule.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';
import { closeReceivers, deliverUntil, deliveryOptions, startReceiver, type Received } from '../../helpers/webhooks.js';

// ---------------------------------------------------------------------------------------------
// Reading what delivery left.

function signedHeaders(request: Received): Record<string, string> {
  const h = request.headers;
  return { 'webhook-id': String(h['webhook-id']), 'webhook-timestamp': String(h['webhook-timestamp']), 'webhook-signature': String(h['webhook-signature']) };
}

async function deliverOnce(t: TestContext, options: Partial<DeliveryOptions> = {}): Promise<number> {
  return deliverDue({ db: t.db, kind: t.kind } as DatabaseHandle, deliveryOptions(options));
}

interface WebhookCreated {
  id: string;
  secret: string;
  url: string;
  events: string[];
  is_enabled: boolean;
  description: string | null;
}

async function register(t: TestContext, body: Record<string, unknown>): Promise<WebhookCreated> {
  const res = await t.admin.post('/v1/webhooks', body);
  expect(res.status, res.text).toBe(201);
  return res.body.data as WebhookCreated;
}

/** Creates a product (one product.created event) and returns the event row. */
async function productCreated(t: TestContext): Promise<EventRow> {
  const res = await t.admin.post('/v1/products', { name: `Hooked ${uniqueWord()}` });
  expect(res.status, res.text).toBe(201);
  return t.db.selectFrom('events').selectAll().where('related_id', '=', res.body.data.id).where('kind', '=', 'product.created').executeTakeFirstOrThrow();
}

async function pendingOf(t: TestContext, eventId: string): Promise<number> {
  const row = await t.db.selectFrom('events').select('pending_webhooks').where('id', '=', eventId).executeTakeFirstOrThrow();
  return Number(row.pending_webhooks);
}

function deliveriesOf(t: TestContext, eventId: string) {
  return t.db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId).orderBy('id').execute();
}

function attemptsOf(t: TestContext, webhookId: string) {
  return t.db.selectFrom('webhook_attempts').selectAll().where('webhook_id', '=', webhookId).orderBy('id').execute();
}

async function count(t: TestContext, table: 'events' | 'webhook_deliveries' | 'products'): Promise<number> {
  const row = await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Tests share a database per kind: every endpoint (with its deliveries) and receiver goes after each test. */
async function cleanUp(t: TestContext): Promise<void> {
  await closeReceivers();
  await t.db.deleteFrom('webhooks').execute();
}

const NO_WEBHOOK = 'whk_00000000000000000000000000';
const NO_EVENT = 'evn_00000000000000000000000000';

// ---------------------------------------------------------------------------------------------

describeEachDatabase('webhooks', (t) => {
  afterEach(() => cleanUp(t));

  it('registers an endpoint and shows its secret once, in the creation answer only', async () => {
    const receiver = await startReceiver();
    const res = await t.admin.post('/v1/webhooks', { url: receiver.url, description: 'ERP sync' });
    expect(res.status, res.text).toBe(201);
    const created = res.body.data;
    expect(created).toMatchObject({ object: 'webhook', url: receiver.url, description: 'ERP sync', events: ['*'], is_enabled: true, disabled_reason: null, failing_since: null });
    expect(created.id).toMatch(/^whk_[0-9a-z]{26}$/);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const row = await t.db.selectFrom('webhooks').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ secret: created.secret, url: receiver.url, events: '["*"]', is_enabled: 1, previous_secret: null });

    const got = await t.admin.get(`/v1/webhooks/${created.id}`);
    expect(got.status).toBe(200);
    const { secret: _secret, ...withoutSecret } = created;
    expect(got.body.data).toEqual(withoutSecret);
    expect(got.text).not.toContain(created.secret);

    const list = await t.admin.get('/v1/webhooks?per_page=250');
    expect(list.status).toBe(200);
    expect(list.body.data).toContainEqual(withoutSecret);
    expect(list.body.meta.pagination).toMatchObject({ current_page: 1, total_items: list.body.data.length });
    expect(list.text).not.toContain('whsec_');
  });

  it('refuses unknown event kinds and URLs that are not http(s)', async () => {
    const receiver = await startReceiver();
    expectInvalid(await t.admin.post('/v1/webhooks', { url: receiver.url, events: ['product.created', 'nothing.happened'] }), 'events[1]');
    expectInvalid(await t.admin.post('/v1/webhooks', { url: 'ftp://example.com/hook' }), 'url');
    expectInvalid(await t.admin.post('/v1/webhooks', { url: 'not a url' }), 'url');
    expectInvalid(await t.admin.post('/v1/webhooks', { url: 'javascript:alert(1)', events: ['*', 'bad'] }), 'url', 'events[1]');
    expect(await t.db.selectFrom('webhooks').select('id').execute()).toEqual([]);
  });

  it('updates an endpoint without showing or changing its secret', async () => {
    const receiver = await startReceiver();
    const other = await startReceiver([204], '/other');
    const created = await register(t, { url: receiver.url, events: ['product.created'] });

    const res = await t.admin.post(`/v1/webhooks/${created.id}`, { url: other.url, events: ['product.updated', 'product.updated', 'order.placed'], description: 'renamed', is_enabled: false });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ id: created.id, url: other.url, events: ['product.updated', 'order.placed'], description: 'renamed', is_enabled: false });
    expect(res.body.data).not.toHaveProperty('secret');
    const row = await t.db.selectFrom('webhooks').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ url: other.url, events: '["product.updated","order.placed"]', description: 'renamed', is_enabled: 0, secret: created.secret });

    expectInvalid(await t.admin.post(`/v1/webhooks/${created.id}`, { events: ['order.shipped'] }), 'events[0]');
    expectInvalid(await t.admin.post(`/v1/webhooks/${created.id}`, { url: 'file:///etc/passwd' }), 'url');
    expect((await t.admin.get(`/v1/webhooks/${created.id}`)).body.data.url).toBe(other.url);
  });

  it('deletes an endpoint, and what was still to be delivered to it stops counting', async () => {
    const kept = await startReceiver();
    const dropped = await startReceiver();
    const keep = await register(t, { url: kept.url });
    const drop = await register(t, { url: dropped.url });
    const event = await productCreated(t);
    expect(await pendingOf(t, event.id)).toBe(2);

    const res = await t.admin.delete(`/v1/webhooks/${drop.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await pendingOf(t, event.id)).toBe(1);
    expect((await deliveriesOf(t, event.id)).map((d) => d.webhook_id)).toEqual([keep.id]);
    expectProblem(await t.admin.get(`/v1/webhooks/${drop.id}`), 404, 'not_found');
    expectProblem(await t.admin.delete(`/v1/webhooks/${drop.id}`), 404, 'not_found');

    await deliverUntil(t, () => kept.of(event.id).length === 1);
    expect(await pendingOf(t, event.id)).toBe(0);
    expect(dropped.requests).toEqual([]);
  });

  it('abandons what was still to be delivered to an endpoint when it is disabled', async () => {
    const receiver = await startReceiver();
    const hook = await register(t, { url: receiver.url });
    const event = await productCreated(t);
    expect(await pendingOf(t, event.id)).toBe(1);

    const res = await t.admin.post(`/v1/webhooks/${hook.id}`, { is_enabled: false });
    expect(res.status).toBe(200);
    expect(res.body.data.is_enabled).toBe(false);
    expect(await pendingOf(t, event.id)).toBe(0);
    expect((await deliveriesOf(t, event.id)).map((d) => d.status)).toEqual(['abandoned']);
    await deliverOnce(t);
    expect(receiver.requests).toEqual([]);
  });

  it('is for staff: a channel key gets 403, no credential 401, an unknown id 404', async () => {
    const receiver = await startReceiver();
    const created = await register(t, { url: receiver.url });
    for (const res of [
      await t.storefront.get('/v1/webhooks'),
      await t.storefront.post('/v1/webhooks', { url: receiver.url }),
      await t.storefront.get(`/v1/webhooks/${created.id}`),
      await t.storefront.post(`/v1/webhooks/${created.id}/rotate_secret`),
      await t.storefront.get(`/v1/webhooks/${created.id}/deliveries`),
    ]) expectProblem(res, 403, 'forbidden');
    for (const res of [
      await t.anonymous.get('/v1/webhooks'),
      await t.anonymous.post('/v1/webhooks', { url: receiver.url }),
      await t.anonymous.delete(`/v1/webhooks/${created.id}`),
    ]) expectProblem(res, 401, 'unauthorized');
    for (const res of [
      await t.admin.get(`/v1/webhooks/${NO_WEBHOOK}`),
      await t.admin.post(`/v1/webhooks/${NO_WEBHOOK}`, { description: 'x' }),
      await t.admin.delete(`/v1/webhooks/${NO_WEBHOOK}`),
      await t.admin.post(`/v1/webhooks/${NO_WEBHOOK}/rotate_secret`),
      await t.admin.get(`/v1/webhooks/${NO_WEBHOOK}/deliveries`),
      await t.admin.post(`/v1/events/${NO_EVENT}/redeliver`, {}),
    ]) expectProblem(res, 404, 'not_found');
    expect((await t.db.selectFrom('webhooks').select('id').execute()).map((w) => w.id)).toEqual([created.id]);
  });

  it('POSTs a subscribed event to every enabled subscriber, signed so standardwebhooks verifies it', async () => {
    const a = await startReceiver([204], '/hooks/a?tenant=1');
    const b = await startReceiver([500, 204]);
    const unsubscribed = await startReceiver();
    const disabled = await startReceiver();
    const hookA = await register(t, { url: a.url, events: ['product.created'] });
    const hookB = await register(t, { url: b.url });
    await register(t, { url: unsubscribed.url, events: ['order.placed', 'product.deleted'] });
    await register(t, { url: disabled.url, is_enabled: false });

    const event = await productCreated(t);
    const shown = await t.admin.get(`/v1/events/${event.id}`);
    expect(shown.body.data.pending_webhooks).toBe(2);
    expect((await deliveriesOf(t, event.id)).map((d) => d.webhook_id).sort()).toEqual([hookA.id, hookB.id].sort());

    await deliverOnce(t);
    expect(await pendingOf(t, event.id)).toBe(1);
    await deliverUntil(t, async () => (await pendingOf(t, event.id)) === 0);

    const [request] = a.of(event.id);
    expect(a.requests).toHaveLength(1);
    expect(request).toMatchObject({ method: 'POST', url: '/hooks/a?tenant=1' });
    expect(request!.headers).toMatchObject({ 'webhook-id': event.id, 'storefront-event-kind': 'product.created' });
    expect(request!.headers['content-type']).toMatch(/^application\/json/);
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Math.abs(Number(request!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(JSON.parse(request!.body)).toEqual(shown.body.data);
    expect(JSON.parse(request!.body).data.object).toMatchObject({ id: event.related_id, object: 'product' });
    expect(new Webhook(hookA.secret).verify(request!.body, signedHeaders(request!))).toEqual(shown.body.data);
    expect(() => new Webhook(hookB.secret).verify(request!.body, signedHeaders(request!))).toThrow();

    expect(b.of(event.id)).toHaveLength(2);
    for (const r of b.of(event.id)) expect(new Webhook(hookB.secret).verify(r.body, signedHeaders(r))).toMatchObject({ id: event.id });
    expect(unsubscribed.requests).toEqual([]);
    expect(disabled.requests).toEqual([]);
    expect((await deliveriesOf(t, event.id)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    expect((await t.admin.get(`/v1/events/${event.id}`)).body.data.pending_webhooks).toBe(0);
  });

  it('retries a failing receiver with the same webhook-id and lists the attempts newest first', async () => {
    const receiver = await startReceiver([500, 500, 204]);
    const hook = await register(t, { url: receiver.url });
    const event = await productCreated(t);

    await deliverUntil(t, () => receiver.of(event.id).length === 3);
    expect(receiver.requests.map((r) => r.headers['webhook-id'])).toEqual([event.id, event.id, event.id]);
    expect(await pendingOf(t, event.id)).toBe(0);
    const [delivery] = await deliveriesOf(t, event.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, webhook_id: hook.id });

    const res = await t.admin.get(`/v1/webhooks/${hook.id}/deliveries`);
    expect(res.status, res.text).toBe(200);
    const attempts = res.body.data;
    expect(attempts.map((a: { attempt: number }) => a.attempt)).toEqual([3, 2, 1]);
    expect(attempts.map((a: { status_code: number }) => a.status_code)).toEqual([204, 500, 500]);
    expect(attempts.map((a: { succeeded: boolean }) => a.succeeded)).toEqual([true, false, false]);
    expect(attempts[0]).toMatchObject({ object: 'webhook_attempt', delivery_id: delivery!.id, event_id: event.id, error: null, next_attempt_at: null });
    for (const failed of attempts.slice(1)) {
      expect(failed.error).toMatch(/500/);
      expect(failed.next_attempt_at).toBeGreaterThan(failed.created_at * 1000);
    }
    expect(attempts[1].next_attempt_at).toBeGreaterThan(attempts[2].next_attempt_at);
    for (const a of attempts) expect(Number.isInteger(a.duration_ms) && a.duration_ms >= 0).toBe(true);
    expect(res.body.meta.pagination).toMatchObject({ total_items: 3 });
    expect((await attemptsOf(t, hook.id)).map((a) => a.succeeded)).toEqual([0, 0, 1]);
    // Success clears the endpoint's failure record.
    expect((await t.admin.get(`/v1/webhooks/${hook.id}`)).body.data.failing_since).toBeNull();
  });

  it('counts a refused connection as a failed attempt and retries it', async () => {
    const gone = await startReceiver();
    await gone.close();
    const hook = await register(t, { url: gone.url });
    const event = await productCreated(t);

    expect(await deliverOnce(t)).toBe(1);
    const [refused] = await attemptsOf(t, hook.id);
    expect(refused).toMatchObject({ attempt: 1, status_code: null, succeeded: 0 });
    expect(refused!.error).toMatch(/ECONNREFUSED|refused/i);
    expect(refused!.next_attempt_at).toEqual(expect.any(Number));
    expect(await deliveriesOf(t, event.id)).toMatchObject([{ status: 'pending', attempts: 1 }]);
    expect(await pendingOf(t, event.id)).toBe(1);
    expect((await t.admin.get(`/v1/webhooks/${hook.id}`)).body.data.failing_since).toEqual(expect.any(Number));

    const back = await startReceiver();
    expect((await t.admin.post(`/v1/webhooks/${hook.id}`, { url: back.url })).status).toBe(200);
    await deliverUntil(t, () => back.of(event.id).length === 1);
    expect(await deliveriesOf(t, event.id)).toMatchObject([{ status: 'succeeded', attempts: 2 }]);
    expect(await pendingOf(t, event.id)).toBe(0);
  });

  it('counts a receiver slower than the timeout as a failure', async () => {
    const slow = await startReceiver([{ status: 204, delayMs: 2000 }]);
    const hook = await register(t, { url: slow.url });
    const event = await productCreated(t);

    await deliverOnce(t, { timeoutMs: 150 });
    expect(slow.of(event.id)).toHaveLength(1);
    const [attempt] = await attemptsOf(t, hook.id);
    expect(attempt).toMatchObject({ status_code: null, succeeded: 0, error: 'no answer within 150 ms' });
    expect(attempt!.duration_ms).toBeGreaterThanOrEqual(100);
    expect(attempt!.duration_ms).toBeLessThan(1500);
    expect(await deliveriesOf(t, event.id)).toMatchObject([{ status: 'pending', attempts: 1 }]);
    expect(await pendingOf(t, event.id)).toBe(1);
  });

  it('does not follow a redirect, and counts it as a failure', async () => {
    const target = await startReceiver();
    const redirecting = await startReceiver([{ status: 302, location: target.url }]);
    const hook = await register(t, { url: redirecting.url });
    const event = await productCreated(t);

    await deliverOnce(t);
    expect(redirecting.of(event.id)).toHaveLength(1);
    expect(target.requests).toEqual([]);
    const [attempt] = await attemptsOf(t, hook.id);
    expect(attempt).toMatchObject({ status_code: 302, succeeded: 0 });
    expect(attempt!.error).toMatch(/302/);
    expect(await deliveriesOf(t, event.id)).toMatchObject([{ status: 'pending', attempts: 1 }]);
  });

  it('abandons a delivery after the horizon and disables an endpoint failing that long; enabling clears it', async () => {
    const base = 1;
    const failing = await startReceiver([500]);
    const hook = await register(t, { url: failing.url });
    const started = Date.now();
    const first = await productCreated(t);
    await deliverOnce(t, { retryBaseMs: base });
    // A second event queued once the endpoint is failing: whichever attempt crosses the horizon
    // first, the endpoint has then been failing for all of it.
    const second = await productCreated(t);

    const settled = async () => (await t.db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', hook.id).where('status', '=', 'pending').execute()).length === 0;
    await deliverUntil(t, settled, { retryBaseMs: base }, { maxRounds: 600, sleepMs: 15 });
    // Times are stored in whole seconds: the horizon is reached up to a second early.
    expect(Date.now() - started).toBeGreaterThanOrEqual(giveUpAfterMs(base) - 1000);

    expect((await deliveriesOf(t, first.id)).map((d) => d.status)).toEqual(['abandoned']);
    expect((await deliveriesOf(t, second.id)).map((d) => d.status)).toEqual(['abandoned']);
    expect(await pendingOf(t, first.id)).toBe(0);
    expect(await pendingOf(t, second.id)).toBe(0);
    const firstAttempts = (await attemptsOf(t, hook.id)).filter((a) => a.event_id === first.id);
    expect(firstAttempts.length).toBeGreaterThan(3);
    expect(firstAttempts.every((a) => a.succeeded === 0 && a.status_code === 500)).toBe(true);
    expect(failing.of(first.id)).toHaveLength(firstAttempts.length);

    const row = await t.db.selectFrom('webhooks').selectAll().where('id', '=', hook.id).executeTakeFirstOrThrow();
    expect(row.is_enabled).toBe(0);
    expect(row.disabled_reason).toEqual(expect.any(String));
    expect(row.failing_since).toEqual(expect.any(Number));
    const shown = (await t.admin.get(`/v1/webhooks/${hook.id}`)).body.data;
    expect(shown).toMatchObject({ is_enabled: false, disabled_reason: row.disabled_reason, failing_since: Number(row.failing_since) });

    // Disabled: a new event is not queued for it.
    const third = await productCreated(t);
    expect(await deliveriesOf(t, third.id)).toEqual([]);
    expect(await pendingOf(t, third.id)).toBe(0);

    const enabled = await t.admin.post(`/v1/webhooks/${hook.id}`, { is_enabled: true });
    expect(enabled.status, enabled.text).toBe(200);
    expect(enabled.body.data).toMatchObject({ is_enabled: true, disabled_reason: null, failing_since: null });
    expect(await t.db.selectFrom('webhooks').select(['is_enabled', 'disabled_reason', 'failing_since']).where('id', '=', hook.id).executeTakeFirstOrThrow())
      .toEqual({ is_enabled: 1, disabled_reason: null, failing_since: null });
  });

  it('lets an endpoint be deleted while a delivery to it is under way', async () => {
    const slow = await startReceiver([{ status: 204, delayMs: 300 }]);
    const hook = await register(t, { url: slow.url });
    const event = await productCreated(t);

    const inFlight = deliverOnce(t);
    for (let i = 0; i < 100 && slow.requests.length === 0; i++) await sleep(10);
    expect(slow.of(event.id)).toHaveLength(1);
    expect((await t.admin.delete(`/v1/webhooks/${hook.id}`)).status).toBe(204);
    await expect(inFlight).resolves.toBe(1);

    expect(await pendingOf(t, event.id)).toBe(0);
    expect(await deliveriesOf(t, event.id)).toEqual([]);
    expect(await t.db.selectFrom('webhook_attempts').select('id').where('webhook_id', '=', hook.id).execute()).toEqual([]);
  });

  it('signs with the new and the old secret for a day after rotation', async () => {
    const receiver = await startReceiver();
    const hook = await register(t, { url: receiver.url });
    const rotated = await t.admin.post(`/v1/webhooks/${hook.id}/rotate_secret`);
    expect(rotated.status, rotated.text).toBe(200);
    const newSecret = rotated.body.data.secret as string;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(hook.secret);
    expect((await t.admin.get(`/v1/webhooks/${hook.id}`)).body.data).not.toHaveProperty('secret');
    const row = await t.db.selectFrom('webhooks').selectAll().where('id', '=', hook.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ secret: newSecret, previous_secret: hook.secret });
    expect(Number(row.previous_secret_expires_at) - Date.now() / 1000).toBeGreaterThan(24 * 3600 - 60);

    const event = await productCreated(t);
    await deliverUntil(t, () => receiver.of(event.id).length === 1);
    const [request] = receiver.of(event.id);
    const signatures = String(request!.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    for (const s of signatures) expect(s).toMatch(/^v1,/);
    expect(new Webhook(newSecret).verify(request!.body, signedHeaders(request!))).toMatchObject({ id: event.id });
    expect(new Webhook(hook.secret).verify(request!.body, signedHeaders(request!))).toMatchObject({ id: event.id });

    // Once the overlap is over, only the new secret signs.
    await t.db.updateTable('webhooks').set({ previous_secret_expires_at: Math.floor(Date.now() / 1000) - 1 }).where('id', '=', hook.id).execute();
    const later = await productCreated(t);
    await deliverUntil(t, () => receiver.of(later.id).length === 1);
    const [after] = receiver.of(later.id);
    expect(String(after!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(new Webhook(newSecret).verify(after!.body, signedHeaders(after!))).toMatchObject({ id: later.id });
    expect(() => new Webhook(hook.secret).verify(after!.body, signedHeaders(after!))).toThrow();
  });

  it('redelivers an event on request, with the same webhook-id', async () => {
    const receiver = await startReceiver();
    const other = await startReceiver();
    const hook = await register(t, { url: receiver.url, events: ['product.created'] });
    const otherHook = await register(t, { url: other.url });
    const event = await productCreated(t);
    await deliverUntil(t, async () => (await pendingOf(t, event.id)) === 0);
    expect(receiver.of(event.id)).toHaveLength(1);
    expect(other.of(event.id)).toHaveLength(1);

    const again = await t.admin.post(`/v1/events/${event.id}/redeliver`, {});
    expect(again.status, again.text).toBe(200);
    expect(again.body.data).toMatchObject({ id: event.id, object: 'event', kind: 'product.created', pending_webhooks: 2 });
    expect(await pendingOf(t, event.id)).toBe(2);
    await deliverUntil(t, async () => (await pendingOf(t, event.id)) === 0);
    expect(receiver.of(event.id).map((r) => r.headers['webhook-id'])).toEqual([event.id, event.id]);
    expect(other.of(event.id)).toHaveLength(2);
    expect(JSON.parse(receiver.of(event.id)[1]!.body)).toMatchObject({ id: event.id, data: JSON.parse(event.data) });

    const onlyOne = await t.admin.post(`/v1/events/${event.id}/redeliver`, { webhook_id: otherHook.id });
    expect(onlyOne.status, onlyOne.text).toBe(200);
    expect(onlyOne.body.data.pending_webhooks).toBe(1);
    await deliverUntil(t, async () => (await pendingOf(t, event.id)) === 0);
    expect(other.of(event.id)).toHaveLength(3);
    expect(receiver.of(event.id)).toHaveLength(2);
    expect(await deliveriesOf(t, event.id)).toHaveLength(5);

    expectProblem(await t.admin.post(`/v1/events/${event.id}/redeliver`, { webhook_id: NO_WEBHOOK }), 404, 'not_found');
    for (const id of [hook.id, otherHook.id]) expect((await t.admin.post(`/v1/webhooks/${id}`, { is_enabled: false })).status).toBe(200);
    expectInvalid(await t.admin.post(`/v1/events/${event.id}/redeliver`, {}), 'webhook_id');
    expect(await pendingOf(t, event.id)).toBe(0);
    expectProblem(await t.admin.post(`/v1/events/${NO_EVENT}/redeliver`, {}), 404, 'not_found');
    expectProblem(await t.storefront.post(`/v1/events/${event.id}/redeliver`, {}), 403, 'forbidden');
  });

  it('writes the event and its deliveries in one transaction, and neither when the change fails', async () => {
    const a = await startReceiver();
    const b = await startReceiver();
    const hookA = await register(t, { url: a.url });
    const hookB = await register(t, { url: b.url, events: ['product.created'] });
    await register(t, { url: a.url, events: ['order.placed'] });

    const before = { events: await count(t, 'events'), deliveries: await count(t, 'webhook_deliveries') };
    const event = await productCreated(t);
    expect(await count(t, 'events')).toBe(before.events + 1);
    expect(await count(t, 'webhook_deliveries')).toBe(before.deliveries + 2);
    expect(Number(event.pending_webhooks)).toBe(2);
    const deliveries = await deliveriesOf(t, event.id);
    expect(deliveries.map((d) => d.webhook_id).sort()).toEqual([hookA.id, hookB.id].sort());
    for (const d of deliveries) expect(d).toMatchObject({ status: 'pending', attempts: 0, locked_until: null });

    const counts = { events: await count(t, 'events'), deliveries: await count(t, 'webhook_deliveries'), products: await count(t, 'products') };
    expectInvalid(await t.admin.post('/v1/products', { name: `Refused ${uniqueWord()}`, category_ids: ['cat_00000000000000000000000000'] }), 'category_ids[0]');
    expectInvalid(await t.admin.post('/v1/products', { name: '' }), 'name');
    expect({ events: await count(t, 'events'), deliveries: await count(t, 'webhook_deliveries'), products: await count(t, 'products') }).toEqual(counts);
    // Nothing is sent for a change that did not happen.
    await deliverUntil(t, async () => (await pendingOf(t, event.id)) === 0);
    expect(a.requests.map((r) => r.headers['webhook-id'])).toEqual([event.id]);
    expect(b.requests.map((r) => r.headers['webhook-id'])).toEqual([event.id]);
  });
});

describeEachDatabase('webhooks to private addresses', (t) => {
  afterEach(() => cleanUp(t));

  it('refuses loopback, private, link-local and metadata URLs at registration', async () => {
    const receiver = await startReceiver();
    for (const url of [receiver.url, 'http://localhost/hook', 'http://[::1]:8080/hook', 'http://10.0.0.7/hook', 'http://192.168.1.1/hook', 'http://169.254.169.254/latest/meta-data/', 'http://0.0.0.0/']) {
      const res = await t.admin.post('/v1/webhooks', { url });
      expectInvalid(res, 'url');
    }
    const created = await register(t, { url: 'http://93.184.216.34/hook' });
    expectInvalid(await t.admin.post(`/v1/webhooks/${created.id}`, { url: 'http://localhost:9/hook' }), 'url');
    expect((await t.db.selectFrom('webhooks').select('url').execute()).map((w) => w.url)).toEqual(['http://93.184.216.34/hook']);
    expect(receiver.requests).toEqual([]);
  });

  it('checks the address again at delivery and never calls a private one', async () => {
    const receiver = await startReceiver();
    const hook = await register(t, { url: 'http://93.184.216.34/hook' });
    // As if the name had been re-pointed at a private address after registration (DNS rebinding).
    await t.db.updateTable('webhooks').set({ url: receiver.url }).where('id', '=', hook.id).execute();
    const event = await productCreated(t);

    await deliverOnce(t, { allowPrivate: false });
    expect(receiver.requests).toEqual([]);
    const [attempt] = await attemptsOf(t, hook.id);
    expect(attempt).toMatchObject({ event_id: event.id, status_code: null, succeeded: 0 });
    expect(attempt!.error).toMatch(/private|loopback/);
    expect(attempt!.next_attempt_at).toEqual(expect.any(Number));
    expect(await deliveriesOf(t, event.id)).toMatchObject([{ status: 'pending', attempts: 1 }]);
    const listed = await t.admin.get(`/v1/webhooks/${hook.id}/deliveries`);
    expect(listed.body.data).toMatchObject([{ status_code: null, succeeded: false, error: attempt!.error }]);
  });
}, { webhooksAllowPrivate: false });
