import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeErrors } from '../../scripts/client-generator/generators.js';
import { buyerData, cardPayment } from '../helpers/buyer.js';
import { ids } from '../helpers/catalog.js';
import { makeGateway, makeRate } from '../helpers/checkout.js';
import { uniqueWord } from '../helpers/expect.js';
import { type Answer, GENERATORS, type GeneratedClients, generateClients } from '../helpers/generated-clients.js';
import { createTestApp, describeEachDatabase, type TestContext } from '../helpers/test-app.js';

/** A 2xx answer's body (openapi-typescript-codegen tells no status of a success: it answers 200). */
function ok(answer: Answer): any {
  expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(200);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body;
}

let generated: GeneratedClients;

// Generated once for the file, from the /openapi.json of a server listening on 127.0.0.1.
beforeAll(async () => {
  const server = await createTestApp('sqlite');
  try {
    generated = await generateClients(await server.app.listen({ host: '127.0.0.1', port: 0 }));
  } finally {
    await server.close();
  }
}, 300_000);

afterAll(() => {
  if (generated) rmSync(generated.dir, { recursive: true, force: true });
});

describe('clients generated from /openapi.json', () => {
  it('compile under strict TypeScript, every generator', () => {
    const errors = typeErrors(generated.dir);
    expect(errors, errors.slice(0, 20).join('\n')).toEqual([]);
  }, 300_000);
});

/** Products in three colours, a shipping rate and a test card gateway, made by staff. */
async function catalogue(t: TestContext, word: string) {
  const colored = async (color: string, price: number) => {
    const product = await t.admin.post('/v1/products', { name: `Mug ${word} ${color}`, modifiers: ['color'] });
    expect(product.status, product.text).toBe(201);
    const sku = await t.admin.post(`/v1/skus/${product.body.data.sku_id}`, { modifiers: { color }, price, in_stock: 5, stock_policy: 'overall' });
    expect(sku.status, sku.text).toBe(200);
    return { productId: product.body.data.id as string, skuId: sku.body.data.id as string };
  };
  return {
    red: await colored('Red', 1500),
    blue: await colored('Blue', 2500),
    green: await colored('Green', 3500),
    rateId: await makeRate(t, 700),
    gateway: await makeGateway(t, 'test'),
  };
}

describeEachDatabase('a purchase through each generated client', (t) => {
  let baseUrl: string;
  beforeAll(async () => {
    // Closing the test app closes the server too.
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  for (const generator of GENERATORS) {
    it(`${generator}: filters the catalogue, buys as the storefront, and staff see the order`, async () => {
      const word = uniqueWord();
      const { red, blue, green, rateId, gateway } = await catalogue(t, word);
      const storefront = await generated.clientOf(generator, baseUrl, { channelKey: t.channelKey });
      const staff = await generated.clientOf(generator, baseUrl, { adminKey: t.adminKey });

      // Deep-object filters as the generator writes them: one option value, several comma-separated, a price range.
      expect(ids(ok(await storefront.listProducts({ q: word, options: { color: 'Blue' } })).data)).toEqual([blue.productId]);
      expect(ids(ok(await storefront.listProducts({ q: word, options: { color: 'Red,Green' } })).data)).toEqual([red.productId, green.productId]);
      expect(ids(ok(await storefront.listProducts({ q: word, price: { min: 2000, max: 3000 } })).data)).toEqual([blue.productId]);

      // Bad input is still a problem document, read as the generator's error.
      const cart = ok(await storefront.createCart({ items: { [red.skuId]: 2 } })).data;
      expect(cart).toMatchObject({ total_items: 2, total_price: 3000 });
      const orderId: string = ok(await storefront.checkOut(cart.id)).data.id;
      const refused = await storefront.updateCheckout(orderId, { customer: { email: 'not an address' } });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ status: 422, code: 'validation_failed', errors: [expect.objectContaining({ field: 'customer[email]' })] });

      const email = `${word}@example.com`;
      const withBuyer = ok(await storefront.updateCheckout(orderId, buyerData(email)));
      expect(ids(withBuyer.meta.shipping_methods)).toContain(rateId);
      expect(withBuyer.meta.payment_gateways.map((g: { id: string }) => g.id)).toContain(gateway.id);
      const methods = ok(await storefront.chooseMethods(orderId, { shipping: { method: rateId }, payment: { gateway: gateway.id } }));
      expect(methods.data).toMatchObject({ shipping_rate: 700, total_price: 3700 });

      const paid = ok(await storefront.pay(orderId, cardPayment())).data;
      expect(paid).toMatchObject({ id: orderId, status: 'placed', financial_status: 'paid', email });
      expect(ok(await storefront.getCheckout(orderId)).data).toMatchObject({ id: orderId, status: 'placed' });

      const order = ok(await staff.getOrder(orderId)).data;
      expect(order).toMatchObject({ id: orderId, status: 'placed', financial_status: 'paid', email, total_price: 3700 });
    });
  }
});
