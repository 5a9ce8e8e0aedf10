import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventsOf, orderRow, pay, payWith, readyCheckout } from '../../helpers/checkout.js';
import { expectProblem, uniqueWord } from '../../helpers/expect.js';
import { deliverMailUntil, startSmtpServer, type ReceivedMail, type SmtpServer } from '../../helpers/smtp.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';
import { issueSoldGiftCards } from '../../../src/modules/gift-cards/sold-gift-cards.js';
import { MAX_BALANCE_MISSES } from '../../../src/modules/gift-cards/balance-throttle.js';

const CODE = /[A-Z2-9]{4}(?:-[A-Z2-9]{4}){3}/g;

/** A product whose default sku is a gift card of `price`, made through the admin API. */
async function giftCardSku(t: TestContext, price = 2500): Promise<any> {
  const word = uniqueWord();
  const product = await t.admin.post('/v1/products', { name: `Gift card ${word}`, permalink: `gift-card-${word}` });
  expect(product.status, product.text).toBe(201);
  const sku = await t.admin.post(`/v1/skus/${product.body.data.sku_id}`, { price, is_gift_card: true });
  expect(sku.status, sku.text).toBe(200);
  return sku.body.data;
}

/** The cards an order sold, oldest unit first, as staff read them. */
async function cardsSoldIn(t: TestContext, orderId: string): Promise<any[]> {
  const rows = await t.db.selectFrom('gift_cards').innerJoin('order_items', 'order_items.id', 'gift_cards.order_item_id')
    .select(['gift_cards.id']).where('order_items.order_id', '=', orderId)
    .orderBy('gift_cards.order_item_id').orderBy('gift_cards.order_item_unit').execute();
  return Promise.all(rows.map(async (row) => (await t.admin.get(`/v1/gift_cards/${row.id}`)).body.data));
}

async function giftCardMails(t: TestContext, orderId: string) {
  return t.db.selectFrom('notifications').selectAll().where('order_id', '=', orderId).where('kind', '=', 'gift_card_issued').execute();
}

/** A client address of its own, so one test's misses never count against another's. */
const someClient = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

