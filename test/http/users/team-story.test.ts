import { expect, it, vi } from 'vitest';
import { unixNow } from '../../../src/lib/clock.js';
import { makeUser } from '../../../src/modules/users/owner.js';
import { placedOrder } from '../../helpers/checkout.js';
import { describeEachDatabase } from '../../helpers/test-app.js';
import { invitationToken, STAFF_PASSWORD, totpCode } from '../../helpers/staff.js';

describeEachDatabase('a team, not a key (issue 37, done when)', (t) => {
  it('the owner invites a packer, who signs in with a second factor, ships but cannot refund, and the owner reads both in the audit log', async () => {
    // The owner, made as `storefront users create --role owner --password …` makes them.
    await makeUser(t.db, { publicUrl: 'http://localhost:8080' }, unixNow(), { email: 'owner@example.com', name: 'Sam Owner', role: 'owner', password: STAFF_PASSWORD });
    const ownerSignIn = await t.anonymous.post('/v1/users/token', { email: 'owner@example.com', password: STAFF_PASSWORD });
    expect(ownerSignIn.status, ownerSignIn.text).toBe(201);
    const owner = t.as({ authorization: `Bearer ${ownerSignIn.body.data.token}` });

    const invited = await owner.post('/v1/users', { email: 'pat@example.com', name: 'Pat Packer', role: 'fulfillment' });
    expect(invited.status, invited.text).toBe(201);
    const mail = await t.db.selectFrom('notifications').selectAll().where('kind', '=', 'staff_invitation').where('recipient', '=', 'pat@example.com').executeTakeFirstOrThrow();
    expect(JSON.parse(mail.data)).toMatchObject({ inviter: { name: 'Sam Owner' }, user: { role: 'fulfillment' } });

    const accepted = await t.anonymous.post('/v1/users/accept', { token: await invitationToken(t, 'pat@example.com'), password: 'packing boxes all day long 3' });
    expect(accepted.status, accepted.text).toBe(201);
    const firstSession = t.as({ authorization: `Bearer ${accepted.body.data.token}` });
    const { secret } = (await firstSession.post('/v1/users/me/two_factor')).body.data;
    const now = Date.now() / 1000;
    expect((await firstSession.post('/v1/users/me/two_factor/confirm', { otp: totpCode(secret, now) })).status).toBe(200);
    expect((await firstSession.delete('/v1/users/token')).status).toBe(204);

    const withoutCode = await t.anonymous.post('/v1/users/token', { email: 'pat@example.com', password: 'packing boxes all day long 3' });
    expect(withoutCode.status).toBe(422);
    const signedIn = await t.anonymous.post('/v1/users/token', { email: 'pat@example.com', password: 'packing boxes all day long 3', otp: totpCode(secret, now + 30) });
    expect(signedIn.status, signedIn.text).toBe(201);
    const packer = t.as({ authorization: `Bearer ${signedIn.body.data.token}` });

    const { orderId } = await placedOrder(t);
    const shipped = await packer.post(`/v1/orders/${orderId}/fulfillments`, { tracking_code: '1Z999AA10123456784', carrier: 'UPS' });
    expect(shipped.status, shipped.text).toBe(201);
    const refund = await packer.post(`/v1/orders/${orderId}/transactions`, { kind: 'refund' });
    expect(refund.status).toBe(403);
    expect(refund.body.detail).toBe('The fulfillment role may not transaction: create');
    expect((await t.admin.get(`/v1/orders/${orderId}/transactions`)).body.data.filter((tr: { kind: string }) => tr.kind === 'refund')).toEqual([]);

    // Entries are written once the answer is out: wait for them to land.
    const patId = invited.body.data.id;
    await vi.waitFor(async () => {
      const log = await owner.get(`/v1/audit_log?actor_id=${patId}`);
      expect(log.body.data.map((entry: { action: string; status: number }) => `${entry.action} ${entry.status}`)).toEqual(expect.arrayContaining(['fulfillment.create 201', 'transaction.create 403']));
    });
    const orderHistory = (await owner.get(`/v1/audit_log?object_id=${orderId}`)).body.data;
    expect(orderHistory.find((entry: { action: string }) => entry.action === 'transaction.create')).toMatchObject({
      actor: { type: 'user', id: patId, name: 'Pat Packer' }, method: 'POST', path: `/v1/orders/${orderId}/transactions`, status: 403,
    });
    const invitation = (await owner.get(`/v1/audit_log?action=user.create`)).body.data[0];
    expect(invitation).toMatchObject({ actor: { type: 'user', name: 'Sam Owner' }, object_id: patId, status: 201 });
    expect((await packer.get('/v1/audit_log')).status).toBe(403);
  });
});
