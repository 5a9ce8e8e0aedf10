import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, screenshot, useBrowser } from '../helpers/browser.js';
import { signedUpCustomer } from '../helpers/customers.js';
import { chooseDelivery, fillAddress, SHOP_ADDRESS, shopOf } from '../helpers/shop.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 120_000;

/** What a product card of the listing on `page` says of the Canvas Tote Bag. */
async function toteCard(page: Page): Promise<string> {
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Canvas Tote Bag' }) }).first();
  return (await card.textContent())?.replace(/\s+/g, ' ').trim() ?? '';
}

async function productPrice(page: Page): Promise<string> {
  return (await page.locator('.product-price').textContent())?.replace(/\s+/g, ' ').trim() ?? '';
}

/** Staff make a Wholesale group, a customer in it, and a list selling the tote ($15.00) at $12.00 to it. */
async function wholesaleCustomer(t: TestContext) {
  const tote = (await t.storefront.get('/v1/products/canvas-tote-bag')).body.data.skus[0];
  const group = (await t.admin.post('/v1/customer_groups', { name: 'Wholesale' })).body.data;
  const member = await signedUpCustomer(t, { first_name: 'Willa', last_name: 'Sale' });
  expect((await t.admin.post(`/v1/customers/${member.id}`, { email: member.email, group_ids: [group.id] })).status).toBe(200);
  const list = await t.admin.post('/v1/price_lists', { name: 'Wholesale prices', customer_group_ids: [group.id], prices: [{ sku_id: tote.id, price: 1200 }] });
  expect(list.status, list.text).toBe(201);
  return { tote, member };
}

describeInBrowser('the shop: a wholesale customer', (t) => {
  const holder = useBrowser();

  it('sees and pays their price on the product page, the listings, the cart and the order, while a guest sees the regular one', async () => {
    const base = await shopOf(t);
    const { tote, member } = await wholesaleCustomer(t);
    // A guest browsing in a browser of their own, whose cookies the member's pages never see.
    const guestContext = await holder.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', timezoneId: 'UTC', reducedMotion: 'reduce' });
    const guest = await guestContext.newPage();

    await inWindow(holder.browser, async (page) => {
      await page.context().clearCookies();
      // Added to the cart as a guest first: signing in makes the cart the member's, at their price.
      await page.goto(`${base}/products/canvas-tote-bag`);
      expect(await productPrice(page)).toBe('$15.00');
      await page.getByRole('button', { name: 'Add to cart · $15.00' }).click();
      await page.getByRole('heading', { name: 'Your cart' }).waitFor();

      await page.goto(`${base}/account`);
      const form = page.getByRole('region', { name: 'Sign in' });
      await form.getByLabel('Email').fill(member.email);
      await form.getByLabel('Password').fill(member.password);
      await form.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText(`Hello, Willa. You are signed in as ${member.email}.`).waitFor();

      // The product page: their price, labelled as theirs, the regular price struck through.
      const response = await page.goto(`${base}/products/canvas-tote-bag`);
      // A member's page is for that browser only: no shared cache may keep it.
      expect(response!.headers()['cache-control']).toMatch(/private|no-store/);
      expect(await productPrice(page)).toBe('Your price $12.00 $15.00');
      expect(await page.locator('.product-price s').getAttribute('aria-label')).toBe('was $15.00');
      const offer = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
      expect(JSON.stringify(offer)).toContain('"price":"12.00"');
      await expectAccessible(page, 'shop product, member price');
      await screenshot(page, 'shop-member-product');

      // Meanwhile a guest reads the same pages at the regular price, before and after the member.
      await guest.goto(`${base}/products/canvas-tote-bag`);
      expect(await productPrice(guest)).toBe('$15.00');
      await guest.goto(`${base}/search?q=tote`);
      expect(await toteCard(guest)).not.toContain('$12.00');
      expect(await toteCard(guest)).toContain('$15.00');

      // The listings: the home page's featured collection and the search.
      await page.goto(`${base}/`);
      expect(await toteCard(page)).toContain('Your price $12.00 $15.00');
      await page.goto(`${base}/search?q=tote`);
      expect(await toteCard(page)).toContain('Your price $12.00 $15.00');
      await screenshot(page, 'shop-member-search');

      // The cart made as a guest is the member's now, at the member's price.
      await page.goto(`${base}/cart`);
      await page.getByRole('heading', { name: 'Your cart' }).waitFor();
      await expect.poll(() => page.locator('.total-row.grand').textContent()).toBe('Total$12.00');
      await screenshot(page, 'shop-member-cart');

      await page.getByRole('button', { name: 'Check out' }).click();
      await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
      await fillAddress(page, { ...SHOP_ADDRESS, email: member.email });
      await chooseDelivery(page, 'Card (test mode)');
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      // $12.00 of tote and $7.00 of standard shipping.
      await page.getByRole('button', { name: 'Pay $19.00' }).click();
      await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
      expect(await page.locator('main').textContent()).toContain('$12.00');
      await screenshot(page, 'shop-member-confirmation');
      const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
      const order = (await t.admin.get(`/v1/orders/${orderId}`)).body.data;
      expect(order).toMatchObject({ status: 'placed', financial_status: 'paid', customer_id: member.id, total_items_price: 1200, total_price: 1900 });
      expect(order.items).toMatchObject([{ sku_id: tote.id, quantity: 1, price: 1200, compared_price: 1500 }]);

      // Once the member has read them, the guest's pages still say $15.00.
      await guest.goto(`${base}/`);
      expect(await toteCard(guest)).toContain('$15.00');
      expect(await toteCard(guest)).not.toMatch(/Your price|\$12\.00/);
      await guest.goto(`${base}/products/canvas-tote-bag`);
      expect(await productPrice(guest)).toBe('$15.00');
      await guest.getByRole('button', { name: 'Add to cart · $15.00' }).click();
      await guest.getByRole('heading', { name: 'Your cart' }).waitFor();
      await expect.poll(() => guest.locator('.total-row.grand').textContent()).toBe('Total$15.00');
      await screenshot(guest, 'shop-guest-cart-regular-price');
    });
    await guestContext.close();
  }, SLOW);
}, { shop: true, demo: true });
