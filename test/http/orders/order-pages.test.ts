import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { placedOrder } from '../../helpers/checkout.js';
import { uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

/** Statements sent to either database while `work` runs: better-sqlite3's runs, pg's queries. */
let statements = 0;
const sqliteStatement = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
const originals = new Map<string, (...args: unknown[]) => unknown>();
const originalQuery = pg.Client.prototype.query;

beforeAll(() => {
  for (const method of ['all', 'get', 'run', 'iterate']) {
    const original = sqliteStatement[method]!;
    originals.set(method, original);
    sqliteStatement[method] = function (this: unknown, ...args: unknown[]) {
      statements++;
      return original.apply(this, args);
    };
  }
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++;
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof originalQuery;
});

afterAll(() => {
  for (const [method, original] of originals) sqliteStatement[method] = original;
  pg.Client.prototype.query = originalQuery;
});

async function counted<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const before = statements;
  const result = await work();
  return { result, statements: statements - before };
}

describeEachDatabase('a page of orders', (t) => {
  it('reads a page of orders in as many statements whatever the number of orders on it, each as the order alone shows it', async () => {
    const lastName = `Name${uniqueWord()}`;
    const alone = await placedOrder(t, { customer: { last_name: `Name${uniqueWord()}` } });
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await placedOrder(t, { customer: { last_name: lastName }, items: [{}, {}] }));
    // One buyer with a second address and a group, which the page reads with the buyers.
    const buyer = (await t.admin.get(`/v1/orders/${orders[1]!.orderId}`)).body.data.customer;
    const group = (await t.admin.post('/v1/customer_groups', { name: `Wholesale ${uniqueWord()}` })).body.data;
    expect((await t.admin.post(`/v1/customers/${buyer.id}`, { email: buyer.email, group_ids: [group.id] })).status).toBe(200);
    const address = { address1: '350 Fifth Avenue', postcode: '10118', city: 'New York', country_code: 'US', state_code: 'NY', phone: '+1 212 555 0100' };
    expect((await t.admin.post(`/v1/customers/${buyer.id}/addresses`, address)).status).toBe(201);
    // Both searches once before counting: what a first request compiles or indexes is not the page's.
    await t.admin.get(`/v1/orders?q=${alone.lastName}`);
    await t.admin.get(`/v1/orders?q=${lastName}`);

    const one = await counted(() => t.admin.get(`/v1/orders?q=${alone.lastName}`));
    const four = await counted(() => t.admin.get(`/v1/orders?q=${lastName}`));

    expect(one.result.status, one.result.text).toBe(200);
    expect(four.result.status, four.result.text).toBe(200);
    expect(one.result.body.data.map((order: { id: string }) => order.id)).toEqual([alone.orderId]);
    expect(four.result.body.data.map((order: { id: string }) => order.id)).toEqual(orders.map((order) => order.orderId).reverse());
    expect(one.statements).toBeGreaterThan(0);
    expect(four.statements).toBe(one.statements);
    expect(four.result.body.data[2].customer).toMatchObject({ id: buyer.id, group_ids: [group.id], addresses: expect.arrayContaining([expect.objectContaining({ address1: '350 Fifth Avenue' })]) });
    for (const listed of four.result.body.data) {
      expect(listed.items).toHaveLength(2);
      expect(listed.transactions.length).toBeGreaterThan(0);
      expect(listed.customer).toMatchObject({ object: 'customer', last_name: lastName });
      const res = await t.admin.get(`/v1/orders/${listed.id}`);
      expect(res.status, res.text).toBe(200);
      expect(listed).toEqual(res.body.data);
    }
  });

  it('reads a page of the order list in as many statements whatever the number of orders on it', async () => {
    await placedOrder(t);
    await t.admin.get('/v1/orders?per_page=1');
    const one = await counted(() => t.admin.get('/v1/orders?per_page=1'));
    const many = await counted(() => t.admin.get('/v1/orders?per_page=5'));

    expect(one.result.body.data).toHaveLength(1);
    expect(many.result.body.data.length).toBeGreaterThan(1);
    expect(one.statements).toBeGreaterThan(0);
    expect(many.statements).toBe(one.statements);
  });
});
