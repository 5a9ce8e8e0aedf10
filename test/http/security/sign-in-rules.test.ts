import { describe, expect, it } from 'vitest';
import { keyOrderEmails, rekeyCustomerEmails } from '../../../src/db/migrations/017-customer-verification.js';
import { makeSku, orderRow, readyCheckout } from '../../helpers/checkout.js';
import { customerClient, newEmail, signedUpCustomer, signUp, strongPassword } from '../../helpers/customers.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type TestResponse } from '../../helpers/test-app.js';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const STRANGER = '203.0.113.7';
const OWNER = '198.51.100.2';

function expectTooWeak(res: TestResponse): void {
  expectInvalid(res, 'password');
  const error = res.body.errors.find((e: { field: string }) => e.field === 'password');
  expect(error.code).toBe('too_weak');
  expect(error.message.length).toBeGreaterThan(10);
}

// Rule 8 of the security review: the sign-in and sign-up rules of a careful shop.
describeEachDatabase('sign-in and sign-up rules', (t) => {
  function signInFrom(client: string, email: string, password: string) {
    return t.storefront.post('/v1/customers/token', { email, password }, { remoteAddress: client });
  }

  describe('passwords', () => {
    it('refuses commonly used passwords on sign-up (422 too_weak with the reason) and creates nobody', async () => {
      for (const password of ['password1', '12345678', 'qwertyuiop', 'iloveyou2024', 'Password123!']) {
        const email = newEmail();
        const res = await t.storefront.post('/v1/customers', { email, password });
        expectTooWeak(res);
        expect(await t.db.selectFrom('customers').select('id').where('email_key', '=', email).executeTakeFirst()).toBeUndefined();
      }
      const common = await t.storefront.post('/v1/customers', { email: newEmail(), password: 'password1' });
      expect(common.body.errors[0].message).toMatch(/common/i);
    });

    it("refuses a password made of the customer's own email or name", async () => {
      const local = `amelia${uniqueWord()}`;
      expectTooWeak(await t.storefront.post('/v1/customers', { email: `${local}@example.com`, password: local }));
      expectTooWeak(await t.storefront.post('/v1/customers', { email: newEmail(), first_name: 'Zebulonia', password: 'Zebulonia1' }));
    });

    it('refuses a weak password set by staff, on a change by the customer and on a staff create', async () => {
      const customer = await signedUpCustomer(t);
      const me = `/v1/customers/${customer.id}`;
      expectTooWeak(await customer.client.post(me, { email: customer.email, password: 'password1', current_password: customer.password }));
      expectTooWeak(await t.admin.post(me, { email: customer.email, password: 'letmein123' }));
      expectTooWeak(await t.admin.post('/v1/customers', { email: newEmail(), password: 'abcdefgh' }));
      // Staff create a customer without a password as before, and with a strong one.
      expect((await t.admin.post('/v1/customers', { email: newEmail() })).status).toBe(201);
      expect((await t.admin.post('/v1/customers', { email: newEmail(), password: strongPassword() })).status).toBe(201);
    });
  });

  describe('emails', () => {
    const nfc = (word: string) => `caf\u00e9-${word}@example.com`;
    const nfd = (word: string) => `cafe\u0301-${word}@example.com`;

    it('makes café@ in NFC and in NFD one account: the second sign-up is taken, sign-in works in either form', async () => {
      for (const [first, second] of [[nfc, nfd], [nfd, nfc]] as const) {
        const word = uniqueWord();
        const password = strongPassword();
        const id = await signUp(t, first(word), password);
        const taken = await t.storefront.post('/v1/customers', { email: second(word), password: strongPassword() });
        expectInvalid(taken, 'email');
        expect(taken.body.errors[0]).toMatchObject({ field: 'email', code: 'taken' });

        for (const email of [second(word), first(word), second(word).toUpperCase()]) {
          const res = await t.storefront.post('/v1/customers/token', { email, password });
          expect(res.status, res.text).toBe(200);
          expect(res.body.data.id).toBe(id);
        }
        const row = await t.db.selectFrom('customers').select('email_key').where('id', '=', id).executeTakeFirstOrThrow();
        expect(row.email_key).toBe(nfc(word));
        const listed = await t.admin.get(`/v1/customers?email=${encodeURIComponent(second(word))}`);
        expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([id]);
      }
    });

    it('refuses zero-width and control characters in an email (422 invalid_format) everywhere it is taken', async () => {
      const customer = await signedUpCustomer(t);
      const sku = await makeSku(t);
      const cart = await t.storefront.post('/v1/carts', { items: { [sku.id]: 1 } });
      const checkout = await t.storefront.post(`/v1/carts/${cart.body.data.id}/checkout`, {});
      expect(checkout.status, checkout.text).toBe(200);

      for (const hidden of ['\u200b', '\u200d', '\u2060', '\ufeff', '\u202e', '\u0007', '\u001f', '\u00ad']) {
        const email = `vic${hidden}tim-${uniqueWord()}@example.com`;
        const expectInvalidFormat = (res: TestResponse, field: string) => {
          expectInvalid(res, field);
          expect(res.body.errors.find((e: { field: string }) => e.field === field).code).toBe('invalid_format');
        };
        expectInvalidFormat(await t.storefront.post('/v1/customers', { email, password: strongPassword() }), 'email');
        expectInvalidFormat(await t.admin.post('/v1/customers', { email }), 'email');
        expectInvalidFormat(await t.admin.post(`/v1/customers/${customer.id}`, { email }), 'email');
        expectInvalidFormat(await t.storefront.put(`/v1/checkouts/${checkout.body.data.id}`, { customer: { email } }), 'customer[email]');
      }
      expect(await t.db.selectFrom('customers').select('id').where('email_key', 'like', 'vic%').execute()).toEqual([]);
    });

    it('re-keys existing customers and orders by the new rule, leaving a clashing later row as it was', async () => {
      const word = uniqueWord();
      const base = { first_name: null, last_name: null, is_newsletterable: 0, is_active: 1, is_verified: 0, notes: null, tags: '[]', password_hash: null, metadata: '{}', private_metadata: '{}', created_at: 1, updated_at: 1 } as const;
      // Rows keyed by the old rule (trimmed and lowercased only).
      await t.db.insertInto('customers').values([
        { ...base, id: `cus_${word}a`, email: `CAFE\u0301-${word}@Example.com`, email_key: `cafe\u0301-${word}@example.com` },
        { ...base, id: `cus_${word}b`, email: `plain-${word}@example.com`, email_key: `plain-${word}@example.com` },
        { ...base, id: `cus_${word}c`, email: `clash-caf\u00e9-${word}@example.com`, email_key: `clash-caf\u00e9-${word}@example.com` },
        { ...base, id: `cus_${word}d`, email: `clash-cafe\u0301-${word}@example.com`, email_key: `clash-cafe\u0301-${word}@example.com` },
      ]).execute();

      await rekeyCustomerEmails(t.db);

      const keys = await t.db.selectFrom('customers').select(['id', 'email_key']).where('id', 'like', `cus_${word}%`).orderBy('id').execute();
      expect(keys).toEqual([
        { id: `cus_${word}a`, email_key: `caf\u00e9-${word}@example.com` },
        { id: `cus_${word}b`, email_key: `plain-${word}@example.com` },
        { id: `cus_${word}c`, email_key: `clash-caf\u00e9-${word}@example.com` },
        { id: `cus_${word}d`, email_key: `clash-cafe\u0301-${word}@example.com` },
      ]);

      // An order from before the rule has an email and no key.
      const order = await readyCheckout(t, { until: 'data' });
      await t.db.updateTable('orders').set({ email: `CAFE\u0301-${word}@Example.com`, email_key: null }).where('id', '=', order.orderId).execute();
      await keyOrderEmails(t.db);
      expect((await orderRow(t, order.orderId)).email_key).toBe(`caf\u00e9-${word}@example.com`);
    });
  });

  describe('lockout', () => {
    it('lets the owner sign in from elsewhere after a stranger failed 20 times; the stranger stays refused', async () => {
      const owner = await signedUpCustomer(t);
      for (let i = 0; i < 20; i++) {
        const res = await signInFrom(STRANGER, owner.email, `stranger guess ${i}`);
        expectProblem(res, i < 5 ? 401 : 429, i < 5 ? 'unauthorized' : 'rate_limited');
      }

      const signedIn = await signInFrom(OWNER, owner.email, owner.password);
      expect(signedIn.status, signedIn.text).toBe(200);
      expect((await customerClient(t, signedIn.body.data.token).get(`/v1/customers/${owner.id}`)).status).toBe(200);

      // The stranger's client stays refused for this email, even with the right password, for the window.
      const refused = await signInFrom(STRANGER, owner.email, owner.password);
      expectProblem(refused, 429, 'rate_limited');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(30);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // Another email from the same client is not refused.
      const other = await signedUpCustomer(t);
      expect((await signInFrom(STRANGER, other.email, other.password)).status).toBe(200);

      // Once the window is over, the stranger's client may try again.
      await t.db.updateTable('sign_in_failures').set({ first_failed_at: nowSeconds() - 15 * 60 - 1 })
        .where('email_key', '=', owner.email).where('client', '=', STRANGER).execute();
      expectProblem(await signInFrom(STRANGER, owner.email, 'one more guess'), 401, 'unauthorized');
    });

    it('makes an email failed from many clients wait a short, growing backoff (at most 30 s), not a lock', async () => {
      const owner = await signedUpCustomer(t);
      for (let i = 0; i < 10; i++) expectProblem(await signInFrom(`192.0.2.${i + 1}`, owner.email, `guess ${i}`), 401, 'unauthorized');

      const waiting = await signInFrom(OWNER, owner.email, owner.password);
      expectProblem(waiting, 429, 'rate_limited');
      const first = Number(waiting.headers['retry-after']);
      expect(first).toBeGreaterThanOrEqual(1);
      expect(first).toBeLessThanOrEqual(30);

      // Each further failure (each after its wait) makes the next wait longer: 1, 2, 4, 8, 16 s, then 30 s at
      // most. Read from the row the failure set, bracketed by the clock around the request, so a slow
      // machine (a scrypt check can take seconds under load) cannot blur the doubling.
      const backoffRow = () => t.db.selectFrom('sign_in_failures').select('next_attempt_at')
        .where('email_key', '=', owner.email).where('client', '=', '').executeTakeFirstOrThrow();
      for (const expected of [2, 4, 8, 16, 30, 30]) {
        await t.db.updateTable('sign_in_failures').set({ next_attempt_at: nowSeconds() - 1 }).where('email_key', '=', owner.email).execute();
        const before = nowSeconds();
        expectProblem(await signInFrom(`192.0.2.${100 + expected}`, owner.email, `late guess ${expected}`), 401, 'unauthorized');
        const after = nowSeconds();
        const { next_attempt_at: next } = await backoffRow();
        expect(next - after).toBeLessThanOrEqual(expected);
        expect(next - before).toBeGreaterThanOrEqual(expected);
        const res = await signInFrom(OWNER, owner.email, owner.password);
        expectProblem(res, 429, 'rate_limited');
        const wait = Number(res.headers['retry-after']);
        expect(wait).toBeGreaterThanOrEqual(1);
        expect(wait).toBeLessThanOrEqual(expected);
      }

      // After the wait, the owner signs in, and that clears the backoff.
      await t.db.updateTable('sign_in_failures').set({ next_attempt_at: nowSeconds() - 1 }).where('email_key', '=', owner.email).execute();
      const signedIn = await signInFrom(OWNER, owner.email, owner.password);
      expect(signedIn.status, signedIn.text).toBe(200);
      expect((await signInFrom(OWNER, owner.email, owner.password)).status).toBe(200);
    });

    it('lets one attempt through per backoff slot when they arrive at the same time', async () => {
      const owner = await signedUpCustomer(t);
      for (let i = 0; i < 10; i++) expectProblem(await signInFrom(`192.0.2.${i + 1}`, owner.email, `guess ${i}`), 401, 'unauthorized');
      await t.db.updateTable('sign_in_failures').set({ next_attempt_at: nowSeconds() - 1 }).where('email_key', '=', owner.email).execute();

      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => signInFrom(`198.18.0.${i + 1}`, owner.email, `burst ${i}`)));
      expect(answers.map((a) => a.status).sort()).toEqual([401, 429, 429, 429, 429, 429]);
    });
  });
});
