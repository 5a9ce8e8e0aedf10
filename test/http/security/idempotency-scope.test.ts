import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

/** A strong password nobody else sends. */
const strongPassword = () => `Kettle-${uniqueWord()}-Marmalade-${uniqueWord()}`;

/** A storefront call with the channel key from a given client address, as a shopper's browser makes it. */
async function fromAddress(t: TestContext, remoteAddress: string, url: string, body: unknown, key: string) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'channel-key': t.channelKey, 'content-type': 'application/json', 'idempotency-key': key },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() as any, text: response.body };
}

describeEachDatabase('idempotency keys are scoped to the caller', (t) => {
  async function signedUp(): Promise<{ id: string; email: string; password: string }> {
    const email = `${uniqueWord()}@example.com`;
    const password = strongPassword();
    const res = await t.storefront.post('/v1/customers', { email, password, first_name: 'Victim', last_name: 'Person' });
    expect(res.status, res.text).toBe(201);
    return { id: res.body.data.id, email, password };
  }

  it('never replays a sign-in to a request with another password', async () => {
    const victim = await signedUp();
    const key = randomUUID();
    const signIn = await fromAddress(t, '203.0.113.7', '/v1/customers/token', { email: victim.email, password: victim.password }, key);
    expect(signIn.status, signIn.text).toBe(200);

    // The attacker knows the email and guessed the key, from the same address (a shared network).
    const guess = await fromAddress(t, '203.0.113.7', '/v1/customers/token', { email: victim.email, password: 'not-the-password' }, key);
    expectProblem(guess, 409, 'idempotency_conflict');
    expect(guess.text).not.toContain(victim.id);
    expect(guess.text).not.toContain('Victim');
  });

  it('replays a sign-in to its own retry, without the token', async () => {
    const customer = await signedUp();
    const key = randomUUID();
    const first = await fromAddress(t, '203.0.113.8', '/v1/customers/token', { email: customer.email, password: customer.password }, key);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.token).toMatch(/^ctk_/);

    const retry = await fromAddress(t, '203.0.113.8', '/v1/customers/token', { email: customer.email, password: customer.password }, key);
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.data.id).toBe(customer.id);
    expect(retry.body.data.token).toBeUndefined();
  });

  it("never hands an anonymous shopper another shopper's cart for a guessed key", async () => {
    const key = randomUUID();
    const victim = await fromAddress(t, '198.51.100.10', '/v1/carts', {}, key);
    expect(victim.status, victim.text).toBe(201);

    const attacker = await fromAddress(t, '198.51.100.99', '/v1/carts', {}, key);
    expect(attacker.status, attacker.text).toBe(201);
    expect(attacker.headers['idempotent-replayed']).toBeUndefined();
    expect(attacker.body.data.id).not.toBe(victim.body.data.id);

    // The shopper's own retry still gets its cart back.
    const retry = await fromAddress(t, '198.51.100.10', '/v1/carts', {}, key);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.data.id).toBe(victim.body.data.id);
  });

  it("keeps each signed-in customer's keys apart from another customer's", async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const customer = await signedUp();
      const signIn = await t.storefront.post('/v1/customers/token', { email: customer.email, password: customer.password });
      expect(signIn.status, signIn.text).toBe(200);
      tokens.push(signIn.body.data.token);
    }
    const key = randomUUID();
    const [first, second] = await Promise.all(tokens.map(async (token) => {
      const res = await t.as({ authorization: `Bearer ${token}`, 'channel-key': t.channelKey }).post('/v1/carts', {}, { headers: { 'idempotency-key': key } });
      expect(res.status, res.text).toBe(201);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
      return res.body.data.id as string;
    }));
    expect(first).not.toBe(second);
  });

  it('keeps no secret of a request in the clear or under a plain hash', async () => {
    const customer = await signedUp();
    const key = randomUUID();
    expect((await fromAddress(t, '203.0.113.9', '/v1/customers/token', { email: customer.email, password: customer.password }, key)).status).toBe(200);
    const rows = await t.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(customer.password);
    expect(rows[0]!.response_body).not.toContain('ctk_');
  });
});
