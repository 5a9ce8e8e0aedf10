import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { placedOrder } from '../helpers/checkout.js';

const SLOW = 90_000;
const PHONE = { width: 390, height: 844 };

/** Every cell of the table's first row, with its column's name, lies inside the window: nothing is cut off. */
async function expectWholeRows(page: Page, table: string) {
  // The table's own scrolling region (a section may carry the same name).
  const region = page.locator(`[role="region"][tabindex="0"][aria-label="${table}"]`);
  await region.locator('tbody tr').first().waitFor();
  await region.scrollIntoViewIfNeeded();
  const cells = await region.locator('tbody tr').first().locator('td').evaluateAll((tds) =>
    tds.map((td) => {
      const box = td.getBoundingClientRect();
      return { left: box.left, right: box.right, text: (td as HTMLElement).innerText.trim() };
    }));
  expect(cells.length).toBeGreaterThan(1);
  for (const cell of cells) {
    expect(cell.left, `${table}: "${cell.text}"`).toBeGreaterThanOrEqual(0);
    expect(cell.right, `${table}: "${cell.text}"`).toBeLessThanOrEqual(PHONE.width);
  }
  // And the page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describeInBrowser('the dashboard on a phone', (t) => {
  const holder = useBrowser();

  it('shows every column of the order list, an order\'s items and a product\'s skus, each cell named by its column', async () => {
    const base = await listen(t);
    const { orderId, skus } = await placedOrder(t, { items: [{ code: 'MUG-BLUE', quantity: 2 }] });
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/orders');
      await expectWholeRows(page, 'Orders');
      await screenshot(page, 'phone-orders');
      await expectAccessible(page, 'the order list on a phone');

      await openSignedIn(page, base, t.adminKey, `/admin/orders/${orderId}`);
      await expectWholeRows(page, 'Items');
      const items = page.locator('[role="region"][tabindex="0"][aria-label="Items"]');
      // The quantity and the line's total, once out of sight to the right, read beside their names.
      expect(await items.locator('td[data-label="Quantity"]').first().innerText()).toContain('2');
      await screenshot(page, 'phone-order-items');

      await openSignedIn(page, base, t.adminKey, `/admin/products/${skus[0]!.productId}`);
      await expectWholeRows(page, 'Skus');
      await screenshot(page, 'phone-product-skus');
      await expectAccessible(page, 'a product on a phone');
    }, PHONE);
  }, SLOW);
}, { admin: true });
