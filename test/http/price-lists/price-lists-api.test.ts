import { expect, it } from 'vitest';
import { catalogFactories } from '../../helpers/catalog.js';
import { signedUpCustomer, newEmail } from '../../helpers/customers.js';
import { expectInvalid, expectProblem } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

describeEachDatabase('customer groups and price lists, as staff keep them', (t) => {
  const { createProduct } = catalogFactories(t);

  async function createGroup(name = 'Wholesale'): Promise<any> {
    const res = await t.admin.post('/v1/customer_groups', { name });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  it('keeps groups and lists from storefronts and customers', async () => {
    const group = await createGroup();
    const customer = await signedUpCustomer(t);
    for (const client of [t.storefront, customer.client]) {
      for (const path of ['/v1/customer_groups', `/v1/customer_groups/${group.id}`, '/v1/price_lists']) {
        expectProblem(await client.get(path), 403, 'forbidden');
      }
      expectProblem(await client.post('/v1/customer_groups', { name: 'Mine' }), 403, 'forbidden');
      expectProblem(await client.post('/v1/price_lists', { name: 'Mine' }), 403, 'forbidden');
    }
    // A customer may not put itself in a group, at sign-up or after.
    expectInvalid(await t.storefront.post('/v1/customers', { email: newEmail(), password: customer.password, group_ids: [group.id] }), 'group_ids');
    expectInvalid(await customer.client.post(`/v1/customers/${customer.id}`, { email: customer.email, group_ids: [group.id] }), 'group_ids');
    expect((await t.db.selectFrom('customer_group_members').selectAll().where('customer_id', '=', customer.id).execute())).toEqual([]);
  });

  it('refuses bad groups and lists, naming each field', async () => {
    const group = await createGroup();
    const product = await createProduct({ price: 1000 });
    expectInvalid(await t.admin.post('/v1/customer_groups', { name: ' ' }), 'name');
    expectInvalid(await t.admin.post('/v1/customers', { email: newEmail(), group_ids: [group.id, 'cgr_nothing'] }), 'group_ids[1]');
    const res = await t.admin.post('/v1/price_lists', {
      name: 'Bad',
      customer_group_ids: ['cgr_nothing'],
      prices: [
        { sku_id: 'sku_nothing', price: 100 },
        { sku_id: product.sku_id, currency: 'JPY', price: 100 },
        { sku_id: product.sku_id, price: 100 },
        { sku_id: product.sku_id, currency: 'usd', price: 90 },
      ],
      starts_at: 2000,
      ends_at: 1000,
    });
    expectInvalid(res, 'customer_group_ids[0]', 'prices[0][sku_id]', 'prices[1][currency]', 'prices[3]', 'ends_at');
    expectInvalid(await t.admin.post('/v1/price_lists', { name: 'Negative', prices: [{ sku_id: product.sku_id, price: -1 }] }), 'prices[0][price]');
    expect(await t.db.selectFrom('price_lists').selectAll().where('name', '=', 'Bad').execute()).toEqual([]);
    expectProblem(await t.admin.get('/v1/price_lists/prl_nothing'), 404, 'not_found');
    expectProblem(await t.admin.post(`/v1/customer_groups/cgr_nothing`, { name: 'X' }), 404, 'not_found');
  });

  it('creates, reads, changes and deletes groups and lists, and shows a customer its groups', async () => {
    const wholesale = await createGroup('Wholesale');
    const retail = await createGroup('Retail');
    const product = await createProduct({ price: 1000 });
    const created = await t.admin.post('/v1/customers', { email: newEmail(), group_ids: [wholesale.id, wholesale.id] });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.group_ids).toEqual([wholesale.id]);
    const customer = created.body.data;
    const moved = await t.admin.post(`/v1/customers/${customer.id}`, { email: customer.email, group_ids: [retail.id, wholesale.id] });
    expect(moved.status, moved.text).toBe(200);
    expect([...moved.body.data.group_ids].sort()).toEqual([wholesale.id, retail.id].sort());
    expect((await t.admin.get(`/v1/customer_groups/${wholesale.id}`)).body.data).toMatchObject({ name: 'Wholesale', customer_count: 1 });
    const members = await t.admin.get(`/v1/customers?group_id=${retail.id}&per_page=100`);
    expect(members.status, members.text).toBe(200);
    expect(members.body.data.map((c: { id: string }) => c.id)).toEqual([customer.id]);
    expect(members.body.meta.pagination).toMatchObject({ total_items: 1 });

    const list = await t.admin.post('/v1/price_lists', {
      name: 'Trade', customer_group_ids: [wholesale.id], prices: [{ sku_id: product.sku_id, currency: 'usd', price: 800 }],
      starts_at: 1000, ends_at: 2000,
    });
    expect(list.status, list.text).toBe(201);
    expect(list.body.data).toMatchObject({
      object: 'price_list', name: 'Trade', customer_group_ids: [wholesale.id], prices: [{ sku_id: product.sku_id, currency: null, price: 800 }],
      starts_at: 1000, ends_at: 2000, is_active: true,
    });
    const changed = await t.admin.post(`/v1/price_lists/${list.body.data.id}`, { is_active: false, ends_at: null });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({ is_active: false, starts_at: 1000, ends_at: null, prices: [{ price: 800 }] });
    expect((await t.admin.get(`/v1/price_lists/${list.body.data.id}`)).body.data).toEqual(changed.body.data);
    expect((await t.admin.get('/v1/price_lists?per_page=100')).body.data).toContainEqual(changed.body.data);
    expect((await t.admin.get('/v1/customer_groups?per_page=100')).body.data).toContainEqual(expect.objectContaining({ id: retail.id, customer_count: 1 }));

    // A deleted group leaves its customers and its lists.
    expect((await t.admin.delete(`/v1/customer_groups/${wholesale.id}`)).status).toBe(204);
    expect((await t.admin.get(`/v1/customers/${customer.id}`)).body.data.group_ids).toEqual([retail.id]);
    expect((await t.admin.get(`/v1/price_lists/${list.body.data.id}`)).body.data.customer_group_ids).toEqual([]);
    expect((await t.admin.delete(`/v1/price_lists/${list.body.data.id}`)).status).toBe(204);
    expectProblem(await t.admin.get(`/v1/price_lists/${list.body.data.id}`), 404, 'not_found');
  });
});
