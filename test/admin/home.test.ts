import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.js';
import { deliverDue } from '../../src/modules/webhooks/delivery.js';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { catalogFactories } from '../helpers/catalog.js';
import { placedOrder } from '../helpers/checkout.js';
import { uniqueWord } from '../helpers/expect.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 90_000;

/** A placed, paid order of one item at `price` and free shipping. */
async function order(t: TestContext, price: number) {
  return (await placedOrder(t, { items: [{ price }], shippingPrice: 0 })).order as { id: string; total_price: number };
}

/** A webhook endpoint nobody answers at, with one failed attempt behind it. */
async function failingWebhook(t: TestContext) {
  expect((await t.admin.post('/v1/webhooks', { url: 'http://127.0.0.1:9/closed', events: ['product.created'] })).status).toBe(201);
  expect((await t.admin.post('/v1/products', { name: `Hooked ${uniqueWord()}` })).status).toBe(201);
  await deliverDue({ db: t.db, kind: t.kind } as DatabaseHandle, { retryBaseMs: 60_000, allowPrivate: true, timeoutMs: 2000, batchSize: 50 });
}

/** The words of one figure of the sales row. */
const tile = (page: Page, label: string) => page.getByRole('list', { name: 'Sales' }).getByRole('listitem', { name: label });
const figure = (page: Page, label: string) => tile(page, label).innerText();
const section = (page: Page, title: string) => page.getByRole('region', { name: title });

describeInBrowser('staff see the shop at a glance on the home screen', (t) => {
  const holder = useBrowser();

  it("lands on home after signing in: sales of today, the week and the month, what waits to ship, low stock, failing webhooks, and a chart", async () => {
    const base = await listen(t);
    await order(t, 1000);
    await order(t, 2500);
    const older = await order(t, 1200);
    // Placement times are the server's own: an order of three days ago is dated back in the database.
    const placedAt = (await t.db.selectFrom('orders').select('placed_at').where('id', '=', older.id).executeTakeFirstOrThrow()).placed_at!;
    await t.db.updateTable('orders').set({ placed_at: Number(placedAt) - 3 * 86_400 }).where('id', '=', older.id).execute();
    const product = await catalogFactories(t).createProduct({ name: `Espresso beans ${uniqueWord()}` });
    expect((await t.admin.post(`/v1/skus/${product.sku_id}`, { stock_policy: 'overall', in_stock: 2, low_threshold: 5 })).status).toBe(200);
    await failingWebhook(t);

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/');
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/home');
      await tile(page, 'Today').getByText('$35.00').waitFor();
      expect(await figure(page, 'Today')).toContain('2 orders');
      expect(await figure(page, 'Last 7 days')).toContain('$47.00');
      expect(await figure(page, 'Last 7 days')).toContain('3 orders');
      expect(await figure(page, 'Last 30 days')).toContain('$47.00');

      await section(page, 'Orders to ship').getByText('3 not shipped').waitFor();
      await section(page, 'Low stock').getByRole('link', { name: product.name }).waitFor();
      expect(await section(page, 'Low stock').getByRole('cell', { name: '2 / 5' }).count()).toBe(1);
      await section(page, 'Failing webhooks').getByRole('link', { name: 'See why in the delivery log' }).waitFor();
      expect(await section(page, 'Failing webhooks').getByText('1', { exact: true }).count()).toBe(1);
      expect(await section(page, 'Failing webhooks').getByRole('link').getAttribute('href')).toBe('/admin/settings/webhooks');
      await section(page, 'Daily sales, last 30 days').locator('.recharts-bar-rectangle').last().waitFor();
      expect(await page.getByRole('table', { name: 'Sales per day' }).getByRole('row').count()).toBe(31);
      await expectAccessible(page, 'the home screen');
      await screenshot(page, 'home');

      await section(page, 'Orders to ship').getByRole('link', { name: '3 not shipped' }).click();
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      const url = new URL(page.url());
      expect([url.pathname, url.searchParams.get('status'), url.searchParams.get('fulfillment_status')]).toEqual(['/admin/orders', 'placed', 'unfulfilled']);
      await page.getByRole('row').nth(3).waitFor();
      expect(await page.getByRole('row').count()).toBe(4);
    });
  }, SLOW);

  it('shows a read-only key the same figures, walked by keyboard, and fits a narrow window', async () => {
    const base = await listen(t);
    const key = (await t.admin.post('/v1/api_keys', { name: 'Accountant', read_only: true })).body.data.token as string;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, key, '/admin/home');
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      await page.getByText('Read-only key').waitFor();
      await tile(page, 'Last 30 days').getByText('3 orders').waitFor();
      // From the top of the page, Tab reaches the link to the orders waiting, and Enter follows it.
      let reached = false;
      for (let i = 0; i < 30 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() === '3 not shipped');
      }
      expect(reached).toBe(true);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      await section(page, 'Daily sales, last 30 days').locator('.recharts-bar-rectangle').last().waitFor();
      await expectAccessible(page, 'the home screen in a narrow window');
      await screenshot(page, 'home-narrow');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }, { width: 390, height: 844 });
  }, SLOW);
}, { admin: true });

describeInBrowser('staff see sales net of refunds on the home screen', (t) => {
  const holder = useBrowser();

  it('refunds part of an order and sees Home show what the shop kept, and who and what sold most', async () => {
    const base = await listen(t);
    // The shop owner's case: an order of $168.30, of which $57.60 was refunded, leaves $110.70.
    const placed = await placedOrder(t, { items: [{ price: 16_830 }], shippingPrice: 0, customer: { first_name: 'Rosa', last_name: 'Parkes' } });
    const productName = placed.order.items[0].product_name as string;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/orders/${placed.orderId}`);
      await page.getByRole('button', { name: 'Refund' }).click();
      const refund = page.getByRole('dialog', { name: 'Refund' });
      await refund.getByLabel('Amount (USD)').fill('57.60');
      await refund.getByRole('button', { name: 'Refund' }).click();
      await refund.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: 'Refund', exact: true }).waitFor();

      await page.getByRole('link', { name: 'Home' }).first().click();
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      // Off the navigation: a hovered link is drawn in its hover colours.
      await page.mouse.move(700, 20);
      await tile(page, 'Today').getByText('$110.70').waitFor();
      expect(await figure(page, 'Today')).toContain('$57.60 refunded');
      expect(await figure(page, 'Last 30 days')).toContain('$110.70');
      const products = page.getByRole('table', { name: 'Top products' });
      await products.getByRole('row', { name: `${productName} 1 $110.70` }).waitFor();
      expect(await products.getByRole('link', { name: productName }).getAttribute('href')).toBe(`/admin/products/${placed.skus[0]!.productId}`);
      await page.getByRole('table', { name: 'Top customers' }).getByRole('row', { name: 'Rosa Parkes 1 $110.70' }).waitFor();
      await expectAccessible(page, 'the home screen with refunds and top sellers');
      await screenshot(page, 'home-net-sales');
    });
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/home');
      const customers = page.getByRole('table', { name: 'Top customers' });
      await customers.getByRole('row', { name: 'Rosa Parkes 1 $110.70' }).waitFor();
      await customers.scrollIntoViewIfNeeded();
      await screenshot(page, 'home-net-sales-narrow');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }, { width: 390, height: 844 });
  }, SLOW);
}, { admin: true });
