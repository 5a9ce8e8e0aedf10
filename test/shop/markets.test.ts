import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, screenshot, useBrowser } from '../helpers/browser.js';
import { uniqueWord } from '../helpers/expect.js';
import { shopOf } from '../helpers/shop.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 120_000;

/** An amount in minor units as a French page writes it: `17,10 €` (with the no-break space French puts before the sign). */
const euros = (cents: number) => new Intl.NumberFormat('fr', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** A button's or link's whole name, whatever spaces it is written with (French puts no-break ones in amounts). */
const named = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+')}$`);

/**
 * France as a market of the demo store (in US dollars): euros at 0.9 a dollar, French first; the
 * classic T-shirt and the Featured collection with their French words. Made before the shop reads
 * the store (it keeps the store's languages for a minute).
 */
async function sellInFrance(t: TestContext) {
  const market = (await t.admin.post('/v1/markets', { name: 'France', country_codes: ['FR'], currency: 'EUR', locales: ['fr'], exchange_rate: '0.9' })).body.data;
  const tee = (await t.admin.get('/v1/products/classic-t-shirt')).body.data;
  await t.admin.post(`/v1/products/${tee.id}`, { translations: { fr: { name: 'T-shirt classique', permalink: 't-shirt-classique' } } });
  const featured = (await t.admin.get('/v1/collections/featured')).body.data;
  // A collection's update names its title and kind.
  await t.admin.post(`/v1/collections/${featured.id}`, { title: featured.title, kind: featured.kind, sorting_rule: featured.sorting_rule, translations: { fr: { title: 'À la une' } } });
  return { market, tee };
}

/** The hreflang alternates of the page: language → URL. */
async function alternates(page: Page): Promise<Record<string, string>> {
  return page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) => Object.fromEntries(links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')])));
}

describeInBrowser('the shop: a buyer in another market', (t) => {
  const holder = useBrowser();
  let france: Awaited<ReturnType<typeof sellInFrance>>;

  it('shows a buyer in France French names and euro prices, and takes their payment in euros', async () => {
    france = await sellInFrance(t);
    const base = await shopOf(t);
    const email = `acheteur-${uniqueWord()}@example.com`;
    // $19.00 at 0.9; International shipping, $25.00, converted the same way.
    const teePrice = 1710;
    const shipping = 2250;

    await inWindow(holder.browser, async (page) => {
      await page.context().clearCookies();
      await page.goto(`${base}/fr/collections/featured`);
      await page.getByRole('heading', { name: 'À la une', level: 1 }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('fr');
      const card = page.locator('.product-card', { hasText: 'T-shirt classique' });
      expect(await card.locator('.price-now').textContent()).toBe(euros(teePrice));
      expect(await alternates(page)).toEqual({ en: `${base}/collections/featured`, fr: `${base}/fr/collections/featured`, 'x-default': `${base}/collections/featured` });

      // The buyer says where they are: the choice is kept, the prices stay in euros.
      await page.getByLabel('Pays/région').selectOption('FR');
      await page.getByRole('button', { name: 'Changer' }).click();
      await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'country_code')?.value).toBe('FR');
      expect(new URL(page.url()).pathname).toBe('/fr/collections/featured');
      await expectAccessible(page, 'shop collection in French');

      await card.getByRole('link').click();
      await page.getByRole('heading', { name: 'T-shirt classique', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/fr/products/t-shirt-classique');
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${base}/fr/products/t-shirt-classique`);
      expect(await alternates(page)).toEqual({ en: `${base}/products/classic-t-shirt`, fr: `${base}/fr/products/t-shirt-classique`, 'x-default': `${base}/products/classic-t-shirt` });
      const graphs = await page.locator('script[type="application/ld+json"]').evaluateAll((scripts) => scripts.flatMap((script) => JSON.parse(script.textContent ?? '[]')));
      expect(graphs.find((graph) => graph['@type'] === 'Product').offers[0]).toMatchObject({ price: '17.10', priceCurrency: 'EUR' });
      await expectAccessible(page, 'shop product in French');
      await screenshot(page, 'shop-product-french');

      await page.getByRole('button', { name: named(`Ajouter au panier · ${euros(teePrice)}`) }).click();
      await page.getByRole('heading', { name: 'Votre panier' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/fr/cart');
      await expect.poll(() => page.locator('.total-row.grand dd').textContent()).toBe(euros(teePrice));

      await page.getByRole('button', { name: 'Passer la commande' }).click();
      await page.getByRole('heading', { name: 'Paiement', level: 1 }).waitFor();
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Prénom').fill('Camille');
      await page.getByLabel('Nom', { exact: true }).fill('Martin');
      await page.getByLabel('Adresse', { exact: true }).fill('12 rue de la Paix');
      await page.getByLabel('Ville').fill('Paris');
      await page.getByLabel('Code postal').fill('75002');
      await page.getByLabel('Pays', { exact: true }).selectOption('FR');
      // France's regions arrive once it is chosen.
      await page.getByLabel('Région / province').locator('option[value="IDF"]').waitFor({ state: 'attached' });
      await page.getByLabel('Région / province').selectOption('IDF');
      await page.getByLabel('Téléphone').fill('+33 1 42 68 53 00');
      await page.getByRole('button', { name: 'Continuer', exact: true }).click();
      await page.getByRole('button', { name: 'Continuer vers le paiement' }).waitFor();
      await page.getByLabel('Card (test mode)').check();
      await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
      await page.getByRole('heading', { name: '3. Paiement' }).waitFor();
      await expectAccessible(page, 'shop checkout in French');
      await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: named(`Payer ${euros(teePrice + shipping)}`) }).click();

      await page.getByRole('heading', { name: 'Merci pour votre commande' }).waitFor();
      const [order] = (await t.admin.get(`/v1/orders?q=${encodeURIComponent(email)}`)).body.data;
      expect(order).toMatchObject({ status: 'placed', financial_status: 'paid', currency: 'EUR', market_id: france.market.id, locale: 'fr', total_price: teePrice + shipping });
      expect(order.items).toMatchObject([{ sku_id: france.tee.sku_id, quantity: 1, price: teePrice }]);
      expect(new URL(page.url()).pathname).toBe(`/fr/orders/${order.id}`);
      expect(await page.locator('.total-row.grand dd').textContent()).toBe(euros(teePrice + shipping));
    });
  }, SLOW);

  it('picks the country and the language without JavaScript, each page keeping its language', async () => {
    const base = await shopOf(t);
    const context = await holder.browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto(`${base}/products/classic-t-shirt`);
      await page.getByRole('button', { name: 'Add to cart · $19.00' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('en');

      // France in English: euros, English words, the same page.
      await page.getByLabel('Country/region').selectOption('FR');
      await page.getByRole('button', { name: 'Change' }).click();
      await page.getByRole('button', { name: `Add to cart · ${new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(17.1)}` }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/products/classic-t-shirt');

      // The same page in French, then every link keeps the prefix.
      await page.getByRole('link', { name: 'Français' }).click();
      await page.getByRole('heading', { name: 'T-shirt classique', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/fr/products/classic-t-shirt');
      await page.getByRole('link', { name: 'Panier' }).click();
      await page.getByRole('heading', { name: 'Votre panier' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/fr/cart');
      await page.getByRole('link', { name: 'English' }).click();
      await page.getByRole('heading', { name: 'Your cart' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/cart');
    } finally {
      await context.close();
    }
  }, SLOW);

  it('answers the store\'s own language without a prefix, and no language it does not sell in, and lists each language\'s URLs in the sitemap', async () => {
    const base = await shopOf(t);
    const own = await fetch(`${base}/en/products/classic-t-shirt?sku=x`, { redirect: 'manual' });
    expect([own.status, own.headers.get('location')]).toEqual([308, '/products/classic-t-shirt?sku=x']);
    const unsold = await fetch(`${base}/de/products/classic-t-shirt`, { redirect: 'manual' });
    expect([unsold.status, unsold.headers.get('location')]).toEqual([308, '/products/classic-t-shirt']);
    const home = await (await fetch(`${base}/fr`)).text();
    expect(home).toContain('<html lang="fr"');

    const urls = await (await fetch(`${base}/sitemaps/products-1.xml`)).text();
    for (const path of ['/', '/fr', '/products/classic-t-shirt', '/fr/products/t-shirt-classique']) expect(urls).toContain(`<loc>${base}${path}</loc>`);
    expect(urls).toContain(`<xhtml:link rel="alternate" hreflang="fr" href="${base}/fr/products/t-shirt-classique"/>`);
  });
}, { shop: true, demo: true });
