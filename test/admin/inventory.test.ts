import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { catalogFactories } from '../helpers/catalog.js';
import { uniqueWord } from '../helpers/expect.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 90_000;

async function stockOf(t: TestContext, skuId: string): Promise<number | null> {
  return (await t.admin.get(`/v1/skus/${skuId}`)).body.data.in_stock;
}

describeInBrowser('staff keep stock on the inventory screen', (t) => {
  const holder = useBrowser();
  const catalog = catalogFactories(t);

  /** A product whose skus count stock; the low one is made last, so creation order would list it last. */
  async function stockedProduct() {
    const word = uniqueWord();
    const product = await catalog.createProduct({ name: `Candle ${word}`, modifiers: ['scent'] });
    const sku = async (scent: string, code: string, stock: Record<string, unknown>) =>
      catalog.createSku({ product_id: product.id, modifiers: { scent }, code: `${code}-${word}`, stock_policy: 'overall', ...stock });
    const plenty = await sku('Cedar', 'CED', { in_stock: 80, low_threshold: 10 });
    const fine = await sku('Fig', 'FIG', { in_stock: 25, low_threshold: 10 });
    const low = await sku('Amber', 'AMB', { in_stock: 2, low_threshold: 10 });
    return { word, product, plenty, fine, low };
  }

  it('lists the skus that count stock, low stock first, and saves a stock typed in place', async () => {
    const base = await listen(t);
    const { word, product, plenty, fine, low } = await stockedProduct();

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/products');
      await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Inventory' }).click();
      await page.getByRole('heading', { name: 'Inventory', level: 1 }).waitFor();
      await page.getByLabel('Search').fill(word);
      await page.waitForURL((url) => url.searchParams.get('q') === word);
      // Three skus of the product count stock; its default sku does not and is not listed.
      await page.getByText('1–3 of 3 skus').waitFor();
      const rows = page.getByRole('region', { name: 'Inventory' }).getByRole('row');
      await expect.poll(async () => (await rows.allInnerTexts()).slice(1).map((text) => text.split('\n')[0])).toEqual([low.name, fine.name, plenty.name]);
      await rows.nth(1).getByText('Low', { exact: true }).waitFor();
      await expect.poll(() => page.getByLabel(`Stock of ${low.name}`).inputValue()).toBe('2');
      // The pointer off the navigation link it clicked (a hovered active link is the shell's, not this screen's).
      await page.mouse.move(700, 10);
      await expectAccessible(page, 'the inventory');
      await screenshot(page, 'inventory');

      // Enter saves.
      const lowStock = page.getByLabel(`Stock of ${low.name}`);
      await lowStock.fill('40');
      await lowStock.press('Enter');
      await expect.poll(() => stockOf(t, low.id)).toBe(40);
      await rows.nth(1).getByText('In stock', { exact: true }).waitFor();
      // The row keeps its place while staff go on down the list.
      expect((await rows.nth(1).innerText()).split('\n')[0]).toBe(low.name);

      // Leaving the box saves too.
      const fineStock = page.getByLabel(`Stock of ${fine.name}`);
      await fineStock.fill('7');
      await fineStock.blur();
      await expect.poll(() => stockOf(t, fine.id)).toBe(7);

      // A refused value is said beside its row, and nothing changes.
      await lowStock.fill('-5');
      await lowStock.press('Enter');
      const refusal = rows.nth(1).getByText(/^Stock must be/);
      await refusal.waitFor();
      expect(await lowStock.getAttribute('aria-invalid')).toBe('true');
      expect(await lowStock.inputValue()).toBe('-5');
      expect(await stockOf(t, low.id)).toBe(40);
      await expectAccessible(page, 'the inventory with a refused stock');
      await screenshot(page, 'inventory-refused');

      // Read again, the list is in the server's order: the sku now low comes first.
      await page.reload();
      await page.getByText('1–3 of 3 skus').waitFor();
      await expect.poll(async () => (await rows.allInnerTexts()).slice(1).map((text) => text.split('\n')[0])).toEqual([fine.name, low.name, plenty.name]);
      await page.getByRole('switch', { name: 'Low stock only' }).check();
      await page.getByText('1–1 of 1 skus').waitFor();
      await page.getByRole('link', { name: fine.name }).click();
      await page.waitForURL(new RegExp(`/admin/products/${product.id}$`));
    });
  }, SLOW);

  it('keeps the inventory usable on a phone: the table scrolls in its own box', async () => {
    const base = await listen(t);
    const { word, low } = await stockedProduct();

    await inWindow(
      holder.browser,
      async (page) => {
        await openSignedIn(page, base, t.adminKey, `/admin/inventory?q=${word}`);
        await page.getByText('1–3 of 3 skus').waitFor();
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        const stock = page.getByLabel(`Stock of ${low.name}`);
        await stock.scrollIntoViewIfNeeded();
        await stock.fill('3');
        await stock.press('Enter');
        await expect.poll(() => stockOf(t, low.id)).toBe(3);
        await expectAccessible(page, 'the inventory on a phone');
        await screenshot(page, 'inventory-narrow');
      },
      { width: 390, height: 844 },
    );
  }, SLOW);
}, { admin: true });
