import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, screenshot, useBrowser } from '../helpers/browser.js';
import { uniqueWord } from '../helpers/expect.js';
import { chooseDelivery, fillAddress, SHOP_ADDRESS, shopOf } from '../helpers/shop.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 120_000;

/** A demo product's sku by its option value (`M`), or its only sku. */
async function demoSku(t: TestContext, permalink: string, value?: string) {
  const product = (await t.storefront.get(`/v1/products/${permalink}`)).body.data;
  return value ? product.skus.find((sku: { options: Record<string, string> }) => Object.values(sku.options).includes(value)) : product.skus[0];
}

/** A new buyer puts one of a product in the cart, checks out to a US address and picks the test card. */
async function buyOneUpToPayment(page: Page, base: string, permalink: string, email: string): Promise<void> {
  // Tabs of a file share cookies: each buyer starts with none.
  await page.context().clearCookies();
  await page.goto(`${base}/products/${permalink}`);
  await page.getByRole('button', { name: /^Add to cart/ }).click();
  await page.getByRole('button', { name: 'Check out' }).click();
  await fillAddress(page, { ...SHOP_ADDRESS, email });
  await chooseDelivery(page, 'Card (test mode)');
}

async function ordersOf(t: TestContext, email: string) {
  return (await t.admin.get(`/v1/orders?q=${encodeURIComponent(email)}`)).body.data as Array<Record<string, any>>;
}

describeInBrowser('the shop: a guest buys', (t) => {
  const holder = useBrowser();

  it('finds a product from the home page, picks a size, adds two, applies a code and pays with the test card', async () => {
    const base = await shopOf(t);
    const code = `SHOP${uniqueWord().toUpperCase()}`;
    await t.admin.post('/v1/discounts', { code, title: 'Ten percent', kind: 'percentage', value: 1000 });
    const medium = await demoSku(t, 'classic-t-shirt', 'M');
    const email = `guest-${uniqueWord()}@example.com`;

    await inWindow(holder.browser, async (page) => {
      // Tabs of a file share cookies: each buyer starts with none.
      await page.context().clearCookies();
      await page.goto(`${base}/`);
      await expectAccessible(page, 'shop home');
      await screenshot(page, 'shop-home');
      await page.getByRole('link', { name: 'Classic T-Shirt' }).first().click();
      await page.getByRole('heading', { name: 'Classic T-Shirt', level: 1 }).waitFor();

      // The size picker leads to the sku of that size, its price on the button.
      await page.getByRole('link', { name: 'M', exact: true }).click();
      await page.waitForURL(`**/products/classic-t-shirt?sku=${medium.id}`);
      await expect.poll(() => page.getByRole('link', { name: 'M', exact: true }).getAttribute('aria-current')).toBe('true');
      await expectAccessible(page, 'shop product');
      await screenshot(page, 'shop-product');
      await page.getByLabel('Quantity').fill('2');
      await page.getByRole('button', { name: 'Add to cart · $19.00' }).click();

      // The cart: two of the medium shirt, then the code takes 10 % off.
      await page.getByRole('heading', { name: 'Your cart' }).waitFor();
      await expect.poll(() => page.getByLabel('Quantity of Classic T-Shirt - M').inputValue()).toBe('2');
      await page.getByLabel('Discount code').fill(code.toLowerCase());
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText(`Discount (${code})`).waitFor();
      await expect.poll(() => page.locator('.total-row.grand').textContent()).toBe('Total$34.20');
      await expectAccessible(page, 'shop cart');
      await screenshot(page, 'shop-cart');

      // Checkout: address, delivery and the test card.
      await page.getByRole('button', { name: 'Check out' }).click();
      await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
      await fillAddress(page, { ...SHOP_ADDRESS, email });
      await chooseDelivery(page, 'Card (test mode)');
      await expectAccessible(page, 'shop checkout');
      await screenshot(page, 'shop-checkout');
      // $34.20 of shirts and $7.00 of standard shipping.
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pay $41.20' }).click();

      await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
      const [order] = await ordersOf(t, email);
      expect(order).toMatchObject({ status: 'placed', financial_status: 'paid', total_price: 4120, email, number: expect.any(String) });
      expect(order!.items).toMatchObject([{ sku_id: medium.id, quantity: 2 }]);
      expect(order!.discount_codes).toMatchObject([{ code }]);
      await page.getByText(`Order ${order!.number}`).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/orders/${order!.id}`);
      await expectAccessible(page, 'shop confirmation');
      await screenshot(page, 'shop-confirmation');

      // A new cart starts empty.
      await page.goto(`${base}/cart`);
      await page.getByText('Your cart is empty').waitFor();
    });
  }, SLOW);

  it('shows a declined card beside the card field, and takes the buyer\'s second card, on a phone', async () => {
    const base = await shopOf(t);
    const tote = await demoSku(t, 'canvas-tote-bag');
    const email = `declined-${uniqueWord()}@example.com`;
    await inWindow(holder.browser, async (page) => {
      await buyOneUpToPayment(page, base, 'canvas-tote-bag', email);
      await page.getByLabel('Card number').fill('4000 0000 0000 0002');
      await page.getByRole('button', { name: /^Pay/ }).click();

      const card = page.getByLabel('Card number');
      await page.locator('#payment-error').waitFor();
      expect(await page.locator('#payment-error').textContent()).toMatch(/declined/i);
      expect(await card.getAttribute('aria-describedby')).toBe('payment-error');
      expect(await ordersOf(t, email)).toMatchObject([{ status: 'created', financial_status: 'unpaid' }]);

      await card.fill('4242424242424242');
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
      expect(await ordersOf(t, email)).toMatchObject([{ status: 'placed', financial_status: 'paid', items: [{ sku_id: tote.id, quantity: 1 }] }]);
    }, { width: 390, height: 844 });
  }, SLOW);

  it('names the item sold out meanwhile, and asks to review a price that changed', async () => {
    const base = await shopOf(t);
    const mug = await demoSku(t, 'enamel-mug');
    const email = `late-${uniqueWord()}@example.com`;
    await inWindow(holder.browser, async (page) => {
      await buyOneUpToPayment(page, base, 'enamel-mug', email);

      // Staff raise the price while the buyer types their card: nothing is charged, the page says why.
      await t.admin.post(`/v1/skus/${mug.id}`, { price: mug.price + 100 });
      await page.getByLabel('Card number').fill('4242424242424242');
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page.getByText(/review your order below and pay again/).waitFor();
      expect(await ordersOf(t, email)).toMatchObject([{ status: 'created', transactions: [] }]);

      // Then the last one sells elsewhere: the page names the mug.
      await t.admin.post(`/v1/skus/${mug.id}`, { stock_policy: 'overall', in_stock: 0, is_backorderable: false });
      await page.getByLabel('Card number').fill('4242424242424242');
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page.getByText(/No longer available in the quantity asked: Enamel Mug/).waitFor();
      expect(await ordersOf(t, email)).toMatchObject([{ status: 'created', transactions: [] }]);
      await screenshot(page, 'shop-checkout-sold-out');
    });
  }, SLOW);
}, { shop: true, demo: true });
