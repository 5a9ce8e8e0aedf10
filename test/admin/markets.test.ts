import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { choose, describedAs, describeInBrowser, expectAccessible, field, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { makeGateway, pay } from '../helpers/checkout.js';
import { uniqueWord } from '../helpers/expect.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 120_000;
const PHONE = { width: 390, height: 844 };

/** A product with two skus (sizes S and M) at 20.00 of the store's currency. */
async function productWithSizes(t: TestContext) {
  const word = uniqueWord();
  const res = await t.admin.post('/v1/products', { name: `Tote ${word}`, permalink: `tote-${word}`, price: 2000, modifiers: ['Size'], options: { Size: ['S', 'M'] } });
  expect(res.status, res.text).toBe(201);
  const skus = (await t.admin.get(`/v1/products/${res.body.data.id}/skus`)).body.data as Array<{ id: string; options: Record<string, string> }>;
  const bySize = (size: string) => skus.find((sku) => sku.options.Size === size)!;
  return { product: res.body.data as { id: string; name: string }, small: bySize('S'), medium: bySize('M') };
}

const PARIS = {
  first_name: 'Camille', last_name: 'Martin', address1: '1 rue de Rivoli', city: 'Paris', postcode: '75001', country_code: 'FR', state_code: 'IDF', phone: '+33 1 23 45 67 89',
};

function ok(res: { status: number; body: any; text: string }, status = 200) {
  expect(res.status, res.text).toBe(status);
  return res.body;
}

/** A paid order of one `skuId` bought in the market, shipped to Paris at 5.00 (4.60 € → 4.99 €). */
async function orderInMarket(t: TestContext, marketId: string, skuId: string) {
  const zone = ok(await t.admin.post('/v1/shipping_zones', { name: `Zone ${uniqueWord()}`, countries: ['FR'], rates: [{ name: 'Standard', kind: 'weight', from: 0, to: null, price: 500 }] }), 201).data;
  const gateway = await makeGateway(t);
  const cartId = ok(await t.storefront.post('/v1/carts', { market_id: marketId, items: { [skuId]: 1 } }), 201).data.id;
  const orderId = ok(await t.storefront.post(`/v1/carts/${cartId}/checkout`, {})).data.id;
  ok(await t.storefront.put(`/v1/checkouts/${orderId}`, { customer: { email: `${uniqueWord()}@example.com` }, shipping: PARIS }));
  ok(await t.storefront.post(`/v1/checkouts/${orderId}/methods`, { shipping: { method: zone.rates[0].id }, payment: { gateway: gateway.id } }));
  return ok(await pay(t, orderId)).data as { id: string; number: string; [key: string]: unknown };
}

describeInBrowser('staff sell abroad from the dashboard', (t) => {
  const holder = useBrowser();

  it('sets up a market for France, prices and translates a product for it, and sees an order in euros', async () => {
    const base = await listen(t);
    const store = (await t.admin.get('/v1/store')).body.data as { currency: string; lang: string };
    const { product, small, medium } = await productWithSizes(t);
    const marketName = `France ${uniqueWord()}`;

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/markets');
      await page.getByRole('heading', { name: 'Markets', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Add market' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add market' });
      await field(dialog, 'Name').fill(marketName);
      await choose(dialog, page, 'Countries', 'Fran', 'France');
      await page.keyboard.press('Escape');
      await choose(dialog, page, 'Currency', 'EUR', 'EUR — Euro');
      await field(dialog, 'Exchange rate').fill('0.92');
      await dialog.getByRole('radio', { name: 'Ending in .99' }).check({ force: true });
      // The example converts 19.99 of the store's currency by the market's own rule: 18.3908 → 18.99.
      await dialog.getByText('€18.99', { exact: false }).waitFor();
      await dialog.getByLabel('Add a language').fill('fr');
      await dialog.getByRole('button', { name: 'Add language' }).click();
      await dialog.getByText('Default', { exact: true }).waitFor();
      await expectAccessible(page, 'the market dialog');
      await screenshot(page, 'markets-dialog');
      await dialog.getByRole('button', { name: 'Add market' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: marketName, exact: true }).waitFor();
      await page.getByText(`EUR at 0.92 per ${store.currency}`).waitFor();
      await expectAccessible(page, 'the markets');
      await screenshot(page, 'markets-list');

      // A second market for France is refused beside the country, in the server's words.
      await page.getByRole('button', { name: 'Add market' }).click();
      await field(dialog, 'Name').fill(`Again ${uniqueWord()}`);
      await choose(dialog, page, 'Countries', 'Fran', 'France');
      await page.keyboard.press('Escape');
      await choose(dialog, page, 'Currency', 'EUR', 'EUR — Euro');
      await dialog.getByLabel('Add a language').fill('fr');
      await dialog.getByRole('button', { name: 'Add language' }).click();
      await dialog.getByRole('button', { name: 'Add market' }).click();
      const countries = field(dialog, 'Countries');
      await expect.poll(() => countries.getAttribute('aria-invalid')).toBe('true');
      expect(await describedAs(page, countries)).toContain('France:');
      await screenshot(page, 'markets-dialog-refused');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    });

    const markets = (await t.admin.get('/v1/markets')).body.data as Array<Record<string, any>>;
    const market = markets.find((candidate) => candidate.name === marketName)!;
    expect(market).toMatchObject({ country_codes: ['FR'], currency: 'EUR', exchange_rate: '0.92', rounding: 'ninety_nine', locales: ['fr'], is_active: true });
    expect(markets.filter((candidate) => candidate.country_codes.includes('FR'))).toHaveLength(1);

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/products/${product.id}`);
      await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();

      // A fixed price in euros for S…
      await page.getByRole('button', { name: 'Edit sku S' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit sku' });
      await edit.getByRole('button', { name: 'Add a fixed price' }).click();
      await edit.getByLabel('Price (EUR)').fill('18.00');
      await edit.getByRole('button', { name: 'Save sku' }).click();
      await edit.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Edit sku S' }).click();
      await edit.getByText(`${marketName}:`).waitFor();
      await expect.poll(() => edit.getByRole('list', { name: 'Prices of the sku in each market' }).innerText()).toContain('fixed: €18.00');
      await edit.getByRole('button', { name: 'Cancel' }).click();

      // …while M sells at its price converted: 20.00 × 0.92 = 18.40, up to 18.99.
      await page.getByRole('button', { name: 'Edit sku M' }).click();
      await expect.poll(() => edit.getByRole('list', { name: 'Prices of the sku in each market' }).innerText()).toContain('converted: €18.99');
      await expectAccessible(page, 'a sku’s prices in the markets');
      await screenshot(page, 'markets-sku-prices');
      await edit.getByRole('button', { name: 'Cancel' }).click();

    });

    const skuS = (await t.admin.get(`/v1/skus/${small.id}`)).body.data;
    expect(skuS.prices).toEqual([expect.objectContaining({ currency: 'EUR', price: 1800 })]);

    // An order placed in the market: in euros, at the rate kept with it.
    const order = await orderInMarket(t, market.id, small.id);
    expect(order).toMatchObject({ currency: 'EUR', market_id: market.id, exchange_rate: '0.92', locale: 'fr', total_price: 1800 + 499 });

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/orders/${order.id}`);
      await page.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
      const marketSection = page.getByRole('region', { name: 'Market' });
      await marketSection.getByText(marketName).waitFor();
      await marketSection.getByText(`EUR at 0.92 per ${store.currency}`).waitFor();
      await marketSection.getByText('Language: French (fr)').waitFor();
      await page.getByText(/€\d/).first().waitFor();
      await expectAccessible(page, 'an order in euros');
      await screenshot(page, 'markets-order');

      await page.goto(`${base}/admin/orders`);
      await page.getByRole('link', { name: order.number }).waitFor();
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: order.number }) });
      expect(await row.innerText()).toContain('€');
    });
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/markets');
      await page.getByRole('cell', { name: marketName, exact: true }).waitFor();
      await screenshot(page, 'markets-list-phone');
    }, PHONE);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/orders/${order.id}`);
      const marketSection = page.getByRole('region', { name: 'Market' });
      await marketSection.getByText(`EUR at 0.92 per ${store.currency}`).scrollIntoViewIfNeeded();
      await expectAccessible(page, 'an order in euros on a phone');
      await screenshot(page, 'markets-order-phone');
    }, PHONE);

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/products/${product.id}`);
      await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
      // The product in French, beside its base text.
      await page.getByRole('combobox', { name: 'Language' }).click();
      await page.getByRole('option', { name: 'French (fr)' }).click();
      await page.getByLabel('Name in French').fill('Cabas');
      await page.getByLabel('Name of M in French').fill('Cabas moyen');
      await page.getByRole('button', { name: 'Save French' }).click();
      await page.getByText('French text saved').waitFor();
      await page.getByRole('button', { name: 'Save sku names' }).click();
      await page.getByText('Sku name saved').waitFor();
      await expectAccessible(page, 'a product in French');
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'markets-product-french');
    });
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/products/${product.id}`);
      await page.getByRole('combobox', { name: 'Language' }).click();
      await page.getByRole('option', { name: 'French (fr)' }).click();
      await expect.poll(() => page.getByLabel('Name in French').inputValue()).toBe('Cabas');
      await expectAccessible(page, 'a product in French on a phone');
      await screenshot(page, 'markets-product-french-phone');
    }, PHONE);
    const french = (await t.admin.get(`/v1/products/${product.id}?locale=fr`)).body.data;
    expect(french).toMatchObject({ name: 'Cabas', locale: 'fr' });
    expect(french.skus.find((sku: { id: string }) => sku.id === medium.id)).toMatchObject({ name: 'Cabas moyen' });
  }, SLOW);

  it('translates a collection, a page and a category with the language picker', async () => {
    const base = await listen(t);
    ok(await t.admin.post('/v1/markets', { name: `Belgium ${uniqueWord()}`, country_codes: ['BE'], currency: 'EUR', exchange_rate: '0.92', locales: ['fr'] }), 201);
    const collection = ok(await t.admin.post('/v1/collections', { title: `Summer ${uniqueWord()}`, kind: 'products' }), 201).data;
    const contentPage = ok(await t.admin.post('/v1/pages', { title: `About ${uniqueWord()}`, content: '<p>Who we are</p>' }), 201).data;
    const category = ok(await t.admin.post('/v1/categories', { title: `Bags ${uniqueWord()}` }), 201).data;

    const translate = async (page: Page, title: string) => {
      await page.getByRole('combobox', { name: 'Language' }).click();
      await page.getByRole('option', { name: 'French (fr)' }).click();
      await page.getByLabel('Title in French', { exact: true }).fill(title);
      await page.getByRole('button', { name: 'Save French' }).click();
      await page.getByText('French text saved').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
    };
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/collections/${collection.id}`);
      await page.getByRole('heading', { name: collection.title, level: 1 }).waitFor();
      await translate(page, 'Été');
      await expectAccessible(page, 'a collection in French');
      await screenshot(page, 'markets-collection-french');

      await page.goto(`${base}/admin/pages/${contentPage.id}`);
      await page.getByRole('heading', { name: contentPage.title, level: 1 }).waitFor();
      await translate(page, 'Qui sommes-nous');
      await expectAccessible(page, 'a page in French');
      await screenshot(page, 'markets-page-french');

      await page.goto(`${base}/admin/categories`);
      await page.getByRole('button', { name: `Actions for ${category.title}` }).click();
      await page.getByRole('menuitem', { name: 'Translate' }).click();
      const dialog = page.getByRole('dialog', { name: `Translate “${category.title}”` });
      await dialog.getByLabel('Title in French', { exact: true }).fill('Sacs');
      await dialog.getByRole('button', { name: 'Save French' }).click();
      await page.getByText('French text saved').waitFor();
      await expectAccessible(page, 'a category in French');
      await screenshot(page, 'markets-category-french');
    });

    expect(ok(await t.admin.get(`/v1/collections/${collection.id}?locale=fr`)).data).toMatchObject({ title: 'Été' });
    expect(ok(await t.admin.get(`/v1/pages/${contentPage.id}?locale=fr`)).data).toMatchObject({ title: 'Qui sommes-nous', content: '<p>Who we are</p>' });
    expect(ok(await t.admin.get(`/v1/categories/${category.id}?locale=fr`)).data).toMatchObject({ title: 'Sacs' });
    // Staff reads without a locale keep the base text, with the translations beside it.
    expect(ok(await t.admin.get(`/v1/collections/${collection.id}`)).data).toMatchObject({ title: collection.title, translations: { fr: { title: 'Été' } } });
  }, SLOW);
}, { admin: true });
