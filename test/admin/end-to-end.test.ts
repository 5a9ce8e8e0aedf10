import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, listen, screenshot, signIn, useBrowser } from '../helpers/browser.js';
import { eventsOf, placedOrder, stockOf } from '../helpers/checkout.js';
import { uniqueWord } from '../helpers/expect.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 120_000;

/** Goes to a screen through the navigation, as staff do (a group's link once the group is open). */
async function openScreen(page: Page, link: string, heading: string, group?: string) {
  const areas = page.getByRole('navigation', { name: 'Areas' });
  const target = areas.getByRole('link', { name: link, exact: true });
  if (group && !(await target.isVisible())) await areas.getByText(group, { exact: true }).click();
  await target.click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

async function orderOf(t: TestContext, id: string) {
  return (await t.admin.get(`/v1/orders/${id}`)).body.data;
}

describeInBrowser('a shop run end to end from the dashboard', (t) => {
  const holder = useBrowser();

  it('creates a product with a sku and an image, puts it in a collection, sells it, then captures, refunds part, fulfils and shows the events', async () => {
    const base = await listen(t);
    const word = uniqueWord();
    const name = `Enamel mug ${word}`;
    await inWindow(holder.browser, async (page) => {
      await signIn(page, base, t.adminKey, '/admin/home');

      // The product, its first sku priced, and a picture of it.
      await openScreen(page, 'Products', 'Products', 'Catalogue');
      await page.getByRole('button', { name: 'New product' }).click();
      await page.getByRole('heading', { name: 'New product', level: 1 }).waitFor();
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Price', { exact: true }).fill('12.00');
      const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 240 } });
      await page.getByLabel('Images').setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer: picture });
      await page.getByRole('img', { name: 'Image 1' }).waitFor();
      await page.getByRole('button', { name: 'Create product' }).click();
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      const productId = new URL(page.url()).pathname.split('/').pop()!;

      // Its sku keeps stock: five mugs on the shelf.
      const product = (await t.admin.get(`/v1/products/${productId}`)).body.data;
      expect(product.images).toHaveLength(1);
      const skuId: string = product.sku_id;
      await page.getByRole('button', { name: /^Edit sku/ }).first().click();
      const skuDialog = page.getByRole('dialog');
      await skuDialog.getByLabel('Track stock').check({ force: true });
      await skuDialog.getByLabel('Stock', { exact: true }).fill('5');
      await skuDialog.getByRole('button', { name: 'Save sku' }).click();
      await skuDialog.waitFor({ state: 'hidden' });
      await expect.poll(() => stockOf(t, skuId)).toBe(5);

      // A hand-picked collection holding it.
      await openScreen(page, 'Collections', 'Collections', 'Catalogue');
      await page.getByRole('button', { name: 'New collection' }).click();
      const create = page.getByRole('dialog', { name: 'New collection' });
      await create.getByLabel('Title').fill(`Mugs ${word}`);
      await create.getByRole('button', { name: 'Create collection' }).click();
      await page.getByRole('heading', { name: `Mugs ${word}`, level: 1 }).waitFor();
      await page.getByLabel('Find products to add').fill(name);
      await page.getByRole('button', { name: `Add ${name} to the collection` }).click();
      await page.getByRole('button', { name: `Take ${name} out of the collection` }).waitFor();
      const collectionId = new URL(page.url()).pathname.split('/').pop()!;
      const members = (await t.admin.get(`/v1/collections/${collectionId}/products`)).body.data as Array<{ id: string }>;
      expect(members.map((member) => member.id)).toEqual([productId]);

      // A shopper buys two through the storefront API; the test gateway only authorizes.
      const { order } = await placedOrder(t, {
        items: [{ skuId, quantity: 2 }],
        gateway: { driver: 'test', settings: { capture: 'manual' } },
        customer: { first_name: 'Grace', last_name: 'Hopper' },
      });
      expect(order.financial_status).toBe('authorized');
      expect(await stockOf(t, skuId)).toBe(3);

      // Staff find it, capture, refund part and ship it.
      await openScreen(page, 'Orders', 'Orders');
      await page.getByLabel('Search').fill(order.number);
      // The search applies once typing pauses; a click before then is undone by it.
      await page.waitForURL((url) => url.searchParams.get('q') === order.number);
      await page.getByRole('link', { name: order.number }).click();
      await page.getByRole('heading', { name: `Order ${order.number}` }).waitFor();

      await page.getByRole('button', { name: 'Capture payment' }).click();
      const capture = page.getByRole('dialog', { name: 'Capture payment' });
      await capture.getByRole('button', { name: 'Capture' }).click();
      await capture.waitFor({ state: 'hidden' });
      await expect.poll(async () => (await orderOf(t, order.id)).financial_status).toBe('paid');

      await page.getByRole('button', { name: 'Refund' }).click();
      const refund = page.getByRole('dialog', { name: 'Refund' });
      await refund.getByLabel('Amount (USD)').fill('5.00');
      await refund.getByRole('button', { name: 'Refund' }).click();
      await refund.waitFor({ state: 'hidden' });
      await expect.poll(async () => (await orderOf(t, order.id)).financial_status).toBe('partially_refunded');

      await page.getByRole('button', { name: 'Fulfil items' }).click();
      const fulfil = page.getByRole('dialog', { name: 'Fulfil items' });
      await fulfil.getByLabel('Tracking code').fill('1Z999AA10123456784');
      await fulfil.getByRole('button', { name: 'Fulfil' }).click();
      await fulfil.waitFor({ state: 'hidden' });
      await expect.poll(async () => (await orderOf(t, order.id)).fulfillment_status).toBe('fulfilled');

      // Its history, on the order's screen and in the events browser.
      await page.getByText(/^Shipped: /).first().waitFor();
      await page.getByText(/^Paid \$/).first().waitFor();
      const kinds = (await eventsOf(t, order.id)).map((event: { kind: string }) => event.kind);
      expect(kinds).toEqual(expect.arrayContaining(['order.placed', 'order.paid']));
      await expectAccessible(page, 'the order at the end of the story');
      await screenshot(page, 'end-to-end-order');

      await openScreen(page, 'Events', 'Events', 'Settings');
      await page.getByRole('button', { name: /^fulfillment\.created/ }).first().waitFor();
    });
  }, SLOW);
}, { admin: true });
