import { describe, expect, it } from 'vitest';
import { expectInvalid, expectProblem, fieldsOf, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type Client } from '../../helpers/test-app.js';

/** Every field of the spec's Order table (plus payment_method, metadata, the market's fields and the gift cards', which the API adds). */
const ORDER_FIELDS = [
  'id', 'object', 'number', 'status', 'financial_status', 'fulfillment_status', 'email', 'customer', 'items',
  'is_shipping_required', 'shipping_lines', 'shipping_rate', 'shipping', 'billing', 'discount_codes', 'is_gift',
  'gift_message', 'source_name', 'customer_note', 'order_note', 'cancel_reason', 'browser_ip', 'user_agent',
  'landing_site', 'referring_site', 'gateway', 'payment_method', 'total_products', 'total_discount', 'total_items',
  'total_items_price', 'subtotal_price', 'total_taxes', 'total_price', 'currency', 'total_weight', 'transactions', 'returns',
  'is_test', 'customer_id', 'channel_id', 'cart_id', 'canceler_id', 'placed_at', 'archived_at', 'canceled_at',
  'metadata', 'market_id', 'exchange_rate', 'locale', 'gift_cards', 'total_due', 'created_at', 'updated_at',
];
/** The spec's order item fields, with the checkout's subtotal, taxes and stock_manager, and is_gift_card (gift cards sold). */
const ORDER_ITEM_FIELDS = [
  'id', 'object', 'permalink', 'name', 'product_name', 'sku_name', 'vendor', 'code', 'image', 'price', 'compared_price',
  'quantity', 'discount', 'is_taxable', 'tax_rate', 'total', 'fulfilled', 'is_shipping_required', 'weight', 'stock_id',
  'order_id', 'product_id', 'sku_id', 'created_at', 'updated_at', 'subtotal', 'taxes', 'stock_manager', 'is_gift_card',
];
const META_FIELDS = ['is_shipping_required', 'selected_shipping_method', 'selected_payment_gateway', 'expires_at', 'shipping_methods', 'payment_gateways'];
const SHIPPING_FIELDS = ['first_name', 'last_name', 'address1', 'postcode', 'city', 'country_code', 'phone'];
const GOOD_CARD = '4242424242424242';

const newEmail = () => `${uniqueWord()}@example.com`;

/** A checkout address; countries without ISO subdivisions take a state name instead of a code. */
const address = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  address1: '1 Main Street',
  address2: 'Flat 2',
  city: 'George Town',
  postcode: 'KY1-1001',
  country_code: 'KY',
  state: 'Grand Cayman',
  phone: '+1 345 555 0100',
  ...extra,
});

interface ProductOptions {
  price?: number;
  /** Grams. */
  weight?: number;
  shipping?: boolean;
  taxable?: boolean;
  stock?: number | null;
}

