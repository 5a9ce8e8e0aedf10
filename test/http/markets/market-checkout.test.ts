import { afterEach, describe, expect, it } from 'vitest';
import { CARDS, makeGateway, makeSku, orderRow, pay, transactionRows } from '../../helpers/checkout.js';
import { expectProblem, uniqueWord } from '../../helpers/expect.js';
import { FAKE_PAYMENT_METHODS } from '../../helpers/fake-stripe.js';
import { deliverMailUntil } from '../../helpers/smtp.js';
import { makeStripeGateway, payByStripe, useFakeStripe } from '../../helpers/stripe-checkout.js';
import { describeEachDatabase, type TestContext, type TestResponse } from '../../helpers/test-app.js';

const PARIS = {
  first_name: 'Camille', last_name: 'Martin', address1: '1 rue de Rivoli', city: 'Paris', postcode: '75001', country_code: 'FR', state_code: 'IDF', phone: '+33 1 23 45 67 89',
};
const TOKYO = {
  first_name: 'Yui', last_name: 'Sato', address1: '1-1 Marunouchi', city: 'Chiyoda', postcode: '100-0005', country_code: 'JP', state_code: '13', phone: '+81 3 1234 5678',
};
const NEW_YORK = {
  first_name: 'Ada', last_name: 'Lovelace', address1: '1 Main Street', city: 'New York', postcode: '10001', country_code: 'US', state_code: 'NY', phone: '+1 555 0100',
};

/** A 422 naming `field` with `code`. */
function expectInvalid(res: TestResponse, errors: Array<{ field: string; code: string }>): void {
  expectProblem(res, 422, 'validation_failed');
  for (const error of errors) expect(res.body.errors, res.text).toContainEqual(expect.objectContaining(error));
}

function ok(res: { status: number; body: any; text: string }, status = 200) {
  expect(res.status, res.text).toBe(status);
  return res.body;
}

async function makeMarket(t: TestContext, body: Record<string, unknown>): Promise<any> {
  return ok(await t.admin.post('/v1/markets', { name: `Market ${uniqueWord()}`, locales: ['en'], ...body }), 201).data;
}

/** A zone shipping to `countries` at `price` (store currency), with its rate's id. */
async function shipTo(t: TestContext, countries: string[], price: number): Promise<string> {
  const zone = ok(await t.admin.post('/v1/shipping_zones', {
    name: `Zone ${uniqueWord()}`, countries, rates: [{ name: 'Standard', kind: 'weight', from: 0, to: null, price }],
  }), 201).data;
  return zone.rates[0].id;
}

/** A cart of `items` in a market, checked out with the buyer's address and the methods chosen. */
async function checkoutIn(t: TestContext, cart: Record<string, unknown>, address: Record<string, unknown>, gatewayId: string, rateId: string) {
  const cartId = ok(await t.storefront.post('/v1/carts', cart), 201).data.id;
  const orderId = ok(await t.storefront.post(`/v1/carts/${cartId}/checkout`, {})).data.id;
  ok(await t.storefront.put(`/v1/checkouts/${orderId}`, { customer: { email: `${uniqueWord()}@example.com` }, shipping: address }));
  const checkout = ok(await t.storefront.post(`/v1/checkouts/${orderId}/methods`, { shipping: { method: rateId }, payment: { gateway: gatewayId } }));
  return { cartId, orderId, checkout };
}

