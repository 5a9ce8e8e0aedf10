import { expect, it } from 'vitest';
import { expectProblem } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

describeEachDatabase('gateway drivers', (t) => {
  it('lists the drivers a gateway may have, with the settings each takes and which of them are secrets', async () => {
    const res = await t.admin.get('/v1/gateway_drivers');
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.pagination).toMatchObject({ total_items: 3, current_page: 1 });
    const [manual, test, stripe] = res.body.data;
    expect(manual).toMatchObject({
      object: 'gateway_driver', name: 'manual', methods: ['transfer', 'cash'],
      settings: [
        { name: 'methods', kind: 'choices', options: ['transfer', 'cash'], secret: false },
        { name: 'instructions', kind: 'text', options: null, secret: false },
      ],
    });
    expect(test).toMatchObject({
      object: 'gateway_driver', name: 'test', methods: ['card'], takes_webhooks: false,
      settings: [
        { name: 'capture', kind: 'choice', options: ['automatic', 'manual'], secret: false },
        { name: 'secret_key', kind: 'secret', options: null, secret: true },
      ],
    });
    expect(stripe).toMatchObject({
      object: 'gateway_driver', name: 'stripe', methods: ['card'], takes_webhooks: true,
      settings: [
        { name: 'publishable_key', kind: 'text', secret: false },
        { name: 'secret_key', kind: 'secret', secret: true },
        { name: 'webhook_secret', kind: 'secret', secret: true },
        { name: 'capture', kind: 'choice', options: ['automatic', 'manual'], secret: false },
        { name: 'api_base', kind: 'text', secret: false },
      ],
    });
    for (const driver of res.body.data) {
      expect(typeof driver.description).toBe('string');
      for (const setting of driver.settings) expect(typeof setting.description).toBe('string');
    }
  });

  it('takes every setting it lists: a gateway made with all of them is accepted', async () => {
    // Text the stripe driver checks the shape of.
    const shaped: Record<string, string> = {
      publishable_key: 'pk_test_123', secret_key: 'sk_test_123', webhook_secret: 'whsec_123', api_base: 'http://127.0.0.1:9/',
    };
    const drivers = (await t.admin.get('/v1/gateway_drivers')).body.data as Array<{ name: string; settings: Array<{ name: string; kind: string; options: string[] | null }> }>;
    for (const driver of drivers) {
      const settings = Object.fromEntries(driver.settings.map((s) => [s.name, s.kind === 'choices' ? s.options : s.kind === 'choice' ? s.options![0] : shaped[s.name] ?? 'some text']));
      const res = await t.admin.post('/v1/gateways', { name: driver.name, source: `all-${driver.name}`, driver: driver.name, settings });
      expect(res.status, res.text).toBe(201);
    }
  });

  it('is for staff: a read-only key reads it, a storefront is refused', async () => {
    const key = (await t.admin.post('/v1/api_keys', { name: 'Accountant', read_only: true })).body.data.token as string;
    expect((await t.as({ authorization: `Bearer ${key}` }).get('/v1/gateway_drivers')).status).toBe(200);
    expectProblem(await t.storefront.get('/v1/gateway_drivers'), 403, 'forbidden');
  });
});
