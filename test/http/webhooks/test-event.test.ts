import { Webhook } from 'standardwebhooks';
import { afterAll, expect, it } from 'vitest';
import { expectProblem } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';
import { closeReceivers, deliverUntil, startReceiver, type Received } from '../../helpers/webhooks.js';

afterAll(closeReceivers);

function signedHeaders(request: Received): Record<string, string> {
  const h = request.headers;
  return { 'webhook-id': String(h['webhook-id']), 'webhook-timestamp': String(h['webhook-timestamp']), 'webhook-signature': String(h['webhook-signature']) };
}

describeEachDatabase('a test event sent to one webhook endpoint', (t) => {
  it('queues a webhook.test event for that endpoint alone, whatever it subscribes to, delivered signed like any event', async () => {
    const receiver = await startReceiver([204]);
    const other = await startReceiver([204]);
    const made = await t.admin.post('/v1/webhooks', { url: receiver.url, events: ['order.placed'] });
    expect(made.status, made.text).toBe(201);
    const everything = await t.admin.post('/v1/webhooks', { url: other.url });
    expect(everything.status, everything.text).toBe(201);
    const hook = made.body.data;

    const sent = await t.admin.post(`/v1/webhooks/${hook.id}/test`, {});
    expect(sent.status, sent.text).toBe(202);
    const event = sent.body.data;
    expect(event).toMatchObject({ object: 'event', kind: 'webhook.test', pending_webhooks: 1 });
    expect(event.data.object).toMatchObject({ id: hook.id, object: 'webhook', url: receiver.url });
    expect(JSON.stringify(event)).not.toContain(hook.secret);

    await deliverUntil(t, () => receiver.of(event.id).length === 1);
    const [request] = receiver.of(event.id);
    expect(request!.headers['storefront-event-kind']).toBe('webhook.test');
    const shown = (await t.admin.get(`/v1/events/${event.id}`)).body.data;
    // The body is the event as it was sent (pending_webhooks counted it still).
    expect(new Webhook(hook.secret).verify(request!.body, signedHeaders(request!))).toEqual({ ...shown, pending_webhooks: 1, updated_at: event.updated_at });
    expect(shown.pending_webhooks).toBe(0);
    // Only the endpoint tested gets it, though the other takes every kind.
    expect(other.of(event.id)).toEqual([]);
    const [attempt] = (await t.admin.get(`/v1/webhooks/${hook.id}/deliveries`)).body.data;
    expect(attempt).toMatchObject({ event_id: event.id, attempt: 1, succeeded: true, status_code: 204 });

    // Sent again from the log: to the same endpoint alone.
    const again = await t.admin.post(`/v1/events/${event.id}/redeliver`, { webhook_id: hook.id });
    expect(again.status, again.text).toBe(200);
    await deliverUntil(t, () => receiver.of(event.id).length === 2);
    expect(other.of(event.id)).toEqual([]);
  });

  it('refuses a disabled endpoint (409), an unknown one (404), a read-only key and a storefront (403)', async () => {
    const receiver = await startReceiver([204]);
    const hook = (await t.admin.post('/v1/webhooks', { url: receiver.url, is_enabled: false })).body.data;
    expectProblem(await t.admin.post(`/v1/webhooks/${hook.id}/test`, {}), 409, 'invalid_state');
    expectProblem(await t.admin.post('/v1/webhooks/whk_01kaaaaaaaaaaaaaaaaaaaaaaa/test', {}), 404, 'not_found');
    const readOnly = await t.admin.post('/v1/api_keys', { name: 'Reader', read_only: true });
    expectProblem(await t.as({ authorization: `Bearer ${readOnly.body.data.token}` }).post(`/v1/webhooks/${hook.id}/test`, {}), 403, 'forbidden');
    expectProblem(await t.storefront.post(`/v1/webhooks/${hook.id}/test`, {}), 403, 'forbidden');
    expect(receiver.requests).toEqual([]);
  });
});
