import { expect, it } from 'vitest';
import { eventsOf } from '../../helpers/checkout.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { staffMember } from '../../helpers/staff.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

describeEachDatabase('gift cards (staff)', (t) => {
  async function issue(body: Record<string, unknown> = {}) {
    const res = await t.admin.post('/v1/gift_cards', { initial_value: 5000, ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  it('shows the whole code only in the answer that creates the card, and keeps only its hash', async () => {
    const card = await issue();
    expect(card.code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(card.last_four).toBe(card.code.slice(-4));

    const read = await t.admin.get(`/v1/gift_cards/${card.id}`);
    expect(read.body.data).not.toHaveProperty('code');
    expect(read.body.data.last_four).toBe(card.last_four);
    const listed = (await t.admin.get('/v1/gift_cards?per_page=250')).body.data.find((c: any) => c.id === card.id);
    expect(listed).not.toHaveProperty('code');
    const event = (await eventsOf(t, card.id, 'gift_card.created'))[0];
    expect(JSON.stringify(event.data)).not.toContain(card.code.replace(/-/g, '').slice(0, 12));

    const row = await t.db.selectFrom('gift_cards').selectAll().where('id', '=', card.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(card.code.slice(0, 9));
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a code already taken, compared without case, spaces or dashes', async () => {
    const word = uniqueWord().toUpperCase();
    await issue({ code: `GIFT-${word}` });
    const again = await t.admin.post('/v1/gift_cards', { initial_value: 100, code: `gift ${word.toLowerCase()}` });
    expectInvalid(again, 'code');
    expect(again.body.errors[0].code).toBe('taken');
  });

  it('lets only owners and admins issue, change or disable cards; the catalog role reads them', async () => {
    const card = await issue();
    const catalog = await staffMember(t, 'catalog');
    expectProblem(await catalog.client.post('/v1/gift_cards', { initial_value: 100 }), 403, 'forbidden');
    expectProblem(await catalog.client.post(`/v1/gift_cards/${card.id}/disable`), 403, 'forbidden');
    expect((await catalog.client.get(`/v1/gift_cards/${card.id}`)).status).toBe(200);
    const fulfillment = await staffMember(t, 'fulfillment');
    expectProblem(await fulfillment.client.get(`/v1/gift_cards/${card.id}`), 403, 'forbidden');
    expectProblem(await t.storefront.get('/v1/gift_cards'), 403, 'forbidden');
    const admin = await staffMember(t, 'admin');
    expect((await admin.client.post('/v1/gift_cards', { initial_value: 100 })).status).toBe(201);
  });

  it('issues a card with every member, its issue movement in the history, and finds it by its whole code', async () => {
    const customer = await t.admin.post('/v1/customers', { email: `${uniqueWord()}@example.com` });
    expect(customer.status, customer.text).toBe(201);
    const expiresAt = Math.floor(Date.now() / 1000) + 86_400;
    const card = await issue({ initial_value: 2500, currency: 'eur', customer_id: customer.body.data.id, expires_at: expiresAt, note: 'Apology' });
    expect(card).toMatchObject({
      object: 'gift_card', initial_value: 2500, balance: 2500, currency: 'EUR', customer_id: customer.body.data.id,
      expires_at: expiresAt, is_enabled: true, note: 'Apology',
    });
    expect(card.id).toMatch(/^gft_[0-9a-z]{26}$/);
    const read = (await t.admin.get(`/v1/gift_cards/${card.id}`)).body.data;
    expect(read.movements).toEqual([{ id: expect.stringMatching(/^gfm_/), kind: 'issue', amount: 2500, order_id: null, created_at: card.created_at }]);

    const found = await t.admin.get(`/v1/gift_cards?code=${encodeURIComponent(card.code.toLowerCase())}`);
    expect(found.body.data.map((c: any) => c.id)).toEqual([card.id]);
    expect(found.body.meta.pagination.total_items).toBe(1);
    const byCustomer = await t.admin.get(`/v1/gift_cards?customer_id=${customer.body.data.id}`);
    expect(byCustomer.body.data.map((c: any) => c.id)).toEqual([card.id]);
  });

  it("defaults to the store's currency and no customer, expiry or note", async () => {
    const store = (await t.admin.get('/v1/store')).body.data;
    const card = await issue({ initial_value: 1 });
    expect(card).toMatchObject({ currency: store.currency, customer_id: null, expires_at: null, note: null, is_enabled: true });
  });

  it('refuses bad input with 422 naming each field', async () => {
    expectInvalid(await t.admin.post('/v1/gift_cards', {}), 'initial_value');
    expectInvalid(await t.admin.post('/v1/gift_cards', { initial_value: 0 }), 'initial_value');
    expectInvalid(await t.admin.post('/v1/gift_cards', { initial_value: -5 }), 'initial_value');
    expectInvalid(await t.admin.post('/v1/gift_cards', { initial_value: 1.5 }), 'initial_value');
    expectInvalid(
      await t.admin.post('/v1/gift_cards', { initial_value: 100, currency: 'XYZ', customer_id: 'cus_nobody', expires_at: 1000 }),
      'currency', 'customer_id', 'expires_at',
    );
    expectInvalid(await t.admin.post('/v1/gift_cards', { initial_value: 100, code: 'short' }), 'code');
    expectInvalid(await t.admin.post('/v1/gift_cards', { initial_value: 100, code: '--------- ' }), 'code');
    expectInvalid(await t.admin.post('/v1/gift_cards', { initial_value: 100, code: 'BAD;CODE;HERE' }), 'code');
    const card = await issue();
    expectInvalid(await t.admin.post(`/v1/gift_cards/${card.id}`, { expires_at: 5 }), 'expires_at');
    expectInvalid(await t.admin.post(`/v1/gift_cards/${card.id}`, { customer_id: 'cus_nobody' }), 'customer_id');
    expectProblem(await t.admin.post(`/v1/gift_cards/${card.id}`, { balance: 999999 }), 400, 'invalid_request');
    expect((await t.admin.get(`/v1/gift_cards/${card.id}`)).body.data.balance).toBe(5000);
  });

  it('answers 404 for a card that does not exist', async () => {
    expectProblem(await t.admin.get('/v1/gift_cards/gft_00000000000000000000000000'), 404, 'not_found');
    expectProblem(await t.admin.post('/v1/gift_cards/gft_00000000000000000000000000', { note: 'x' }), 404, 'not_found');
    expectProblem(await t.admin.post('/v1/gift_cards/gft_00000000000000000000000000/disable'), 404, 'not_found');
  });

  it('updates only the members sent and records gift_card.updated', async () => {
    const card = await issue({ note: 'first' });
    const res = await t.admin.post(`/v1/gift_cards/${card.id}`, { note: 'second' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ note: 'second', balance: 5000, is_enabled: true, last_four: card.last_four });
    expect(res.body.data).not.toHaveProperty('code');
    const events = await eventsOf(t, card.id, 'gift_card.updated');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toMatchObject({ id: card.id, note: 'second' });
  });

  it('disables a card (twice changes nothing more), and enables it again through an update', async () => {
    const card = await issue();
    const disabled = await t.admin.post(`/v1/gift_cards/${card.id}/disable`);
    expect(disabled.status, disabled.text).toBe(200);
    expect(disabled.body.data.is_enabled).toBe(false);
    expect((await t.admin.post(`/v1/gift_cards/${card.id}/disable`)).body.data.is_enabled).toBe(false);
    expect(await eventsOf(t, card.id, 'gift_card.updated')).toHaveLength(1);
    expect((await t.admin.get('/v1/gift_cards?is_enabled=false&per_page=250')).body.data.map((c: any) => c.id)).toContain(card.id);

    const enabled = await t.admin.post(`/v1/gift_cards/${card.id}`, { is_enabled: true });
    expect(enabled.body.data.is_enabled).toBe(true);
  });
});
