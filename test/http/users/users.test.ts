import { describe, expect, it } from 'vitest';
import { placedOrder } from '../../helpers/checkout.js';
import { describeEachDatabase } from '../../helpers/test-app.js';
import { invitationToken, STAFF_PASSWORD, staffMember, totpCode } from '../../helpers/staff.js';

describeEachDatabase('staff users', (t) => {
  describe('invitations', () => {
    it('mails a one-time link that sets the password and signs the user in; a reused link is refused', async () => {
      const invited = await t.admin.post('/v1/users', { email: 'Pat@Example.com', name: 'Pat', role: 'fulfillment' });
      expect(invited.status, invited.text).toBe(201);
      expect(invited.body.data).toMatchObject({ object: 'user', email: 'Pat@Example.com', name: 'Pat', role: 'fulfillment', is_active: true, is_invitation_pending: true, is_two_factor_enabled: false, last_sign_in_at: null });
      expect(invited.body.data.id).toMatch(/^usr_/);
      const token = await invitationToken(t, 'Pat@Example.com');
      expect(token).toMatch(/^uin_/);
      // The outbox shows staff neither the link nor the data that carries it.
      const outbox = await t.admin.get('/v1/notifications?kind=staff_invitation');
      expect(outbox.body.data[0]).toMatchObject({ kind: 'staff_invitation', data: null, html: null });

      const weak = await t.anonymous.post('/v1/users/accept', { token, password: 'password1' });
      expect(weak.status).toBe(422);
      expect(weak.body.errors[0]).toMatchObject({ field: 'password', code: 'too_weak' });

      const accepted = await t.anonymous.post('/v1/users/accept', { token, password: STAFF_PASSWORD });
      expect(accepted.status, accepted.text).toBe(201);
      expect(accepted.body.data).toMatchObject({ id: invited.body.data.id, is_invitation_pending: false });
      expect(accepted.body.data.token).toMatch(/^utk_/);
      const me = await t.as({ authorization: `Bearer ${accepted.body.data.token}` }).get('/v1/users/me');
      expect(me.status).toBe(200);
      expect(me.body.data.email).toBe('Pat@Example.com');

      const again = await t.anonymous.post('/v1/users/accept', { token, password: 'another good long passphrase 7' });
      expect(again.status).toBe(422);
      expect(again.body.errors[0]).toMatchObject({ field: 'token', code: 'invalid' });
      expect((await t.anonymous.post('/v1/users/accept', { token: 'uin_forged', password: STAFF_PASSWORD })).status).toBe(422);
    });

    it('refuses an expired link, a taken email and a fourth invitation mail within the hour', async () => {
      await t.admin.post('/v1/users', { email: 'late@example.com', role: 'catalog' });
      const token = await invitationToken(t, 'late@example.com');
      await t.db.updateTable('user_invitations').set({ expires_at: Math.floor(Date.now() / 1000) - 1 }).execute();
      expect((await t.anonymous.post('/v1/users/accept', { token, password: STAFF_PASSWORD })).status).toBe(422);

      const taken = await t.admin.post('/v1/users', { email: 'LATE@example.com', role: 'catalog' });
      expect(taken.status).toBe(422);
      expect(taken.body.errors[0]).toMatchObject({ field: 'email', code: 'taken' });
      expect((await t.admin.post('/v1/users', { email: 'x@example.com', role: 'emperor' })).status).toBe(422);

      const user = (await t.admin.get('/v1/users')).body.data.find((u: { email: string }) => u.email === 'late@example.com');
      expect((await t.admin.post(`/v1/users/${user.id}/invitation`)).status).toBe(200);
      expect((await t.admin.post(`/v1/users/${user.id}/invitation`)).status).toBe(200);
      const fourth = await t.admin.post(`/v1/users/${user.id}/invitation`);
      expect(fourth.status).toBe(429);
    });
  });

  describe('signing in', () => {
    it('signs in for 12 hours and out; a wrong password is 401 and the sixth try from one client 429', async () => {
      const member = await staffMember(t, 'catalog', 'cat@example.com');
      const signedIn = await t.anonymous.post('/v1/users/token', { email: 'CAT@example.com', password: STAFF_PASSWORD });
      expect(signedIn.status, signedIn.text).toBe(201);
      const now = Math.floor(Date.now() / 1000);
      expect(signedIn.body.data.expires_at).toBeGreaterThanOrEqual(now + 12 * 3600 - 5);
      expect(signedIn.body.data.expires_at).toBeLessThanOrEqual(now + 12 * 3600 + 5);
      expect(signedIn.body.data.last_sign_in_at).toBeGreaterThanOrEqual(now - 5);

      const session = t.as({ authorization: `Bearer ${signedIn.body.data.token}` });
      expect((await session.delete('/v1/users/token')).status).toBe(204);
      expect((await session.get('/v1/products')).status).toBe(401);
      expect((await member.client.get('/v1/products')).status).toBe(200);

      for (let i = 0; i < 5; i += 1) expect((await t.anonymous.post('/v1/users/token', { email: 'cat@example.com', password: 'wrong wrong wrong' })).status).toBe(401);
      const locked = await t.anonymous.post('/v1/users/token', { email: 'cat@example.com', password: STAFF_PASSWORD });
      expect(locked.status).toBe(429);
      expect(locked.headers['retry-after']).toBeDefined();
      expect((await t.anonymous.post('/v1/users/token', { email: 'nobody@example.com', password: STAFF_PASSWORD })).status).toBe(401);
    });

    it('stops a deactivated user at once, and signs in nobody who has not accepted', async () => {
      const member = await staffMember(t, 'fulfillment');
      expect((await member.client.get('/v1/orders')).status).toBe(200);
      const off = await t.admin.post(`/v1/users/${member.id}`, { is_active: false });
      expect(off.status).toBe(200);
      expect(off.body.data.is_active).toBe(false);
      expect((await member.client.get('/v1/orders')).status).toBe(401);
      expect((await t.anonymous.post('/v1/users/token', { email: member.email, password: STAFF_PASSWORD })).status).toBe(401);
      expect(await t.db.selectFrom('user_tokens').selectAll().where('user_id', '=', member.id).execute()).toEqual([]);

      await t.admin.post('/v1/users', { email: 'pending@example.com', role: 'catalog' });
      expect((await t.anonymous.post('/v1/users/token', { email: 'pending@example.com', password: '' })).status).toBe(401);
    });
  });

  describe('owners', () => {
    it('keeps the last active owner, and lets nobody change their own role', async () => {
      const owner = await staffMember(t, 'owner');
      const own = await owner.client.post(`/v1/users/${owner.id}`, { role: 'admin' });
      expect(own.status).toBe(403);
      expect((await t.admin.post(`/v1/users/${owner.id}`, { role: 'admin' })).status).toBe(409);
      expect((await t.admin.post(`/v1/users/${owner.id}`, { is_active: false })).status).toBe(409);
      expect((await t.admin.delete(`/v1/users/${owner.id}`)).status).toBe(409);
      expect((await t.admin.get(`/v1/users/${owner.id}`)).body.data).toMatchObject({ role: 'owner', is_active: true });

      const second = await staffMember(t, 'owner');
      expect((await owner.client.post(`/v1/users/${second.id}`, { role: 'admin' })).status).toBe(200);
      // An admin may not touch users at all, its own record included.
      expect((await second.client.post(`/v1/users/${second.id}`, { role: 'owner' })).status).toBe(403);
      expect((await second.client.get('/v1/users')).status).toBe(403);
      expect((await owner.client.delete(`/v1/users/${second.id}`)).status).toBe(204);
      expect((await second.client.get('/v1/orders')).status).toBe(401);
    });

    it('names the user who canceled an order and who wrote a post', async () => {
      const owner = await staffMember(t, 'owner');
      const { orderId } = await placedOrder(t);
      const canceled = await owner.client.post(`/v1/orders/${orderId}/cancel`, { reason: 'customer' });
      expect(canceled.status, canceled.text).toBe(200);
      expect(canceled.body.data.canceler_id).toBe(owner.id);
      const blog = (await owner.client.post('/v1/blogs', { title: 'News' })).body.data;
      const post = await owner.client.post('/v1/posts', { blog_id: blog.id, title: 'Hello' });
      expect(post.status, post.text).toBe(201);
      expect(post.body.data.user_id).toBe(owner.id);
      const comment = await owner.client.post(`/v1/orders/${orderId}/comments`, { body: 'Refund promised' });
      expect(comment.body.data.author).toEqual({ type: 'user', id: owner.id, name: 'owner person' });
    });
  });

  describe('two-factor sign-in', () => {
    it('is turned on with a code, then asks for one; a code and a recovery code work once', async () => {
      const member = await staffMember(t, 'fulfillment', 'twofa@example.com');
      const setup = await member.client.post('/v1/users/me/two_factor');
      expect(setup.status, setup.text).toBe(200);
      const { secret, otpauth_url } = setup.body.data;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/.*twofa%40example\.com\?.*secret=/);
      expect((await member.client.post('/v1/users/me/two_factor/confirm', { otp: '000000' })).status).toBe(422);
      const now = Date.now() / 1000;
      const confirmed = await member.client.post('/v1/users/me/two_factor/confirm', { otp: totpCode(secret, now) });
      expect(confirmed.status, confirmed.text).toBe(200);
      const codes = confirmed.body.data.recovery_codes as string[];
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);

      const withoutCode = await t.anonymous.post('/v1/users/token', { email: member.email, password: STAFF_PASSWORD });
      expect(withoutCode.status).toBe(422);
      expect(withoutCode.body.errors[0]).toMatchObject({ field: 'otp', code: 'required' });
      // The code that confirmed is spent; so is any code of an earlier step.
      expect((await t.anonymous.post('/v1/users/token', { email: member.email, password: STAFF_PASSWORD, otp: totpCode(secret, now) })).status).toBe(401);
      const next = totpCode(secret, now + 30);
      const signedIn = await t.anonymous.post('/v1/users/token', { email: member.email, password: STAFF_PASSWORD, otp: next });
      expect(signedIn.status, signedIn.text).toBe(201);
      expect(signedIn.body.data.is_two_factor_enabled).toBe(true);
      const replayed = await t.anonymous.post('/v1/users/token', { email: member.email, password: STAFF_PASSWORD, otp: next });
      expect(replayed.status).toBe(401);
      // A wrong password with a right-looking code says nothing about the code.
      expect((await t.anonymous.post('/v1/users/token', { email: member.email, password: 'nope nope nope', otp: next })).status).toBe(401);

      const recovery = await t.anonymous.post('/v1/users/token', { email: member.email, password: STAFF_PASSWORD, otp: codes[0]!.toUpperCase() });
      expect(recovery.status, recovery.text).toBe(201);
      expect((await t.anonymous.post('/v1/users/token', { email: member.email, password: STAFF_PASSWORD, otp: codes[0] })).status).toBe(401);
      expect((await member.client.post('/v1/users/me/two_factor')).status).toBe(409);

      const off = await member.client.post('/v1/users/me/two_factor/disable', { otp: codes[1] });
      expect(off.status, off.text).toBe(200);
      expect(off.body.data.is_two_factor_enabled).toBe(false);
      expect((await t.anonymous.post('/v1/users/token', { email: member.email, password: STAFF_PASSWORD })).status).toBe(201);
    });

    it('once required by the owner, lets a user without it only set it up', async () => {
      const member = await staffMember(t, 'catalog');
      const catalogKey = (await t.admin.post('/v1/api_keys', { name: 'Catalog sync', role: 'catalog' })).body.data.token;
      expect((await member.client.post('/v1/users/policy', { is_two_factor_required: true })).status).toBe(403);
      const policy = await t.admin.post('/v1/users/policy', { is_two_factor_required: true });
      expect(policy.status, policy.text).toBe(200);
      expect(policy.body.data).toEqual({ object: 'user_policy', is_two_factor_required: true });

      const blocked = await member.client.get('/v1/products');
      expect(blocked.status).toBe(403);
      expect(blocked.body.detail).toMatch(/two-factor/);
      // API keys have no second factor to set up: the policy is for people.
      expect((await t.as({ authorization: `Bearer ${catalogKey}` }).get('/v1/products')).status).toBe(200);
      const access = await member.client.get('/v1/access');
      expect(access.body.data).toMatchObject({ role: 'catalog', must_set_up_two_factor: true });
      expect(access.body.data.actions.every((action: string) => action.startsWith('profile.') || action === 'access.read')).toBe(true);

      const { secret } = (await member.client.post('/v1/users/me/two_factor')).body.data;
      expect((await member.client.post('/v1/users/me/two_factor/confirm', { otp: totpCode(secret) })).status).toBe(200);
      expect((await member.client.get('/v1/products')).status).toBe(200);
      expect((await member.client.post('/v1/users/me/two_factor/disable', { otp: totpCode(secret, Date.now() / 1000 + 30) })).status).toBe(409);
    });
  });

  describe('one\'s own profile', () => {
    it('changes the name, and the password with the current one, signing other sessions out', async () => {
      const member = await staffMember(t, 'read_only', 'reader@example.com');
      const other = (await t.anonymous.post('/v1/users/token', { email: member.email, password: STAFF_PASSWORD })).body.data.token;
      expect((await member.client.post('/v1/users/me', { name: 'Robin' })).body.data.name).toBe('Robin');
      const wrong = await member.client.post('/v1/users/me', { password: 'a brand new long passphrase 9', current_password: 'nope' });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors[0].field).toBe('current_password');
      const changed = await member.client.post('/v1/users/me', { password: 'a brand new long passphrase 9', current_password: STAFF_PASSWORD });
      expect(changed.status, changed.text).toBe(200);
      expect((await member.client.get('/v1/users/me')).status).toBe(200);
      expect((await t.as({ authorization: `Bearer ${other}` }).get('/v1/users/me')).status).toBe(401);
      expect((await t.anonymous.post('/v1/users/token', { email: member.email, password: 'a brand new long passphrase 9' })).status).toBe(201);
      // An API key is no user.
      expect((await t.admin.get('/v1/users/me')).status).toBe(403);
      expect((await t.admin.delete('/v1/users/token')).status).toBe(403);
    });
  });
});