describeEachDatabase('selling in a market', (t) => {
  // A country is in one market at most: each test makes its own.
  afterEach(async () => {
    for (const market of ok(await t.admin.get('/v1/markets?per_page=100')).data) ok(await t.admin.delete(`/v1/markets/${market.id}`), 204);
  });

  describe('carts', () => {
    it('makes a cart in the market of the buyer\'s country, in its currency and language, priced by its rounding rule', async () => {
      const market = await makeMarket(t, { country_codes: ['FR'], currency: 'EUR', locales: ['fr', 'en'], exchange_rate: '0.92', rounding: 'ninety_nine' });
      const sku = await makeSku(t, { price: 1999 });
      const cart = ok(await t.storefront.post('/v1/carts', { country_code: 'fr', items: { [sku.id]: 2 } }), 201).data;
      // 19.99 × 0.92 = 18.3908 → 18.39 → the next n.99: 18.99.
      expect(cart).toMatchObject({ currency: 'EUR', market_id: market.id, locale: 'fr', total_price: 3798 });
      expect(cart.items[0]).toMatchObject({ price: 1899, total: 3798 });
      expect(cart.items[0].sku.price).toBe(1899);
      expect(cart.items[0].product.price).toBe(1899);
      const row = await t.db.selectFrom('carts').selectAll().where('id', '=', cart.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ market_id: market.id, currency: 'EUR', locale: 'fr' });
    });

    it('shows a storefront its cart in the cart\'s language, without the translations, and offers shipping named in it', async () => {
      await makeMarket(t, { country_codes: ['FR'], currency: 'EUR', locales: ['fr'], exchange_rate: '0.92' });
      const sku = await makeSku(t, { price: 1000 });
      ok(await t.admin.post(`/v1/products/${sku.productId}`, { translations: { fr: { name: 'Chapeau de paille' } } }));
      const zone = ok(await t.admin.post('/v1/shipping_zones', {
        name: `Zone ${uniqueWord()}`, countries: ['FR'],
        rates: [{ name: 'Standard', kind: 'weight', from: 0, to: null, price: 500, translations: { fr: { name: 'Livraison standard' } } }],
      }), 201).data;
      const cart = ok(await t.storefront.post('/v1/carts', { country_code: 'FR', items: { [sku.id]: 1 } }), 201).data;
      expect(cart.items[0].product).toMatchObject({ name: 'Chapeau de paille', locale: 'fr' });
      expect(cart.items[0].product).not.toHaveProperty('translations');
      expect(cart.items[0].sku.name).toBe('Chapeau de paille');
      // Staff see the record's own text with its translations.
      const staff = ok(await t.admin.get(`/v1/carts/${cart.id}`)).data;
      expect(staff.items[0].product.translations).toEqual({ fr: { name: 'Chapeau de paille' } });
      const orderId = ok(await t.storefront.post(`/v1/carts/${cart.id}/checkout`, {})).data.id;
      const checkout = ok(await t.storefront.put(`/v1/checkouts/${orderId}`, { shipping: PARIS }));
      const method = checkout.meta.shipping_methods.find((m: any) => m.id === zone.rates[0].id);
      expect(method).toMatchObject({ name: 'Livraison standard', price: 460 });
      expect(method).not.toHaveProperty('translations');
    });

    it('keeps a cart of a country in no market, and a cart that names none, in the store currency', async () => {
      await makeMarket(t, { country_codes: ['FR'], currency: 'EUR', exchange_rate: '0.92' });
      const sku = await makeSku(t, { price: 1999 });
      for (const body of [{}, { country_code: 'US' }]) {
        const cart = ok(await t.storefront.post('/v1/carts', { ...body, items: { [sku.id]: 1 } }), 201).data;
        expect(cart).toMatchObject({ currency: 'USD', market_id: null, locale: null, total_price: 1999 });
      }
    });

    it('refuses a market that is not active, or names none', async () => {
      const market = await makeMarket(t, { country_codes: ['BE'], currency: 'EUR', exchange_rate: '0.92', is_active: false });
      for (const id of [market.id, 'mkt_missing']) {
        const res = await t.storefront.post('/v1/carts', { market_id: id });
        expectInvalid(res, [{ field: 'market_id', code: 'not_found' }]);
      }
      // An inactive market's country buys in the store currency.
      expect(ok(await t.storefront.post('/v1/carts', { country_code: 'BE' }), 201).data).toMatchObject({ currency: 'USD', market_id: null });
    });

    it('sells a sku at its fixed price, and refuses one the market does not sell (no fixed price, no rate)', async () => {
      const market = await makeMarket(t, { country_codes: ['CH'], currency: 'CHF' });
      const fixed = await makeSku(t, { price: 1999 });
      ok(await t.admin.post(`/v1/skus/${fixed.id}`, { prices: [{ currency: 'CHF', price: 2490, compared_price: 2990 }] }));
      const hidden = await makeSku(t, { price: 1999 });
      const refused = await t.storefront.post('/v1/carts', { market_id: market.id, items: { [fixed.id]: 1, [hidden.id]: 1 } });
      expectInvalid(refused, [{ field: `items[${hidden.id}]`, code: 'not_available' }]);
      const cart = ok(await t.storefront.post('/v1/carts', { market_id: market.id, items: { [fixed.id]: 1 } }), 201).data;
      expect(cart).toMatchObject({ currency: 'CHF', total_price: 2490, total_compared_price: 2990 });
      const added = await t.storefront.put(`/v1/carts/${cart.id}`, { items: { [hidden.id]: 1 } });
      expectInvalid(added, [{ field: `items[${hidden.id}]`, code: 'not_available' }]);
    });

    it('keeps its currency: a move to a market in another currency is refused, one in the same currency is taken', async () => {
      const france = await makeMarket(t, { country_codes: ['FR'], currency: 'EUR', exchange_rate: '0.92' });
      const germany = await makeMarket(t, { country_codes: ['DE'], currency: 'EUR', exchange_rate: '0.9', locales: ['de'] });
      const japan = await makeMarket(t, { country_codes: ['JP'], currency: 'JPY', exchange_rate: '150' });
      const sku = await makeSku(t, { price: 1000 });
      const cart = ok(await t.storefront.post('/v1/carts', { market_id: france.id, items: { [sku.id]: 1 } }), 201).data;
      expectInvalid(await t.storefront.put(`/v1/carts/${cart.id}`, { market_id: japan.id }), [{ field: 'market_id', code: 'currency_locked' }]);
      expectInvalid(await t.storefront.put(`/v1/carts/${cart.id}`, { country_code: 'US' }), [{ field: 'country_code', code: 'currency_locked' }]);
      const unchanged = ok(await t.storefront.get(`/v1/carts/${cart.id}`)).data;
      expect(unchanged).toMatchObject({ currency: 'EUR', market_id: france.id, total_price: 920 });
      const moved = ok(await t.storefront.put(`/v1/carts/${cart.id}`, { market_id: germany.id, locale: 'de' })).data;
      expect(moved).toMatchObject({ currency: 'EUR', market_id: germany.id, locale: 'de', total_price: 900 });
    });
  });

  describe('checkouts and orders', () => {
    it('prices shipping and a fixed discount by the market\'s rule, pays in euros, and keeps the rate on the order', async () => {
      const market = await makeMarket(t, { country_codes: ['FR'], currency: 'EUR', locales: ['fr'], exchange_rate: '0.92', rounding: 'ninety_nine' });
      const sku = await makeSku(t, { price: 1999 });
      const rateId = await shipTo(t, ['FR'], 500);
      const code = `TEN${uniqueWord()}`.toUpperCase();
      ok(await t.admin.post('/v1/discounts', { title: 'Ten off', code, kind: 'fixed_amount', value: 1000 }), 201);
      const gateway = await makeGateway(t);
      const cartId = ok(await t.storefront.post('/v1/carts', { market_id: market.id, items: { [sku.id]: 2 }, discount_codes: [code] }), 201).data.id;
      const orderId = ok(await t.storefront.post(`/v1/carts/${cartId}/checkout`, {})).data.id;
      const data = ok(await t.storefront.put(`/v1/checkouts/${orderId}`, { customer: { email: `${uniqueWord()}@example.com` }, shipping: PARIS }));
      // 5.00 × 0.92 = 4.60 → 4.99; 10.00 × 0.92 = 9.20 → 9.99.
      expect(data.meta.shipping_methods.find((m: any) => m.id === rateId)).toMatchObject({ price: 499 });
      const checkout = ok(await t.storefront.post(`/v1/checkouts/${orderId}/methods`, { shipping: { method: rateId }, payment: { gateway: gateway.id } }));
      expect(checkout.data).toMatchObject({
        currency: 'EUR', market_id: market.id, exchange_rate: '0.92', locale: 'fr',
        total_items_price: 3798, shipping_rate: 499, total_discount: 999, total_price: 3798 + 499 - 999,
      });
      expect(checkout.data.items[0]).toMatchObject({ price: 1899, quantity: 2 });
      const paid = ok(await pay(t, orderId)).data;
      expect(paid).toMatchObject({ status: 'placed', financial_status: 'paid', currency: 'EUR', exchange_rate: '0.92', total_price: 3298 });
      const [charge] = await transactionRows(t, orderId);
      expect(charge).toMatchObject({ currency: 'EUR', amount: 3298, status: 'succeeded' });
      expect(await orderRow(t, orderId)).toMatchObject({ market_id: market.id, exchange_rate: '0.92', locale: 'fr', currency: 'EUR' });
    });

    it('mails a buyer in the French market their confirmation in French, in euros', async () => {
      const market = await makeMarket(t, { country_codes: ['FR'], currency: 'EUR', locales: ['fr'], exchange_rate: '0.92', rounding: 'none' });
      const sku = await makeSku(t, { price: 1250 });
      const gateway = await makeGateway(t);
      const { orderId } = await checkoutIn(t, { country_code: 'FR', items: { [sku.id]: 1 } }, PARIS, gateway.id, await shipTo(t, ['FR'], 0));
      const order = ok(await pay(t, orderId)).data;
      expect(order).toMatchObject({ locale: 'fr', currency: 'EUR', market_id: market.id });
      // The guest the checkout made keeps the language too, for the mail that follows.
      const { customer_id: guestId } = await orderRow(t, orderId);
      expect(ok(await t.admin.get(`/v1/customers/${guestId}`)).data.locale).toBe('fr');
      const find = async () => (await t.admin.get(`/v1/notifications?order_id=${orderId}&kind=order_confirmation`)).body.data[0];
      await deliverMailUntil(t, undefined, async () => (await find())?.status === 'not_sent');
      const mail = await find();
      expect(mail.subject).toBe(`Commande ${order.number} confirmée`);
      // $12.50 × 0.92 = €11.50, written the French way.
      expect(mail.text).toMatch(/Sous-total : 11,50\s€/);
    });

    it('takes a percentage discount and taxes on the converted prices', async () => {
      const market = await makeMarket(t, { country_codes: ['FR'], currency: 'EUR', exchange_rate: '0.92', rounding: 'whole' });
      ok(await t.admin.post('/v1/tax_rates', { country_code: 'FR', name: 'TVA', rate: 2000 }), 201);
      const sku = await makeSku(t, { price: 2500 });
      const rateId = await shipTo(t, ['FR'], 0);
      const code = `PCT${uniqueWord()}`.toUpperCase();
      ok(await t.admin.post('/v1/discounts', { title: 'Ten percent', code, kind: 'percentage', value: 1000 }), 201);
      const gateway = await makeGateway(t);
      const { checkout } = await checkoutIn(t, { market_id: market.id, items: { [sku.id]: 1 }, discount_codes: [code] }, PARIS, gateway.id, rateId);
      // 25.00 × 0.92 = 23.00 (whole: 23.00); 10 % off → 20.70; 20 % tax on it → 4.14.
      expect(checkout.data).toMatchObject({ currency: 'EUR', total_items_price: 2300, total_discount: 230, total_taxes: 414, shipping_rate: 0 });
    });

    it('keeps a currency without minor units whole from the price to the charge', async () => {
      const market = await makeMarket(t, { country_codes: ['JP'], currency: 'JPY', locales: ['ja'], exchange_rate: '150.5', rounding: 'none' });
      const sku = await makeSku(t, { price: 1999 });
      const rateId = await shipTo(t, ['JP'], 500);
      const gateway = await makeGateway(t);
      const { orderId, checkout } = await checkoutIn(t, { market_id: market.id, items: { [sku.id]: 1 } }, TOKYO, gateway.id, rateId);
      // 19.99 × 150.5 = 3008.495 → ¥3,008; 5.00 × 150.5 = 752.5 → ¥753.
      expect(checkout.data).toMatchObject({ currency: 'JPY', total_items_price: 3008, shipping_rate: 753, total_price: 3761 });
      ok(await pay(t, orderId));
      expect((await transactionRows(t, orderId))[0]).toMatchObject({ currency: 'JPY', amount: 3761 });
    });

    it('refuses a shipping address in another market\'s currency: a checkout keeps its currency', async () => {
      const market = await makeMarket(t, { country_codes: ['FR'], currency: 'EUR', exchange_rate: '0.92' });
      const sku = await makeSku(t, { price: 1000 });
      await shipTo(t, ['FR', 'US'], 500);
      const cartId = ok(await t.storefront.post('/v1/carts', { market_id: market.id, items: { [sku.id]: 1 } }), 201).data.id;
      const orderId = ok(await t.storefront.post(`/v1/carts/${cartId}/checkout`, {})).data.id;
      const res = await t.storefront.put(`/v1/checkouts/${orderId}`, { customer: { email: `${uniqueWord()}@example.com` }, shipping: NEW_YORK });
      expectInvalid(res, [{ field: 'shipping[country_code]', code: 'currency_locked' }]);
      expect(await orderRow(t, orderId)).toMatchObject({ currency: 'EUR', shipping_address: null });
      // A store-currency cart may not ship into the euro market either.
      const usCartId = ok(await t.storefront.post('/v1/carts', { items: { [sku.id]: 1 } }), 201).data.id;
      const usOrderId = ok(await t.storefront.post(`/v1/carts/${usCartId}/checkout`, {})).data.id;
      expectInvalid(await t.storefront.put(`/v1/checkouts/${usOrderId}`, { shipping: PARIS }), [{ field: 'shipping[country_code]', code: 'currency_locked' }]);
    });

    it('refuses to price a checkout whose market stopped selling in its currency, and charges nothing', async () => {
      const market = await makeMarket(t, { country_codes: ['FR'], currency: 'EUR', exchange_rate: '0.92' });
      const sku = await makeSku(t, { price: 1000 });
      const rateId = await shipTo(t, ['FR'], 500);
      const gateway = await makeGateway(t);
      const { orderId } = await checkoutIn(t, { market_id: market.id, items: { [sku.id]: 1 } }, PARIS, gateway.id, rateId);
      ok(await t.admin.post(`/v1/markets/${market.id}`, { currency: 'CHF' }));
      expectInvalid(await t.storefront.put(`/v1/checkouts/${orderId}`, { customer: { email: `${uniqueWord()}@example.com` } }), [{ field: 'market_id', code: 'currency_locked' }]);
      expectInvalid(await pay(t, orderId), [{ field: 'market_id', code: 'currency_locked' }]);
      expect(await transactionRows(t, orderId)).toEqual([]);
      expect(await orderRow(t, orderId)).toMatchObject({ status: 'created', financial_status: 'unpaid', currency: 'EUR' });
    });

    it('answers every earlier checkout unchanged for a client that names no market', async () => {
      await makeMarket(t, { country_codes: ['FR'], currency: 'EUR', exchange_rate: '0.92', rounding: 'ninety_nine' });
      const sku = await makeSku(t, { price: 1999 });
      const rateId = await shipTo(t, ['US'], 500);
      const gateway = await makeGateway(t);
      const { orderId, checkout } = await checkoutIn(t, { items: { [sku.id]: 1 } }, NEW_YORK, gateway.id, rateId);
      expect(checkout.data).toMatchObject({ currency: 'USD', market_id: null, exchange_rate: null, locale: null, total_items_price: 1999, shipping_rate: 500 });
      ok(await pay(t, orderId, CARDS.good));
    });
  });

  describe('Stripe', () => {
    const stripe = useFakeStripe();

    it('sends Stripe euro cents and whole yen', async () => {
      const euro = await makeMarket(t, { country_codes: ['FR'], currency: 'EUR', exchange_rate: '0.92', rounding: 'none' });
      const yen = await makeMarket(t, { country_codes: ['JP'], currency: 'JPY', exchange_rate: '150', rounding: 'none' });
      const sku = await makeSku(t, { price: 1999 });
      const gateway = await makeStripeGateway(t, stripe);
      const paris = await checkoutIn(t, { market_id: euro.id, items: { [sku.id]: 1 } }, PARIS, gateway.id, await shipTo(t, ['FR'], 0));
      const tokyo = await checkoutIn(t, { market_id: yen.id, items: { [sku.id]: 1 } }, TOKYO, gateway.id, await shipTo(t, ['JP'], 0));
      // $19.99 is €18.39 (cents) and ¥2,999 (whole yen); Stripe gets the total in those units.
      for (const [{ orderId }, price, currency] of [[paris, 1839, 'eur'], [tokyo, 2999, 'jpy']] as const) {
        const paid = ok(await payByStripe(t, orderId, FAKE_PAYMENT_METHODS.visa)).data;
        expect(paid).toMatchObject({ status: 'placed', currency: currency.toUpperCase() });
        expect(paid.items[0].price).toBe(price);
        const created = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.form.metadata?.order_id === orderId);
        expect(created.length).toBeGreaterThan(0);
        expect(created[0]!.form).toMatchObject({ amount: String(paid.total_price), currency });
      }
    });
  });

  describe('reports', () => {
    it('adds the markets\' sales to the store\'s, converted back at the rate each order kept', async () => {
      const market = await makeMarket(t, { country_codes: ['FR'], currency: 'EUR', exchange_rate: '0.8', rounding: 'none' });
      const sku = await makeSku(t, { price: 2000 });
      const gateway = await makeGateway(t);
      const before = ok(await t.admin.get('/v1/reports/sales')).data;
      const paris = await checkoutIn(t, { market_id: market.id, items: { [sku.id]: 1 } }, PARIS, gateway.id, await shipTo(t, ['FR'], 0));
      const order = ok(await pay(t, paris.orderId)).data;
      expect(order.items[0].price).toBe(1600);
      // The rate changes later: the order counts at the rate it kept.
      ok(await t.admin.post(`/v1/markets/${market.id}`, { exchange_rate: '0.5' }));
      const after = ok(await t.admin.get('/v1/reports/sales')).data;
      // Its euros at 0.8 euro per dollar (€16.00 of items: $20.00, with any tax the same way).
      expect(after.gross_sales - before.gross_sales).toBe(Math.round(order.total_price / 0.8));
      expect(after.order_count - before.order_count).toBe(1);
      expect(after.currency).toBe('USD');
    });
  });
});
