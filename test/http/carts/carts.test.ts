import { expect, it } from 'vitest';
import { describeEachDatabase, type Client } from '../../helpers/test-app.js';
import { expectInvalid, expectProblem, fieldsOf, uniqueWord } from '../../helpers/expect.js';

const UNKNOWN_SKU = 'sku_00000000000000000000000000';
const UNKNOWN_CART = 'crt_00000000000000000000000000';

describeEachDatabase('carts', (t) => {
  // ---------- factories ----------

  async function createProduct(body: Record<string, unknown> = {}): Promise<any> {
    const res = await t.admin.post('/v1/products', { name: `Product ${uniqueWord()}`, price: 1000, ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  async function updateSku(id: string, body: Record<string, unknown>): Promise<any> {
    const res = await t.admin.post(`/v1/skus/${id}`, body);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  /** The default sku of a new product, with these sku fields (price included). */
  async function newSku(fields: Record<string, unknown> = {}): Promise<any> {
    const product = await createProduct();
    return updateSku(product.sku_id, fields);
  }

  /** A product with a `size` modifier and one sku per size given, each with its own fields. */
  async function productWithSizes(sizes: Record<string, Record<string, unknown>>): Promise<{ product: any; skus: Record<string, any> }> {
    const product = await createProduct({ modifiers: ['size'] });
    const skus: Record<string, any> = {};
    for (const [size, fields] of Object.entries(sizes)) {
      const res = await t.admin.post('/v1/skus', { product_id: product.id, modifiers: { size }, ...fields });
      expect(res.status, res.text).toBe(201);
      skus[size] = res.body.data;
    }
    return { product, skus };
  }

  async function createCart(body?: Record<string, unknown>, client: Client = t.storefront): Promise<any> {
    const res = await client.post('/v1/carts', body);
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  async function putCart(id: string, body: Record<string, unknown>, client: Client = t.storefront): Promise<any> {
    const res = await client.put(`/v1/carts/${id}`, body);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  async function getCart(id: string, client: Client = t.storefront): Promise<any> {
    const res = await client.get(`/v1/carts/${id}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  function cartRow(id: string) {
    return t.db.selectFrom('carts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  function itemRows(cartId: string) {
    return t.db.selectFrom('cart_items').selectAll().where('cart_id', '=', cartId).orderBy('id').execute();
  }

  /** sku id → quantity, as the database holds the cart's items. */
  async function quantitiesOf(cartId: string): Promise<Record<string, number>> {
    const rows = await itemRows(cartId);
    return Object.fromEntries(rows.map((row) => [row.sku_id, Number(row.quantity)]));
  }

  /** Everything the database holds of one cart, to prove a refused request changed nothing. */
  async function snapshot(cartId: string) {
    return { cart: await cartRow(cartId), items: await itemRows(cartId) };
  }

  async function cartCount(): Promise<number> {
    const row = await t.db.selectFrom('carts').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function secondChannelKey(): Promise<string> {
    const channel = await t.admin.post('/v1/channels', { name: `Channel ${uniqueWord()}` });
    expect(channel.status, channel.text).toBe(201);
    const key = await t.admin.post(`/v1/channels/${channel.body.data.id}/keys`);
    expect(key.status, key.text).toBe(201);
    return key.body.data.token;
  }

  /** A customer signed up and signed in through the default channel: its id and a client sending its token. */
  async function signedInCustomer(): Promise<{ id: string; client: Client }> {
    const email = `${uniqueWord()}@example.com`;
    const password = `pw-${uniqueWord()}`;
    const signUp = await t.storefront.post('/v1/customers', { email, password });
    expect(signUp.status, signUp.text).toBe(201);
    const signIn = await t.storefront.post('/v1/customers/token', { email, password });
    expect(signIn.status, signIn.text).toBe(200);
    const token: string = signIn.body.data.token;
    expect(token).toMatch(/^ctk_/);
    return { id: signUp.body.data.id, client: t.as({ authorization: `Bearer ${token}`, 'channel-key': t.channelKey }) };
  }

  const future = () => Math.floor(Date.now() / 1000) + 86_400;

  // ---------- create ----------

  it('creates an empty cart from a request with no body, with every spec field', async () => {
    const res = await t.storefront.post('/v1/carts', undefined, { headers: { 'user-agent': 'CartTest/1.0 (no body)' } });

    expect(res.status, res.text).toBe(201);
    const cart = res.body.data;
    expect(cart).toEqual({
      id: expect.stringMatching(/^crt_[0-9a-z]{26}$/),
      object: 'cart',
      items: [],
      is_gift: false,
      gift_message: null,
      source_name: null,
      customer_note: null,
      browser_ip: '127.0.0.1',
      user_agent: 'CartTest/1.0 (no body)',
      landing_site: null,
      referring_site: null,
      customer_id: null,
      total_products: 0,
      total_items: 0,
      discount_codes: [],
      total_discount: 0,
      total_price: 0,
      total_compared_price: 0,
      currency: 'USD',
      market_id: null,
      locale: null,
      total_weight: 0,
      metadata: {},
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    expect(Math.abs(cart.created_at - Date.now() / 1000)).toBeLessThan(60);
    expect(cart.updated_at).toBe(cart.created_at);
    expect(await cartRow(cart.id)).toMatchObject({
      channel_id: t.channelId, customer_id: null, is_gift: 0, gift_message: null, customer_note: null,
      browser_ip: '127.0.0.1', user_agent: 'CartTest/1.0 (no body)',
    });
    expect(await itemRows(cart.id)).toEqual([]);
    expect(await getCart(cart.id)).toEqual(cart);
  });

  it('creates an empty cart from {} and from an empty JSON body alike', async () => {
    const fromObject = await t.storefront.post('/v1/carts', {}, { headers: { 'user-agent': 'CartTest/2.0' } });
    const fromEmptyJson = await t.storefront.post('/v1/carts', '', { headers: { 'user-agent': 'CartTest/2.0' } });

    for (const res of [fromObject, fromEmptyJson]) {
      expect(res.status, res.text).toBe(201);
      expect(res.body.data).toMatchObject({
        object: 'cart', items: [], is_gift: false, gift_message: null, customer_id: null, user_agent: 'CartTest/2.0',
        browser_ip: '127.0.0.1', total_products: 0, total_items: 0, total_price: 0, total_compared_price: 0, total_weight: 0, currency: 'USD',
      });
      expect(await itemRows(res.body.data.id)).toEqual([]);
    }
    expect(fromObject.body.data.id).not.toBe(fromEmptyJson.body.data.id);
  });

  it('answers the store currency', async () => {
    const store = await t.admin.get('/v1/store');
    expect(store.body.data.currency).toBe('USD');
    const changed = await t.admin.post('/v1/store', { currency: 'EUR' });
    expect(changed.status, changed.text).toBe(200);
    try {
      const cart = await createCart();
      expect(cart.currency).toBe('EUR');
      expect((await getCart(cart.id)).currency).toBe('EUR');
    } finally {
      const restored = await t.admin.post('/v1/store', { currency: 'USD' });
      expect(restored.status, restored.text).toBe(200);
    }
  });

  it('stores note as customer_note, and the source and sites it was given', async () => {
    const cart = await createCart({
      note: 'Leave at the door', source_name: 'web', landing_site: 'https://shop.example.com/sale', referring_site: 'https://search.example.com/?q=x',
    });

    expect(cart).toMatchObject({
      customer_note: 'Leave at the door', source_name: 'web', landing_site: 'https://shop.example.com/sale', referring_site: 'https://search.example.com/?q=x',
    });
    expect(cart).not.toHaveProperty('note');
    expect(await cartRow(cart.id)).toMatchObject({ customer_note: 'Leave at the door', source_name: 'web' });

    const updated = await putCart(cart.id, { note: 'Ring twice' });
    expect(updated).toMatchObject({ customer_note: 'Ring twice', source_name: 'web', landing_site: 'https://shop.example.com/sale' });
    expect((await cartRow(cart.id)).customer_note).toBe('Ring twice');
    expect(updated.updated_at).toBeGreaterThanOrEqual(cart.updated_at);
  });

  // ---------- items ----------

  it('creates a cart with items, each carrying every item field with its sku and product', async () => {
    const product = await createProduct({ price: 1200, compared_price: 1500 });
    const sku = await updateSku(product.sku_id, { weight: 0.35, weight_unit: 'kg' });
    // As the storefront is shown them: without private_metadata, translations nor market_prices.
    const productNow = (await t.storefront.get(`/v1/products/${product.id}`)).body.data;
    const { private_metadata: _staffOnly, translations: _staffTranslations, market_prices: _staffPrices, ...skuShown } = sku;

    const cart = await createCart({ items: { [sku.id]: 2 } });

    expect(cart.items).toHaveLength(1);
    const item = cart.items[0];
    expect(item).toEqual({
      id: expect.stringMatching(/^itm_[0-9a-z]{26}$/),
      object: 'cart_item',
      cart_id: cart.id,
      product_id: product.id,
      sku_id: sku.id,
      quantity: 2,
      price: 1200,
      compared_price: 1500,
      discount: 0,
      total: 2400,
      weight: 350,
      sku: skuShown,
      product: productNow,
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    expect(item.product).toMatchObject({ id: product.id, object: 'product', is_active: true, hidden_on: expect.any(Array) });
    expect(cart).toMatchObject({ total_products: 1, total_items: 2, total_price: 2400, total_compared_price: 3000, total_weight: 700 });
    const rows = await itemRows(cart.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: item.id, cart_id: cart.id, sku_id: sku.id });
    expect(Number(rows[0]!.quantity)).toBe(2);
    expect(await getCart(cart.id)).toEqual(cart);
  });

  it('PUT items sets a present sku, adds a new one and removes one with 0, leaving the others untouched', async () => {
    const [a, b, c, d] = await Promise.all([newSku({ price: 100 }), newSku({ price: 200 }), newSku({ price: 300 }), newSku({ price: 400 })]);
    const cart = await createCart({ items: { [a.id]: 1, [b.id]: 2, [c.id]: 3 } });
    const before = new Map<string, any>(cart.items.map((item: any) => [item.sku_id, item]));
    expect(await quantitiesOf(cart.id)).toEqual({ [a.id]: 1, [b.id]: 2, [c.id]: 3 });

    const updated = await putCart(cart.id, { items: { [a.id]: 5, [c.id]: 0, [d.id]: 1 } });

    expect(updated.items.map((item: any) => [item.sku_id, item.quantity])).toEqual([[a.id, 5], [b.id, 2], [d.id, 1]]);
    expect(updated.items[0].id).toBe(before.get(a.id).id);
    expect(updated.items[1]).toEqual(before.get(b.id));
    expect(updated.items[2].id).toMatch(/^itm_/);
    expect(updated).toMatchObject({ total_products: 3, total_items: 8, total_price: 500 + 400 + 400 });
    expect(await quantitiesOf(cart.id)).toEqual({ [a.id]: 5, [b.id]: 2, [d.id]: 1 });
    expect(await getCart(cart.id)).toEqual(updated);

    // A 0 for a sku that is not in the cart changes nothing; a body without items keeps them all.
    const noop = await putCart(cart.id, { items: { [c.id]: 0 }, note: 'just a note' });
    expect(noop.items.map((item: any) => item.sku_id)).toEqual([a.id, b.id, d.id]);
    expect(await quantitiesOf(cart.id)).toEqual({ [a.id]: 5, [b.id]: 2, [d.id]: 1 });

    const emptied = await putCart(cart.id, { items: { [a.id]: 0, [b.id]: 0, [d.id]: 0 } });
    expect(emptied).toMatchObject({ items: [], total_products: 0, total_items: 0, total_price: 0, total_compared_price: 0, total_weight: 0 });
    expect(await itemRows(cart.id)).toEqual([]);
  });

  it('keeps totals consistent: distinct products, summed quantities, compared prices where set, weight in grams', async () => {
    const { product: shirt, skus } = await productWithSizes({
      S: { price: 1000, compared_price: 1300, weight: 0.35, weight_unit: 'kg' },
      M: { price: 500, weight: 200, weight_unit: 'gr' },
    });
    const mug = await createProduct({ price: 250 });

    const cart = await createCart({ items: { [skus.S.id]: 2, [skus.M.id]: 3, [mug.sku_id]: 4 } });

    expect(cart.items.map((item: any) => ({ sku: item.sku_id, product: item.product_id, price: item.price, compared: item.compared_price, total: item.total, weight: item.weight }))).toEqual([
      { sku: skus.S.id, product: shirt.id, price: 1000, compared: 1300, total: 2000, weight: 350 },
      { sku: skus.M.id, product: shirt.id, price: 500, compared: null, total: 1500, weight: 200 },
      { sku: mug.sku_id, product: mug.id, price: 250, compared: null, total: 1000, weight: 0 },
    ]);
    expect(cart).toMatchObject({
      total_products: 2,
      total_items: 9,
      total_price: 4500,
      total_compared_price: 2 * 1300 + 3 * 500 + 4 * 250,
      total_weight: 2 * 350 + 3 * 200,
    });

    const fewer = await putCart(cart.id, { items: { [skus.M.id]: 1, [mug.sku_id]: 0 } });
    expect(fewer).toMatchObject({ total_products: 1, total_items: 3, total_price: 2500, total_compared_price: 3100, total_weight: 900 });
  });

  it('prices items as the catalogue stands now: a price change shows on the next GET', async () => {
    const sku = await newSku({ price: 1000, weight: 100, weight_unit: 'gr' });
    const cart = await createCart({ items: { [sku.id]: 2 } });
    expect(cart).toMatchObject({ total_price: 2000, total_compared_price: 2000, total_weight: 200 });

    await updateSku(sku.id, { price: 1500, compared_price: 2000, weight: 0.5, weight_unit: 'kg' });

    const read = await getCart(cart.id);
    expect(read.items[0]).toMatchObject({ price: 1500, compared_price: 2000, total: 3000, weight: 500 });
    expect(read.items[0].sku.price).toBe(1500);
    expect(read).toMatchObject({ total_price: 3000, total_compared_price: 4000, total_weight: 1000 });
  });

  it('takes a form-urlencoded PUT with bracket names', async () => {
    const sku = await newSku({ price: 700 });
    const cart = await createCart();

    const res = await t.storefront.put(`/v1/carts/${cart.id}`, undefined, {
      form: `items[${sku.id}]=2&note=From+a+form&is_gift=true&gift_message=For+you`,
    });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data.items).toHaveLength(1);
    expect(res.body.data.items[0]).toMatchObject({ sku_id: sku.id, quantity: 2, total: 1400 });
    expect(res.body.data).toMatchObject({ customer_note: 'From a form', is_gift: true, gift_message: 'For you', total_price: 1400 });
    expect(await quantitiesOf(cart.id)).toEqual({ [sku.id]: 2 });
  });

  // ---------- gift rule ----------

  it('removes the gift message when is_gift is false, even when one is sent with it', async () => {
    const onCreate = await createCart({ is_gift: false, gift_message: 'Happy birthday' });
    expect(onCreate).toMatchObject({ is_gift: false, gift_message: null });
    expect(await cartRow(onCreate.id)).toMatchObject({ is_gift: 0, gift_message: null });

    const gift = await createCart({ is_gift: true, gift_message: 'Happy birthday' });
    expect(gift).toMatchObject({ is_gift: true, gift_message: 'Happy birthday' });

    const sameRequest = await putCart(gift.id, { is_gift: false, gift_message: 'Still a message' });
    expect(sameRequest).toMatchObject({ is_gift: false, gift_message: null });
    expect(await cartRow(gift.id)).toMatchObject({ is_gift: 0, gift_message: null });
  });

  it('clears a stored gift message when is_gift is turned off later, and keeps it while other fields change', async () => {
    const cart = await createCart({ is_gift: true, gift_message: 'With love' });
    expect(await cartRow(cart.id)).toMatchObject({ is_gift: 1, gift_message: 'With love' });

    const noted = await putCart(cart.id, { note: 'Wrap it' });
    expect(noted).toMatchObject({ is_gift: true, gift_message: 'With love', customer_note: 'Wrap it' });
    const reworded = await putCart(cart.id, { gift_message: 'With all my love' });
    expect(reworded).toMatchObject({ is_gift: true, gift_message: 'With all my love' });

    const off = await putCart(cart.id, { is_gift: false });

    expect(off).toMatchObject({ is_gift: false, gift_message: null, customer_note: 'Wrap it' });
    expect(await cartRow(cart.id)).toMatchObject({ is_gift: 0, gift_message: null, customer_note: 'Wrap it' });
    expect(await getCart(cart.id)).toMatchObject({ is_gift: false, gift_message: null });
  });

  // ---------- unavailable skus and bad quantities ----------

  it('refuses skus that are not on sale with 422 naming items[<sku>], and the refused create makes no cart', async () => {
    const inactive = await createProduct({ is_active: false });
    const unpublished = await createProduct({ available_at: future() });
    const unlisted = await newSku({ is_listable: false });
    const fine = await newSku({ price: 100 });
    const cases: Array<[string, string]> = [
      ['unknown sku', UNKNOWN_SKU],
      ['inactive product', inactive.sku_id],
      ['product available in the future', unpublished.sku_id],
      ['non-listable sku', unlisted.id],
    ];
    const carts = await cartCount();

    for (const [what, skuId] of cases) {
      const res = await t.storefront.post('/v1/carts', { items: { [fine.id]: 1, [skuId]: 1 } });
      expectInvalid(res, `items[${skuId}]`);
      expect(fieldsOf(res), what).not.toContain(`items[${fine.id}]`);
    }
    expect(await cartCount()).toBe(carts);

    // Every sku at fault is named at once.
    const all = await t.storefront.post('/v1/carts', { items: Object.fromEntries(cases.map(([, id]) => [id, 1])) });
    expectInvalid(all, ...cases.map(([, id]) => `items[${id}]`));
    expect(await cartCount()).toBe(carts);
  });

  it('refuses an unavailable sku on update and leaves the cart as it was', async () => {
    const fine = await newSku({ price: 100 });
    const other = await newSku({ price: 200 });
    const inactive = await createProduct({ is_active: false });
    const cart = await createCart({ items: { [fine.id]: 1 }, note: 'before' });
    const before = await snapshot(cart.id);

    const res = await t.storefront.put(`/v1/carts/${cart.id}`, { items: { [fine.id]: 3, [other.id]: 1, [inactive.sku_id]: 1 }, note: 'after' });

    expectInvalid(res, `items[${inactive.sku_id}]`);
    expect(await snapshot(cart.id)).toEqual(before);
  });

  it('refuses a sku whose product was switched off after it went into the cart', async () => {
    const product = await createProduct({ price: 100 });
    const cart = await createCart({ items: { [product.sku_id]: 1 } });
    const switchedOff = await t.admin.post(`/v1/products/${product.id}`, { is_active: false });
    expect(switchedOff.status, switchedOff.text).toBe(200);
    const before = await snapshot(cart.id);

    expectInvalid(await t.storefront.put(`/v1/carts/${cart.id}`, { items: { [product.sku_id]: 2 } }), `items[${product.sku_id}]`);
    expect(await snapshot(cart.id)).toEqual(before);
  });

  it('refuses negative, fractional and non-numeric quantities and a non-object items with 422', async () => {
    const sku = await newSku({ price: 100 });
    const cart = await createCart({ items: { [sku.id]: 1 } });
    const before = await snapshot(cart.id);
    const carts = await cartCount();

    for (const quantity of [-1, 1.5, 'many', 100_001]) {
      expectInvalid(await t.storefront.post('/v1/carts', { items: { [sku.id]: quantity } }), `items[${sku.id}]`);
      expectInvalid(await t.storefront.put(`/v1/carts/${cart.id}`, { items: { [sku.id]: quantity } }), `items[${sku.id}]`);
    }
    for (const items of ['abc', 5, [sku.id], null]) {
      expectInvalid(await t.storefront.post('/v1/carts', { items }), 'items');
      expectInvalid(await t.storefront.put(`/v1/carts/${cart.id}`, { items }), 'items');
    }
    expectInvalid(await t.storefront.put(`/v1/carts/${cart.id}`, { is_gift: 'perhaps' }), 'is_gift');

    expect(await snapshot(cart.id)).toEqual(before);
    expect(await cartCount()).toBe(carts);
  });

  // ---------- stock ----------

  it('refuses more than the stock of an overall, non-backorderable sku with 409 out_of_stock naming it', async () => {
    const sku = await newSku({ price: 100, stock_policy: 'overall', in_stock: 3, is_backorderable: false });
    const carts = await cartCount();

    const res = await t.storefront.post('/v1/carts', { items: { [sku.id]: 4 } });

    expectProblem(res, 409, 'out_of_stock');
    expect(res.body.errors).toEqual([{ field: `items[${sku.id}]`, code: 'out_of_stock', message: expect.any(String) }]);
    expect(await cartCount()).toBe(carts);

    const exact = await createCart({ items: { [sku.id]: 3 } });
    expect(exact.items[0]).toMatchObject({ sku_id: sku.id, quantity: 3 });
  });

  it('refuses an update above stock and leaves the cart as it was', async () => {
    const limited = await newSku({ price: 100, stock_policy: 'overall', in_stock: 2, is_backorderable: false });
    const soldOut = await newSku({ price: 100, stock_policy: 'overall', in_stock: 0, is_backorderable: false });
    const other = await newSku({ price: 50 });
    const cart = await createCart({ items: { [limited.id]: 2 } });
    const before = await snapshot(cart.id);

    const res = await t.storefront.put(`/v1/carts/${cart.id}`, { items: { [limited.id]: 3, [soldOut.id]: 1, [other.id]: 1 }, is_gift: true });

    expectProblem(res, 409, 'out_of_stock');
    expect(res.body.errors).toEqual([
      { field: `items[${limited.id}]`, code: 'out_of_stock', message: expect.any(String) },
      { field: `items[${soldOut.id}]`, code: 'out_of_stock', message: expect.any(String) },
    ]);
    expect(await snapshot(cart.id)).toEqual(before);

    // Lowering or removing needs no stock check.
    const lowered = await putCart(cart.id, { items: { [limited.id]: 1, [soldOut.id]: 0 } });
    expect(lowered.items.map((item: any) => [item.sku_id, item.quantity])).toEqual([[limited.id, 1]]);
  });

  it('accepts any quantity of a backorderable sku and ignores stock when stock_policy is none', async () => {
    const backorderable = await newSku({ price: 100, stock_policy: 'overall', in_stock: 1, is_backorderable: true });
    const untracked = await newSku({ price: 100, stock_policy: 'none', in_stock: 0, is_backorderable: false });

    const cart = await createCart({ items: { [backorderable.id]: 50, [untracked.id]: 20 } });

    expect(cart.items.map((item: any) => [item.sku_id, item.quantity])).toEqual([[backorderable.id, 50], [untracked.id, 20]]);
    expect(await quantitiesOf(cart.id)).toEqual({ [backorderable.id]: 50, [untracked.id]: 20 });
    const more = await putCart(cart.id, { items: { [backorderable.id]: 99 } });
    expect(more.total_items).toBe(119);
  });

  // ---------- who may use a cart ----------

  it('keeps a cart to its channel: another channel key gets 404 on GET and PUT', async () => {
    const sku = await newSku({ price: 100 });
    const cart = await createCart({ items: { [sku.id]: 1 } });
    const before = await snapshot(cart.id);
    const otherChannel = t.as({ 'channel-key': await secondChannelKey() });

    expectProblem(await otherChannel.get(`/v1/carts/${cart.id}`), 404, 'not_found');
    expectProblem(await otherChannel.put(`/v1/carts/${cart.id}`, { items: { [sku.id]: 5 }, note: 'hijack' }), 404, 'not_found');
    expect(await snapshot(cart.id)).toEqual(before);

    // The other channel's own carts are its own.
    const theirs = await createCart({}, otherChannel);
    expect((await cartRow(theirs.id)).channel_id).not.toBe(t.channelId);
    expectProblem(await t.storefront.get(`/v1/carts/${theirs.id}`), 404, 'not_found');
  });

  it('refuses no credential with 401', async () => {
    const cart = await createCart({ note: 'mine' });
    const before = await snapshot(cart.id);
    const carts = await cartCount();

    // An admin key may use carts (staff orders: test/http/checkout/staff-orders.test.ts).
    expectProblem(await t.anonymous.get(`/v1/carts/${cart.id}`), 401, 'unauthorized');
    expectProblem(await t.anonymous.put(`/v1/carts/${cart.id}`, { note: 'anonymous' }), 401, 'unauthorized');
    expectProblem(await t.anonymous.post('/v1/carts', {}), 401, 'unauthorized');
    expectProblem(await t.as({ 'channel-key': 'ck_unknown' }).get(`/v1/carts/${cart.id}`), 401, 'unauthorized');

    expect(await snapshot(cart.id)).toEqual(before);
    expect(await cartCount()).toBe(carts);
  });

  it('answers 404 for a cart that does not exist', async () => {
    expectProblem(await t.storefront.get(`/v1/carts/${UNKNOWN_CART}`), 404, 'not_found');
    expectProblem(await t.storefront.put(`/v1/carts/${UNKNOWN_CART}`, { note: 'x' }), 404, 'not_found');
    expect(await t.db.selectFrom('carts').select('id').where('id', '=', UNKNOWN_CART).execute()).toEqual([]);
  });

  it('gives a signed-in customer a cart of its own: 404 for the bare channel key and for another customer', async () => {
    const sku = await newSku({ price: 100 });
    const alice = await signedInCustomer();
    const bob = await signedInCustomer();

    const cart = await createCart({ items: { [sku.id]: 1 } }, alice.client);

    expect(cart.customer_id).toBe(alice.id);
    expect(await cartRow(cart.id)).toMatchObject({ customer_id: alice.id, channel_id: t.channelId });
    expect((await getCart(cart.id, alice.client)).customer_id).toBe(alice.id);
    const updated = await putCart(cart.id, { items: { [sku.id]: 2 } }, alice.client);
    expect(updated.items[0].quantity).toBe(2);
    const before = await snapshot(cart.id);

    for (const stranger of [t.storefront, bob.client]) {
      expectProblem(await stranger.get(`/v1/carts/${cart.id}`), 404, 'not_found');
      expectProblem(await stranger.put(`/v1/carts/${cart.id}`, { items: { [sku.id]: 9 } }), 404, 'not_found');
    }
    expect(await snapshot(cart.id)).toEqual(before);
  });

  // ---------- concurrency ----------

  it('lands both of two simultaneous PUTs adding different skus to one cart', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [first, second] = await Promise.all([newSku({ price: 100 }), newSku({ price: 200 })]);
      const cart = await createCart();

      const answers = await Promise.all([
        t.storefront.put(`/v1/carts/${cart.id}`, { items: { [first.id]: 1 } }),
        t.storefront.put(`/v1/carts/${cart.id}`, { items: { [second.id]: 2 } }),
      ]);

      for (const res of answers) expect(res.status, res.text).toBe(200);
      expect(await quantitiesOf(cart.id)).toEqual({ [first.id]: 1, [second.id]: 2 });
      const read = await getCart(cart.id);
      expect(read.items).toHaveLength(2);
      expect(read).toMatchObject({ total_items: 3, total_price: 500 });
    }
  });
});
