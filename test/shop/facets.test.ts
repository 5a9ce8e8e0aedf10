import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { catalogFactories } from '../helpers/catalog.js';
import { describeInBrowser, expectAccessible, screenshot, useBrowser } from '../helpers/browser.js';
import { uniqueWord } from '../helpers/expect.js';
import { shopOf } from '../helpers/shop.js';

const SLOW = 120_000;
const NARROW = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 900 };

describeInBrowser('the shop: listing filters', (t) => {
  const holder = useBrowser();
  const { createProduct } = catalogFactories(t);

  /** A collection of four products of two brands in three sizes. */
  async function createShelf(word: string) {
    const permalink = `shelf-${word}`;
    const collection = await t.admin.post('/v1/collections', { title: `Shelf ${word}`, permalink, kind: 'products' });
    expect(collection.status, collection.text).toBe(201);
    const collection_ids = [collection.body.data.id];
    const acme = `Acme ${word}`;
    const globex = `Globex ${word}`;
    await createProduct({ name: `Shirt ${word}`, vendor: acme, price: 1000, options: { size: ['S', 'M'] }, collection_ids });
    await createProduct({ name: `Jumper ${word}`, vendor: acme, price: 2000, options: { size: ['M', 'L'] }, collection_ids });
    await createProduct({ name: `Coat ${word}`, vendor: globex, price: 3000, options: { size: ['L'] }, collection_ids });
    await createProduct({ name: `Sock ${word}`, vendor: globex, price: 500, options: { size: ['M'] }, collection_ids });
    return { path: `/collections/${permalink}`, acme, globex };
  }

  /** The product names the page lists, in order. */
  async function listed(page: Page): Promise<string[]> {
    return page.locator('.product-grid .product-name').allTextContents();
  }

  it('lets a buyer narrow a collection by size and brand, with counts, without JavaScript', async () => {
    const base = await shopOf(t);
    const word = uniqueWord();
    const { path, acme, globex } = await createShelf(word);
    const context = await holder.browser.newContext({ javaScriptEnabled: false, viewport: WIDE, locale: 'en-US' });
    try {
      const page = await context.newPage();
      const res = await page.goto(`${base}${path}?sort=price-ascending`);
      expect(res?.status(), await page.content()).toBe(200);
      await page.getByRole('heading', { name: `Shelf ${word}`, level: 1 }).waitFor();
      // Every value with the number of products holding it.
      for (const name of [`${acme} (2)`, `${globex} (2)`, 'M (3)', 'L (2)', 'S (1)']) {
        await expect.poll(() => page.getByRole('checkbox', { name, exact: true }).count(), { message: name }).toBe(1);
      }
      expect(await page.getByLabel('Price from').getAttribute('placeholder')).toBe('5');
      expect(await page.getByLabel('to', { exact: true }).getAttribute('placeholder')).toBe('30');

      // Size M: three products; the brands count among them, the sizes keep their own counts.
      await page.getByRole('checkbox', { name: 'M (3)' }).check();
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('3 products').waitFor();
      expect(await listed(page)).toEqual([`Sock ${word}`, `Shirt ${word}`, `Jumper ${word}`]);
      expect(new URL(page.url()).searchParams.get('options[size]')).toBe('M');
      expect(new URL(page.url()).searchParams.get('sort')).toBe('price-ascending');
      for (const name of [`${acme} (2)`, `${globex} (1)`, 'M (3)', 'L (2)', 'S (1)']) {
        expect(await page.getByRole('checkbox', { name, exact: true }).count(), name).toBe(1);
      }

      // And the brand Acme: its two products of size M, the sizes now counted among Acme's.
      await page.getByRole('checkbox', { name: `${acme} (2)` }).check();
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('2 products').waitFor();
      expect(await listed(page)).toEqual([`Shirt ${word}`, `Jumper ${word}`]);
      for (const name of [`${acme} (2)`, `${globex} (1)`, 'M (2)', 'L (1)', 'S (1)']) {
        expect(await page.getByRole('checkbox', { name, exact: true }).count(), name).toBe(1);
      }
      expect(await page.getByRole('checkbox', { name: 'M (2)' }).isChecked()).toBe(true);
      await screenshot(page, 'shop-collection-filters-wide');

      // The choices in force, each removable by a link that keeps the rest and the sort.
      const active = page.getByRole('navigation', { name: 'Active filters' });
      await active.getByRole('link', { name: `Remove filter Brand: ${acme}` }).click();
      await page.getByText('3 products').waitFor();
      expect(new URL(page.url()).searchParams.getAll('vendor')).toEqual([]);
      expect(new URL(page.url()).searchParams.get('sort')).toBe('price-ascending');

      // A choice nothing matches says so, with a way back.
      await page.goto(`${base}${path}?options[size]=S&vendor=${encodeURIComponent(globex)}`);
      await page.getByText('No products match these filters.').waitFor();
      await page.getByRole('link', { name: 'Clear all filters' }).first().click();
      await page.getByText('4 products').waitFor();
    } finally {
      await context.close();
    }
  }, SLOW);

  it('keeps a chosen brand the other filters leave no product of as a checked box with 0, so applying again keeps it', async () => {
    const base = await shopOf(t);
    const { path, globex } = await createShelf(uniqueWord());
    // Globex makes nothing in S: under size S the API counts no Globex product.
    const html = await (await fetch(`${base}${path}?options[size]=S&vendor=${encodeURIComponent(globex)}`)).text();
    const box = new RegExp(`name="vendor" checked="" value="${globex}"/>${globex}(<!-- -->)? <span class="facet-count">\\((<!-- -->)?0(<!-- -->)?\\)`);
    expect(html).toMatch(box);
  }, SLOW);

  it('answers a URL asking for more filter values than the API takes with the listing, not an error', async () => {
    const base = await shopOf(t);
    const { path } = await createShelf(uniqueWord());
    const long = (letter: string) => letter.repeat(200);
    const query = ['M', long('x'), long('y')].map((value) => `options[size]=${value}`).join('&') + '&' + Array.from({ length: 20 }, (_, i) => `vendor=${long(String(i % 10))}`).join('&');
    const res = await fetch(`${base}${path}?${query}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Clear all filters');
  }, SLOW);

  it('shows the filters on a phone, nothing wider than its screen', async () => {
    const base = await shopOf(t);
    const word = uniqueWord();
    const { path, acme } = await createShelf(word);
    // A window of its own, closed after: the file's last test leaves no page talking to the shop as the app closes.
    const context = await holder.browser.newContext({ viewport: NARROW, locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto(`${base}${path}?options[size]=M&vendor=${encodeURIComponent(acme)}`);
      await page.getByText('2 products').waitFor();
      await expectAccessible(page, 'shop collection filters on a phone');
      await screenshot(page, 'shop-collection-filters-narrow');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    } finally {
      await context.close();
    }
  }, SLOW);
}, { shop: true });
