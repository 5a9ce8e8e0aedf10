import { expect, expectTypeOf, it } from 'vitest';
import { createClient, StorefrontProblem, unwrap, type ListItem } from '../../src/client/index.js';
import { CARDS, cardPayment } from '../helpers/buyer.js';
import { readyCheckout } from '../helpers/checkout.js';
import { strongPassword } from '../helpers/customers.js';
import { uniqueWord } from '../helpers/expect.js';
import { QUICK_RETRIES, describeEachDatabaseWithClients } from '../helpers/typed-clients.js';

describeEachDatabaseWithClients('the typed client: pages and problems', (t, c) => {
  it('iterates over every item of a list, page after page, with the filters kept', async () => {
    const word = uniqueWord();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push(unwrap(await c.admin.POST('/v1/products', { body: { name: `Lamp ${word} ${i}` } })).data.id);
    await c.admin.POST('/v1/products', { body: { name: `Other ${uniqueWord()}` } });
    const pages: string[] = [];
    const admin = createClient({
      baseUrl: c.baseUrl,
      adminKey: t.adminKey,
      retry: QUICK_RETRIES,
      fetch: (request) => {
        pages.push(new URL(request.url).search);
        return fetch(request);
      },
    });

    const seen: string[] = [];
    for await (const product of admin.paginate('/v1/products', { params: { query: { q: word, per_page: 2 } } })) {
      expectTypeOf(product).toEqualTypeOf<ListItem<'/v1/products'>>();
      seen.push(product.id);
    }

    expect(seen).toEqual(made);
    expect(pages).toHaveLength(3);
    expect(pages.map((search) => new URLSearchParams(search).get('page'))).toEqual([null, '2', '3']);
    expect(pages.every((search) => new URLSearchParams(search).get('q') === word)).toBe(true);
  });

  it('starts from the page asked for, and fills a path of the list', async () => {
    const product = unwrap(await c.admin.POST('/v1/products', { body: { name: `Shirt ${uniqueWord()}`, modifiers: ['size'] } })).data;
    const skus = [product.sku_id!];
    for (const size of ['M', 'L', 'XL']) {
      skus.push(unwrap(await c.admin.POST('/v1/skus', { body: { product_id: product.id, modifiers: { size } } })).data.id);
    }
    const all: string[] = [];
    for await (const sku of c.admin.paginate('/v1/products/{id}/skus', { params: { path: { id: product.id }, query: { per_page: 3 } } })) all.push(sku.id);
    expect(all).toEqual(skus);
    const fromSecond: string[] = [];
    for await (const sku of c.admin.paginate('/v1/products/{id}/skus', { params: { path: { id: product.id }, query: { per_page: 1, page: 2 } } })) fromSecond.push(sku.id);
    expect(fromSecond).toEqual(skus.slice(1));
  });

  it('throws a problem met on the way as a StorefrontProblem', async () => {
    const pages = c.admin.paginate('/v1/products', { params: { query: { per_page: 0 } } });
    const thrown = await pages.next().then(() => undefined, (error: unknown) => error);
    expect(thrown).toBeInstanceOf(StorefrontProblem);
    expect(thrown).toMatchObject({ status: 400, code: 'invalid_request', problem: { status: 400, code: 'invalid_request' } });
  });

  it('answers problems typed: the status, the code and the fields named', async () => {
    const invalid = await c.storefront.POST('/v1/customers', { body: { email: 'not an email', password: strongPassword() } });
    expect(invalid.data).toBeUndefined();
    expect(invalid.response.status).toBe(422);
    expectTypeOf(invalid.error!.code).toEqualTypeOf<string>();
    expect(invalid.error).toMatchObject({ status: 422, code: 'validation_failed' });
    expect(invalid.error!.errors!.map((e) => e.field)).toContain('email');

    const missing = await c.admin.GET('/v1/orders/{id}', { params: { path: { id: 'ord_00000000000000000000000000' } } });
    expect([missing.response.status, missing.error?.code]).toEqual([404, 'not_found']);

    const ready = await readyCheckout(t);
    const declined = await c.storefront.POST('/v1/checkouts/{id}/payment', { params: { path: { id: ready.orderId } }, body: cardPayment(CARDS.declined) });
    expect([declined.response.status, declined.error?.code]).toEqual([402, 'payment_declined']);

    const thrown = await c.storefront.POST('/v1/checkouts/{id}/payment', { params: { path: { id: ready.orderId } }, body: cardPayment(CARDS.declined) })
      .then(unwrap)
      .catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(StorefrontProblem);
    expect(thrown).toMatchObject({ status: 402, code: 'payment_declined', message: expect.stringMatching(/^402 payment_declined: /) });
  });

  it('describes an answer that is no problem (a proxy page) as one', async () => {
    const proxied = createClient({
      baseUrl: c.baseUrl,
      adminKey: t.adminKey,
      retry: false,
      fetch: async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } }),
    });
    const thrown = await proxied.GET('/v1/store').then(unwrap).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(StorefrontProblem);
    expect(thrown).toMatchObject({ status: 502, code: 'unexpected_answer', problem: { title: 'Bad Gateway', detail: '<html>Bad gateway</html>' } });
  });
});
