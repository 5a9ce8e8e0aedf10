import { expect, it } from 'vitest';
import { expectInvalid, uniqueWord } from '../../helpers/expect.js';
import { makeStripeGateway, STRIPE_KEYS, useFakeStripe } from '../../helpers/stripe-checkout.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

const WRONG_KEY = 'sk_test_51RevokedOrMistyped';

describeEachDatabase('stripe keys checked with Stripe when saved', (t) => {
  const stripe = useFakeStripe();

  const accountChecks = () => stripe.seen('/v1/account');
  const errorOn = (res: { body: any }, field: string) => res.body.errors?.find((error: { field: string }) => error.field === field);
  async function stored(id: string): Promise<Record<string, unknown>> {
    const row = await t.db.selectFrom('gateways').select('settings').where('id', '=', id).executeTakeFirstOrThrow();
    return JSON.parse(row.settings);
  }

  it('asks Stripe for the account of a new gateway\'s secret key, and refuses a key Stripe refuses with 422 on settings[secret_key], storing nothing', async () => {
    stripe.refusedKeys.add(WRONG_KEY);
    const before = accountChecks().length;
    const source = `stripe-${uniqueWord()}`;
    const refused = await t.admin.post('/v1/gateways', {
      name: 'Stripe', source, driver: 'stripe', settings: { publishable_key: STRIPE_KEYS.publishable, secret_key: WRONG_KEY, api_base: stripe.url },
    });
    expectInvalid(refused, 'settings[secret_key]');
    expect(errorOn(refused, 'settings[secret_key]').message).toMatch(/^was refused by Stripe: Invalid API Key provided/);
    // The key itself is never echoed.
    expect(refused.text).not.toContain(WRONG_KEY);
    expect(await t.db.selectFrom('gateways').select('id').where('source', '=', source).execute()).toEqual([]);
    expect(accountChecks().slice(before).map((request) => [request.method, request.authorization])).toEqual([['GET', `Bearer ${WRONG_KEY}`]]);

    const made = await makeStripeGateway(t, stripe);
    expect(accountChecks().at(-1)?.authorization).toBe(`Bearer ${STRIPE_KEYS.secret}`);
    expect(await stored(made.id)).toMatchObject({ secret_key: STRIPE_KEYS.secret });
  });

  it('checks a replaced secret key before storing it, and asks nothing when the key and its address stay', async () => {
    stripe.refusedKeys.add(WRONG_KEY);
    const gateway = await makeStripeGateway(t, stripe);
    const before = accountChecks().length;

    const renamed = await t.admin.post(`/v1/gateways/${gateway.id}`, { name: 'Cards', settings: { capture: 'manual', webhook_secret: 'whsec_another' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(accountChecks().length).toBe(before);

    const refused = await t.admin.post(`/v1/gateways/${gateway.id}`, { settings: { secret_key: WRONG_KEY } });
    expectInvalid(refused, 'settings[secret_key]');
    expect(await stored(gateway.id)).toMatchObject({ secret_key: STRIPE_KEYS.secret, capture: 'manual' });

    const replaced = await t.admin.post(`/v1/gateways/${gateway.id}`, { settings: { secret_key: 'sk_test_51ANewGoodKey' } });
    expect(replaced.status, replaced.text).toBe(200);
    expect(await stored(gateway.id)).toMatchObject({ secret_key: 'sk_test_51ANewGoodKey' });
    expect(accountChecks().slice(before).map((request) => request.authorization)).toEqual([`Bearer ${WRONG_KEY}`, 'Bearer sk_test_51ANewGoodKey']);
  });

  it('saves the settings unchecked when Stripe does not answer at its address: only a refusal keeps a key out', async () => {
    const gateway = await t.admin.post('/v1/gateways', {
      name: 'Stripe', source: `stripe-${uniqueWord()}`, driver: 'stripe', settings: { publishable_key: STRIPE_KEYS.publishable, secret_key: STRIPE_KEYS.secret, api_base: 'http://127.0.0.1:9' },
    });
    expect(gateway.status, gateway.text).toBe(201);
    expect(await stored(gateway.body.data.id)).toMatchObject({ secret_key: STRIPE_KEYS.secret, api_base: 'http://127.0.0.1:9' });
  });
});
