import { expect, test } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/database.js';
import { queueAbandonedCheckouts } from '../../../src/modules/notifications/abandoned-checkouts.js';
import { ADDRESS, pay, readyCheckout, type ItemSpec } from '../../helpers/checkout.js';
import { uniqueWord } from '../../helpers/expect.js';
import { amountCount, expectAddsUp, htmlText } from '../../helpers/mail-figures.js';
import { deliverMailOnce } from '../../helpers/smtp.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

const HOUR_MS = 3_600_000;
/** Two lines, one of two units; 20 % off makes cents to share between them (4999 → 1000 off). */
const ITEMS: ItemSpec[] = [{ price: 1999, quantity: 2 }, { price: 1001 }];
const GIFT_MESSAGE = 'Happy birthday, from all of us';

function ok(res: { status: number; text: string; body: any }, status = 200): any {
  expect(res.status, res.text).toBe(status);
  return res.body.data;
}

async function messagesOf(t: TestContext, query: string): Promise<any[]> {
  return ok(await t.admin.get(`/v1/notifications?${query}`));
}

/** The buyer's country taxed at 10 % (once per database), prices with or without it, and a new 20 % code. */
async function taxedStore(t: TestContext, taxIncluded: boolean): Promise<string> {
  ok(await t.admin.post('/v1/store', { is_tax_included: taxIncluded }));
  const rates = ok(await t.admin.get('/v1/tax_rates'));
  if (!rates.some((r: any) => r.country_code === ADDRESS.country_code && r.state_code === null)) {
    ok(await t.admin.post('/v1/tax_rates', { country_code: ADDRESS.country_code, rate: 1000 }), 201);
  }
  return ok(await t.admin.post('/v1/discounts', { code: `FIFTH${uniqueWord()}`, title: 'Fifth off', kind: 'percentage', value: 2000 }), 201).code;
}

/** A checkout with shipping, marked as a gift with a message, and the code entered; not paid. */
async function giftCheckout(t: TestContext, code: string, items = ITEMS, until?: 'data') {
  const ready = await readyCheckout(t, { items, shippingPrice: 500, until });
  ok(await t.storefront.put(`/v1/carts/${ready.cartId}`, { is_gift: true, gift_message: GIFT_MESSAGE }));
  // Checking out the cart again carries the gift over to the open checkout.
  ok(await t.storefront.post(`/v1/carts/${ready.cartId}/checkout`, {}));
  const checkout = ok(await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { discount_codes: [code] }));
  expect(checkout).toMatchObject({ is_gift: true, gift_message: GIFT_MESSAGE });
  expect(checkout.total_discount).toBeGreaterThan(0);
  return ready;
}

/** The order placed and paid, its confirmation rendered by the worker (no SMTP: kept as not_sent). */
async function confirmedOrder(t: TestContext, code: string, items = ITEMS) {
  const ready = await giftCheckout(t, code, items);
  ok(await pay(t, ready.orderId));
  const order = ok(await t.admin.get(`/v1/orders/${ready.orderId}`));
  await deliverMailOnce(t, undefined);
  const [message] = await messagesOf(t, `order_id=${order.id}&kind=order_confirmation`);
  expect(message.status).toBe('not_sent');
  return { order, message };
}

function expectBothPartsAddUp(message: { html: string; text: string }, order: any | undefined, what: string, complete = true) {
  expectAddsUp(message.text, order, `${what} (text)`, complete);
  expectAddsUp(htmlText(message.html), order, `${what} (HTML)`, complete);
}

