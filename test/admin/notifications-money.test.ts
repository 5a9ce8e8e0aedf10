import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { ADDRESS, pay, readyCheckout } from '../helpers/checkout.js';
import { uniqueWord } from '../helpers/expect.js';
import { expectAddsUp } from '../helpers/mail-figures.js';
import { deliverMailOnce } from '../helpers/smtp.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 90_000;
/** How long a poll may wait for the server's answer to show (two busy cores, PostgreSQL): not a timing assertion. */
const SERVER = { timeout: 15_000 };

function ok(res: { status: number; text: string; body: any }, status = 200): any {
  expect(res.status, res.text).toBe(status);
  return res.body.data;
}

/** A paid order with a 20 % code, $5.00 shipping, 10 % taxes on top and a gift message; its confirmation rendered. */
async function discountedGiftOrder(t: TestContext) {
  ok(await t.admin.post('/v1/tax_rates', { country_code: ADDRESS.country_code, rate: 1000 }), 201);
  const code = ok(await t.admin.post('/v1/discounts', { code: `FIFTH${uniqueWord()}`, title: 'Fifth off', kind: 'percentage', value: 2000 }), 201).code as string;
  const ready = await readyCheckout(t, { items: [{ price: 2700, quantity: 2 }, { price: 3600 }], shippingPrice: 500 });
  ok(await t.storefront.put(`/v1/carts/${ready.cartId}`, { is_gift: true, gift_message: 'Happy birthday!' }));
  ok(await t.storefront.post(`/v1/carts/${ready.cartId}/checkout`, {}));
  ok(await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { discount_codes: [code] }));
  ok(await pay(t, ready.orderId));
  await deliverMailOnce(t, undefined);
  return { ...ready, code, order: ok(await t.admin.get(`/v1/orders/${ready.orderId}`)) };
}

/** The mail as staff read it on its screen: the HTML part's text as the frame lays it out, and the text part. */
async function readMessage(page: Page): Promise<{ html: string; text: string }> {
  const frame = page.frameLocator('iframe[title="Message as HTML"]');
  await frame.getByText('Total', { exact: true }).waitFor(SERVER);
  const html = await frame.locator('body').innerText();
  await page.getByRole('tab', { name: 'Text' }).click();
  const text = await page.getByLabel('Message as text').innerText();
  await page.getByRole('tab', { name: 'HTML' }).click();
  return { html, text };
}

describeInBrowser('staff read the money of an order confirmation in the dashboard', (t) => {
  const holder = useBrowser();

  it('opens the confirmation of a discounted, shipped, taxed gift order from the log, and its lines add up to its total', async () => {
    const base = await listen(t);
    const { email, code, order } = await discountedGiftOrder(t);
    // 5400 + 3600 = 9000; 20 % off = 1800; taxes 10 % of 7200 = 720; + 500 shipping.
    expect(order).toMatchObject({ total_items_price: 9000, total_discount: 1800, shipping_rate: 500, total_taxes: 720, total_price: 8420 });

    for (const size of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const narrow = size.width < 600;
      await inWindow(holder.browser, async (page) => {
        await openSignedIn(page, base, t.adminKey, '/admin/settings/notifications?kind=order_confirmation');
        await page.getByRole('table').getByRole('row').filter({ hasText: email }).getByRole('link', { name: 'Order confirmation' }).click();
        await page.getByRole('heading', { name: `Order confirmation to ${email}`, level: 1 }).waitFor();
        const message = await readMessage(page);
        expectAddsUp(message.html, order, 'the HTML part as the dashboard shows it');
        expectAddsUp(message.text, order, 'the text part as the dashboard shows it');
        for (const part of [message.html, message.text]) {
          expect(part).toContain(`Discount (${code})`);
          expect(part).toContain('Happy birthday!');
        }
        if (!narrow) await expectAccessible(page, 'an order confirmation with its money');
        // The frame scrolled to the totals, as staff would to check them.
        await page.frameLocator('iframe[title="Message as HTML"]').getByText('Total', { exact: true }).scrollIntoViewIfNeeded();
        await page.getByText('Subject', { exact: true }).scrollIntoViewIfNeeded();
        await screenshot(page, narrow ? 'notifications-message-money-narrow' : 'notifications-message-money');
        // A long address in the heading wraps: nothing scrolls sideways on a phone.
        if (narrow) expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      }, size);
    }
  }, SLOW);
}, { admin: true });
