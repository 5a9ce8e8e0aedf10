import { expect, it } from 'vitest';
import { newId } from '../../../src/lib/ids.js';
import { readyCheckout } from '../../helpers/checkout.js';
import { expectInvalid, uniqueWord } from '../../helpers/expect.js';
import type { FakeStripe } from '../../helpers/fake-stripe.js';
import { makeStripeGateway, payByStripe, STRIPE_KEYS, useFakeStripe } from '../../helpers/stripe-checkout.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

/** DESIGN.md §10: a gateway secret is sent only to the host it was saved for. */
describeEachDatabase('stripe secret bound to its host', (t) => {
  const stripe = useFakeStripe();
  const elsewhere = useFakeStripe();

  function carryingSecret(server: FakeStripe, secret: string = STRIPE_KEYS.secret) {
    return server.requests.filter((request) => request.authorization?.includes(secret));
  }

  function errorOn(res: { body: any }, field: string): { code: string; message: string } | undefined {
    return res.body.errors?.find((error: { field: string }) => error.field === field);
  }

  async function stored(id: string): Promise<Record<string, unknown>> {
    const row = await t.db.selectFrom('gateways').select('settings').where('id', '=', id).executeTakeFirstOrThrow();
    return JSON.parse(row.settings);
  }

  it('never sends the stored secret to a new api_base: changing only the address is 422 on settings[secret_key]', async () => {
    const gateway = await makeStripeGateway(t, stripe);

    const moved = await t.admin.post(`/v1/gateways/${gateway.id}`, { settings: { api_base: elsewhere.url } });
    const ready = await readyCheckout(t, { gateway: gateway.id });
    await payByStripe(t, ready.orderId);

    expect(carryingSecret(elsewhere)).toEqual([]);
    expectInvalid(moved, 'settings[secret_key]');
    expect(errorOn(moved, 'settings[secret_key]')?.message).toMatch(/changing the API address .*asks for the secret again/);
    expect(await stored(gateway.id)).toMatchObject({ api_base: stripe.url, secret_key: STRIPE_KEYS.secret });
    expect(stripe.intentOf(ready.orderId)).toBeDefined();
  });

  it('does not take the mask for the secret when the address changes', async () => {
    const gateway = await makeStripeGateway(t, stripe);

    const masked = await t.admin.post(`/v1/gateways/${gateway.id}`, { settings: { api_base: elsewhere.url, secret_key: '********' } });
    const form = await t.admin.post(`/v1/gateways/${gateway.id}`, undefined, { form: new URLSearchParams({ 'settings[api_base]': elsewhere.url }).toString() });

    expectInvalid(masked, 'settings[secret_key]');
    expectInvalid(form, 'settings[secret_key]');
    expect((await stored(gateway.id)).api_base).toBe(stripe.url);
  });

  it('asks for the secret again when api_base is removed (back to Stripe itself) or first set', async () => {
    const pointed = await makeStripeGateway(t, stripe);
    // A gateway pointed at Stripe itself, stored as it is (creating it would ask api.stripe.com about its key).
    const direct = { id: newId('gtw') };
    await t.db.insertInto('gateways').values({
      id: direct.id, name: 'Stripe', display_name: null, source: `stripe-${uniqueWord()}`, driver: 'stripe', is_enabled: 1,
      settings: JSON.stringify({ publishable_key: STRIPE_KEYS.publishable, secret_key: STRIPE_KEYS.secret }), created_at: 1, updated_at: 1,
    }).execute();

    const removed = await t.admin.post(`/v1/gateways/${pointed.id}`, { settings: { api_base: null } });
    const added = await t.admin.post(`/v1/gateways/${direct.id}`, { settings: { api_base: elsewhere.url } });

    expectInvalid(removed, 'settings[secret_key]');
    expectInvalid(added, 'settings[secret_key]');
    expect((await stored(pointed.id)).api_base).toBe(stripe.url);
    expect(await stored(direct.id)).not.toHaveProperty('api_base');
  });

  it('moves the address together with a new secret, keeping the webhook secret (it is never sent), and pays at the new host', async () => {
    const gateway = await makeStripeGateway(t, stripe);
    const newSecret = `sk_test_${uniqueWord()}`;
    const before = stripe.requests.length;

    const moved = await t.admin.post(`/v1/gateways/${gateway.id}`, { settings: { api_base: elsewhere.url, secret_key: newSecret } });
    const ready = await readyCheckout(t, { gateway: gateway.id });
    const paid = await payByStripe(t, ready.orderId);

    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.settings).toMatchObject({ api_base: elsewhere.url, secret_key: '********', webhook_secret: '********' });
    expect(await stored(gateway.id)).toMatchObject({ api_base: elsewhere.url, secret_key: newSecret, webhook_secret: STRIPE_KEYS.webhook });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data.financial_status).toBe('paid');
    // The new key was checked at the new host when saved (GET /v1/account), then charged there.
    expect(carryingSecret(elsewhere, newSecret).map((request) => request.path)).toEqual(['/v1/account', '/v1/payment_intents']);
    expect(stripe.requests.slice(before)).toEqual([]);
  });

  it('needs no secret when the address sent is the one stored, or when other settings change', async () => {
    const gateway = await makeStripeGateway(t, stripe);

    const same = await t.admin.post(`/v1/gateways/${gateway.id}`, { settings: { api_base: `${stripe.url}/`, capture: 'manual', publishable_key: STRIPE_KEYS.publishable } });

    expect(same.status, same.text).toBe(200);
    expect(await stored(gateway.id)).toMatchObject({ secret_key: STRIPE_KEYS.secret, capture: 'manual' });
  });

  it('takes api_base only as an http(s) origin without credentials, query, fragment or path, https unless loopback, never a private address', async () => {
    const refused = [
      'https://user:pass@api.example.com', 'https://api.example.com/?x=1', 'https://api.example.com/#x', 'https://api.example.com/v1',
      'http://api.example.com', 'https://10.0.0.1', 'https://192.168.1.10', 'https://169.254.169.254', 'https://[fd00::1]',
      'https://[::ffff:10.0.0.1]', 'https://100.64.0.1', 'ftp://api.example.com', 'not a url',
    ];
    for (const apiBase of refused) {
      const res = await t.admin.post('/v1/gateways', {
        name: 'Stripe', source: `stripe-${uniqueWord()}`, driver: 'stripe',
        settings: { publishable_key: STRIPE_KEYS.publishable, secret_key: STRIPE_KEYS.secret, api_base: apiBase },
      });
      expect(res.status, `${apiBase}: ${res.text}`).toBe(422);
      expect(errorOn(res, 'settings[api_base]'), apiBase).toBeDefined();
    }
    const accepted = ['https://api.example.com', 'https://api.example.com:8443/', 'http://127.0.0.1:12111', 'http://localhost:12111', 'http://[::1]:12111', 'https://8.8.8.8'];
    for (const apiBase of accepted) {
      const res = await t.admin.post('/v1/gateways', {
        name: 'Stripe', source: `stripe-${uniqueWord()}`, driver: 'stripe',
        settings: { publishable_key: STRIPE_KEYS.publishable, secret_key: STRIPE_KEYS.secret, api_base: apiBase },
      });
      expect(res.status, `${apiBase}: ${res.text}`).toBe(201);
    }
  });

  it('shows a storefront only what it needs of a gateway: no api_base, capture or secrets; staff still see the settings', async () => {
    const gateway = await makeStripeGateway(t, stripe, { capture: 'manual' });
    const manual = await t.admin.post('/v1/gateways', {
      name: 'Transfer', source: `manual-${uniqueWord()}`, driver: 'manual', settings: { methods: ['transfer'], instructions: 'IBAN DE00 1234' },
    });
    expect(manual.status, manual.text).toBe(201);

    const listed = (await t.storefront.get('/v1/gateways?per_page=250')).body.data;
    const one = (await t.storefront.get(`/v1/gateways/${gateway.id}`)).body.data;
    const offered = (await readyCheckout(t, { gateway: gateway.id })).checkout.meta.payment_gateways;
    const staff = (await t.admin.get(`/v1/gateways/${gateway.id}`)).body.data;

    for (const view of [listed.find((g: any) => g.id === gateway.id), one, offered.find((g: any) => g.id === gateway.id)]) {
      expect(view).toMatchObject({ id: gateway.id, driver: 'stripe', methods: ['card'] });
      expect(view.settings).toEqual({ publishable_key: STRIPE_KEYS.publishable });
    }
    expect(listed.find((g: any) => g.id === manual.body.data.id).settings).toEqual({ instructions: 'IBAN DE00 1234' });
    expect(JSON.stringify(listed)).not.toContain(stripe.url);
    expect(staff.settings).toEqual({
      publishable_key: STRIPE_KEYS.publishable, secret_key: '********', webhook_secret: '********', capture: 'manual', api_base: stripe.url,
    });
  });
});
