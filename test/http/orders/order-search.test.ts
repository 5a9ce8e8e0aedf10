import { randomInt } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { backfillOrderSearchTerms } from '../../../src/db/migrations/008-order-search.js';
import { recountOrderSearchTerms } from '../../../src/db/migrations/010-order-search-counts.js';
import { indexQueuedOrders, orderSearchTerms } from '../../../src/modules/orders/order-search.js';
import { startSearchIndexing } from '../../../src/modules/orders/search-indexing-loop.js';
import { orderRow, placedOrder, readyCheckout } from '../../helpers/checkout.js';
import { uniqueWord } from '../../helpers/expect.js';
import { assertInvariants } from '../../helpers/invariants.js';
import { describeEachDatabase, type Client } from '../../helpers/test-app.js';

describeEachDatabase('order search (q)', (t) => {
  async function search(q: string, extra = '', client: Client = t.admin): Promise<{ ids: string[]; total: number; body: any }> {
    const res = await client.get(`/v1/orders?q=${encodeURIComponent(q)}${extra}`);
    expect(res.status, res.text).toBe(200);
    return { ids: res.body.data.map((order: { id: string }) => order.id), total: res.body.meta.pagination.total_items, body: res.body };
  }

  async function ids(q: string, extra = ''): Promise<string[]> {
    return (await search(q, extra)).ids;
  }

  /** The order's index rows, once the queued orders are indexed (as the worker and every search do). */
  async function termRows(orderId: string): Promise<string[]> {
    await indexQueuedOrders(t.db);
    // Sorted here: PostgreSQL's collation may order '#' and '-' otherwise than code points.
    return t.db.selectFrom('order_search_terms').select('term').where('order_id', '=', orderId).execute()
      .then((rows) => rows.map((row) => row.term).sort());
  }

  /** A term's stored count of orders: the sum of its slots' rows. */
  async function storedCount(term: string): Promise<number> {
    await indexQueuedOrders(t.db);
    const rows = await t.db.selectFrom('order_search_term_counts').select('orders').where('term', '=', term.toLowerCase()).execute();
    return rows.reduce((sum, row) => sum + Number(row.orders), 0);
  }

  /** A last name no other order bears. */
  const uniqueName = () => `Name${uniqueWord()}`;

  it("finds an order by the buyer's last and first names, whatever their case", async () => {
    const order = await placedOrder(t, { customer: { first_name: uniqueName(), last_name: uniqueName() } });

    for (const q of [order.lastName, order.lastName.toUpperCase(), order.lastName.toLowerCase(), order.firstName, order.firstName.toUpperCase()]) {
      expect(await search(q)).toMatchObject({ ids: [order.orderId], total: 1 });
    }
  });

  it('finds an order by its number as shown (with the prefix) and bare', async () => {
    const order = await placedOrder(t);
    const number: string = order.order.number;
    expect(number).toMatch(/^#\d+$/);

    expect(await ids(number)).toEqual([order.orderId]);
    expect(await ids(number.slice(1))).toContain(order.orderId);
  });

  it("finds an order by an item's sku code, vendor and permalink, whatever their case", async () => {
    const vendor = `Brand${uniqueWord()}`;
    const code = `SKU-${uniqueWord()}`;
    const order = await placedOrder(t, { items: [{ vendor, code }, {}] });

    for (const q of [code, code.toLowerCase(), vendor, vendor.toUpperCase(), order.skus[0]!.permalink, order.skus[1]!.permalink.toUpperCase()]) {
      expect(await ids(q)).toEqual([order.orderId]);
    }
  });

  /** A sku of a new product with this name and vendor, priced so it can be bought. */
  async function namedSku(name: string, vendor?: string): Promise<string> {
    const product = await t.admin.post('/v1/products', { name, ...(vendor ? { vendor } : {}), price: 1500 });
    expect(product.status, product.text).toBe(201);
    return product.body.data.sku_id;
  }

  it('finds an order by each word of a multi-word vendor and product name, whatever their case', async () => {
    const word = uniqueWord();
    const order = await placedOrder(t, { items: [{ skuId: await namedSku(`Lantern ${word}, Brass`, 'Harbor Goods') }] });

    for (const q of ['Harbor', 'harbor', 'GOODS', 'Harbor Goods']) expect(await ids(q), q).toContain(order.orderId);
    for (const q of [word, word.toUpperCase(), `lantern ${word}`, `${word} brass`, `Harbor ${word}`, `${word},`]) {
      expect(await search(q), q).toMatchObject({ ids: [order.orderId], total: 1 });
    }
  });

  it('matches whole words only: a part of a word finds nothing (the search reads an index of terms, never a text scan)', async () => {
    const word = uniqueWord();
    await placedOrder(t, { items: [{ skuId: await namedSku(`Kettle ${word}`, `Vendor${word}`) }] });

    for (const q of [word.slice(0, -2), `vendor${word.slice(0, 4)}`, `%${word.slice(2)}`, `${word}%`, '%', '_']) {
      expect(await search(q), q).toMatchObject({ ids: [], total: 0 });
    }
  });

  it("finds an order by the buyer's email whole, by its local part and by its domain; staff changing the email moves the terms", async () => {
    const local = `Buyer.${uniqueWord()}`;
    const domain = `${uniqueWord()}.example`;
    const order = await placedOrder(t, { customer: { email: `${local}@${domain}` } });

    for (const q of [`${local}@${domain}`, `${local}@${domain}`.toUpperCase(), local, local.toLowerCase(), domain]) {
      expect(await search(q), q).toMatchObject({ ids: [order.orderId], total: 1 });
    }

    const other = `new.${uniqueWord()}@${domain}`;
    const res = await t.admin.post(`/v1/orders/${order.orderId}`, { email: other });
    expect(res.status, res.text).toBe(200);
    expect(await search(local)).toMatchObject({ ids: [], total: 0 });
    expect(await search(other)).toMatchObject({ ids: [order.orderId], total: 1 });
    expect(await search(domain)).toMatchObject({ ids: [order.orderId], total: 1 });
    expect([await storedCount(local), await storedCount(other)]).toEqual([0, 1]);
  });

  it("finds an order by its total price in cents and by its buyer's id", async () => {
    const price = randomInt(10_000_000, 90_000_000);
    const order = await placedOrder(t, { items: [{ price }], shippingPrice: 700 });
    // The buyer's checkout does not show its customer's id: staff read it.
    const customerId = (await orderRow(t, order.orderId)).customer_id!;

    expect(await ids(String(price + 700))).toEqual([order.orderId]);
    expect(await ids(customerId)).toEqual([order.orderId]);
    expect(await ids(customerId.toUpperCase())).toEqual([order.orderId]);
  });

  it('needs every term to match, each term matching any of the fields', async () => {
    const lastName = uniqueName();
    const vendor = `Brand${uniqueWord()}`;
    const both = await placedOrder(t, { customer: { last_name: lastName }, items: [{ vendor }] });
    const nameOnly = await placedOrder(t, { customer: { last_name: lastName } });
    const vendorOnly = await placedOrder(t, { items: [{ vendor }] });

    expect(await search(`${lastName} ${vendor}`)).toMatchObject({ ids: [both.orderId], total: 1 });
    expect(await search(`${vendor.toLowerCase()}   ${lastName.toUpperCase()}`)).toMatchObject({ ids: [both.orderId], total: 1 });
    expect(await search(`${lastName} card`)).toMatchObject({ ids: [nameOnly.orderId, both.orderId], total: 2 });
    expect(await search(`${vendor} ${vendorOnly.lastName}`)).toMatchObject({ ids: [vendorOnly.orderId], total: 1 });
    // A term repeated counts once.
    expect(await search(`${lastName} ${lastName.toLowerCase()}`)).toMatchObject({ ids: [nameOnly.orderId, both.orderId], total: 2 });
  });

  it('answers an empty list with a total of 0 when no order matches', async () => {
    const order = await placedOrder(t);

    for (const q of [`absent-${uniqueWord()}`, `${order.lastName} absent-${uniqueWord()}`]) {
      const found = await search(q);
      expect(found).toMatchObject({ ids: [], total: 0 });
      expect(found.body.meta.pagination).toMatchObject({ current_page: 1, total_pages: 1, from: 0, to: 0, next_page: null });
    }
  });

  it('counts every match and pages through them newest first, with and without other filters', async () => {
    const lastName = uniqueName();
    const placed = [];
    for (let i = 0; i < 5; i++) placed.push((await placedOrder(t, { customer: { last_name: lastName } })).orderId);
    const unpaid = await readyCheckout(t, { customer: { last_name: lastName } });
    const newestFirst = [unpaid.orderId, ...[...placed].reverse()];

    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await search(lastName, `&per_page=2&page=${page}`));
    expect(pages.map((p) => p.ids)).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4, 6)]);
    expect(pages.map((p) => p.total)).toEqual([6, 6, 6]);
    expect(pages[2]!.body.meta.pagination).toMatchObject({ total_pages: 3, from: 5, to: 6, next_page: null });

    const placedOnly = await search(lastName, '&status=placed&per_page=4&page=2');
    expect(placedOnly).toMatchObject({ ids: newestFirst.slice(5), total: 5 });
    const someIds = await search(lastName, `&id=${placed[0]},${placed[4]},${unpaid.orderId}`);
    expect(someIds).toMatchObject({ ids: [unpaid.orderId, placed[4], placed[0]], total: 3 });
    const twoTerms = await search(`${lastName} card`, '&per_page=3');
    expect(twoTerms).toMatchObject({ ids: newestFirst.slice(1, 4), total: 5 });
  });

  it('stores the search terms of a placed order, lowercased', async () => {
    const vendor = `Brand${uniqueWord()}`;
    const code = `SKU-${uniqueWord()}`;
    const order = await placedOrder(t, { items: [{ vendor, code, price: 2500 }], shippingPrice: 500 });
    const number: string = order.order.number;
    const customerId = (await orderRow(t, order.orderId)).customer_id!;

    const productName: string = (await t.admin.get(`/v1/products/${order.skus[0]!.productId}`)).body.data.name;
    expect(await termRows(order.orderId)).toEqual([
      number.toLowerCase(), number.slice(1), 'card', order.gatewaySource.toLowerCase(), order.firstName.toLowerCase(),
      order.lastName.toLowerCase(), customerId, order.skus[0]!.permalink, code.toLowerCase(), vendor.toLowerCase(),
      String(order.order.total_price), order.email, order.email.split('@')[0]!, 'example.com',
      ...productName.toLowerCase().split(' '),
    ].sort());
  });

  it('keeps the terms of an order being checked out up to date, and finds it', async () => {
    const before = uniqueName();
    const after = uniqueName();
    const checkout = await readyCheckout(t, { customer: { last_name: before }, until: 'data' });
    expect(await ids(before)).toEqual([checkout.orderId]);

    const res = await t.storefront.put(`/v1/checkouts/${checkout.orderId}`, { customer: { email: checkout.email, first_name: checkout.firstName, last_name: after } });
    expect(res.status, res.text).toBe(200);

    expect(await ids(before)).toEqual([]);
    expect(await ids(after)).toEqual([checkout.orderId]);
    expect(await termRows(checkout.orderId)).not.toContain(before.toLowerCase());
    expect(await termRows(checkout.orderId)).toContain(after.toLowerCase());
  });

  it('finds an order by the prefix and suffix it was placed with after the store changes them', async () => {
    const older = await placedOrder(t);
    const store = await t.admin.get('/v1/store');
    try {
      expect((await t.admin.post('/v1/store', { order_prefix: 'SO-', order_suffix: '-X' })).status).toBe(200);
      const newer = await placedOrder(t);
      const number: string = newer.order.number;
      expect(number).toMatch(/^SO-\d+-X$/);
      const bare = number.slice(3, -2);

      expect(await ids(number)).toEqual([newer.orderId]);
      expect(await ids(number.toLowerCase())).toEqual([newer.orderId]);
      expect(await ids(bare)).toContain(newer.orderId);
      expect(await ids(older.order.number)).toEqual([older.orderId]);
      expect(await ids(older.order.number.slice(1))).toContain(older.orderId);
    } finally {
      await t.admin.post('/v1/store', { order_prefix: store.body.data.order_prefix, order_suffix: store.body.data.order_suffix });
    }
  });

  it("no longer finds orders by the id of a deleted customer, nor keeps the id among their terms", async () => {
    const order = await placedOrder(t, { customer: { last_name: uniqueName() } });
    const customerId = (await orderRow(t, order.orderId)).customer_id!;
    expect(await ids(customerId)).toEqual([order.orderId]);

    expect((await t.admin.delete(`/v1/customers/${customerId}`)).status).toBe(204);

    expect(await ids(customerId)).toEqual([]);
    expect(await ids(order.lastName)).toEqual([order.orderId]);
    expect(await termRows(order.orderId)).not.toContain(customerId);
    expect(await storedCount(customerId)).toBe(0);
  });

  it('keeps the count of orders of each term, which a search of one term gives as its total', async () => {
    const lastName = uniqueName();
    const renamed = uniqueName();
    for (let i = 0; i < 2; i++) await placedOrder(t, { customer: { last_name: lastName } });
    const checkout = await readyCheckout(t, { customer: { last_name: lastName }, until: 'data' });
    expect(await storedCount(lastName)).toBe(3);
    expect((await search(lastName, '&per_page=1')).total).toBe(3);

    const res = await t.storefront.put(`/v1/checkouts/${checkout.orderId}`, { customer: { email: checkout.email, first_name: checkout.firstName, last_name: renamed } });
    expect(res.status, res.text).toBe(200);
    // The same change again changes no count: the terms are already as the order is.
    expect((await t.storefront.put(`/v1/checkouts/${checkout.orderId}`, { customer: { email: checkout.email, first_name: checkout.firstName, last_name: renamed } })).status).toBe(200);

    expect([await storedCount(lastName), await storedCount(renamed)]).toEqual([2, 1]);
    expect((await search(lastName, '&per_page=1')).total).toBe(2);
    expect(await search(renamed)).toMatchObject({ ids: [checkout.orderId], total: 1 });
    await assertInvariants(t);
  });

  it('lets a signed-in customer find only its own placed orders', async () => {
    const email = `${uniqueWord()}@example.com`;
    const password = `pw-${uniqueWord()}`;
    expect((await t.storefront.post('/v1/customers', { email, password })).status).toBe(201);
    const token: string = (await t.storefront.post('/v1/customers/token', { email, password })).body.data.token;
    const buyer = t.as({ authorization: `Bearer ${token}`, 'channel-key': t.channelKey });
    const lastName = uniqueName();
    const mine = await placedOrder(t, { client: buyer, customer: { email, last_name: lastName } });
    await readyCheckout(t, { client: buyer, customer: { email, last_name: lastName } });
    await placedOrder(t, { customer: { last_name: lastName } });

    expect(await search(lastName, '', buyer)).toMatchObject({ ids: [mine.orderId], total: 1 });
    expect(await search(`${lastName} card`, '', buyer)).toMatchObject({ ids: [mine.orderId], total: 1 });
    expect((await search(lastName)).total).toBe(3);
  });

  it('backfills, as the migration does, the very terms that placement wrote', async () => {
    const orders = [
      await placedOrder(t, { items: [{ vendor: `Brand${uniqueWord()}` }, {}] }),
      await placedOrder(t, { gateway: { driver: 'manual' } }),
      await readyCheckout(t),
    ];
    const written = await Promise.all(orders.map((order) => termRows(order.orderId)));
    expect(written.every((terms) => terms.length > 0)).toBe(true);

    // The whole index goes and comes back (orders placed with other affixes than today's store's
    // get their numbers' bare terms back only as far as today's affixes tell).
    const counts = await t.db.selectFrom('order_search_term_counts').selectAll().orderBy('term').orderBy('slot').execute();
    await t.db.deleteFrom('order_search_terms').execute();
    await t.db.deleteFrom('order_search_term_counts').execute();
    await backfillOrderSearchTerms(t.db);
    await recountOrderSearchTerms(t.db);

    expect(await Promise.all(orders.map((order) => termRows(order.orderId)))).toEqual(written);
    // Their terms are counted as the server counted them (other orders may have lost the bare terms of numbers).
    const theirs = (rows: typeof counts) => rows.filter((row) => Number(row.orders) > 0 && written.some((terms) => terms.includes(row.term)));
    const recounted = await t.db.selectFrom('order_search_term_counts').selectAll().orderBy('term').orderBy('slot').execute();
    expect(theirs(recounted)).toEqual(theirs(counts));
  });

  it('rebuilds, as migration 023 does, the terms of orders indexed before words were, without emptying the index', async () => {
    const word = uniqueWord();
    const order = await placedOrder(t, { items: [{ skuId: await namedSku(`Lamp ${word}`, 'Harbor Goods') }] });
    const written = await termRows(order.orderId);
    // The index as it was before: whole values only, no email.
    const older = ['harbor', 'goods', 'lamp', word, order.email, order.email.split('@')[0]!, 'example.com', order.firstName.toLowerCase()];
    await t.db.deleteFrom('order_search_terms').where('order_id', '=', order.orderId).where('term', 'in', older).execute();
    await recountOrderSearchTerms(t.db);
    expect(await ids(word)).toEqual([]);

    await backfillOrderSearchTerms(t.db);
    await recountOrderSearchTerms(t.db);

    expect(await termRows(order.orderId)).toEqual(written);
    expect(await search(word)).toMatchObject({ ids: [order.orderId], total: 1 });
    await assertInvariants(t);
  });

  it("queues the order at each checkout step and placement, and the worker's loop writes its terms without a search", async () => {
    const queued = async (orderId: string) => (await t.db.selectFrom('order_search_queue').select('order_id').where('order_id', '=', orderId).execute()).length;
    const checkout = await readyCheckout(t, { until: 'checkout' });
    expect(await queued(checkout.orderId)).toBe(1);
    await indexQueuedOrders(t.db);
    expect(await queued(checkout.orderId)).toBe(0);

    const order = await placedOrder(t, { items: [{ vendor: `Brand${uniqueWord()}` }] });
    expect(await queued(order.orderId)).toBe(1);
    const loop = startSearchIndexing(t.db, { pollMs: 10, log: { error: (error) => { throw error; } } });
    try {
      await vi.waitFor(async () => expect(await queued(order.orderId)).toBe(0), { timeout: 10_000, interval: 20 });
    } finally {
      await loop.stop();
    }
    const row = await orderRow(t, order.orderId);
    const items = await t.db.selectFrom('order_items').selectAll().where('order_id', '=', order.orderId).execute();
    const written = (await t.db.selectFrom('order_search_terms').select('term').where('order_id', '=', order.orderId).execute()).map((r) => r.term).sort();
    expect(written).toEqual(orderSearchTerms(row, items, undefined));
    expect(written).toContain(String(row.number_sequence));
  });

  it('leaves every order with the terms of its saved state when two indexers run while the checkouts change', async () => {
    const checkouts = await Promise.all(Array.from({ length: 6 }, () => readyCheckout(t, { until: 'checkout' })));
    let changing = true;
    const indexer = async () => {
      while (changing) {
        await indexQueuedOrders(t.db);
        // On SQLite an empty queue answers without leaving the microtask queue: let the requests run.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const indexers = [indexer(), indexer()];
    try {
      for (let round = 0; round < 4; round++) {
        await Promise.all(checkouts.map((checkout) => t.storefront.put(`/v1/checkouts/${checkout.orderId}`, {
          customer: { email: `${uniqueWord()}@example.com`, first_name: `First${uniqueWord()}`, last_name: `Last${uniqueWord()}` },
        }).then((res) => expect(res.status, res.text).toBe(200))));
      }
    } finally {
      changing = false;
      await Promise.all(indexers);
    }
    await indexQueuedOrders(t.db);
    const store = await t.db.selectFrom('stores').selectAll().executeTakeFirstOrThrow();
    for (const { orderId } of checkouts) {
      const row = await orderRow(t, orderId);
      const items = await t.db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).execute();
      expect(await termRows(orderId)).toEqual(orderSearchTerms(row, items, store));
      expect(await ids(row.customer_last_name!)).toEqual([orderId]);
    }
    await assertInvariants(t);
  });

  it('writes what orderSearchTerms makes of the saved order, its items and the store', async () => {
    const order = await placedOrder(t, { items: [{ vendor: `Brand${uniqueWord()}` }, {}] });
    const row = await t.db.selectFrom('orders').selectAll().where('id', '=', order.orderId).executeTakeFirstOrThrow();
    const items = await t.db.selectFrom('order_items').selectAll().where('order_id', '=', order.orderId).execute();
    const store = await t.db.selectFrom('stores').selectAll().executeTakeFirstOrThrow();

    expect(await termRows(order.orderId)).toEqual(orderSearchTerms(row, items, store));
  });
});
