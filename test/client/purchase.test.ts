import { expect, it } from 'vitest';
import { unwrap, type paths } from '../../src/client/index.js';
import { ADDRESS, CARDS, cardPayment } from '../helpers/buyer.js';
import { transactionRows } from '../helpers/checkout.js';
import { strongPassword } from '../helpers/customers.js';
import { uniqueWord } from '../helpers/expect.js';
import { describeEachDatabaseWithClients } from '../helpers/typed-clients.js';

const ids = (list: Array<{ id: string }>) => list.map((item) => item.id);

type SkuQuery = NonNullable<paths['/v1/skus']['get']['parameters']['query']>;

describeEachDatabaseWithClients('the typed client: a whole purchase', (t, c) => {
  it('filters the catalogue, buys as a signed-in customer, and lets staff capture, refund and ship', async () => {
    const word = uniqueWord();

    // Staff make a mug in two colours, a tea, a shipping zone and a card gateway that only authorizes.
    const mug = unwrap(await c.admin.POST('/v1/products', { body: { name: `Mug ${word}`, modifiers: ['color'] } })).data;
    const red = unwrap(await c.admin.POST('/v1/skus/{id}', {
      params: { path: { id: mug.sku_id! } },
      body: { modifiers: { color: 'Red' }, price: 1500, in_stock: 5, stock_policy: 'overall' },
    })).data;
    const blue = unwrap(await c.admin.POST('/v1/skus', {
      body: { product_id: mug.id, modifiers: { color: 'Blue' }, price: 2500, in_stock: 5, stock_policy: 'overall' },
    })).data;
    const tea = unwrap(await c.admin.POST('/v1/products', { body: { name: `Tea ${word}`, price: 800 } })).data;
    const teaSku = tea.sku_id!;
    await c.admin.POST('/v1/skus/{id}', { params: { path: { id: teaSku } }, body: { in_stock: 5, stock_policy: 'overall' } });
    const zone = unwrap(await c.admin.POST('/v1/shipping_zones', {
      body: { name: `Zone ${word}`, countries: [ADDRESS.country_code], rates: [{ name: 'Standard', kind: 'weight', from: 0, to: null, price: 700 }] },
    })).data;
    const rateId = zone.rates[0]!.id;
    const gateway = unwrap(await c.admin.POST('/v1/gateways', {
      body: { name: `Cards ${word}`, source: `cards-${word}`, driver: 'test', settings: { capture: 'manual' } },
    })).data;

    // The storefront filters its listings: price range, option, sort and search terms.
    const skus = (query: SkuQuery) =>
      c.storefront.GET('/v1/skus', { params: { query: { q: word, ...query } } }).then(unwrap);
    expect(ids((await skus({ price: { min: 1000, max: 2000 } })).data)).toEqual([red.id]);
    expect(ids((await skus({ price: { min: 800 }, sort_by: 'price-descending' })).data)).toEqual([blue.id, red.id, teaSku]);
    expect(ids((await skus({ price: { max: 1500 }, sort_by: 'price-ascending' })).data)).toEqual([teaSku, red.id]);
    expect(ids((await skus({ options: { color: 'Blue' } })).data)).toEqual([blue.id]);
    expect(ids((await skus({ sort_by: 'name-descending', per_page: 1 })).data)).toEqual([teaSku]);
    const products = unwrap(await c.storefront.GET('/v1/products', { params: { query: { q: word, price: { max: 1000 } } } }));
    expect(ids(products.data)).toEqual([tea.id]);
    expect(products.meta.pagination).toMatchObject({ total_items: 1, next_page: null });

    // A buyer signs up, signs in and keeps an address on the account.
    const email = `${word}@example.com`;
    const password = strongPassword();
    const customer = unwrap(await c.storefront.POST('/v1/customers', { body: { email, password, first_name: ADDRESS.first_name, last_name: ADDRESS.last_name } })).data;
    const signIn = unwrap(await c.storefront.POST('/v1/customers/token', { body: { email, password } })).data;
    const buyer = c.storefront.withCustomerToken(signIn.token!);
    const address = unwrap(await buyer.POST('/v1/customers/{id}/addresses', { params: { path: { id: customer.id } }, body: { ...ADDRESS } })).data;
    expect(unwrap(await buyer.GET('/v1/customers/{id}', { params: { path: { id: customer.id } } })).data.default_address?.id).toBe(address.id);
    // The anonymous storefront client is left as it was.
    const anonymous = await c.storefront.GET('/v1/customers/{id}', { params: { path: { id: customer.id } } });
    expect([anonymous.response.status, anonymous.error?.code]).toEqual([403, 'forbidden']);

    // Cart, checkout, the buyer's data, methods.
    const cart = unwrap(await buyer.POST('/v1/carts', { body: { items: { [red.id]: 2, [teaSku]: 1 } } })).data;
    expect(cart).toMatchObject({ total_items: 3, total_price: 3800 });
    const checkout = unwrap(await buyer.POST('/v1/carts/{id}/checkout', { params: { path: { id: cart.id } }, body: {} }));
    expect(checkout.meta.is_shipping_required).toBe(true);
    const orderId = checkout.data.id;
    const withBuyer = unwrap(await buyer.PUT('/v1/checkouts/{id}', {
      params: { path: { id: orderId } },
      body: { customer: { email, first_name: ADDRESS.first_name, last_name: ADDRESS.last_name }, shipping: { ...ADDRESS } },
    }));
    expect(ids(withBuyer.meta.shipping_methods)).toContain(rateId);
    const methods = unwrap(await buyer.POST('/v1/checkouts/{id}/methods', {
      params: { path: { id: orderId } },
      body: { shipping: { method: rateId }, payment: { gateway: gateway.id } },
    }));
    expect(methods.data).toMatchObject({ shipping_rate: 700, total_price: 4500 });

    // Payment: the card is authorized and the order placed.
    const paid = unwrap(await buyer.POST('/v1/checkouts/{id}/payment', { params: { path: { id: orderId } }, body: cardPayment(CARDS.good) }));
    expect(paid.data).toMatchObject({ id: orderId, status: 'placed', financial_status: 'authorized', total_price: 4500 });
    expect(ids(unwrap(await buyer.GET('/v1/orders')).data)).toEqual([orderId]);

    // Staff capture the authorization, refund part of it and ship everything.
    const order = { params: { path: { id: orderId } } };
    const capture = unwrap(await c.admin.POST('/v1/orders/{id}/transactions', { ...order, body: { kind: 'capture' } }));
    expect(capture.data).toMatchObject({ kind: 'capture', status: 'succeeded', amount: 4500 });
    unwrap(await c.admin.POST('/v1/orders/{id}/transactions', { ...order, body: { kind: 'refund', amount: 1500 } }));
    const shipment = unwrap(await c.admin.POST('/v1/orders/{id}/fulfillments', { ...order, body: {} })).data;
    expect(shipment).toMatchObject({ status: 'succeeded', items_count: 3 });

    const done = unwrap(await c.admin.GET('/v1/orders/{id}', order)).data;
    expect(done).toMatchObject({ financial_status: 'partially_refunded', fulfillment_status: 'fulfilled', email });
    expect(done.transactions.map((x) => [x.kind, x.amount])).toEqual([['authorization', 4500], ['capture', 4500], ['refund', 1500]]);
    expect((await transactionRows(t, orderId)).map((row) => row.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });
});
