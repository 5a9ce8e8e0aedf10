import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, type Client } from '../../helpers/test-app.js';
import { expectInvalid, expectProblem, fieldsOf, uniqueWord } from '../../helpers/expect.js';
import { ADDRESS } from '../../helpers/checkout.js';

const THIRTY_DAYS = 30 * 24 * 60 * 60;
const CUSTOMER_FIELDS = [
  'id', 'object', 'name', 'first_name', 'last_name', 'email', 'is_newsletterable', 'is_active', 'is_verified', 'locale', 'notes', 'tags', 'group_ids',
  'default_address', 'addresses', 'metadata', 'created_at', 'updated_at',
];

const unixNow = () => Math.floor(Date.now() / 1000);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newEmail = () => `${uniqueWord()}@example.com`;

const address = (extra: Record<string, unknown> = {}) => ({ ...ADDRESS, ...extra });

describeEachDatabase('customer sign-up and sign-in', (t) => {
  /** A customer signed up through the channel; answers its id. */
  async function signUp(email: string, password: string, extra: Record<string, unknown> = {}): Promise<string> {
    const res = await t.storefront.post('/v1/customers', { email, password, ...extra });
    expect(res.status, res.text).toBe(201);
    return res.body.data.id;
  }

  /** Signs in through a channel (the default one unless `via` says otherwise). */
  function signIn(email: string, password: string, via: Client = t.storefront) {
    return via.post('/v1/customers/token', { email, password });
  }

  /** A client sending a customer token with a Channel-Key (the token's own channel unless told). */
  function customer(token: string, channelKey: string = t.channelKey): Client {
    return t.as({ authorization: `Bearer ${token}`, 'channel-key': channelKey });
  }

  /** A signed-up, signed-in customer: its id, token and client. */
  async function signedIn(extra: Record<string, unknown> = {}) {
    const email = newEmail();
    const password = `pw-${uniqueWord()}`;
    const id = await signUp(email, password, extra);
    const res = await signIn(email, password);
    expect(res.status, res.text).toBe(200);
    const token: string = res.body.data.token;
    return { id, email, password, token, client: customer(token) };
  }

  function customerRow(id: string) {
    return t.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  function eventsOf(id: string, kind: string) {
    return t.db.selectFrom('events').selectAll().where('related_id', '=', id).where('kind', '=', kind).orderBy('id').execute();
  }

  /** The count of failed sign-ins of an email from the tests' client address. */
  function failuresOf(email: string) {
    return t.db.selectFrom('sign_in_failures').selectAll().where('email_key', '=', email.toLowerCase()).where('client', '=', '127.0.0.1').executeTakeFirst();
  }

  describe('sign-up', () => {
    it('signs a customer up through a channel: 201, password stored as an scrypt hash and never answered, customer.created', async () => {
      const email = newEmail();
      const password = 'correct horse battery';
      const res = await t.storefront.post('/v1/customers', { email, password, first_name: 'Ada', last_name: 'Lovelace', is_newsletterable: true });
      expect(res.status, res.text).toBe(201);
      const data = res.body.data;
      expect(data).toMatchObject({
        object: 'customer', email, first_name: 'Ada', last_name: 'Lovelace', name: 'Ada Lovelace',
        is_newsletterable: true, is_active: true, notes: null, tags: [], default_address: null, addresses: [],
      });
      expect(data.id).toMatch(/^cus_[0-9a-z]{26}$/);
      expect(Object.keys(data).sort()).toEqual([...CUSTOMER_FIELDS].sort());
      expect(res.text).not.toContain(password);
      expect(res.text).not.toContain('password');

      const row = await customerRow(data.id);
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(row.password_hash).not.toContain(password);
      const created = await eventsOf(data.id, 'customer.created');
      expect(created).toHaveLength(1);
      expect(created[0]!.data).not.toContain('password');
    });

    it('refuses a sign-up without a password (422 naming password) and creates nobody', async () => {
      const email = newEmail();
      const res = await t.storefront.post('/v1/customers', { email, first_name: 'Nopass' });
      expectInvalid(res, 'password');
      const rows = await t.db.selectFrom('customers').select('id').where('email_key', '=', email).execute();
      expect(rows).toHaveLength(0);
    });

    it('refuses a password shorter than 8 characters (422 naming password) and accepts a strong one', async () => {
      const email = newEmail();
      const short = await t.storefront.post('/v1/customers', { email, password: 'q8Vz!r2' });
      expectInvalid(short, 'password');
      expect(await t.db.selectFrom('customers').select('id').where('email_key', '=', email).executeTakeFirst()).toBeUndefined();

      const enough = await t.storefront.post('/v1/customers', { email, password: 'brisk owl' });
      expect(enough.status, enough.text).toBe(201);
    });

    it('refuses staff-only fields on sign-up (422 naming notes, tags and is_active) and creates nobody', async () => {
      const email = newEmail();
      const res = await t.storefront.post('/v1/customers', { email, password: 'long enough', notes: 'vip', tags: ['wholesale'], is_active: true });
      expectInvalid(res, 'notes', 'tags', 'is_active');
      expect(fieldsOf(res)).not.toContain('password');
      expect(await t.db.selectFrom('customers').select('id').where('email_key', '=', email).executeTakeFirst()).toBeUndefined();
    });

    it('retires a guest customer with the same email (customer.deleted) and signs up a new, unverified one without its history', async () => {
      const email = newEmail();
      const guest = await t.admin.post('/v1/customers', { email, first_name: 'Guest', addresses: [address()] });
      expect(guest.status, guest.text).toBe(201);
      const guestId: string = guest.body.data.id;
      expect((await customerRow(guestId)).password_hash).toBeNull();

      const res = await t.storefront.post('/v1/customers', { email, password: 'claiming it now', last_name: 'Claimed' });
      expect(res.status, res.text).toBe(201);
      expect(res.body.data).toMatchObject({ email, first_name: null, last_name: 'Claimed', addresses: [], default_address: null, is_verified: false });
      expect(res.body.data.id).not.toBe(guestId);
      expect(res.text).not.toContain('claiming it now');

      const rows = await t.db.selectFrom('customers').selectAll().where('email_key', '=', email).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id).toBe(res.body.data.id);
      expect(rows[0]!.password_hash).toMatch(/^scrypt\$/);
      expect(await eventsOf(guestId, 'customer.deleted')).toHaveLength(1);
      expect(await eventsOf(res.body.data.id, 'customer.created')).toHaveLength(1);

      const signedIn = await signIn(email, 'claiming it now');
      expect(signedIn.status, signedIn.text).toBe(200);
      expect(signedIn.body.data.id).toBe(res.body.data.id);
    });

    it('refuses a sign-up with an email that already has a password (422 email taken) and keeps the password', async () => {
      const email = newEmail();
      const id = await signUp(email, 'the first one');
      const before = await customerRow(id);

      const again = await t.storefront.post('/v1/customers', { email: email.toUpperCase(), password: 'the second one' });
      expectInvalid(again, 'email');
      expect(again.body.errors).toContainEqual(expect.objectContaining({ field: 'email', code: 'taken' }));

      const after = await customerRow(id);
      expect(after.password_hash).toBe(before.password_hash);
      expect(await eventsOf(id, 'customer.updated')).toHaveLength(0);
      expect(await t.db.selectFrom('customers').select('id').where('email_key', '=', email).execute()).toHaveLength(1);
    });
  });

  describe('sign-in', () => {
    it('answers every customer field plus a ctk_ token and expires_at 30 days out; stores the token only as its sha256', async () => {
      const email = newEmail();
      const password = 'sign me in please';
      const id = await signUp(email, password, { first_name: 'Grace', addresses: [address()] });

      const before = unixNow();
      const res = await signIn(email, password);
      const after = unixNow();
      expect(res.status, res.text).toBe(200);
      const data = res.body.data;
      expect(Object.keys(data).sort()).toEqual([...CUSTOMER_FIELDS, 'token', 'expires_at'].sort());
      const { token, expires_at: expiresAt, ...customerPart } = data;
      const { private_metadata: _staffOnly, ...staffView } = (await t.admin.get(`/v1/customers/${id}`)).body.data;
      expect(customerPart).toEqual(staffView);
      expect(customerPart).toMatchObject({ id, object: 'customer', email, first_name: 'Grace' });
      expect(customerPart.addresses).toHaveLength(1);
      expect(token).toMatch(/^ctk_[A-Za-z0-9_-]{22,}$/);
      expect(Number.isInteger(expiresAt)).toBe(true);
      expect(expiresAt).toBeGreaterThanOrEqual(before + THIRTY_DAYS);
      expect(expiresAt).toBeLessThanOrEqual(after + THIRTY_DAYS);
      expect(res.text).not.toContain(password);
      expect(res.text).not.toContain('password');

      const rows = await t.db.selectFrom('customer_tokens').selectAll().execute();
      const ours = rows.filter((r) => r.customer_id === id);
      expect(ours).toHaveLength(1);
      expect(ours[0]).toMatchObject({ channel_id: t.channelId, token_hash: sha256(token), expires_at: expiresAt });
      expect(ours[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
      for (const row of rows) {
        for (const value of Object.values(row)) {
          if (typeof value === 'string') expect(value).not.toContain(token);
        }
      }

      // The token works at once, with the channel key of its channel.
      const own = await customer(token).get(`/v1/customers/${id}`);
      expect(own.status, own.text).toBe(200);
      expect(own.body.data).toEqual(customerPart);
      expect(own.text).not.toContain('password');
    });

    it('matches the email whatever its case and surrounding spaces', async () => {
      const email = newEmail();
      const id = await signUp(email, 'case does not matter');
      const res = await signIn(`  ${email.toUpperCase()} `, 'case does not matter');
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.id).toBe(id);
    });

    it('answers the same 401 for a wrong password, an unknown email and a guest without a password', async () => {
      const email = newEmail();
      await signUp(email, 'the right password');
      const guestEmail = newEmail();
      expect((await t.admin.post('/v1/customers', { email: guestEmail })).status).toBe(201);

      const wrong = await signIn(email, 'the wrong password');
      const unknown = await signIn(newEmail(), 'the right password');
      const guest = await signIn(guestEmail, 'any password at all');
      const guestEmpty = await signIn(guestEmail, '');
      for (const res of [wrong, unknown, guest, guestEmpty]) {
        expectProblem(res, 401, 'unauthorized');
        expect(res.body).toEqual(wrong.body);
        expect(res.text).not.toContain('token');
      }
      expect(wrong.body.detail).not.toMatch(/unknown|no customer|not found|guest/i);
      const tokens = await t.db
        .selectFrom('customer_tokens')
        .innerJoin('customers', 'customers.id', 'customer_tokens.customer_id')
        .select('customer_tokens.id')
        .where('customers.email_key', 'in', [email, guestEmail])
        .execute();
      expect(tokens).toHaveLength(0);
    });

    it('refuses sign-in without a channel key (401) and with an admin key (403)', async () => {
      const email = newEmail();
      await signUp(email, 'only via a channel');
      expectProblem(await signIn(email, 'only via a channel', t.anonymous), 401, 'unauthorized');
      expectProblem(await signIn(email, 'only via a channel', t.admin), 403, 'forbidden');
      // Neither attempt was a failed guess at the password.
      expect(await failuresOf(email)).toBeUndefined();
    });

    it('refuses a sign-in body without email or password (422 naming each)', async () => {
      const res = await t.storefront.post('/v1/customers/token', {});
      expectInvalid(res, 'email', 'password');
    });

    it('keeps no token in a stored idempotent answer: a replay shows the customer without it', async () => {
      const email = newEmail();
      const id = await signUp(email, 'idempotent sign in');
      const key = uniqueWord();
      const headers = { 'idempotency-key': key };
      const first = await t.storefront.post('/v1/customers/token', { email, password: 'idempotent sign in' }, { headers });
      expect(first.status, first.text).toBe(200);
      const token: string = first.body.data.token;

      const kept = await t.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
      expect(kept.response_body).not.toContain(token);
      const replay = await t.storefront.post('/v1/customers/token', { email, password: 'idempotent sign in' }, { headers });
      expect(replay.status).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body.data.id).toBe(id);
      expect(replay.body.data).not.toHaveProperty('token');
      expect(await t.db.selectFrom('customer_tokens').select('id').where('customer_id', '=', id).execute()).toHaveLength(1);
    });
  });

  describe('customer tokens', () => {
    it('revokes the token with DELETE /v1/customers/token: 204, the row is gone, then 401', async () => {
      const { id, token, client } = await signedIn();
      expect((await client.get(`/v1/customers/${id}`)).status).toBe(200);

      // Only a token can be revoked: a channel key alone may not, an admin key has no token.
      expectProblem(await t.storefront.delete('/v1/customers/token'), 403, 'forbidden');
      expectProblem(await t.admin.delete('/v1/customers/token'), 403, 'forbidden');

      const revoked = await client.delete('/v1/customers/token');
      expect(revoked.status, revoked.text).toBe(204);
      expect(revoked.text).toBe('');
      expect(await t.db.selectFrom('customer_tokens').select('id').where('token_hash', '=', sha256(token)).executeTakeFirst()).toBeUndefined();

      expectProblem(await client.get(`/v1/customers/${id}`), 401, 'unauthorized');
      expectProblem(await client.delete('/v1/customers/token'), 401, 'unauthorized');
      // The customer itself is untouched.
      expect((await t.admin.get(`/v1/customers/${id}`)).status).toBe(200);
    });

    it('refuses an expired token (401)', async () => {
      const email = newEmail();
      const id = await signUp(email, 'expires soon enough');
      const res = await signIn(email, 'expires soon enough');
      const token: string = res.body.data.token;
      // Expire it before its first use, so no process has its lookup cached.
      await t.db.updateTable('customer_tokens').set({ expires_at: unixNow() - 1 }).where('token_hash', '=', sha256(token)).execute();

      const expired = await customer(token).get(`/v1/customers/${id}`);
      expectProblem(expired, 401, 'unauthorized');
      expectProblem(await customer(token).get(`/v1/customers/${id}/addresses`), 401, 'unauthorized');
    });

    it('refuses an unknown ctk_ token (401)', async () => {
      const { id } = await signedIn();
      expectProblem(await customer(`ctk_${uniqueWord()}${uniqueWord()}`).get(`/v1/customers/${id}`), 401, 'unauthorized');
    });

    it('needs the Channel-Key of the channel the token was issued through (401 without it or with another)', async () => {
      const channel = await t.admin.post('/v1/channels', { name: `Channel B ${uniqueWord()}` });
      expect(channel.status).toBe(201);
      const keyB = await t.admin.post(`/v1/channels/${channel.body.data.id}/keys`);
      expect(keyB.status).toBe(201);
      const channelB: string = keyB.body.data.token;

      const { id, email, password, token } = await signedIn();
      expectProblem(await t.as({ authorization: `Bearer ${token}` }).get(`/v1/customers/${id}`), 401, 'unauthorized');
      expectProblem(await customer(token, channelB).get(`/v1/customers/${id}`), 401, 'unauthorized');
      expectProblem(await customer(token, channelB).delete('/v1/customers/token'), 401, 'unauthorized');
      expect((await customer(token).get(`/v1/customers/${id}`)).status).toBe(200);

      // Signed in through channel B, the token belongs to B.
      const viaB = await signIn(email, password, t.as({ 'channel-key': channelB }));
      expect(viaB.status, viaB.text).toBe(200);
      const tokenB: string = viaB.body.data.token;
      const row = await t.db.selectFrom('customer_tokens').selectAll().where('token_hash', '=', sha256(tokenB)).executeTakeFirstOrThrow();
      expect(row.channel_id).toBe(channel.body.data.id);
      expect((await customer(tokenB, channelB).get(`/v1/customers/${id}`)).status).toBe(200);
      expectProblem(await customer(tokenB).get(`/v1/customers/${id}`), 401, 'unauthorized');
    });

    it('refuses customer routes to a channel key alone (403) and to no credential (401)', async () => {
      const { id } = await signedIn();
      expectProblem(await t.storefront.get(`/v1/customers/${id}`), 403, 'forbidden');
      expectProblem(await t.storefront.post(`/v1/customers/${id}`, { email: newEmail() }), 403, 'forbidden');
      expectProblem(await t.storefront.get(`/v1/customers/${id}/addresses`), 403, 'forbidden');
      expectProblem(await t.storefront.post(`/v1/customers/${id}/addresses`, address()), 403, 'forbidden');
      expectProblem(await t.anonymous.get(`/v1/customers/${id}`), 401, 'unauthorized');
    });

    it('keeps a customer token off admin-only routes (403)', async () => {
      const { id, client } = await signedIn();
      expectProblem(await client.get('/v1/customers'), 403, 'forbidden');
      expectProblem(await client.delete(`/v1/customers/${id}`), 403, 'forbidden');
      expectProblem(await client.get('/v1/api_keys'), 403, 'forbidden');
      expect(await t.db.selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
    });
  });

  describe('deactivated and deleted customers', () => {
    function tokensOf(id: string) {
      return t.db.selectFrom('customer_tokens').select('id').where('customer_id', '=', id).execute();
    }

    it('refuses the tokens of a deactivated customer at once (401) and its sign-in; reactivated, it signs in again with a new token', async () => {
      const me = await signedIn();
      const second = await signIn(me.email, me.password);
      expect(second.status, second.text).toBe(200);
      const otherToken: string = second.body.data.token;
      // Both tokens work, so this process keeps them in its credential cache.
      expect((await me.client.get(`/v1/customers/${me.id}`)).status).toBe(200);
      expect((await customer(otherToken).get(`/v1/customers/${me.id}`)).status).toBe(200);
      const cart = await me.client.post('/v1/carts', {});
      expect(cart.status, cart.text).toBe(201);

      const deactivated = await t.admin.post(`/v1/customers/${me.id}`, { email: me.email, is_active: false });
      expect(deactivated.status, deactivated.text).toBe(200);
      expect(deactivated.body.data.is_active).toBe(false);
      expect(await tokensOf(me.id)).toEqual([]);

      expectProblem(await me.client.get(`/v1/customers/${me.id}`), 401, 'unauthorized');
      expectProblem(await customer(otherToken).get(`/v1/customers/${me.id}`), 401, 'unauthorized');
      expectProblem(await me.client.post('/v1/carts', {}), 401, 'unauthorized');
      expectProblem(await me.client.get(`/v1/carts/${cart.body.data.id}`), 401, 'unauthorized');
      expectProblem(await signIn(me.email, me.password), 401, 'unauthorized');
      expect(await tokensOf(me.id)).toEqual([]);

      const reactivated = await t.admin.post(`/v1/customers/${me.id}`, { email: me.email, is_active: true });
      expect(reactivated.status, reactivated.text).toBe(200);
      // The old tokens stay revoked: the customer signs in again.
      expectProblem(await me.client.get(`/v1/customers/${me.id}`), 401, 'unauthorized');
      const again = await signIn(me.email, me.password);
      expect(again.status, again.text).toBe(200);
      expect(again.body.data.token).not.toBe(me.token);
      expect((await customer(again.body.data.token).get(`/v1/customers/${me.id}`)).status).toBe(200);
      expect((await customer(again.body.data.token).post('/v1/carts', {})).status).toBe(201);
      expect(await tokensOf(me.id)).toHaveLength(1);
    });

    it('keeps the tokens of a customer whose other fields staff change, or who is set active again', async () => {
      const me = await signedIn();
      const res = await t.admin.post(`/v1/customers/${me.id}`, { email: me.email, notes: 'called about an order', is_active: true });
      expect(res.status, res.text).toBe(200);
      expect((await me.client.get(`/v1/customers/${me.id}`)).status).toBe(200);
      expect(await tokensOf(me.id)).toHaveLength(1);
    });

    it('refuses the token of a deleted customer at once (401)', async () => {
      const me = await signedIn();
      expect((await me.client.get(`/v1/customers/${me.id}`)).status).toBe(200);
      const deleted = await t.admin.delete(`/v1/customers/${me.id}`);
      expect(deleted.status, deleted.text).toBe(204);
      expectProblem(await me.client.get(`/v1/customers/${me.id}`), 401, 'unauthorized');
      expectProblem(await me.client.post('/v1/carts', {}), 401, 'unauthorized');
      expect(await tokensOf(me.id)).toEqual([]);
    });
  });

  describe('a signed-in customer', () => {
    it('reads itself but gets 404 for another customer, its addresses and its record writes', async () => {
      const me = await signedIn();
      const other = await signedIn({ first_name: 'Other', addresses: [address()] });
      const otherAddress = (await t.admin.get(`/v1/customers/${other.id}/addresses`)).body.data[0].id as string;
      const otherBefore = await customerRow(other.id);

      const mine = await me.client.get(`/v1/customers/${me.id}`);
      expect(mine.status).toBe(200);
      expect(mine.body.data.id).toBe(me.id);

      const others = await me.client.get(`/v1/customers/${other.id}`);
      expectProblem(others, 404, 'not_found');
      expectProblem(await me.client.post(`/v1/customers/${other.id}`, { email: other.email, first_name: 'Hijacked' }), 404, 'not_found');
      expectProblem(await me.client.get(`/v1/customers/${other.id}/addresses`), 404, 'not_found');
      expectProblem(await me.client.post(`/v1/customers/${other.id}/addresses`, address()), 404, 'not_found');
      expectProblem(await me.client.get(`/v1/customers/${other.id}/addresses/${otherAddress}`), 404, 'not_found');
      expectProblem(await me.client.post(`/v1/customers/${other.id}/addresses/${otherAddress}`, { city: 'Hijacked' }), 404, 'not_found');
      expectProblem(await me.client.delete(`/v1/customers/${other.id}/addresses/${otherAddress}`), 404, 'not_found');
      // Its own path does not reach another's address either.
      expectProblem(await me.client.get(`/v1/customers/${me.id}/addresses/${otherAddress}`), 404, 'not_found');
      expectProblem(await me.client.post(`/v1/customers/${me.id}/addresses/${otherAddress}`, { city: 'Hijacked' }), 404, 'not_found');
      expectProblem(await me.client.delete(`/v1/customers/${me.id}/addresses/${otherAddress}`), 404, 'not_found');
      // A 404 for an id that exists reads exactly like one for an id that does not.
      const missing = await me.client.get('/v1/customers/cus_00000000000000000000000000');
      expectProblem(missing, 404, 'not_found');
      expect({ ...others.body, detail: others.body.detail.replace(other.id, '?') })
        .toEqual({ ...missing.body, detail: missing.body.detail.replace('cus_00000000000000000000000000', '?') });

      expect(await customerRow(other.id)).toEqual(otherBefore);
      const otherAddresses = await t.db.selectFrom('customer_addresses').selectAll().where('customer_id', '=', other.id).execute();
      expect(otherAddresses).toHaveLength(1);
      expect(otherAddresses[0]!.city).toBe('New York');
      expect(await eventsOf(other.id, 'customer.updated')).toHaveLength(0);
      expect(await t.db.selectFrom('customer_addresses').select('id').where('customer_id', '=', me.id).execute()).toHaveLength(0);
    });

    it('updates its own names and records customer.updated', async () => {
      const me = await signedIn({ first_name: 'Before' });
      const res = await me.client.post(`/v1/customers/${me.id}`, { email: me.email, first_name: 'After', last_name: 'Changed', is_newsletterable: true });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ id: me.id, email: me.email, first_name: 'After', last_name: 'Changed', name: 'After Changed', is_newsletterable: true });
      expect(res.text).not.toContain('password');

      const row = await customerRow(me.id);
      expect(row).toMatchObject({ first_name: 'After', last_name: 'Changed', is_newsletterable: 1 });
      const updated = await eventsOf(me.id, 'customer.updated');
      expect(updated).toHaveLength(1);
      expect(JSON.parse(updated[0]!.data).object).toMatchObject({ id: me.id, first_name: 'After', last_name: 'Changed' });
      expect(updated[0]!.data).not.toContain('password');
    });

    it('refuses staff-only fields on a self-update (422 naming notes, tags and is_active) and changes nothing', async () => {
      const me = await signedIn({ first_name: 'Same' });
      const before = await customerRow(me.id);
      const res = await me.client.post(`/v1/customers/${me.id}`, {
        email: me.email, first_name: 'Sneaky', notes: 'trusted buyer', tags: ['vip'], is_active: true,
      });
      expectInvalid(res, 'notes', 'tags', 'is_active');
      expect(await customerRow(me.id)).toEqual(before);
      expect(await eventsOf(me.id, 'customer.updated')).toHaveLength(0);
    });

    it('changes its own password only with current_password: 422 without or wrong; then the old one fails and the new one signs in', async () => {
      const me = await signedIn();
      const before = await customerRow(me.id);

      const without = await me.client.post(`/v1/customers/${me.id}`, { email: me.email, password: 'a brand new secret' });
      expectInvalid(without, 'current_password');
      const wrong = await me.client.post(`/v1/customers/${me.id}`, { email: me.email, password: 'a brand new secret', current_password: 'not the password' });
      expectInvalid(wrong, 'current_password');
      expect((await customerRow(me.id)).password_hash).toBe(before.password_hash);

      const changed = await me.client.post(`/v1/customers/${me.id}`, { email: me.email, password: 'a brand new secret', current_password: me.password });
      expect(changed.status, changed.text).toBe(200);
      expect(changed.text).not.toContain('a brand new secret');
      expect(changed.text).not.toContain('password');
      const after = await customerRow(me.id);
      expect(after.password_hash).toMatch(/^scrypt\$/);
      expect(after.password_hash).not.toBe(before.password_hash);
      expect(await eventsOf(me.id, 'customer.updated')).toHaveLength(1);

      expectProblem(await signIn(me.email, me.password), 401, 'unauthorized');
      const fresh = await signIn(me.email, 'a brand new secret');
      expect(fresh.status, fresh.text).toBe(200);
      expect(fresh.body.data.id).toBe(me.id);
    });

    it('manages its own addresses: create, read, update, delete, each recording customer.updated', async () => {
      const me = await signedIn();

      const created = await me.client.post(`/v1/customers/${me.id}/addresses`, address({ address2: 'Apt 4' }));
      expect(created.status, created.text).toBe(201);
      const adr = created.body.data;
      expect(adr).toMatchObject({ object: 'customer_address', customer_id: me.id, city: 'New York', state_code: 'NY', address2: 'Apt 4', is_primary: true });
      expect(adr.id).toMatch(/^adr_[0-9a-z]{26}$/);

      const list = await me.client.get(`/v1/customers/${me.id}/addresses`);
      expect(list.status).toBe(200);
      expect(list.body.data.map((a: { id: string }) => a.id)).toEqual([adr.id]);
      const one = await me.client.get(`/v1/customers/${me.id}/addresses/${adr.id}`);
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual(adr);
      expect((await me.client.get(`/v1/customers/${me.id}`)).body.data.default_address.id).toBe(adr.id);

      const updated = await me.client.post(`/v1/customers/${me.id}/addresses/${adr.id}`, { city: 'Brooklyn', postcode: '11201' });
      expect(updated.status, updated.text).toBe(200);
      expect(updated.body.data).toMatchObject({ id: adr.id, city: 'Brooklyn', postcode: '11201', address1: '1 Main Street', state_code: 'NY' });
      const row = await t.db.selectFrom('customer_addresses').selectAll().where('id', '=', adr.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ customer_id: me.id, city: 'Brooklyn', postcode: '11201' });

      const invalid = await me.client.post(`/v1/customers/${me.id}/addresses`, { city: 'Nowhere' });
      expectInvalid(invalid, 'address1', 'postcode', 'country_code', 'phone');

      const deleted = await me.client.delete(`/v1/customers/${me.id}/addresses/${adr.id}`);
      expect(deleted.status, deleted.text).toBe(204);
      expect(deleted.text).toBe('');
      expect(await t.db.selectFrom('customer_addresses').select('id').where('id', '=', adr.id).executeTakeFirst()).toBeUndefined();
      expectProblem(await me.client.get(`/v1/customers/${me.id}/addresses/${adr.id}`), 404, 'not_found');

      expect(await eventsOf(me.id, 'customer.updated')).toHaveLength(3);
    });
  });

  describe('throttling failed sign-ins', () => {
    it('answers the 6th attempt after 5 failures with 429 and Retry-After, even with the right password; other emails go on', async () => {
      const email = newEmail();
      const id = await signUp(email, 'the real password');
      for (let i = 0; i < 5; i++) {
        // The email's case does not start a separate count.
        const res = await signIn(i % 2 === 0 ? email : email.toUpperCase(), `guess number ${i}`);
        expectProblem(res, 401, 'unauthorized');
      }
      expect(await failuresOf(email)).toMatchObject({ failures: 5 });

      const throttled = await signIn(email, 'the real password');
      expectProblem(throttled, 429, 'rate_limited');
      const retryAfter = Number(throttled.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(throttled.text).not.toContain('ctk_');
      expect(await t.db.selectFrom('customer_tokens').select('id').where('customer_id', '=', id).execute()).toHaveLength(0);
      expectProblem(await signIn(email, 'yet another guess'), 429, 'rate_limited');

      // Another email is not throttled.
      const otherEmail = newEmail();
      await signUp(otherEmail, 'the other password');
      expect((await signIn(otherEmail, 'the other password')).status).toBe(200);

      // Once the 15 minutes have passed, the right password signs in and the count is gone.
      await t.db.updateTable('sign_in_failures').set({ first_failed_at: unixNow() - 15 * 60 - 1 }).where('email_key', '=', email).execute();
      const later = await signIn(email, 'the real password');
      expect(later.status, later.text).toBe(200);
      expect(await failuresOf(email)).toBeUndefined();
    });

    it('lets no more than 5 failures through when the guesses arrive at the same time', async () => {
      const email = newEmail();
      await signUp(email, 'the real password');
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(email, `parallel guess ${i}`)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
      expectProblem(await signIn(email, 'the real password'), 429, 'rate_limited');
    });

    it('throttles an unknown email the same way, so throttling tells nothing about accounts', async () => {
      const email = newEmail();
      for (let i = 0; i < 5; i++) expectProblem(await signIn(email, `guess number ${i}`), 401, 'unauthorized');
      expectProblem(await signIn(email, 'guess number 5'), 429, 'rate_limited');
    });

    it('clears the count on a successful sign-in before the fifth failure', async () => {
      const email = newEmail();
      await signUp(email, 'the real password');
      for (let i = 0; i < 4; i++) expectProblem(await signIn(email, `guess ${i}`), 401, 'unauthorized');
      expect(await failuresOf(email)).toMatchObject({ failures: 4 });

      expect((await signIn(email, 'the real password')).status).toBe(200);
      expect(await failuresOf(email)).toBeUndefined();

      // Four more failures are not nine: the right password still signs in.
      for (let i = 0; i < 4; i++) expectProblem(await signIn(email, `again ${i}`), 401, 'unauthorized');
      expect(await failuresOf(email)).toMatchObject({ failures: 4 });
      expect((await signIn(email, 'the real password')).status).toBe(200);
    });
  });
});
