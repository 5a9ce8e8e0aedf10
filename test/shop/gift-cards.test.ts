import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, screenshot, useBrowser } from '../helpers/browser.js';
import { uniqueWord } from '../helpers/expect.js';
import { chooseDelivery, fillAddress, SHOP_ADDRESS, shopOf } from '../helpers/shop.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 120_000;

/** `$12.34` for 1234 cents. */
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describeInBrowser('the shop: a buyer pays with a gift card', (t) => {
  const holder = useBrowser();

  /** A new buyer puts a tote bag in the cart and checks out up to the payment step; answers the order's total. */
  async function upToPayment(page: Page, base: string, email: string): Promise<{ orderId: string; total: number }> {
    await page.context().clearCookies();
    await page.goto(`${base}/products/canvas-tote-bag`);
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    await page.getByRole('button', { name: 'Check out' }).click();
    await fillAddress(page, { ...SHOP_ADDRESS, email });
    await chooseDelivery(page, 'Card (test mode)');
    // The payment step's heading shows before the methods are saved: the card field comes after.
    await page.getByLabel('Card number').waitFor();
    const [order] = (await t.admin.get(`/v1/orders?q=${encodeURIComponent(email)}`)).body.data;
    return { orderId: order.id, total: order.total_price };
  }

  async function issue(t: TestContext, value: number) {
    const res = await t.admin.post('/v1/gift_cards', { initial_value: value });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: string; code: string; last_four: string };
  }

  it('applies a card that pays half, pays the rest with the test card, and shows the card\'s share on the confirmation', async () => {
    const base = await shopOf(t);
    const email = `gift-${uniqueWord()}@example.com`;
    await inWindow(holder.browser, async (page) => {
      const { orderId, total } = await upToPayment(page, base, email);
      const half = Math.floor(total / 2);
      const card = await issue(t, half);

      // A code that names no card is refused beside the field.
      await page.getByLabel('Gift card', { exact: true }).fill('NOPE-NOPE-NOPE-NOPE');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.locator('#gift-card-error').waitFor();
      expect(await page.locator('#gift-card-error').textContent()).toBe('That code is not the code of a gift card');

      // Typed in lower case with spaces, as a person reads it off a card.
      await page.getByLabel('Gift card', { exact: true }).fill(card.code.toLowerCase().replace(/-/g, ' '));
      await page.getByRole('button', { name: 'Apply' }).click();
      const applied = page.locator('.gift-cards li');
      await applied.waitFor();
      expect((await applied.textContent())!.replace(/\s+/g, ' ')).toContain(`•••• ${card.last_four}−${dollars(half)}`);
      await page.getByRole('button', { name: `Remove gift card ending ${card.last_four}` }).waitFor();
      await page.getByRole('button', { name: `Pay ${dollars(total - half)}` }).waitFor();
      expect(await page.content()).not.toContain(card.code);
      await expectAccessible(page, 'shop checkout with a gift card');
      await page.getByRole('heading', { name: '3. Payment' }).scrollIntoViewIfNeeded();
      await screenshot(page, 'shop-checkout-gift-card');

      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: `Pay ${dollars(total - half)}` }).click();
      await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
      const summary = page.locator('.order-summary');
      expect((await summary.textContent())!).toContain(`Gift card •••• ${card.last_four}−${dollars(half)}`);
      await screenshot(page, 'shop-confirmation-gift-card');

      const order = (await t.admin.get(`/v1/orders/${orderId}`)).body.data;
      expect(order).toMatchObject({ status: 'placed', financial_status: 'paid', gift_cards: [{ last_four: card.last_four, amount: half }], total_due: total - half });
      expect((await t.admin.get(`/v1/gift_cards/${card.id}`)).body.data.balance).toBe(0);
    });
  }, SLOW);

  it('pays with the gift card alone when it covers the total, and removes a card', async () => {
    const base = await shopOf(t);
    const email = `gift-all-${uniqueWord()}@example.com`;
    await inWindow(holder.browser, async (page) => {
      const { orderId, total } = await upToPayment(page, base, email);
      const small = await issue(t, 100);
      const big = await issue(t, total + 1000);
      for (const card of [small, big]) {
        await page.getByLabel('Gift card', { exact: true }).fill(card.code);
        await page.getByRole('button', { name: 'Apply' }).click();
        await page.getByRole('button', { name: `Remove gift card ending ${card.last_four}` }).waitFor();
      }
      // The small card goes; the big one still pays everything.
      await page.getByRole('button', { name: `Remove gift card ending ${small.last_four}` }).click();
      await expect.poll(() => page.locator('.gift-cards li').count()).toBe(1);
      await page.getByRole('button', { name: 'Pay with gift card' }).click();
      await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
      const order = (await t.admin.get(`/v1/orders/${orderId}`)).body.data;
      expect(order).toMatchObject({ status: 'placed', financial_status: 'paid', payment_method: 'gift_card', total_due: 0, gift_cards: [{ last_four: big.last_four, amount: total }] });
      expect((await t.admin.get(`/v1/gift_cards/${small.id}`)).body.data.balance).toBe(100);
    });
  }, SLOW);
}, { shop: true, demo: true });
