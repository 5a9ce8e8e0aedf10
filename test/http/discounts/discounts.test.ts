import { expect, it } from 'vitest';
import { eventsOf, makeSku, readyCheckout } from '../../helpers/checkout.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

describeEachDatabase('discounts (staff)', (t) => {
  const code = () => `SAVE${uniqueWord().toUpperCase()}`;

  it('creates a percentage code with every member, reads it, lists it and records discount.created', async () => {
    const sku = await makeSku(t);
    const sent = {
      code: code(), title: 'Ten off', kind: 'percentage', value: 1000, applies_to: { kind: 'skus', ids: [sku.id] },
      minimum_subtotal: 2000, starts_at: 1_700_000_000, ends_at: 1_900_000_000, usage_limit: 100, usage_limit_per_customer: 1, is_active: true,
    };
    const res = await t.admin.post('/v1/discounts', sent);
    expect(res.status, res.text).toBe(201);
    const discount = res.body.data;
    expect(discount).toMatchObject({ ...sent, object: 'discount', times_used: 0 });
    expect(discount.id).toMatch(/^dsc_[0-9a-z]{26}$/);

    expect((await t.admin.get(`/v1/discounts/${discount.id}`)).body.data).toEqual(discount);
    const list = await t.admin.get(`/v1/discounts?q=${sent.code.toLowerCase()}`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.data).toEqual([discount]);
    expect(list.body.meta.pagination).toMatchObject({ total_items: 1, current_page: 1 });
    const events = await eventsOf(t, discount.id, 'discount.created');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(discount);
  });

  it('makes an automatic discount without a code, with defaults: all items, active, no limits', async () => {
    const res = await t.admin.post('/v1/discounts', { title: `Auto ${uniqueWord()}`, kind: 'free_shipping', is_active: false });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      code: null, kind: 'free_shipping', value: 0, applies_to: { kind: 'all', ids: [] }, minimum_subtotal: null,
      starts_at: null, ends_at: null, usage_limit: null, usage_limit_per_customer: null, is_active: false, times_used: 0,
    });
  });

  it('filters the list by activity, kind and words of the title, page by page', async () => {
    const word = uniqueWord();
    const made = [];
    for (const [i, active] of [true, false, true].entries()) {
      made.push((await t.admin.post('/v1/discounts', { title: `Promo ${word} ${i}`, kind: 'fixed_amount', value: 100, code: code(), is_active: active })).body.data);
    }
    const active = await t.admin.get(`/v1/discounts?q=${word}&is_active=true&per_page=1`);
    expect(active.status, active.text).toBe(200);
    expect(active.body.data.map((d: any) => d.id)).toEqual([made[0].id]);
    expect(active.body.meta.pagination).toMatchObject({ total_items: 2, total_pages: 2, next_page: 2 });
    const inactive = await t.admin.get(`/v1/discounts?q=${word}&is_active=false&kind=fixed_amount`);
    expect(inactive.body.data.map((d: any) => d.id)).toEqual([made[1].id]);
    expect((await t.admin.get(`/v1/discounts?q=${word}&kind=percentage`)).body.data).toEqual([]);
    const automatic = (await t.admin.post('/v1/discounts', { title: `Promo ${word} automatic`, kind: 'fixed_amount', value: 100 })).body.data;
    expect((await t.admin.get(`/v1/discounts?q=${word}&automatic=true`)).body.data.map((d: any) => d.id)).toEqual([automatic.id]);
    expect((await t.admin.get(`/v1/discounts?q=${word}&automatic=false`)).body.data.map((d: any) => d.id).sort()).toEqual(made.map((d) => d.id).sort());
  });

  it('updates only the members sent, keeps times_used, and records discount.updated', async () => {
    const created = (await t.admin.post('/v1/discounts', { code: code(), title: 'Before', kind: 'fixed_amount', value: 500 })).body.data;
    const res = await t.admin.post(`/v1/discounts/${created.id}`, { title: 'After', usage_limit: 3 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ ...created, title: 'After', usage_limit: 3, updated_at: expect.any(Number) });
    expect((await eventsOf(t, created.id, 'discount.updated'))[0].data.object).toEqual(res.body.data);
    const toShipping = await t.admin.post(`/v1/discounts/${created.id}`, { kind: 'free_shipping' });
    expect(toShipping.status, toShipping.text).toBe(200);
    expect(toShipping.body.data).toMatchObject({ kind: 'free_shipping', value: 0 });
  });

  it('deletes a discount (204), records discount.deleted with it as it was, and answers 404 after', async () => {
    const created = (await t.admin.post('/v1/discounts', { code: code(), title: 'Gone', kind: 'percentage', value: 500 })).body.data;
    const res = await t.admin.delete(`/v1/discounts/${created.id}`);
    expect(res.status, res.text).toBe(204);
    expectProblem(await t.admin.get(`/v1/discounts/${created.id}`), 404, 'not_found');
    expectProblem(await t.admin.delete(`/v1/discounts/${created.id}`), 404, 'not_found');
    expectProblem(await t.admin.post(`/v1/discounts/${created.id}`, { title: 'x' }), 404, 'not_found');
    expect((await eventsOf(t, created.id, 'discount.deleted'))[0].data.object).toEqual(created);
  });

  it('refuses a code already taken by another discount, compared without case (422 taken)', async () => {
    const taken = code();
    expect((await t.admin.post('/v1/discounts', { code: taken, title: 'First', kind: 'percentage', value: 100 })).status).toBe(201);
    const again = await t.admin.post('/v1/discounts', { code: ` ${taken.toLowerCase()} `, title: 'Second', kind: 'percentage', value: 100 });
    expectInvalid(again, 'code');
    expect(again.body.errors[0].code).toBe('taken');
    const other = (await t.admin.post('/v1/discounts', { code: code(), title: 'Other', kind: 'percentage', value: 100 })).body.data;
    expectInvalid(await t.admin.post(`/v1/discounts/${other.id}`, { code: taken.toLowerCase() }), 'code');
    expect((await t.admin.get(`/v1/discounts?q=${taken}`)).body.data).toHaveLength(1);
  });

  it('names every invalid field: value out of its kind\'s range, ends_at before starts_at, scope ids that name nothing', async () => {
    const res = await t.admin.post('/v1/discounts', {
      code: code(), title: 'Bad', kind: 'percentage', value: 10_001, starts_at: 2000, ends_at: 1000,
      applies_to: { kind: 'products', ids: ['prd_00000000000000000000000000'] },
    });
    expectInvalid(res, 'value', 'ends_at', 'applies_to[ids][0]');
    expectInvalid(await t.admin.post('/v1/discounts', { title: 'No value', kind: 'fixed_amount' }), 'value');
    expectInvalid(await t.admin.post('/v1/discounts', { title: 'Zero', kind: 'fixed_amount', value: 0 }), 'value');
    expectInvalid(await t.admin.post('/v1/discounts', { title: 'Ship', kind: 'free_shipping', value: 100 }), 'value');
    expectInvalid(await t.admin.post('/v1/discounts', { title: 'Empty', kind: 'percentage', value: 100, applies_to: { kind: 'collections', ids: [] } }), 'applies_to[ids]');
    expectInvalid(await t.admin.post('/v1/discounts', { title: 'All', kind: 'percentage', value: 100, applies_to: { kind: 'all', ids: ['x'] } }), 'applies_to[ids]');
    const created = (await t.admin.post('/v1/discounts', { code: code(), title: 'Ok', kind: 'percentage', value: 100, starts_at: 1000 })).body.data;
    expectInvalid(await t.admin.post(`/v1/discounts/${created.id}`, { ends_at: 500 }), 'ends_at');
    expect((await t.admin.post('/v1/discounts', { title: 'Bad code', kind: 'percentage', value: 100, code: 'has space' })).status).toBeGreaterThanOrEqual(400);
  });

  it('makes a store-wide discount of applies_to {kind: all} alone (ids default to []), which a checkout takes', async () => {
    const made = await t.admin.post('/v1/discounts', { code: code(), title: 'All ten off', kind: 'percentage', value: 1000, applies_to: { kind: 'all' } });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data.applies_to).toEqual({ kind: 'all', ids: [] });
    // As a form would send it, too.
    const form = await t.admin.post('/v1/discounts', undefined, { form: `title=Form&kind=fixed_amount&value=100&code=${code()}&applies_to[kind]=all` });
    expect(form.status, form.text).toBe(201);
    expect(form.body.data.applies_to).toEqual({ kind: 'all', ids: [] });

    const ready = await readyCheckout(t, { items: [{ price: 1500, quantity: 2 }] });
    const applied = await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { discount_codes: [made.body.data.code] });
    expect(applied.status, applied.text).toBe(200);
    // Tests here share a store: its automatic discounts may apply beside the code.
    expect(applied.body.data.total_items_price).toBe(3000);
    expect(applied.body.data.discount_codes).toContainEqual({ code: made.body.data.code, discount_id: made.body.data.id, kind: 'percentage', amount: 300 });

    // A scoped discount made store-wide the same way.
    const sku = await makeSku(t);
    const scoped = (await t.admin.post('/v1/discounts', { code: code(), title: 'Scoped', kind: 'percentage', value: 500, applies_to: { kind: 'skus', ids: [sku.id] } })).body.data;
    const widened = await t.admin.post(`/v1/discounts/${scoped.id}`, { applies_to: { kind: 'all' } });
    expect(widened.status, widened.text).toBe(200);
    expect(widened.body.data.applies_to).toEqual({ kind: 'all', ids: [] });
  });

  it('refuses a collections, products or skus scope without ids or with none (422 required on applies_to[ids])', async () => {
    for (const kind of ['collections', 'products', 'skus']) {
      for (const appliesTo of [{ kind }, { kind, ids: [] }]) {
        const res = await t.admin.post('/v1/discounts', { title: 'Scoped', kind: 'percentage', value: 100, applies_to: appliesTo });
        expectInvalid(res, 'applies_to[ids]');
        expect(res.body.errors.find((e: any) => e.field === 'applies_to[ids]').code, res.text).toBe('required');
      }
    }
    const all = (await t.admin.post('/v1/discounts', { code: code(), title: 'All', kind: 'percentage', value: 100 })).body.data;
    expectInvalid(await t.admin.post(`/v1/discounts/${all.id}`, { applies_to: { kind: 'products' } }), 'applies_to[ids]');
    expect((await t.admin.get(`/v1/discounts/${all.id}`)).body.data.applies_to).toEqual({ kind: 'all', ids: [] });
  });

  it('lets a read-only key read but not write, and gives storefront keys nothing', async () => {
    const created = (await t.admin.post('/v1/discounts', { code: code(), title: 'Secret', kind: 'percentage', value: 100 })).body.data;
    const token = (await t.admin.post('/v1/api_keys', { name: 'reader', read_only: true })).body.data.token;
    const reader = t.as({ authorization: `Bearer ${token}` });
    expect((await reader.get(`/v1/discounts/${created.id}`)).status).toBe(200);
    expect((await reader.get('/v1/discounts')).status).toBe(200);
    expectProblem(await reader.post('/v1/discounts', { title: 'x', kind: 'free_shipping' }), 403, 'forbidden');
    expectProblem(await reader.delete(`/v1/discounts/${created.id}`), 403, 'forbidden');
    expectProblem(await t.storefront.get('/v1/discounts'), 403, 'forbidden');
    expectProblem(await t.storefront.get(`/v1/discounts/${created.id}`), 403, 'forbidden');
    expectProblem(await t.storefront.post('/v1/discounts', { title: 'x', kind: 'free_shipping' }), 403, 'forbidden');
    expectProblem(await t.anonymous.get('/v1/discounts'), 401, 'unauthorized');
    expect((await t.admin.get(`/v1/discounts/${created.id}`)).body.data.title).toBe('Secret');
  });
});
