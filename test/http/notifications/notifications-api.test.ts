import { expect, test } from 'vitest';
import { queueNotification } from '../../../src/modules/notifications/queue.js';
import { placedOrder } from '../../helpers/checkout.js';
import { expectProblem, uniqueWord } from '../../helpers/expect.js';
import { deliverMailUntil } from '../../helpers/smtp.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

describeEachDatabase('the notifications log', (t) => {
  test('staff list messages newest first with filters and pagination; a read-only key reads but may not resend', async () => {
    const a = await placedOrder(t);
    const b = await placedOrder(t);
    const all = await t.admin.get('/v1/notifications?kind=order_confirmation&per_page=1');
    expect(all.status, all.text).toBe(200);
    expect(all.body.data).toHaveLength(1);
    expect(all.body.data[0].order_id).toBe(b.orderId);
    expect(all.body.meta.pagination).toMatchObject({ current_page: 1, per_page: 1, next_page: 2 });
    expect(all.body.meta.pagination.total_items).toBeGreaterThanOrEqual(2);

    const ofA = (await t.admin.get(`/v1/notifications?order_id=${a.orderId}&status=pending`)).body.data;
    expect(ofA).toEqual([expect.objectContaining({ object: 'notification', kind: 'order_confirmation', recipient: a.email, status: 'pending', attempts: 0, last_error: null })]);
    expect((await t.admin.get(`/v1/notifications?order_id=${a.orderId}&status=sent`)).body.data).toEqual([]);
    expect((await t.admin.get(`/v1/notifications?customer_id=${ofA[0].customer_id ?? 'cus_none'}`)).status).toBe(200);

    const key = await t.admin.post('/v1/api_keys', { name: `Reader ${uniqueWord()}`, read_only: true });
    const reader = t.as({ authorization: `Bearer ${key.body.data.token}` });
    expect((await reader.get(`/v1/notifications/${ofA[0].id}`)).body.data.id).toBe(ofA[0].id);
    expectProblem(await reader.post(`/v1/notifications/${ofA[0].id}/resend`), 403, 'forbidden');
    expectProblem(await reader.post('/v1/notifications/templates/refund', { is_enabled: false }), 403, 'forbidden');
    expectProblem(await t.storefront.get('/v1/notifications'), 403, 'forbidden');
    expectProblem(await t.anonymous.get('/v1/notifications'), 401, 'unauthorized');
    expectProblem(await t.admin.get('/v1/notifications?status=lost'), 400, 'invalid_request');
  });

  test('a message still pending is not resent; an unknown one is 404', async () => {
    const order = await placedOrder(t);
    const [pending] = (await t.admin.get(`/v1/notifications?order_id=${order.orderId}`)).body.data;
    expectProblem(await t.admin.post(`/v1/notifications/${pending.id}/resend`), 409, 'invalid_state');
    expectProblem(await t.admin.get('/v1/notifications/ntf_00000000000000000000000000'), 404, 'not_found');
    expectProblem(await t.admin.post('/v1/notifications/ntf_00000000000000000000000000/resend'), 404, 'not_found');
  });

  test('account mails never show their secret link to staff', async () => {
    const email = `${uniqueWord()}@example.com`;
    const id = await queueNotification(t.db, Math.floor(Date.now() / 1000), {
      kind: 'password_reset', to: email, data: { customer: { first_name: 'Ann' }, reset_url: 'http://shop.test/account/reset?token=SECRET', expires_at: 0 },
    });
    await deliverMailUntil(t, undefined, async () => (await t.admin.get(`/v1/notifications/${id}`)).body.data.status !== 'pending');
    const shown = (await t.admin.get(`/v1/notifications/${id}`)).body.data;
    expect(shown).toMatchObject({ kind: 'password_reset', status: 'not_sent', html: null, text: null, data: null });
    expect(shown.subject).toContain('Reset your password');
    expect(JSON.stringify((await t.admin.get(`/v1/notifications?kind=password_reset`)).body)).not.toContain('SECRET');
    // The message itself carries it.
    const row = await t.db.selectFrom('notifications').select('text').where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row.text).toContain('token=SECRET');
  });
});