describeEachDatabase('staff users under concurrent requests', (t) => {
  it('accepts an invitation once when two acceptances race', async () => {
    await t.admin.post('/v1/users', { email: 'race@example.com', role: 'catalog' });
    const token = await invitationToken(t, 'race@example.com');
    const answers = await Promise.all([
      t.anonymous.post('/v1/users/accept', { token, password: STAFF_PASSWORD }),
      t.anonymous.post('/v1/users/accept', { token, password: 'a different long passphrase 5' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    const winner = answers.find((answer) => answer.status === 201)!;
    const password = answers[0] === winner ? STAFF_PASSWORD : 'a different long passphrase 5';
    expect((await t.anonymous.post('/v1/users/token', { email: 'race@example.com', password })).status).toBe(201);
    expect(await t.db.selectFrom('user_tokens').selectAll().where('user_id', '=', winner.body.data.id).execute()).toHaveLength(2);
  });

  it('leaves an owner when the last two demote each other at once', async () => {
    const [a, b] = [await staffMember(t, 'owner'), await staffMember(t, 'owner')];
    const answers = await Promise.all([a.client.post(`/v1/users/${b.id}`, { role: 'admin' }), b.client.post(`/v1/users/${a.id}`, { role: 'admin' })]);
    const owners = await t.db.selectFrom('users').select('id').where('role', '=', 'owner').where('is_active', '=', 1).execute();
    expect(owners, answers.map((answer) => `${answer.status} ${answer.text}`).join('\n')).toHaveLength(1);
    // One demotion wins; the other is refused as leaving no owner, or as no longer an owner's to make.
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, answers.some((answer) => answer.status === 403) ? 403 : 409]);
  });

  it("changes a user's email, refusing one another user has", async () => {
    const member = await staffMember(t, 'catalog', 'old@example.com');
    const other = await staffMember(t, 'catalog', 'other@example.com');
    expect((await t.admin.post(`/v1/users/${member.id}`, { email: 'Other@example.com' })).status).toBe(422);
    const moved = await t.admin.post(`/v1/users/${member.id}`, { email: 'new@example.com' });
    expect(moved.body.data.email).toBe('new@example.com');
    expect((await t.anonymous.post('/v1/users/token', { email: 'new@example.com', password: STAFF_PASSWORD })).status).toBe(201);
    expect((await t.anonymous.post('/v1/users/token', { email: 'old@example.com', password: STAFF_PASSWORD })).status).toBe(401);
    expect(other.id).not.toBe(member.id);
  });
});