describeEachDatabase('checkout', (t) => {
  // ---- factories -------------------------------------------------------------------------------

  /** A product with its default sku priced, weighed and stocked as told. */
  async function product(options: ProductOptions = {}): Promise<{ productId: string; skuId: string; name: string }> {
    const name = `Product ${uniqueWord()}`;
    const created = await t.admin.post('/v1/products', { name, price: options.price ?? 1000 });
    expect(created.status, created.text).toBe(201);
    const skuId: string = created.body.data.sku_id;
    const stock = options.stock === undefined ? 100 : options.stock;
    const sku = await t.admin.post(`/v1/skus/${skuId}`, {
      weight: options.weight ?? 500,
      weight_unit: 'gr',
      is_shipping_required: options.shipping ?? true,
      is_taxable: options.taxable ?? true,
      stock_policy: stock === null ? 'none' : 'overall',
      in_stock: stock,
    });
    expect(sku.status, sku.text).toBe(200);
    return { productId: created.body.data.id, skuId, name };
  }

  async function zone(countries: string[], rates: Array<Record<string, unknown>>, states?: Array<{ country_code: string; code: string }>): Promise<any> {
    const res = await t.admin.post('/v1/shipping_zones', { name: `Zone ${uniqueWord()}`, countries, ...(states ? { states } : {}), rates });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  async function taxRate(countryCode: string, rate: number, stateCode?: string): Promise<any> {
    const res = await t.admin.post('/v1/tax_rates', { country_code: countryCode, ...(stateCode ? { state_code: stateCode } : {}), rate });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  async function gateway(extra: Record<string, unknown> = {}): Promise<any> {
    const res = await t.admin.post('/v1/gateways', { name: 'Test cards', source: uniqueWord(), driver: 'test', ...extra });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  async function cart(items: Record<string, number>, client: Client = t.storefront): Promise<any> {
    const res = await client.post('/v1/carts', { items });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  /** POST /v1/carts/{id}/checkout, expecting a checkout envelope. */
  async function checkout(cartId: string, body?: unknown, client: Client = t.storefront): Promise<any> {
    const res = await client.post(`/v1/carts/${cartId}/checkout`, body);
    expect(res.status, res.text).toBe(200);
    return res.body;
  }

  async function update(orderId: string, body: unknown, client: Client = t.storefront): Promise<any> {
    const res = await client.put(`/v1/checkouts/${orderId}`, body);
    expect(res.status, res.text).toBe(200);
    return res.body;
  }

  /** A customer signed up and signed in through the channel: its id, email and a client with its token. */
  async function signedIn(): Promise<{ id: string; email: string; client: Client }> {
    const email = newEmail();
    const password = `pw-${uniqueWord()}`;
    const signUp = await t.storefront.post('/v1/customers', { email, password, first_name: 'Grace', last_name: 'Hopper' });
    expect(signUp.status, signUp.text).toBe(201);
    const token = await t.storefront.post('/v1/customers/token', { email, password });
    expect(token.status, token.text).toBe(200);
    expect(token.body.data.token).toMatch(/^ctk_/);
    return { id: signUp.body.data.id, email, client: t.as({ authorization: `Bearer ${token.body.data.token}`, 'channel-key': t.channelKey }) };
  }

  function orderRow(id: string) {
    return t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  function itemRows(orderId: string) {
    return t.db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  }

  function eventsOf(relatedId: string, kind: string) {
    return t.db.selectFrom('events').selectAll().where('related_id', '=', relatedId).where('kind', '=', kind).execute();
  }

  /** The rate ids of meta.shipping_methods that belong to these zones (other tests add zones too). */
  function methodIdsOf(envelope: any, ...zones: any[]): string[] {
    const ours = new Set(zones.flatMap((z) => z.rates.map((r: any) => r.id)));
    return envelope.meta.shipping_methods.map((m: any) => m.id).filter((id: string) => ours.has(id));
  }

  /** The order's amounts add up: items, discount, shipping and (unless included) taxes. */
  function expectConsistentTotals(order: any, taxIncluded = false): void {
    const subtotals = order.items.reduce((sum: number, i: any) => sum + i.price * i.quantity, 0);
    const taxes = order.items.reduce((sum: number, i: any) => sum + i.taxes, 0);
    expect(order.total_items_price).toBe(subtotals);
    expect(order.total_items).toBe(order.items.reduce((sum: number, i: any) => sum + i.quantity, 0));
    expect(order.total_products).toBe(new Set(order.items.map((i: any) => i.product_id)).size);
    expect(order.total_weight).toBe(order.items.reduce((sum: number, i: any) => sum + i.weight * i.quantity, 0));
    expect(order.total_discount).toBe(0);
    expect(order.subtotal_price).toBe(subtotals);
    expect(order.total_taxes).toBe(taxes);
    expect(order.total_price).toBe(subtotals + order.shipping_rate + (taxIncluded ? 0 : taxes));
    for (const item of order.items) {
      expect(item.subtotal).toBe(item.price * item.quantity);
      expect(item.total).toBe(item.subtotal + (taxIncluded ? 0 : item.taxes));
    }
  }

  // ---- create ----------------------------------------------------------------------------------

  describe('create', () => {
    it('turns a cart into an order (created, unpaid, unfulfilled, no number) with an empty body, and answers the checkout envelope', async () => {
      const shirt = await product({ price: 1500, weight: 250 });
      const mug = await product({ price: 800, weight: 400, taxable: false });
      const secret = `sk_secret_${uniqueWord()}`;
      const enabled = await gateway({ settings: { secret_key: secret } });
      const disabled = await gateway({ is_enabled: false });
      const basket = await cart({ [shirt.skuId]: 2, [mug.skuId]: 1 });

      const res = await t.storefront.post(`/v1/carts/${basket.id}/checkout`);

      expect(res.status, res.text).toBe(200);
      const { meta, data: order } = res.body;
      expect(Object.keys(res.body).sort()).toEqual(['data', 'meta']);
      expect(Object.keys(meta).sort()).toEqual([...META_FIELDS].sort());
      expect(meta).toMatchObject({ is_shipping_required: true, selected_shipping_method: null, selected_payment_gateway: null, shipping_methods: [] });
      const offered = meta.payment_gateways.map((g: any) => g.id);
      expect(offered).toContain(enabled.id);
      expect(offered).not.toContain(disabled.id);
      expect(meta.payment_gateways.every((g: any) => g.is_enabled === true)).toBe(true);
      expect(meta.payment_gateways.find((g: any) => g.id === enabled.id)).toMatchObject({ object: 'gateway', source: enabled.source, driver: 'test' });
      expect(meta.payment_gateways.find((g: any) => g.id === enabled.id).settings).not.toHaveProperty('secret_key');
      expect(res.text).not.toContain(secret);

      expect(Object.keys(order).sort()).toEqual([...ORDER_FIELDS].sort());
      expect(order).toMatchObject({
        object: 'order',
        status: 'created',
        financial_status: 'unpaid',
        fulfillment_status: 'unfulfilled',
        number: null,
        placed_at: null,
        archived_at: null,
        canceled_at: null,
        email: null,
        customer: null,
        customer_id: null,
        is_shipping_required: true,
        shipping_lines: null,
        shipping_rate: 0,
        shipping: null,
        billing: null,
        gateway: null,
        transactions: [],
        channel_id: t.channelId,
        cart_id: basket.id,
        currency: basket.currency,
        total_products: 2,
        total_items: 3,
        total_items_price: 2 * 1500 + 800,
        subtotal_price: 3800,
        total_discount: 0,
        total_taxes: 0,
        total_price: 3800,
        total_weight: 2 * 250 + 400,
      });
      expect(order.id).toMatch(/^ord_[0-9a-z]{26}$/);
      expect(order.items).toHaveLength(2);
      for (const item of order.items) expect(Object.keys(item).sort()).toEqual([...ORDER_ITEM_FIELDS].sort());
      const shirtLine = order.items.find((i: any) => i.sku_id === shirt.skuId);
      expect(shirtLine).toMatchObject({
        object: 'order_item', order_id: order.id, product_id: shirt.productId, name: shirt.name, product_name: shirt.name,
        sku_name: shirt.name, price: 1500, quantity: 2, weight: 250, is_taxable: true, is_shipping_required: true,
        tax_rate: 0, subtotal: 3000, taxes: 0, total: 3000, fulfilled: 0, discount: 0, stock_id: null, stock_manager: [],
      });
      expect(shirtLine.id).toMatch(/^itm_[0-9a-z]{26}$/);
      expect(order.items.find((i: any) => i.sku_id === mug.skuId)).toMatchObject({
        product_id: mug.productId, name: mug.name, price: 800, quantity: 1, weight: 400, is_taxable: false,
        subtotal: 800, taxes: 0, total: 800, fulfilled: 0,
      });
      expectConsistentTotals(order);

      const row = await orderRow(order.id);
      expect(row).toMatchObject({
        status: 'created', financial_status: 'unpaid', fulfillment_status: 'unfulfilled', number: null, placed_at: null,
        cart_id: basket.id, channel_id: t.channelId, customer_id: null, is_shipping_required: 1, total_price: 3800, total_weight: 900,
      });
      const items = await itemRows(order.id);
      expect(items).toHaveLength(2);
      expect(items.find((i) => i.sku_id === shirt.skuId)).toMatchObject({ name: shirt.name, price: 1500, quantity: 2, weight: 250, is_taxable: 1, fulfilled: 0 });
      expect(await t.db.selectFrom('orders').select('id').where('cart_id', '=', basket.id).execute()).toHaveLength(1);
    });

    it('accepts {} as the body as well, and snapshots the items: a later catalogue price change leaves the order alone', async () => {
      const book = await product({ price: 2500, weight: 300 });
      const basket = await cart({ [book.skuId]: 1 });

      const envelope = await checkout(basket.id, {});
      expect(envelope.data).toMatchObject({ status: 'created', financial_status: 'unpaid', total_price: 2500 });
      expect(envelope.meta.shipping_methods).toEqual([]);

      const repriced = await t.admin.post(`/v1/skus/${book.skuId}`, { price: 9900 });
      expect(repriced.status, repriced.text).toBe(200);
      const later = await t.storefront.get(`/v1/checkouts/${envelope.data.id}`);
      expect(later.status, later.text).toBe(200);
      expect(later.body.data.items[0]).toMatchObject({ price: 2500, subtotal: 2500 });
      expect(later.body.data.total_price).toBe(2500);
    });

    it('is fulfillment not_required and needs no shipping when no item needs shipping', async () => {
      const ebook = await product({ price: 700, weight: 0, shipping: false });
      const basket = await cart({ [ebook.skuId]: 1 });

      const envelope = await checkout(basket.id);

      expect(envelope.meta.is_shipping_required).toBe(false);
      expect(envelope.data).toMatchObject({ status: 'created', financial_status: 'unpaid', fulfillment_status: 'not_required', is_shipping_required: false });
      expect(envelope.data.items[0]).toMatchObject({ is_shipping_required: false, weight: 0 });
      expect(await orderRow(envelope.data.id)).toMatchObject({ fulfillment_status: 'not_required', is_shipping_required: 0 });
    });

    it('refuses an empty cart (422 naming items) and makes no order', async () => {
      const basket = await cart({});

      const res = await t.storefront.post(`/v1/carts/${basket.id}/checkout`, {});

      expectInvalid(res, 'items');
      expect(await t.db.selectFrom('orders').select('id').where('cart_id', '=', basket.id).execute()).toHaveLength(0);
    });

    it("hides a cart and its checkout from another channel's key (404)", async () => {
      const item = await product();
      const basket = await cart({ [item.skuId]: 1 });
      const channel = (await t.admin.post('/v1/channels', { name: `Other ${uniqueWord()}` })).body.data;
      const key = await t.admin.post(`/v1/channels/${channel.id}/keys`);
      expect(key.status, key.text).toBe(201);
      const other = t.as({ 'channel-key': key.body.data.token });

      expectProblem(await other.post(`/v1/carts/${basket.id}/checkout`, {}), 404, 'not_found');
      expect(await t.db.selectFrom('orders').select('id').where('cart_id', '=', basket.id).execute()).toHaveLength(0);

      const envelope = await checkout(basket.id);
      expectProblem(await other.get(`/v1/checkouts/${envelope.data.id}`), 404, 'not_found');
      expectProblem(await other.put(`/v1/checkouts/${envelope.data.id}`, { customer: { email: newEmail() } }), 404, 'not_found');
      expectProblem(await other.post(`/v1/checkouts/${envelope.data.id}/methods`, {}), 404, 'not_found');
      expect((await orderRow(envelope.data.id)).email).toBeNull();
    });

    it('answers 404 for an unknown cart or checkout', async () => {
      expectProblem(await t.storefront.post('/v1/carts/crt_00000000000000000000000000/checkout', {}), 404, 'not_found');
      expectProblem(await t.storefront.get('/v1/checkouts/ord_00000000000000000000000000'), 404, 'not_found');
      expectProblem(await t.storefront.put('/v1/checkouts/ord_00000000000000000000000000', {}), 404, 'not_found');
    });

    it('checking out the same cart again while its order is created refreshes that order instead of making another', async () => {
      const tea = await product({ price: 450, weight: 100 });
      const pot = await product({ price: 3000, weight: 900 });
      const basket = await cart({ [tea.skuId]: 1 });
      const first = await checkout(basket.id, { customer: { email: newEmail() } });
      expect(first.data.items).toHaveLength(1);

      const changed = await t.storefront.put(`/v1/carts/${basket.id}`, { items: { [tea.skuId]: 4, [pot.skuId]: 1 } });
      expect(changed.status, changed.text).toBe(200);
      const again = await checkout(basket.id);

      expect(again.data.id).toBe(first.data.id);
      expect(again.data.email).toBe(first.data.email);
      expect(again.data.items).toHaveLength(2);
      expect(again.data.items.find((i: any) => i.sku_id === tea.skuId)).toMatchObject({ quantity: 4, subtotal: 1800 });
      expect(again.data).toMatchObject({ total_items: 5, total_products: 2, total_items_price: 4800, total_price: 4800, total_weight: 1300 });
      expectConsistentTotals(again.data);
      expect(await t.db.selectFrom('orders').select('id').where('cart_id', '=', basket.id).execute()).toEqual([{ id: first.data.id }]);
      const items = await itemRows(first.data.id);
      expect(items.map((i) => [i.sku_id, i.quantity]).sort()).toEqual([[tea.skuId, 4], [pot.skuId, 1]].sort());
    });

    it('checking out one cart several times at once still makes one order', async () => {
      const item = await product({ price: 990 });
      const basket = await cart({ [item.skuId]: 2 });

      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => t.storefront.post(`/v1/carts/${basket.id}/checkout`, {})));

      for (const res of answers) expect(res.status, res.text).toBe(200);
      const ids = new Set(answers.map((res) => res.body.data.id));
      expect(ids.size).toBe(1);
      const rows = await t.db.selectFrom('orders').select('id').where('cart_id', '=', basket.id).execute();
      expect(rows).toEqual([{ id: [...ids][0] }]);
      expect(await itemRows(rows[0]!.id)).toHaveLength(1);
    });
  });

  // ---- rule 6: create, update and get answer the same envelope ---------------------------------

  it('PUT and GET /v1/checkouts/{id} answer the same envelope as the create (rule 6)', async () => {
    const lamp = await product({ price: 4200, weight: 1200 });
    const basket = await cart({ [lamp.skuId]: 1 });

    const created = await checkout(basket.id, {});
    const got = await t.storefront.get(`/v1/checkouts/${created.data.id}`);
    expect(got.status, got.text).toBe(200);
    expect(got.body).toEqual(created);

    const updated = await update(created.data.id, { customer: { email: newEmail() }, shipping: address({ country_code: 'AI', state: 'The Valley' }) });
    const gotAgain = await t.storefront.get(`/v1/checkouts/${created.data.id}`);
    expect(gotAgain.status, gotAgain.text).toBe(200);
    expect(gotAgain.body).toEqual(updated);
    expect(Object.keys(updated.meta).sort()).toEqual([...META_FIELDS].sort());
    expect(Object.keys(updated.data).sort()).toEqual([...ORDER_FIELDS].sort());

    // An update that sends nothing changes nothing but the order's updated_at.
    const emptyUpdate = await update(created.data.id, {});
    expect((await t.storefront.get(`/v1/checkouts/${created.data.id}`)).body).toEqual(emptyUpdate);
    const { updated_at: _before, ...unchanged } = gotAgain.body.data;
    // The buyer as sent (no account of theirs signed in) carries the order's times.
    const customer = { ...unchanged.customer, updated_at: expect.any(Number) };
    expect(emptyUpdate.data).toEqual({ ...unchanged, customer, updated_at: expect.any(Number) });
    expect(emptyUpdate.data.customer.updated_at).toBe(emptyUpdate.data.updated_at);
    expect(emptyUpdate.meta).toEqual(gotAgain.body.meta);
  });

  // ---- rule 1: buyer data -----------------------------------------------------------------------

  describe('buyer (rule 1)', () => {
    it('requires customer[email] once any customer member is sent, and refuses a malformed one; nothing is saved', async () => {
      const item = await product();
      const envelope = await checkout((await cart({ [item.skuId]: 1 })).id);
      const id = envelope.data.id;

      const missing = await t.storefront.put(`/v1/checkouts/${id}`, { customer: { first_name: 'Ada' } });
      expectInvalid(missing, 'customer[email]');
      const malformed = await t.storefront.put(`/v1/checkouts/${id}`, { customer: { email: 'not an email' } });
      expectInvalid(malformed, 'customer[email]');
      const blank = await t.storefront.put(`/v1/checkouts/${id}`, { customer: { email: '  ' } });
      expectInvalid(blank, 'customer[email]');
      const onCreate = await t.storefront.post(`/v1/carts/${envelope.data.cart_id}/checkout`, { customer: { is_newsletterable: true } });
      expectInvalid(onCreate, 'customer[email]');

      const row = await orderRow(id);
      expect(row).toMatchObject({ email: null, customer_id: null, customer_first_name: null });

      // No customer member sent: nothing to evaluate.
      const none = await update(id, { customer: {} });
      expect(none.data).toMatchObject({ email: null, customer_id: null });
    });

    it('makes a guest customer (no password, customer.created) for an unknown email and links the order to it', async () => {
      const item = await product();
      const envelope = await checkout((await cart({ [item.skuId]: 1 })).id);
      const email = newEmail();

      const res = await update(envelope.data.id, { customer: { email, first_name: 'Ada', last_name: 'Lovelace', is_newsletterable: true } });

      // The buyer sees what it sent, never a stored customer or its id (see test/http/security/checkout-privacy.test.ts).
      const customerId = (await orderRow(envelope.data.id)).customer_id!;
      expect(customerId).toMatch(/^cus_[0-9a-z]{26}$/);
      expect(res.data).toMatchObject({ email, customer_id: null });
      expect(res.data.customer).toMatchObject({ id: null, object: 'customer', email, first_name: 'Ada', last_name: 'Lovelace', is_newsletterable: true });
      const customer = await t.db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirstOrThrow();
      expect(customer).toMatchObject({ email, email_key: email, first_name: 'Ada', last_name: 'Lovelace', password_hash: null, is_newsletterable: 1 });
      expect(await orderRow(envelope.data.id)).toMatchObject({ email, customer_id: customerId, customer_first_name: 'Ada', customer_last_name: 'Lovelace' });
      const events = await eventsOf(customerId, 'customer.created');
      expect(events).toHaveLength(1);
      expect(JSON.parse(events[0]!.data).object).toMatchObject({ id: customerId, email });

      // The same email again (another cart) finds that guest: no second customer.
      const second = await checkout((await cart({ [item.skuId]: 1 })).id, { customer: { email: email.toUpperCase() } });
      expect((await orderRow(second.data.id)).customer_id).toBe(customerId);
      expect(await t.db.selectFrom('customers').select('id').where('email_key', '=', email).execute()).toHaveLength(1);
      expect(await eventsOf(customerId, 'customer.created')).toHaveLength(1);
    });

    it('links the order to the existing guest customer with that email, creating nobody', async () => {
      const email = newEmail();
      const existing = await t.admin.post('/v1/customers', { email, first_name: 'Known' });
      expect(existing.status, existing.text).toBe(201);
      const item = await product();
      const envelope = await checkout((await cart({ [item.skuId]: 1 })).id);
      const customersBefore = (await t.db.selectFrom('customers').select('id').execute()).length;

      const res = await update(envelope.data.id, { customer: { email: `  ${email.toUpperCase()}  ` } });

      expect(res.data).toMatchObject({ customer_id: null, customer: { id: null } });
      expect((await orderRow(envelope.data.id)).customer_id).toBe(existing.body.data.id);
      expect((await t.db.selectFrom('customers').select('id').execute()).length).toBe(customersBefore);
    });

    it('shows a buyer who is not signed in none of the saved addresses or staff data of the customer their email belongs to', async () => {
      const email = newEmail();
      const existing = await t.admin.post('/v1/customers', {
        email, first_name: 'Known', notes: 'pays late', tags: ['wholesale'],
        addresses: [address({ address1: '7 Private Lane', country_code: 'NF', state: 'Norfolk Island', city: 'Kingston' })],
      });
      expect(existing.status, existing.text).toBe(201);
      const item = await product();

      const res = await t.storefront.post(`/v1/carts/${(await cart({ [item.skuId]: 1 })).id}/checkout`, { customer: { email } });

      expect(res.status, res.text).toBe(200);
      expect(res.body.data.customer_id).toBeNull();
      expect(res.body.data.customer).toMatchObject({ id: null, email, first_name: null, addresses: [], default_address: null, notes: null, tags: [] });
      expect(res.text).not.toContain(existing.body.data.id);
      expect(res.text).not.toContain('Known');
      expect(res.text).not.toContain('7 Private Lane');
      expect(res.text).not.toContain('pays late');
      const got = await t.storefront.get(`/v1/checkouts/${res.body.data.id}`);
      expect(got.body).toEqual(res.body);
    });

    it('links the order of a signed-in customer (customer token) to that customer', async () => {
      const me = await signedIn();
      const item = await product();
      const basket = await cart({ [item.skuId]: 1 }, me.client);
      expect(basket.customer_id).toBe(me.id);

      const created = await checkout(basket.id, {}, me.client);
      expect(created.data.customer_id).toBe(me.id);

      const res = await update(created.data.id, { customer: { email: me.email } }, me.client);
      expect(res.data).toMatchObject({ customer_id: me.id, email: me.email });
      expect(res.data.customer).toMatchObject({ id: me.id, email: me.email });
      expect((await orderRow(created.data.id)).customer_id).toBe(me.id);

      // The customer's checkout is not anyone else's: the bare channel key and another customer get 404.
      expectProblem(await t.storefront.get(`/v1/checkouts/${created.data.id}`), 404, 'not_found');
      const stranger = await signedIn();
      expectProblem(await stranger.client.get(`/v1/checkouts/${created.data.id}`), 404, 'not_found');
    });
  });

  // ---- rules 2 and 3: shipping and billing addresses -------------------------------------------

  describe('addresses (rules 2 and 3)', () => {
    it('validates the shipping address once any shipping member is sent: 422 naming each missing member, nothing saved', async () => {
      const item = await product();
      const envelope = await checkout((await cart({ [item.skuId]: 1 })).id);
      const id = envelope.data.id;

      const res = await t.storefront.put(`/v1/checkouts/${id}`, { shipping: { address2: 'Back door' } });

      expectInvalid(res, ...SHIPPING_FIELDS.map((f) => `shipping[${f}]`));
      expect((await orderRow(id)).shipping_address).toBeNull();

      const usNoState = await t.storefront.put(`/v1/checkouts/${id}`, {
        shipping: address({ country_code: 'US', state: undefined, city: 'New York', postcode: '10001' }),
      });
      expectInvalid(usNoState, 'shipping[state_code]');
      const usBadState = await t.storefront.put(`/v1/checkouts/${id}`, {
        shipping: address({ country_code: 'US', state: undefined, state_code: 'XX', city: 'New York', postcode: '10001' }),
      });
      expectInvalid(usBadState, 'shipping[state_code]');
      const macauNoState = await t.storefront.put(`/v1/checkouts/${id}`, { shipping: address({ country_code: 'MO', state: undefined, city: 'Macau' }) });
      expectInvalid(macauNoState, 'shipping[state]');
      const unknownCountry = await t.storefront.put(`/v1/checkouts/${id}`, { shipping: address({ country_code: 'ZZ' }) });
      expectInvalid(unknownCountry, 'shipping[country_code]');
      expect((await orderRow(id)).shipping_address).toBeNull();
    });

    it('assigns a valid shipping address, which serves as billing too by default', async () => {
      const item = await product();
      const envelope = await checkout((await cart({ [item.skuId]: 1 })).id);

      const us = await update(envelope.data.id, {
        shipping: address({ country_code: 'US', state: undefined, state_code: 'ny', city: 'New York', postcode: '10001', company: 'Analytical Engines' }),
      });

      const expected = {
        name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', phone: '+1 345 555 0100', company: 'Analytical Engines', references: null,
        address: { address1: '1 Main Street', address2: 'Flat 2', city: 'New York', postcode: '10001', country: 'United States', country_code: 'US', state: 'New York', state_code: 'NY' },
      };
      expect(us.data.shipping).toEqual(expected);
      expect(us.data.billing).toEqual(expected);
      const row = await orderRow(envelope.data.id);
      expect(JSON.parse(row.shipping_address!)).toMatchObject({ country_code: 'US', state_code: 'NY', state: 'New York', city: 'New York' });
      expect(row.billing_address).toBe(row.shipping_address);
      expect(row.same_address).toBe(1);

      const macau = await update(envelope.data.id, { shipping: address({ country_code: 'MO', state: 'Taipa', city: 'Macau' }) });
      expect(macau.data.shipping.address).toMatchObject({ country_code: 'MO', state: 'Taipa', state_code: null, city: 'Macau' });
      expect(macau.data.billing).toEqual(macau.data.shipping);
    });

    it('validates billing only when same_address is false (422 naming billing members), and keeps it apart from shipping', async () => {
      const item = await product();
      const envelope = await checkout((await cart({ [item.skuId]: 1 })).id);
      const id = envelope.data.id;
      const shipping = address({ country_code: 'GU', state: 'Hagatna', city: 'Hagatna' });

      // Billing members without same_address false are not evaluated: billing stays the shipping address.
      const ignored = await update(id, { shipping, billing: { first_name: 'Only' } });
      expect(ignored.data.billing).toEqual(ignored.data.shipping);

      const missing = await t.storefront.put(`/v1/checkouts/${id}`, { same_address: false });
      expectInvalid(missing, ...SHIPPING_FIELDS.map((f) => `billing[${f}]`));
      expect(fieldsOf(missing).every((f) => f.startsWith('billing['))).toBe(true);
      const partial = await t.storefront.put(`/v1/checkouts/${id}`, { same_address: false, billing: { first_name: 'Bill', postcode: '1000' } });
      expectInvalid(partial, 'billing[last_name]', 'billing[address1]', 'billing[city]', 'billing[country_code]', 'billing[phone]');
      expect(fieldsOf(partial)).not.toContain('billing[first_name]');
      expect(fieldsOf(partial)).not.toContain('billing[postcode]');
      const usNoState = await t.storefront.put(`/v1/checkouts/${id}`, { same_address: false, billing: address({ country_code: 'US', state: undefined }) });
      expectInvalid(usNoState, 'billing[state_code]');
      expect((await orderRow(id)).same_address).toBe(1);

      const billing = address({ first_name: 'Bill', last_name: 'Payer', country_code: 'VA', state: 'Vatican', city: 'Vatican City', postcode: '00120' });
      const apart = await update(id, { same_address: false, billing });
      expect(apart.data.billing).toMatchObject({ name: 'Bill Payer', address: { country_code: 'VA', city: 'Vatican City' } });
      expect(apart.data.shipping.address).toMatchObject({ country_code: 'GU' });
      const row = await orderRow(id);
      expect(row.same_address).toBe(0);
      expect(JSON.parse(row.billing_address!)).toMatchObject({ first_name: 'Bill', country_code: 'VA' });

      // A new shipping address leaves a separate billing address alone ...
      const moved = await update(id, { shipping: address({ country_code: 'GU', state: 'Dededo', city: 'Dededo' }) });
      expect(moved.data.billing.address.country_code).toBe('VA');
      // ... until same_address is true again.
      const same = await update(id, { same_address: true });
      expect(same.data.billing).toEqual(same.data.shipping);
      expect((await orderRow(id)).same_address).toBe(1);
    });

    it("uses a saved address of the signed-in customer for shipping[id], ignoring the other members; refuses it without a token or of another customer", async () => {
      const me = await signedIn();
      const saved = await me.client.post(`/v1/customers/${me.id}/addresses`, address({ first_name: 'Grace', last_name: 'Hopper', country_code: 'HK', state: 'Kowloon', city: 'Hong Kong', postcode: '000000' }));
      expect(saved.status, saved.text).toBe(201);
      const addressId = saved.body.data.id;
      const item = await product();
      const mine = await checkout((await cart({ [item.skuId]: 1 }, me.client)).id, {}, me.client);

      const res = await update(mine.data.id, { shipping: { id: addressId, first_name: 'Ignored', country_code: 'US' } }, me.client);

      expect(res.data.shipping).toMatchObject({ name: 'Grace Hopper', first_name: 'Grace', address: { country_code: 'HK', state: 'Kowloon', city: 'Hong Kong' } });
      expect(res.data.billing).toEqual(res.data.shipping);
      expect(JSON.parse((await orderRow(mine.data.id)).shipping_address!)).toMatchObject({ first_name: 'Grace', country_code: 'HK' });
      // The signed-in customer sees its own saved addresses.
      expect(res.data.customer.addresses.map((a: any) => a.id)).toEqual([addressId]);

      // Without a customer token the id names no address of anyone signed in.
      const guest = await checkout((await cart({ [item.skuId]: 1 })).id);
      const anonymous = await t.storefront.put(`/v1/checkouts/${guest.data.id}`, { shipping: { id: addressId } });
      expectInvalid(anonymous, 'shipping[id]');
      // Another customer cannot use it either.
      const stranger = await signedIn();
      const theirs = await checkout((await cart({ [item.skuId]: 1 }, stranger.client)).id, {}, stranger.client);
      const foreign = await stranger.client.put(`/v1/checkouts/${theirs.data.id}`, { shipping: { id: addressId } });
      expectInvalid(foreign, 'shipping[id]');
      const foreignBilling = await stranger.client.put(`/v1/checkouts/${theirs.data.id}`, { same_address: false, billing: { id: addressId } });
      expectInvalid(foreignBilling, 'billing[id]');
      expect((await orderRow(guest.data.id)).shipping_address).toBeNull();
      expect((await orderRow(theirs.data.id)).shipping_address).toBeNull();
    });
  });

  // ---- rule 4: orders without shipping ---------------------------------------------------------

  it('refuses shipping members for an order that needs no shipping (422 naming shipping), accepts billing and methods without shipping[method] (rule 4)', async () => {
    const ebook = await product({ price: 1200, shipping: false, weight: 0 });
    await taxRate('FO', 2500);
    const pay = await gateway();
    const envelope = await checkout((await cart({ [ebook.skuId]: 1 })).id);
    const id = envelope.data.id;

    const shipping = await t.storefront.put(`/v1/checkouts/${id}`, { shipping: address({ country_code: 'FO', state: 'Streymoy', city: 'Torshavn' }) });
    expectInvalid(shipping, 'shipping');
    const onCreate = await t.storefront.post(`/v1/carts/${envelope.data.cart_id}/checkout`, { shipping: { first_name: 'Ada' } });
    expectInvalid(onCreate, 'shipping');
    expect((await orderRow(id)).shipping_address).toBeNull();

    const badBilling = await t.storefront.put(`/v1/checkouts/${id}`, { billing: { first_name: 'Ada' } });
    expectInvalid(badBilling, 'billing[last_name]', 'billing[address1]');

    const billing = address({ country_code: 'FO', state: 'Streymoy', city: 'Torshavn', postcode: '100' });
    const res = await update(id, { customer: { email: newEmail() }, billing });
    expect(res.data.shipping).toBeNull();
    expect(res.data.billing).toMatchObject({ name: 'Ada Lovelace', address: { country_code: 'FO', city: 'Torshavn', postcode: '100' } });
    expect(res.meta).toMatchObject({ is_shipping_required: false, shipping_methods: [] });
    // Without a shipping address, taxes follow the billing country: 1200 × 25 % = 300.
    expect(res.data.items[0]).toMatchObject({ tax_rate: 2500, taxes: 300, total: 1500 });
    expect(res.data).toMatchObject({ total_taxes: 300, total_price: 1500 });
    const row = await orderRow(id);
    expect(row.shipping_address).toBeNull();
    expect(JSON.parse(row.billing_address!)).toMatchObject({ country_code: 'FO' });

    const methods = await t.storefront.post(`/v1/checkouts/${id}/methods`, { payment: { gateway: pay.id } });
    expect(methods.status, methods.text).toBe(200);
    expect(methods.body.meta).toMatchObject({ selected_shipping_method: null, selected_payment_gateway: pay.id });
    expect(methods.body.data).toMatchObject({ shipping_lines: null, shipping_rate: 0, gateway: pay.source, total_price: 1500 });
  });

  // ---- rule 5: everything in one step ----------------------------------------------------------

  it('takes buyer and shipping data in the create body (rule 5) and offers the shipping methods at once', async () => {
    const item = await product({ price: 2000, weight: 700 });
    const jersey = await zone(['JE'], [{ name: 'Island post', kind: 'weight', from: 0, to: 5000, price: 650 }]);
    const email = newEmail();
    const basket = await cart({ [item.skuId]: 2 });

    const envelope = await checkout(basket.id, {
      customer: { email, first_name: 'Ada' },
      shipping: address({ country_code: 'JE', state: 'St Helier', city: 'St Helier', postcode: 'JE2 3AB' }),
    });

    expect(envelope.data).toMatchObject({ email, status: 'created', total_price: 4000, total_weight: 1400 });
    expect(envelope.data.customer).toMatchObject({ email, first_name: 'Ada' });
    expect(envelope.data.shipping.address).toMatchObject({ country_code: 'JE', city: 'St Helier' });
    expect(envelope.data.billing).toEqual(envelope.data.shipping);
    expect(methodIdsOf(envelope, jersey)).toEqual([jersey.rates[0].id]);
    expect(envelope.meta.shipping_methods.map((m: any) => m.id)).toEqual([jersey.rates[0].id]);
    const row = await orderRow(envelope.data.id);
    expect(row).toMatchObject({ email, customer_id: expect.stringMatching(/^cus_/) });
    expect(row.shipping_address).not.toBeNull();
  });

  // ---- shipping methods ------------------------------------------------------------------------

  it('lists in meta.shipping_methods the rates whose zone covers the address and whose range holds the order weight or subtotal', async () => {
    // 2 × 400 g = 800 g; 2 × 1500 = 3000 cents.
    const item = await product({ price: 1500, weight: 400 });
    const aruba = await zone(['AW'], [
      { name: 'Light', kind: 'weight', from: 0, to: 800, price: 300 },
      { name: 'Medium', kind: 'weight', from: 800, to: 2000, price: 500 },
      { name: 'Heavy', kind: 'weight', from: 2000, to: null, price: 900 },
      { name: 'Small order', kind: 'price', from: 0, to: 3000, price: 700 },
      { name: 'Big order', kind: 'price', from: 3000, to: null, price: 0 },
    ]);
    const elsewhere = await zone(['BM'], [{ name: 'Bermuda', kind: 'weight', from: 0, to: null, price: 100 }]);
    const washington = await zone(['US'], [{ name: 'Washington', kind: 'weight', from: 0, to: null, price: 1100 }], [{ country_code: 'US', code: 'WA' }]);
    const envelope = await checkout((await cart({ [item.skuId]: 2 })).id);
    const id = envelope.data.id;
    expect(envelope.meta.shipping_methods).toEqual([]);

    const res = await update(id, { shipping: address({ country_code: 'AW', state: 'Oranjestad', city: 'Oranjestad' }) });

    const [, medium, , , big] = aruba.rates;
    // Cheapest first.
    expect(res.meta.shipping_methods.map((m: any) => m.id)).toEqual([big.id, medium.id]);
    const method = res.meta.shipping_methods.find((m: any) => m.id === medium.id);
    expect(method).toMatchObject({ id: medium.id, object: 'shipping_zone_rate', kind: 'weight', name: 'Medium', from: 800, to: 2000, price: 500 });
    expect(method.id).toMatch(/^shr_[0-9a-z]{26}$/);
    expect(method.store).toMatchObject({ object: 'store' });
    expect(method.store.id).toMatch(/^str_/);
    expect(res.meta.shipping_methods.find((m: any) => m.id === big.id)).toMatchObject({ kind: 'price', from: 3000, to: null, price: 0 });
    expect(methodIdsOf(res, elsewhere, washington)).toEqual([]);

    // A zone that lists states covers only those states of its country.
    const newYork = await update(id, { shipping: address({ country_code: 'US', state: undefined, state_code: 'NY', city: 'New York', postcode: '10001' }) });
    expect(methodIdsOf(newYork, aruba, elsewhere, washington)).toEqual([]);
    const seattle = await update(id, { shipping: address({ country_code: 'US', state: undefined, state_code: 'WA', city: 'Seattle', postcode: '98101' }) });
    expect(methodIdsOf(seattle, aruba, elsewhere, washington)).toEqual([washington.rates[0].id]);

    // The ranges follow the cart: one item (400 g, 1500 cents) takes Light and Small order instead.
    const basketId = envelope.data.cart_id;
    expect((await t.storefront.put(`/v1/carts/${basketId}`, { items: { [item.skuId]: 1 } })).status).toBe(200);
    await checkout(basketId);
    const lighter = await update(id, { shipping: address({ country_code: 'AW', state: 'Oranjestad', city: 'Oranjestad' }) });
    expect(methodIdsOf(lighter, aruba)).toEqual([aruba.rates[0].id, aruba.rates[3].id]);
  });

  describe('methods', () => {
    async function readyCheckout() {
      const item = await product({ price: 2500, weight: 600 });
      const cayman = await zone(['KY'], [
        { name: 'Standard', kind: 'weight', from: 0, to: 1000, price: 400 },
        { name: 'Express', kind: 'weight', from: 0, to: null, price: 1200 },
      ]);
      const envelope = await checkout((await cart({ [item.skuId]: 1 })).id, { customer: { email: newEmail() } });
      return { item, cayman, id: envelope.data.id as string };
    }

    it('requires shipping[method] and payment[gateway] (422 naming both); the method needs a shipping address first', async () => {
      const { id, cayman } = await readyCheckout();
      const pay = await gateway();

      const empty = await t.storefront.post(`/v1/checkouts/${id}/methods`, {});
      expectInvalid(empty, 'shipping[method]', 'payment[gateway]');
      const noBody = await t.storefront.post(`/v1/checkouts/${id}/methods`);
      expectInvalid(noBody, 'shipping[method]', 'payment[gateway]');
      const onlyGateway = await t.storefront.post(`/v1/checkouts/${id}/methods`, { payment: { gateway: pay.id } });
      expectInvalid(onlyGateway, 'shipping[method]');
      expect(fieldsOf(onlyGateway)).not.toContain('payment[gateway]');
      // A rate of the zone that will cover the address still needs the address first.
      const beforeAddress = await t.storefront.post(`/v1/checkouts/${id}/methods`, { shipping: { method: cayman.rates[0].id }, payment: { gateway: pay.id } });
      expectInvalid(beforeAddress, 'shipping[method]');
      expect(beforeAddress.body.errors).toEqual([expect.objectContaining({ field: 'shipping[method]', code: 'no_address' })]);

      const row = await orderRow(id);
      expect(row).toMatchObject({ shipping_rate_id: null, gateway_id: null, gateway: null });
    });

    it('refuses a method that is not in meta.shipping_methods and a gateway that is unknown or disabled (422)', async () => {
      const { id, cayman } = await readyCheckout();
      const other = await zone(['PN'], [{ name: 'Pitcairn boat', kind: 'weight', from: 0, to: null, price: 100 }]);
      const off = await gateway({ is_enabled: false });
      const disabledLater = await gateway();
      expect((await t.admin.post(`/v1/gateways/${disabledLater.id}`, { is_enabled: false })).status).toBe(200);
      await update(id, { shipping: address() });

      const foreignRate = await t.storefront.post(`/v1/checkouts/${id}/methods`, { shipping: { method: other.rates[0].id }, payment: { gateway: off.id } });
      expectInvalid(foreignRate, 'shipping[method]', 'payment[gateway]');
      const unknown = await t.storefront.post(`/v1/checkouts/${id}/methods`, { shipping: { method: 'shr_00000000000000000000000000' }, payment: { gateway: 'nope' } });
      expectInvalid(unknown, 'shipping[method]', 'payment[gateway]');
      const disabledBySource = await t.storefront.post(`/v1/checkouts/${id}/methods`, { shipping: { method: cayman.rates[0].id }, payment: { gateway: disabledLater.source } });
      expectInvalid(disabledBySource, 'payment[gateway]');
      expect(fieldsOf(disabledBySource)).not.toContain('shipping[method]');

      expect(await orderRow(id)).toMatchObject({ shipping_rate_id: null, shipping_rate: 0, gateway_id: null });
    });

    it('sets the chosen method and gateway (by source): meta selections, shipping_lines, shipping_rate and total_price; a cart or address the rate no longer fits drops it', async () => {
      const { id, cayman, item } = await readyCheckout();
      const pay = await gateway();
      const withAddress = await update(id, { shipping: address() });
      expect(methodIdsOf(withAddress, cayman)).toEqual([cayman.rates[0].id, cayman.rates[1].id]);
      const express = cayman.rates[1];

      const res = await t.storefront.post(`/v1/checkouts/${id}/methods`, { shipping: { method: express.id }, payment: { gateway: pay.source } });

      expect(res.status, res.text).toBe(200);
      expect(res.body.meta).toMatchObject({ selected_shipping_method: express.id, selected_payment_gateway: pay.id });
      expect(res.body.data).toMatchObject({
        shipping_lines: { id: express.id, kind: 'weight', price: 1200, source: 'shipping_zone', title: 'Express', reference: cayman.id },
        shipping_rate: 1200,
        gateway: pay.source,
        total_price: 2500 + 1200,
        status: 'created',
      });
      expectConsistentTotals(res.body.data);
      expect(await orderRow(id)).toMatchObject({ shipping_rate_id: express.id, shipping_rate: 1200, gateway_id: pay.id, gateway: pay.source, total_price: 3700 });
      const got = await t.storefront.get(`/v1/checkouts/${id}`);
      expect(got.body).toEqual(res.body);

      // By id works too, and a second choice replaces the first.
      const standard = await t.storefront.post(`/v1/checkouts/${id}/methods`, { shipping: { method: cayman.rates[0].id }, payment: { gateway: pay.id } });
      expect(standard.status, standard.text).toBe(200);
      expect(standard.body.data).toMatchObject({ shipping_rate: 400, total_price: 2900 });

      // Two items weigh 1200 g, beyond Standard's [0, 1000): checking the cart out again drops it.
      const cartId = standard.body.data.cart_id;
      expect((await t.storefront.put(`/v1/carts/${cartId}`, { items: { [item.skuId]: 2 } })).status).toBe(200);
      const heavier = await checkout(cartId);
      expect(heavier.meta.selected_shipping_method).toBeNull();
      expect(heavier.data).toMatchObject({ shipping_lines: null, shipping_rate: 0, total_weight: 1200, total_price: 5000 });
      expect(methodIdsOf(heavier, cayman)).toEqual([cayman.rates[1].id]);
      expect((await t.storefront.put(`/v1/carts/${cartId}`, { items: { [item.skuId]: 1 } })).status).toBe(200);
      await checkout(cartId);
      expect((await t.storefront.post(`/v1/checkouts/${id}/methods`, { shipping: { method: cayman.rates[0].id }, payment: { gateway: pay.id } })).status).toBe(200);

      // An address the zone does not cover: the rate no longer applies, so it is dropped.
      const moved = await update(id, { shipping: address({ country_code: 'TC', state: 'Providenciales', city: 'Providenciales' }) });
      expect(moved.meta.selected_shipping_method).toBeNull();
      expect(moved.data).toMatchObject({ shipping_lines: null, shipping_rate: 0, total_price: 2500 });
      expect(moved.meta.selected_payment_gateway).toBe(pay.id);
      expect(await orderRow(id)).toMatchObject({ shipping_rate_id: null, shipping_lines: null, shipping_rate: 0, total_price: 2500 });
    });
  });

  // ---- taxes -----------------------------------------------------------------------------------

  it('taxes taxable items at the rate of the shipping country, a state rate winning, rounded per line; added to or extracted from the price by is_tax_included', async () => {
    const shirt = await product({ price: 1999, weight: 200 });
    const socks = await product({ price: 333, weight: 50 });
    const voucher = await product({ price: 1000, weight: 0, taxable: false });
    const germany = await zone(['DE'], [{ name: 'DHL', kind: 'price', from: 0, to: null, price: 490 }]);
    await taxRate('DE', 1900);
    await taxRate('DE', 700, 'BY');
    const pay = await gateway();
    const envelope = await checkout((await cart({ [shirt.skuId]: 3, [socks.skuId]: 1, [voucher.skuId]: 1 })).id);
    const id = envelope.data.id;
    // No address yet: no tax.
    expect(envelope.data.total_taxes).toBe(0);
    const berlin = address({ country_code: 'DE', state: undefined, state_code: 'BE', city: 'Berlin', postcode: '10115' });

    await update(id, { shipping: berlin });
    const chosen = await t.storefront.post(`/v1/checkouts/${id}/methods`, { shipping: { method: germany.rates[0].id }, payment: { gateway: pay.id } });
    expect(chosen.status, chosen.text).toBe(200);

    // Berlin has no rate of its own: Germany's 19 % applies. 5997 × 0.19 = 1139.43 → 1139; 333 × 0.19 = 63.27 → 63
    // (rounding the order's 6330 × 0.19 = 1202.7 once would give 1203).
    const line = (order: any, skuId: string) => order.items.find((i: any) => i.sku_id === skuId);
    let order = chosen.body.data;
    expect(line(order, shirt.skuId)).toMatchObject({ tax_rate: 1900, subtotal: 5997, taxes: 1139, total: 7136 });
    expect(line(order, socks.skuId)).toMatchObject({ tax_rate: 1900, subtotal: 333, taxes: 63, total: 396 });
    expect(line(order, voucher.skuId)).toMatchObject({ tax_rate: 0, subtotal: 1000, taxes: 0, total: 1000 });
    expect(order).toMatchObject({ total_items_price: 7330, subtotal_price: 7330, shipping_rate: 490, total_taxes: 1202, total_price: 7330 + 490 + 1202 });
    expectConsistentTotals(order);
    const items = await itemRows(id);
    expect(items.find((i) => i.sku_id === shirt.skuId)).toMatchObject({ tax_rate: 1900, taxes: 1139, total: 7136 });
    expect(await orderRow(id)).toMatchObject({ total_taxes: 1202, total_price: 9022 });

    // Bavaria's own 7 % wins over Germany's: 5997 × 0.07 = 419.79 → 420; 333 × 0.07 = 23.31 → 23.
    order = (await update(id, { shipping: address({ country_code: 'DE', state: undefined, state_code: 'BY', city: 'München', postcode: '80331' }) })).data;
    expect(line(order, shirt.skuId)).toMatchObject({ tax_rate: 700, taxes: 420, total: 6417 });
    expect(line(order, socks.skuId)).toMatchObject({ tax_rate: 700, taxes: 23 });
    expect(line(order, voucher.skuId)).toMatchObject({ tax_rate: 0, taxes: 0 });
    expect(order).toMatchObject({ shipping_rate: 490, total_taxes: 443, total_price: 7330 + 490 + 443 });

    const included = await t.admin.post('/v1/store', { is_tax_included: true });
    expect(included.status, included.text).toBe(200);
    try {
      expect(included.body.data.is_tax_included).toBe(true);
      // Back to Berlin, prices including tax: 5997 × 1900 / 11900 = 957.50… → 958; 333 × 1900 / 11900 = 53.17 → 53.
      await checkout(envelope.data.cart_id);
      order = (await update(id, { shipping: berlin })).data;
      expect(line(order, shirt.skuId)).toMatchObject({ tax_rate: 1900, subtotal: 5997, taxes: 958, total: 5997 });
      expect(line(order, socks.skuId)).toMatchObject({ tax_rate: 1900, subtotal: 333, taxes: 53, total: 333 });
      expect(line(order, voucher.skuId)).toMatchObject({ tax_rate: 0, taxes: 0, total: 1000 });
      expect(order).toMatchObject({ total_items_price: 7330, shipping_rate: 490, total_taxes: 1011, total_price: 7330 + 490 });
      expectConsistentTotals(order, true);
      expect(await orderRow(id)).toMatchObject({ total_taxes: 1011, total_price: 7820 });
    } finally {
      const reset = await t.admin.post('/v1/store', { is_tax_included: false });
      expect(reset.status, reset.text).toBe(200);
      expect(reset.body.data.is_tax_included).toBe(false);
    }
  });

  // ---- while paying and after placement --------------------------------------------------------

  it('refuses checkout changes while a payment of the order is under way (409 invalid_state); a stale claim no longer blocks', async () => {
    const item = await product({ price: 1400, weight: 100 });
    const basket = await cart({ [item.skuId]: 1 });
    const envelope = await checkout(basket.id, { customer: { email: newEmail() } });
    const id = envelope.data.id;
    const pay = await gateway();
    // The payment endpoint claims the order this way while it waits for the gateway.
    const now = Math.floor(Date.now() / 1000);
    await t.db.updateTable('orders').set({ payment_claimed_at: now }).where('id', '=', id).execute();
    const before = await orderRow(id);
    expect((await t.storefront.put(`/v1/carts/${basket.id}`, { items: { [item.skuId]: 5 } })).status).toBe(200);

    expectProblem(await t.storefront.put(`/v1/checkouts/${id}`, { shipping: address({ country_code: 'MS', state: 'Saint Anthony', city: 'Brades' }) }), 409, 'invalid_state');
    expectProblem(await t.storefront.post(`/v1/checkouts/${id}/methods`, { payment: { gateway: pay.id } }), 409, 'invalid_state');
    expectProblem(await t.storefront.post(`/v1/carts/${basket.id}/checkout`, {}), 409, 'invalid_state');

    // The total being charged stays the order's total, and the cart made no second order.
    expect(await orderRow(id)).toEqual(before);
    expect(await itemRows(id)).toHaveLength(1);
    expect((await itemRows(id))[0]).toMatchObject({ quantity: 1 });
    expect(await t.db.selectFrom('orders').select('id').where('cart_id', '=', basket.id).execute()).toHaveLength(1);

    // A claim left by a payment that died long ago frees the order again.
    await t.db.updateTable('orders').set({ payment_claimed_at: now - 3600 }).where('id', '=', id).execute();
    const again = await checkout(basket.id);
    expect(again.data).toMatchObject({ id, total_items: 5, total_price: 7000 });
  });

  it('refuses to change a placed order through the checkout: PUT and methods answer 409 invalid_state', async () => {
    const item = await product({ price: 1800, weight: 300 });
    const virgin = await zone(['VG'], [{ name: 'Ferry', kind: 'weight', from: 0, to: null, price: 250 }]);
    const pay = await gateway();
    const email = newEmail();
    const envelope = await checkout((await cart({ [item.skuId]: 1 })).id, {
      customer: { email },
      shipping: address({ country_code: 'VG', state: 'Tortola', city: 'Road Town', postcode: 'VG1110' }),
    });
    const id = envelope.data.id;
    const methods = await t.storefront.post(`/v1/checkouts/${id}/methods`, { shipping: { method: virgin.rates[0].id }, payment: { gateway: pay.id } });
    expect(methods.status, methods.text).toBe(200);
    const paid = await t.storefront.post(`/v1/checkouts/${id}/payment`, { payment: { method: 'card', card_number: GOOD_CARD } });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'placed', financial_status: 'paid' });
    const placed = await orderRow(id);

    const put = await t.storefront.put(`/v1/checkouts/${id}`, { customer: { email: newEmail() } });
    expectProblem(put, 409, 'invalid_state');
    const chooseAgain = await t.storefront.post(`/v1/checkouts/${id}/methods`, { shipping: { method: virgin.rates[0].id }, payment: { gateway: pay.id } });
    expectProblem(chooseAgain, 409, 'invalid_state');

    const row = await orderRow(id);
    expect(row).toMatchObject({ status: 'placed', email, updated_at: placed.updated_at, shipping_rate_id: virgin.rates[0].id });
    const got = await t.storefront.get(`/v1/checkouts/${id}`);
    expect(got.status, got.text).toBe(200);
    expect(got.body.data).toMatchObject({ id, status: 'placed', email });
    expect(got.body.data.number).not.toBeNull();
    expect(got.body.data.placed_at).toEqual(expect.any(Number));
  });
});
