import { expect, it } from 'vitest';
import { CARDS, eventsOf, orderRow, pay, payWith, readyCheckout, transactionRows } from '../../helpers/checkout.js';
import { expectProblem } from '../../helpers/expect.js';
import { MAX_BALANCE_MISSES } from '../../../src/modules/gift-cards/balance-throttle.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

// Gift cards paying at checkout (DESIGN.md §10): entered with PUT /v1/checkouts/{id}, applied after
// discounts to the whole total, taken from their balances at placement (reserve, charge, place),
// recorded as `gift_card` transactions and given back by refunds.
describeEachDatabase('gift cards at checkout', (t) => {
  const now = () => Math.floor(Date.now() / 1000);

  async function issue(initialValue: number, body: Record<string, unknown> = {}) {
    const res = await t.admin.post('/v1/gift_cards', { initial_value: initialValue, currency: 'USD', ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: string; code: string; last_four: string };
  }
  const card = async (id: string) => (await t.admin.get(`/v1/gift_cards/${id}`)).body.data;
  const movementsOf = (id: string) => t.db.selectFrom('gift_card_movements').selectAll().where('gift_card_id', '=', id).orderBy('id').execute();

  /** A checkout ready to pay for 4000 + 1000 shipping, with the cards of `codes` entered. */
  async function checkoutWith(codes: string[], price = 4000) {
    const ready = await readyCheckout(t, { items: [{ price }], shippingPrice: 1000 });
    const res = await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { gift_cards: codes });
    return { ready, res };
  }

  it('lets a card pay half an order and the test card the rest: the gateway charges only the rest', async () => {
    const gift = await issue(2500);
    const { ready, res } = await checkoutWith([gift.code]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ total_price: 5000, gift_cards: [{ last_four: gift.last_four, amount: 2500 }], total_due: 2500 });
    // Entering a card takes nothing yet.
    expect((await card(gift.id)).balance).toBe(2500);

    const paid = await pay(t, ready.orderId);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'placed', financial_status: 'paid', payment_method: 'card', gift_cards: [{ last_four: gift.last_four, amount: 2500 }], total_due: 2500 });
    const transactions = await transactionRows(t, ready.orderId);
    expect(transactions.map((row) => [row.gateway, row.kind, row.status, row.amount]).sort()).toEqual([
      [ready.gatewaySource, 'charge', 'succeeded', 2500],
      ['gift_card', 'charge', 'succeeded', 2500],
    ].sort());
    expect(transactions.find((row) => row.gateway === 'gift_card')).toMatchObject({ reference: gift.id });
    expect((await card(gift.id)).balance).toBe(0);
    expect((await movementsOf(gift.id)).map((m) => [m.kind, Number(m.amount), m.order_id])).toEqual([['issue', 2500, null], ['redeem', -2500, ready.orderId]]);
    // The order keeps the cards' shares on its staff view too.
    expect((await t.admin.get(`/v1/orders/${ready.orderId}`)).body.data.gift_cards).toEqual([{ last_four: gift.last_four, amount: 2500 }]);
  });

  it('pays an order the cards cover whole with payment[method] gift_card, calling no gateway', async () => {
    const gift = await issue(10_000);
    const { ready, res } = await checkoutWith([gift.code]);
    expect(res.body.data).toMatchObject({ total_price: 5000, gift_cards: [{ amount: 5000 }], total_due: 0 });

    const byCard = await pay(t, ready.orderId);
    expect(byCard.status).toBe(422);
    expect(byCard.body.errors).toEqual([expect.objectContaining({ field: 'payment[method]' })]);
    expect((await orderRow(t, ready.orderId)).payment_claimed_at).toBeNull();

    const paid = await payWith(t, ready.orderId, { method: 'gift_card' });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'placed', financial_status: 'paid', payment_method: 'gift_card', total_due: 0 });
    expect((await transactionRows(t, ready.orderId)).map((row) => [row.gateway, row.kind, row.amount])).toEqual([['gift_card', 'charge', 5000]]);
    expect((await card(gift.id)).balance).toBe(5000);
    expect(await eventsOf(t, ready.orderId, 'order.paid')).toHaveLength(1);
  });

  it('applies two cards in the order entered, each up to its balance', async () => {
    const first = await issue(1500);
    const second = await issue(3000);
    const { ready, res } = await checkoutWith([first.code, second.code]);
    expect(res.body.data).toMatchObject({ gift_cards: [{ last_four: first.last_four, amount: 1500 }, { last_four: second.last_four, amount: 3000 }], total_due: 500 });
    expect((await pay(t, ready.orderId)).status).toBe(200);
    expect([(await card(first.id)).balance, (await card(second.id)).balance]).toEqual([0, 0]);
    const giftCharges = (await transactionRows(t, ready.orderId)).filter((row) => row.gateway === 'gift_card');
    expect(giftCharges.map((row) => [row.reference, row.amount])).toEqual(expect.arrayContaining([[first.id, 1500], [second.id, 3000]]));
    // [] removes the cards of a checkout.
    const other = await checkoutWith([second.code]);
    expect(other.res.body.errors).toEqual([expect.objectContaining({ field: 'gift_cards[0]', code: 'empty' })]);
    const again = await checkoutWith([]);
    expect(again.res.body.data).toMatchObject({ gift_cards: [], total_due: 5000 });
  });

  it('refuses unknown, disabled, expired, empty, other-currency and repeated codes, each on gift_cards[i]', async () => {
    const good = await issue(1000);
    const disabled = await issue(1000);
    await t.admin.post(`/v1/gift_cards/${disabled.id}/disable`);
    const expired = await issue(1000, { expires_at: now() + 3600 });
    await t.db.updateTable('gift_cards').set({ expires_at: now() - 1 }).where('id', '=', expired.id).execute();
    const empty = await issue(1000);
    await t.db.updateTable('gift_cards').set({ balance: 0 }).where('id', '=', empty.id).execute();
    const euros = await issue(1000, { currency: 'EUR' });
    const { ready, res } = await checkoutWith([good.code, 'NOPE-NOPE-NOPE-NOPE', disabled.code, expired.code, empty.code, euros.code, good.code.toLowerCase()]);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors.map((e: any) => [e.field, e.code])).toEqual([
      ['gift_cards[1]', 'not_found'], ['gift_cards[2]', 'disabled'], ['gift_cards[3]', 'expired'],
      ['gift_cards[4]', 'empty'], ['gift_cards[5]', 'currency_mismatch'], ['gift_cards[6]', 'duplicate'],
    ]);
    // Nothing of the refused request was kept.
    expect((await t.storefront.get(`/v1/checkouts/${ready.orderId}`)).body.data.gift_cards).toEqual([]);
  });

  it('refuses a list of the wrong shape or longer than 10 codes with 422 naming the member', async () => {
    const ready = await readyCheckout(t, { until: 'data' });
    for (const body of [{ gift_cards: 'ABCD-EFGH' }, { gift_cards: [42] }, { gift_cards: ['<script>'] }, { gift_cards: Array.from({ length: 11 }, (_, i) => `CODE-${i}-XXXX`) }]) {
      const res = await t.storefront.put(`/v1/checkouts/${ready.orderId}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[0].field).toMatch(/^gift_cards/);
    }
  });

  it('never takes a card below zero when two checkouts spend it at once: one places, the other is refused on gift_cards[0]', async () => {
    const gift = await issue(3000);
    const one = await checkoutWith([gift.code]);
    const two = await checkoutWith([gift.code]);
    expect([one.res.body.data.total_due, two.res.body.data.total_due]).toEqual([2000, 2000]);
    const results = await Promise.all([pay(t, one.ready.orderId), pay(t, two.ready.orderId)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    const refused = results.find((r) => r.status === 422)!;
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'gift_cards[0]', code: 'insufficient' })]);
    expect((await card(gift.id)).balance).toBe(0);
    const movements = await movementsOf(gift.id);
    expect(movements.map((m) => [m.kind, Number(m.amount)])).toEqual([['issue', 3000], ['redeem', -3000]]);
    // The refused order was charged nothing and is priced again: the spent card pays 0 of it now.
    const loser = results.indexOf(refused) === 0 ? one.ready.orderId : two.ready.orderId;
    expect((await transactionRows(t, loser)).filter((row) => row.status === 'succeeded')).toEqual([]);
    expect((await t.storefront.get(`/v1/checkouts/${loser}`)).body.data).toMatchObject({ status: 'created', gift_cards: [{ amount: 0 }], total_due: 5000 });
  });

  it("gives a card its share back when staff void the rest's authorization", async () => {
    const gift = await issue(2500);
    const ready = await readyCheckout(t, { items: [{ price: 4000 }], shippingPrice: 1000, gateway: { driver: 'test', settings: { capture: 'manual' } } });
    expect((await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { gift_cards: [gift.code] })).status).toBe(200);
    const paid = await pay(t, ready.orderId);
    expect(paid.body.data).toMatchObject({ financial_status: 'authorized', total_due: 2500 });
    expect((await card(gift.id)).balance).toBe(0);

    const voided = await t.admin.post(`/v1/orders/${ready.orderId}/transactions`, { kind: 'void' });
    expect(voided.status, voided.text).toBe(201);
    expect(voided.body.data).toMatchObject({ kind: 'void', amount: 2500 });
    expect(await orderRow(t, ready.orderId)).toMatchObject({ financial_status: 'voided' });
    expect((await card(gift.id)).balance).toBe(2500);
    expect((await movementsOf(gift.id)).map((m) => [m.kind, Number(m.amount)])).toEqual([['issue', 2500], ['redeem', -2500], ['refund', 2500]]);
  });

  it('takes nothing from a card when the gateway declines the rest', async () => {
    const gift = await issue(2000);
    const { ready } = await checkoutWith([gift.code]);
    const declined = await pay(t, ready.orderId, CARDS.declined);
    expect(declined.status).toBe(402);
    expect((await card(gift.id)).balance).toBe(2000);
    expect((await movementsOf(gift.id)).map((m) => m.kind)).toEqual(['issue']);
    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'created', financial_status: 'unpaid', reserved_at: null });
    // Paying again with a good card takes it then.
    expect((await pay(t, ready.orderId)).status).toBe(200);
    expect((await card(gift.id)).balance).toBe(0);
  });

  it('refunds to the cards first, the last card first, then to the gateway', async () => {
    const first = await issue(1000);
    const second = await issue(2000);
    const { ready } = await checkoutWith([first.code, second.code]);
    expect((await pay(t, ready.orderId)).status).toBe(200);

    const part = await t.admin.post(`/v1/orders/${ready.orderId}/transactions`, { kind: 'refund', amount: 2500 });
    expect(part.status, part.text).toBe(201);
    expect([(await card(first.id)).balance, (await card(second.id)).balance]).toEqual([500, 2000]);
    expect((await movementsOf(second.id)).map((m) => [m.kind, Number(m.amount), m.order_id])).toEqual([['issue', 2000, null], ['redeem', -2000, ready.orderId], ['refund', 2000, ready.orderId]]);

    const rest = await t.admin.post(`/v1/orders/${ready.orderId}/transactions`, { kind: 'refund' });
    expect(rest.status, rest.text).toBe(201);
    expect((await card(first.id)).balance).toBe(1000);
    const refunds = (await transactionRows(t, ready.orderId)).filter((row) => row.kind === 'refund');
    expect(refunds.map((row) => [row.gateway, row.amount]).sort()).toEqual([['gift_card', 2000], ['gift_card', 500], ['gift_card', 500], [ready.gatewaySource, 2000]].sort());
    expect((await orderRow(t, ready.orderId)).financial_status).toBe('refunded');
  });

  it('refunds an order the cards paid whole without a gateway', async () => {
    const gift = await issue(6000);
    const { ready } = await checkoutWith([gift.code]);
    expect((await payWith(t, ready.orderId, { method: 'gift_card' })).status).toBe(200);
    await t.admin.delete(`/v1/gateways/${ready.gatewayId}`);
    const refund = await t.admin.post(`/v1/orders/${ready.orderId}/transactions`, { kind: 'refund' });
    expect(refund.status, refund.text).toBe(201);
    expect(refund.body.data).toMatchObject({ gateway: 'gift_card', kind: 'refund', amount: 5000 });
    expect((await card(gift.id)).balance).toBe(6000);
    expect((await orderRow(t, ready.orderId)).financial_status).toBe('refunded');
  });

  it('gives the cards back when an order awaiting an offline payment is canceled', async () => {
    const gift = await issue(1000);
    const ready = await readyCheckout(t, { gateway: { driver: 'manual' }, shippingPrice: 1000, items: [{ price: 4000 }] });
    await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { gift_cards: [gift.code] });
    const placed = await payWith(t, ready.orderId, { method: 'transfer' });
    expect(placed.body.data).toMatchObject({ financial_status: 'pending', total_due: 4000 });
    expect((await card(gift.id)).balance).toBe(0);
    expect((await t.admin.post(`/v1/orders/${ready.orderId}/cancel`, {})).status).toBe(200);
    expect((await card(gift.id)).balance).toBe(1000);
    expect((await movementsOf(gift.id)).map((m) => m.kind)).toEqual(['issue', 'redeem', 'refund']);
  });

  it('counts codes of no card entered at checkout against the client, as the balance page does: 429 past the limit, even for a real card', async () => {
    const gift = await issue(1000);
    const { ready } = await checkoutWith([]);
    const remoteAddress = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    const enter = (codes: string[], address = remoteAddress) => t.storefront.put(`/v1/checkouts/${ready.orderId}`, { gift_cards: codes }, { remoteAddress: address });
    // A real card entered again and again is no miss.
    for (let i = 0; i < 3; i++) expect((await enter([gift.code])).status).toBe(200);
    for (let i = 0; i < MAX_BALANCE_MISSES; i++) {
      const guess = await enter([`GUESS${i}X-${Date.now()}`]);
      expect(guess.status, guess.text).toBe(422);
      expect(guess.body.errors[0]).toMatchObject({ field: 'gift_cards[0]', code: 'not_found' });
    }
    expectProblem(await enter([gift.code]), 429, 'rate_limited');
    // Nothing was applied by the refused write; another buyer, and staff, are not held back.
    expect((await enter([gift.code], '10.8.0.1')).body.data.gift_cards).toEqual([{ last_four: gift.last_four, amount: 1000 }]);
    expect((await t.admin.put(`/v1/checkouts/${ready.orderId}`, { gift_cards: ['NOT-A-CARD-AT-ALL'] }, { remoteAddress })).status).toBe(422);
  });

  it('never shows a storefront the code of a card', async () => {
    const gift = await issue(1000);
    const { ready, res } = await checkoutWith([gift.code]);
    const paid = await pay(t, ready.orderId);
    const normalized = gift.code.replace(/-/g, '');
    for (const body of [res.text, paid.text, (await t.storefront.get(`/v1/checkouts/${ready.orderId}`)).text]) {
      expect(body).not.toContain(gift.code);
      expect(body).not.toContain(normalized);
      expect(body).toContain(gift.last_four);
    }
  });
});