describeEachDatabase('the money in the shipped mails adds up', (t) => {
  test('an order confirmation with a code, shipping, taxes on top and a gift: lines = Subtotal; Subtotal − Discount + Shipping + Taxes = Total', async () => {
    const code = await taxedStore(t, false);
    const { order, message } = await confirmedOrder(t, code);
    expect(order).toMatchObject({ total_items_price: 4999, total_discount: 1000, shipping_rate: 500, total_taxes: 400, total_price: 4899, is_gift: true });
    expectBothPartsAddUp(message, order, 'order confirmation');
    // The code is named beside its discount, and the gift's message is there.
    for (const part of [message.text, htmlText(message.html)]) {
      expect(part).toMatch(new RegExp(`Discount \\(${code}\\)`));
      expect(part).toContain(GIFT_MESSAGE);
    }
  });

  test('an order confirmation with prices that include taxes: the taxes are said to be included and not added', async () => {
    const code = await taxedStore(t, true);
    try {
      const { order, message } = await confirmedOrder(t, code);
      expect(order).toMatchObject({ total_items_price: 4999, total_discount: 1000, shipping_rate: 500, total_taxes: 364, total_price: 4499 });
      expectBothPartsAddUp(message, order, 'order confirmation, taxes included');
      expect(message.text).toMatch(/Taxes included.*\$3\.64/);
    } finally {
      ok(await t.admin.post('/v1/store', { is_tax_included: false }));
    }
  });

  test('an order confirmation with free shipping beside the code: the shipping discount is in the Discount, once', async () => {
    const code = await taxedStore(t, false);
    // Automatic, and only for orders of $500 or more: no other order of this file gets it.
    const free = ok(await t.admin.post('/v1/discounts', { title: 'Free shipping over $500', kind: 'free_shipping', minimum_subtotal: 50_000 }), 201);
    try {
      const { order, message } = await confirmedOrder(t, code, [{ price: 30_000, quantity: 2 }]);
      // 20 % of 60000, and the 500 of shipping.
      expect(order).toMatchObject({ total_items_price: 60_000, total_discount: 12_500, shipping_rate: 500, total_taxes: 4_800, total_price: 52_800 });
      expectBothPartsAddUp(message, order, 'order confirmation, free shipping');
    } finally {
      ok(await t.admin.post(`/v1/discounts/${free.id}`, { is_active: false }));
    }
  });

  test('an abandoned checkout reminder: its lines add up to its Subtotal', async () => {
    const code = await taxedStore(t, false);
    // The first scan starts at the checkouts opened from `hours` ago.
    await queueAbandonedCheckouts({ db: t.db, kind: t.kind } as DatabaseHandle, 4);
    const ready = await giftCheckout(t, code, ITEMS, 'data');
    await queueAbandonedCheckouts({ db: t.db, kind: t.kind } as DatabaseHandle, 4, Date.now() + 4 * HOUR_MS + 60_000);
    await deliverMailOnce(t, undefined);
    const [message] = await messagesOf(t, `checkout_id=${ready.orderId}&kind=abandoned_checkout`);
    expect(message.status).toBe('not_sent');
    const checkout = ok(await t.admin.get(`/v1/orders/${ready.orderId}`));
    expectBothPartsAddUp(message, checkout, 'abandoned checkout', false);
  });

  test('the refund mail writes only the amount refunded; the shipping and cancel mails write no amount', async () => {
    const code = await taxedStore(t, false);
    const { order: shipped } = await confirmedOrder(t, code);
    ok(await t.admin.post(`/v1/orders/${shipped.id}/transactions`, { kind: 'refund', amount: 750 }), 201);
    ok(await t.admin.post(`/v1/orders/${shipped.id}/fulfillments`, { tracking_code: '1Z999', carrier: 'UPS', is_customer_notified: true }), 201);
    const { order: canceled } = await confirmedOrder(t, code);
    ok(await t.admin.post(`/v1/orders/${canceled.id}/cancel`, { reason: 'customer' }));
    await deliverMailOnce(t, undefined);
    const messages = [...await messagesOf(t, `order_id=${shipped.id}`), ...await messagesOf(t, `order_id=${canceled.id}&kind=order_canceled`)];
    const byKind = new Map(messages.map((m) => [m.kind, m]));
    expect([...byKind.keys()].sort()).toEqual(['order_canceled', 'order_confirmation', 'refund', 'shipping_confirmation']);
    const refund = byKind.get('refund');
    for (const part of [refund.text, htmlText(refund.html)]) {
      expect(part.match(/\$[\d,]+\.\d{2}/g), part).toEqual(['$7.50']);
    }
    for (const kind of ['shipping_confirmation', 'order_canceled']) {
      const message = byKind.get(kind);
      expect(amountCount(message.text) + amountCount(htmlText(message.html)), `${kind}: ${message.text}`).toBe(0);
    }
  });

  test('the previews of the shipped templates add up too, with taxes on top or included', async () => {
    for (const taxIncluded of [false, true]) {
      ok(await t.admin.post('/v1/store', { is_tax_included: taxIncluded }));
      for (const [kind, complete] of [['order_confirmation', true], ['abandoned_checkout', false]] as const) {
        const preview = ok(await t.admin.post(`/v1/notification_templates/${kind}/preview`, {}));
        expectBothPartsAddUp(preview, undefined, `${kind} preview, taxes ${taxIncluded ? 'included' : 'on top'}`, complete);
        if (kind === 'order_confirmation') expect(preview.text).toMatch(taxIncluded ? /^Taxes included in the total: /m : /^Taxes: /m);
      }
    }
    ok(await t.admin.post('/v1/store', { is_tax_included: false }));
  });
});