describeEachDatabase('gift cards sold as products', (t) => {
  let smtp: SmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.stop();
  });

  /** The mail to `email` whose subject matches, delivered as the worker does (the order's confirmation goes to the same address). */
  async function mailOf(email: string, subject: RegExp): Promise<ReceivedMail> {
    const find = () => smtp.to(email).find((mail) => subject.test(mail.parsed.subject ?? ''));
    await deliverMailUntil(t, smtp, () => find() !== undefined, { smtpUrl: smtp.url });
    return find()!;
  }

  it('marks a sku as a gift card that ships nothing and is not taxed, and the storefront sees it', async () => {
    const sku = await giftCardSku(t);
    expect(sku).toMatchObject({ is_gift_card: true, is_shipping_required: false, is_taxable: false });
    expect((await t.storefront.get(`/v1/skus/${sku.id}`)).body.data.is_gift_card).toBe(true);
    // A printed card: shipping said in the same write is kept.
    const printed = await t.admin.post(`/v1/skus/${sku.id}`, { is_gift_card: true, is_shipping_required: true });
    expect(printed.body.data).toMatchObject({ is_gift_card: true, is_shipping_required: true });
    const plain = await t.admin.post(`/v1/skus/${sku.id}`, { is_gift_card: false });
    expect(plain.body.data.is_gift_card).toBe(false);
    const bad = await t.admin.post(`/v1/skus/${sku.id}`, { is_gift_card: 'yes' });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(bad.text).toContain('is_gift_card');
  });

  it('issues one card per unit of a paid order, worth the price paid, and mails the whole codes to the buyer', async () => {
    const sku = await giftCardSku(t, 2500);
    const ready = await readyCheckout(t, { items: [{ skuId: sku.id, quantity: 2 }] });
    expect(ready.checkout.meta.is_shipping_required).toBe(false);
    const paid = await pay(t, ready.orderId);
    expect(paid.status, paid.text).toBe(200);
    const order = paid.body.data;
    expect(order.financial_status).toBe('paid');
    expect(order.items[0]).toMatchObject({ is_gift_card: true, quantity: 2 });

    const cards = await cardsSoldIn(t, ready.orderId);
    expect(cards).toHaveLength(2);
    const { customer_id: customerId } = await orderRow(t, ready.orderId);
    expect(customerId).not.toBeNull();
    for (const card of cards) {
      expect(card).toMatchObject({
        initial_value: 2500, balance: 2500, currency: order.currency, customer_id: customerId, expires_at: null, is_enabled: true,
        note: `Sold in order ${order.number}`,
      });
      expect(card).not.toHaveProperty('code');
      expect(card.movements).toEqual([expect.objectContaining({ kind: 'issue', amount: 2500, order_id: ready.orderId })]);
      expect(await eventsOf(t, card.id, 'gift_card.created')).toHaveLength(1);
    }

    const mail = await mailOf(ready.email, /^Your gift cards from /);
    const codes = mail.parsed.text!.match(CODE) ?? [];
    expect(codes).toHaveLength(2);
    expect(codes.map((code) => code.slice(-4)).sort()).toEqual(cards.map((card) => card.last_four).sort());
    expect(mail.parsed.html).toContain(codes[0]);
    expect(mail.parsed.text).toContain('$25.00');
    // Each code mailed is the whole code of its card.
    for (const code of codes) {
      const found = await t.admin.get(`/v1/gift_cards?code=${code}`);
      expect(found.body.data.map((c: any) => c.id)).toHaveLength(1);
    }
    // Staff read the message's status, never the codes it carries.
    const [message] = (await t.admin.get(`/v1/notifications?order_id=${ready.orderId}&kind=gift_card_issued`)).body.data;
    expect(message).toMatchObject({ recipient: ready.email, html: null, text: null, data: null });
  });

  it('sells a card, mails its code, and that code pays half of a later order', async () => {
    const sku = await giftCardSku(t, 2500);
    const sold = await readyCheckout(t, { items: [{ skuId: sku.id, quantity: 1 }] });
    expect((await pay(t, sold.orderId)).status).toBe(200);
    const [code] = (await mailOf(sold.email, /^Your gift cards? from /)).parsed.text!.match(CODE) ?? [];
    expect(code).toBeDefined();

    // The buyer gives the code away; a later order of 50.00 (40.00 and 10.00 shipping) spends it.
    const later = await readyCheckout(t, { items: [{ price: 4000 }], shippingPrice: 1000 });
    const entered = await t.storefront.put(`/v1/checkouts/${later.orderId}`, { gift_cards: [code] });
    expect(entered.status, entered.text).toBe(200);
    expect(entered.body.data).toMatchObject({ total_price: 5000, gift_cards: [{ last_four: code!.slice(-4), amount: 2500 }], total_due: 2500 });
    const paid = await pay(t, later.orderId);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data).toMatchObject({ financial_status: 'paid', gift_cards: [{ amount: 2500 }], total_due: 2500 });
    const [card] = await cardsSoldIn(t, sold.orderId);
    expect(card).toMatchObject({ balance: 0, initial_value: 2500 });
    expect(card.movements.map((m: any) => [m.kind, m.amount, m.order_id])).toEqual([['issue', 2500, sold.orderId], ['redeem', -2500, later.orderId]]);
  });

  it("writes the mail in the order's language", async () => {
    const sku = await giftCardSku(t, 2500);
    const ready = await readyCheckout(t, { items: [{ skuId: sku.id, quantity: 1 }] });
    await t.db.updateTable('orders').set({ locale: 'fr' }).where('id', '=', ready.orderId).execute();
    expect((await pay(t, ready.orderId)).status).toBe(200);
    const mail = await mailOf(ready.email, /^Votre carte cadeau /);
    expect(mail.parsed.text).toContain('Merci pour votre commande');
    expect(mail.parsed.text).toMatch(/Montant : 25,00\s\$US/);
    expect(mail.parsed.text).toContain('Conservez ce message');
    expect(mail.parsed.text!.match(CODE)).toHaveLength(1);
    expect(mail.parsed.html).toContain('<html lang="fr">');
  });

  it('issues nothing for an order placed unpaid until staff record its payment', async () => {
    const sku = await giftCardSku(t, 1000);
    const ready = await readyCheckout(t, { items: [{ skuId: sku.id, quantity: 1 }], gateway: { driver: 'manual' } });
    const placed = await payWith(t, ready.orderId, { method: 'transfer' });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body.data.financial_status).toBe('pending');
    expect(await cardsSoldIn(t, ready.orderId)).toEqual([]);
    expect(await giftCardMails(t, ready.orderId)).toEqual([]);

    const captured = await t.admin.post(`/v1/orders/${ready.orderId}/transactions`, { kind: 'capture' });
    expect(captured.status, captured.text).toBe(201);
    expect((await orderRow(t, ready.orderId)).financial_status).toBe('paid');
    const cards = await cardsSoldIn(t, ready.orderId);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ initial_value: 1000, balance: 1000 });
    expect(await giftCardMails(t, ready.orderId)).toHaveLength(1);

    // A second capture is refused, and issues nothing more.
    expectProblem(await t.admin.post(`/v1/orders/${ready.orderId}/transactions`, { kind: 'capture' }), 409, 'invalid_state');
    expect(await cardsSoldIn(t, ready.orderId)).toHaveLength(1);
  });

  it('never issues a unit twice: paying again, replaying the payment or issuing again adds no card and no mail', async () => {
    const sku = await giftCardSku(t, 1500);
    const ready = await readyCheckout(t, { items: [{ skuId: sku.id, quantity: 2 }] });
    const key = `gift-${uniqueWord()}`;
    const first = await pay(t, ready.orderId, undefined, { 'idempotency-key': key });
    expect(first.status, first.text).toBe(200);
    const replay = await pay(t, ready.orderId, undefined, { 'idempotency-key': key });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body.data.number).toBe(first.body.data.number);
    expectProblem(await pay(t, ready.orderId), 409, 'invalid_state');

    // The issue itself run again, as a replayed capture would: every unit has its card already.
    const order = await orderRow(t, ready.orderId);
    const items = await t.db.selectFrom('order_items').selectAll().where('order_id', '=', ready.orderId).execute();
    await t.db.transaction().execute((tx) => issueSoldGiftCards(tx, order, items, Math.floor(Date.now() / 1000)));

    expect(await cardsSoldIn(t, ready.orderId)).toHaveLength(2);
    expect(await giftCardMails(t, ready.orderId)).toHaveLength(1);
  });

  it('gives a card the price paid per unit after the item discount, the odd cents to the first units', async () => {
    const sku = await giftCardSku(t, 1000);
    const word = uniqueWord().toUpperCase();
    const discount = await t.admin.post('/v1/discounts', { code: `TEN${word}`, title: 'Ten off', kind: 'fixed_amount', value: 1001 });
    expect(discount.status, discount.text).toBe(201);
    const ready = await readyCheckout(t, { items: [{ skuId: sku.id, quantity: 3 }], until: 'data' });
    const coded = await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { discount_codes: [`TEN${word}`] });
    expect(coded.status, coded.text).toBe(200);
    const methods = await t.storefront.post(`/v1/checkouts/${ready.orderId}/methods`, { payment: { gateway: ready.gatewayId } });
    expect(methods.status, methods.text).toBe(200);
    const paid = await pay(t, ready.orderId);
    expect(paid.status, paid.text).toBe(200);
    const line = paid.body.data.items[0];
    const paidForLine = line.subtotal - line.discount;
    const values = (await cardsSoldIn(t, ready.orderId)).map((card) => card.initial_value);
    expect(values.reduce((a: number, b: number) => a + b, 0)).toBe(paidForLine);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
  });

  it("answers a card's balance by its whole code, typed any way, and 404 for an unknown code", async () => {
    const card = (await t.admin.post('/v1/gift_cards', { initial_value: 4200, currency: 'EUR' })).body.data;
    const remoteAddress = someClient();
    const res = await t.storefront.post('/v1/gift_cards/balance', { code: card.code.toLowerCase().replace(/-/g, ' ') }, { remoteAddress });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ last_four: card.last_four, balance: 4200, currency: 'EUR', expires_at: null, is_enabled: true });
    await t.admin.post(`/v1/gift_cards/${card.id}/disable`);
    expect((await t.storefront.post('/v1/gift_cards/balance', { code: card.code }, { remoteAddress })).body.data.is_enabled).toBe(false);

    expectProblem(await t.storefront.post('/v1/gift_cards/balance', { code: 'NOPE-NOPE-NOPE-NOPE' }, { remoteAddress }), 404, 'not_found');
    const empty = await t.storefront.post('/v1/gift_cards/balance', {}, { remoteAddress });
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].field).toBe('code');
  });

  it('refuses a client past its misses with 429, even for a real code, and lets other clients check', async () => {
    const card = (await t.admin.post('/v1/gift_cards', { initial_value: 100 })).body.data;
    const remoteAddress = someClient();
    // Codes that name a card are no misses.
    for (let i = 0; i < 3; i++) expect((await t.storefront.post('/v1/gift_cards/balance', { code: card.code }, { remoteAddress })).status).toBe(200);
    for (let i = 0; i < MAX_BALANCE_MISSES; i++) {
      expectProblem(await t.storefront.post('/v1/gift_cards/balance', { code: `GUESS-${i}-${uniqueWord()}` }, { remoteAddress }), 404, 'not_found');
    }
    const refused = await t.storefront.post('/v1/gift_cards/balance', { code: card.code }, { remoteAddress });
    expectProblem(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.storefront.post('/v1/gift_cards/balance', { code: card.code }, { remoteAddress: someClient() })).status).toBe(200);
  });

  it('keeps gift cards from storefronts, and the balance check from staff keys and strangers', async () => {
    expectProblem(await t.storefront.get('/v1/gift_cards'), 403, 'forbidden');
    expectProblem(await t.storefront.post('/v1/gift_cards', { initial_value: 100 }), 403, 'forbidden');
    const card = (await t.admin.post('/v1/gift_cards', { initial_value: 100 })).body.data;
    expectProblem(await t.storefront.get(`/v1/gift_cards/${card.id}`), 403, 'forbidden');
    expectProblem(await t.admin.post('/v1/gift_cards/balance', { code: card.code }), 403, 'forbidden');
    expectProblem(await t.anonymous.post('/v1/gift_cards/balance', { code: card.code }), 401, 'unauthorized');
  });
});
