import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { catalogFactories } from '../helpers/catalog.js';
import { placedOrder } from '../helpers/checkout.js';
import { uniqueWord } from '../helpers/expect.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 120_000;

/** RFC 4180 rows: quoted cells may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    } else cell += c;
  }
  return rows;
}

/** Clicks Export CSV in the selection bar and answers the file the browser downloaded, as rows keyed by the header. */
async function exportSelection(page: Page): Promise<{ name: string; rows: Array<Record<string, string>> }> {
  const [download] = await Promise.all([page.waitForEvent('download'), bar(page).getByRole('button', { name: 'Export CSV' }).click()]);
  const [header, ...rows] = parseCsv(await readFile(await download.path(), 'utf8'));
  return { name: download.suggestedFilename(), rows: rows.map((row) => Object.fromEntries(header!.map((column, i) => [column, row[i]!]))) };
}

/** The bar of actions on the selected rows. */
const bar = (page: Page) => page.getByRole('region', { name: /^Selected / });

async function get(t: TestContext, path: string) {
  return (await t.admin.get(path)).body.data;
}

describeInBrowser('staff act on many records at once in the dashboard', (t) => {
  const holder = useBrowser();
  const catalog = catalogFactories(t);

  it('selects three products and unpublishes them, tags them, deletes two after confirming, and exports the rest', async () => {
    const base = await listen(t);
    const word = uniqueWord();
    const make = (letter: string, body: Record<string, unknown> = {}) => catalog.createProduct({ name: `Lamp ${word} ${letter}`, price: 1250, ...body });
    const alpha = await make('Alpha', { tags: ['Brass'], vendor: 'Lumen, "the" lamp makers' });
    const beta = await make('Beta');
    const gamma = await make('Gamma');
    const delta = await make('Delta');

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/products?q=${word}`);
      await page.getByText('1–4 of 4 products').waitFor();
      await expect(bar(page).count()).resolves.toBe(0);
      for (const product of [alpha, beta, gamma]) await page.getByRole('checkbox', { name: `Select ${product.name}` }).check();
      await bar(page).getByText('3 selected').waitFor();
      expect(await page.getByRole('checkbox', { name: 'Select all on this page' }).evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
      await expectAccessible(page, 'the product list with a selection');
      await screenshot(page, 'bulk-products-selected');

      // Unpublish: the three leave the shop, the fourth stays.
      await bar(page).getByRole('button', { name: 'Unpublish' }).click();
      await page.getByText('3 products unpublished').waitFor();
      for (const product of [alpha, beta, gamma]) expect((await get(t, `/v1/products/${product.id}`)).is_active).toBe(false);
      expect((await get(t, `/v1/products/${delta.id}`)).is_active).toBe(true);
      const shop = (await t.storefront.get(`/v1/products?q=${word}`)).body.data as Array<{ id: string }>;
      expect(shop.map((product) => product.id)).toEqual([delta.id]);
      await expect.poll(() => page.getByRole('row').filter({ hasText: 'Inactive' }).count()).toBe(3);
      // Done: the selection is let go.
      await bar(page).waitFor({ state: 'detached' });

      // Tag the same three; each keeps the tags it had.
      for (const product of [alpha, beta, gamma]) await page.getByRole('checkbox', { name: `Select ${product.name}` }).check();
      await bar(page).getByRole('button', { name: 'Tags' }).click();
      await page.getByRole('menuitem', { name: 'Add tags…' }).click();
      const tagging = page.getByRole('dialog', { name: 'Add tags to 3 products' });
      await tagging.getByLabel('Tags').fill('Summer');
      await tagging.getByLabel('Tags').press('Enter');
      await expectAccessible(page, 'the bulk tag dialog');
      await tagging.getByRole('button', { name: 'Add tags' }).click();
      await page.getByText('3 products tagged').waitFor();
      await tagging.waitFor({ state: 'hidden' });
      const titles = async (id: string) => ((await get(t, `/v1/products/${id}`)).tags as Array<{ title: string }>).map((tag) => tag.title);
      expect(await titles(alpha.id)).toEqual(['Brass', 'Summer']);
      expect(await titles(beta.id)).toEqual(['Summer']);
      expect(await titles(gamma.id)).toEqual(['Summer']);
      expect(await titles(delta.id)).toEqual([]);

      // Delete two: the dialog names the count; they are gone from the API.
      for (const product of [alpha, beta]) await page.getByRole('checkbox', { name: `Select ${product.name}` }).check();
      await bar(page).getByText('2 selected').waitFor();
      await bar(page).getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete 2 products?' });
      await expectAccessible(page, 'the bulk delete confirmation');
      await confirm.getByRole('button', { name: 'Delete 2 products' }).click();
      await page.getByText('2 products deleted').waitFor();
      for (const product of [alpha, beta]) expect((await t.admin.get(`/v1/products/${product.id}`)).status).toBe(404);
      await page.getByText('1–2 of 2 products').waitFor();

      // Export what is left, selected with the page's own box.
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
      await bar(page).getByText('2 selected').waitFor();
      const file = await exportSelection(page);
      expect(file.name).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(file.rows.map((row) => row.Name).sort()).toEqual([gamma.name, delta.name].sort());
      const byId = Object.fromEntries(file.rows.map((row) => [row.ID, row]));
      expect(byId[gamma.id]).toMatchObject({ Tags: 'Summer', Active: 'no', Price: '12.50', Currency: 'USD', Skus: '1' });
      expect(byId[delta.id]).toMatchObject({ Tags: '', Active: 'yes', Published: 'yes', Price: '12.50' });

      // A phone: the table scrolls in its box, the bar wraps above it.
      await page.setViewportSize({ width: 390, height: 844 });
      // Once the layout has settled (the navigation leaves for its menu as the window narrows).
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'Menu' }).waitFor();
      await screenshot(page, 'bulk-products-selected-narrow');
    });
  }, SLOW);

  it('changes at most four records at once, and names each one the server refuses with its reason', async () => {
    const base = await listen(t);
    const word = uniqueWord();
    const products: Array<{ id: string; name: string }> = [];
    for (let i = 1; i <= 9; i++) products.push(await catalog.createProduct({ name: `Vase ${word} ${i}` }));
    const refused = products[4]!;

    await inWindow(holder.browser, async (page) => {
      let inFlight = 0;
      let most = 0;
      // Each update answers slowly, so calls overlap as much as the dashboard lets them; one is refused.
      await page.route(/\/v1\/products\/prd_[0-9a-z]+$/, async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 150));
        inFlight--;
        if (route.request().url().endsWith(refused.id)) {
          return route.fulfill({
            status: 409,
            contentType: 'application/problem+json',
            body: JSON.stringify({ type: '/docs/errors#invalid_state', title: 'Invalid state', status: 409, code: 'invalid_state', detail: 'The product changed meanwhile' }),
          });
        }
        return route.continue();
      });
      await openSignedIn(page, base, t.adminKey, `/admin/products?q=${word}`);
      await page.getByText('1–9 of 9 products').waitFor();
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
      await bar(page).getByText('9 selected').waitFor();
      await bar(page).getByRole('button', { name: 'Unpublish' }).click();

      await page.getByText('8 products unpublished; 1 product not').waitFor();
      await page.getByText(`${refused.name}: The product changed meanwhile`).waitFor();
      expect(most).toBe(4);
      for (const product of products) expect((await get(t, `/v1/products/${product.id}`)).is_active).toBe(product === refused);
      await bar(page).getByText('1 selected').waitFor();
      expect(await page.getByRole('checkbox', { name: `Select ${refused.name}` }).isChecked()).toBe(true);
    });
  }, SLOW);

  it('lets a read-only key select and export, with every change disabled', async () => {
    const base = await listen(t);
    const word = uniqueWord();
    const product = await catalog.createProduct({ name: `Bowl ${word}` });
    const key = (await t.admin.post('/v1/api_keys', { name: 'Support', read_only: true })).body.data.token as string;

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, key, `/admin/products?q=${word}`);
      await page.getByRole('checkbox', { name: `Select ${product.name}` }).check();
      for (const name of ['Publish', 'Unpublish', 'Tags', 'Delete']) expect(await bar(page).getByRole('button', { name, exact: true }).isDisabled(), name).toBe(true);
      const file = await exportSelection(page);
      expect(file.rows.map((row) => row.ID)).toEqual([product.id]);
    });
  }, SLOW);

  it('exports text a spreadsheet would run as a formula as plain text, quoting commas and quotes', async () => {
    const base = await listen(t);
    const word = uniqueWord();
    const product = await catalog.createProduct({ name: `=HYPERLINK("x") ${word}`, vendor: 'Lumen, "the" lamp makers' });

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/products?q=${word}`);
      await page.getByRole('checkbox', { name: `Select ${product.name}` }).check();
      const file = await exportSelection(page);
      expect(file.rows).toHaveLength(1);
      expect(file.rows[0]).toMatchObject({ Name: `'${product.name}`, Vendor: 'Lumen, "the" lamp makers' });
    });
  }, SLOW);

  it('fulfils the paid orders of a selection whole and names the one that cannot be, then exports them', async () => {
    const base = await listen(t);
    const { order: first } = await placedOrder(t, { items: [{ price: 1000, quantity: 2 }] });
    const { order: second } = await placedOrder(t, { items: [{ price: 500 }, { price: 700 }] });
    // Paid by transfer: placed, payment pending.
    const { order: unpaid } = await placedOrder(t, { gateway: { driver: 'manual' }, items: [{ price: 900 }] });
    expect([first.financial_status, second.financial_status, unpaid.financial_status]).toEqual(['paid', 'paid', 'pending']);

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/orders');
      for (const order of [first, second, unpaid]) await page.getByRole('checkbox', { name: `Select order ${order.number}` }).check();
      await bar(page).getByText('3 selected').waitFor();
      await bar(page).getByRole('button', { name: 'Fulfil' }).click();
      const confirm = page.getByRole('dialog', { name: 'Fulfil 3 orders?' });
      await expectAccessible(page, 'the bulk fulfil confirmation');
      await confirm.getByRole('button', { name: 'Fulfil' }).click();

      await page.getByText('2 orders fulfilled; 1 order not').waitFor();
      await page.getByText(`${unpaid.number}: it is not paid (payment pending)`).waitFor();
      await screenshot(page, 'bulk-orders-fulfilled');
      for (const order of [first, second]) {
        expect((await get(t, `/v1/orders/${order.id}`)).fulfillment_status).toBe('fulfilled');
        const shipments = await get(t, `/v1/orders/${order.id}/fulfillments`);
        expect(shipments).toMatchObject([{ kind: 'full', status: 'succeeded' }]);
      }
      expect((await get(t, `/v1/orders/${unpaid.id}`)).fulfillment_status).toBe('unfulfilled');
      expect(await get(t, `/v1/orders/${unpaid.id}/fulfillments`)).toEqual([]);
      // The one left is still selected, for another try once it is paid.
      await bar(page).getByText('1 selected').waitFor();
      expect(await page.getByRole('checkbox', { name: `Select order ${unpaid.number}` }).isChecked()).toBe(true);

      // Export the three, as the list now shows them.
      for (const order of [first, second]) await page.getByRole('checkbox', { name: `Select order ${order.number}` }).check();
      await expect.poll(() => page.getByRole('row').filter({ hasText: first.number }).filter({ hasText: 'Fulfilled' }).count()).toBe(1);
      const file = await exportSelection(page);
      expect(file.name).toMatch(/^orders-.*\.csv$/);
      const byNumber = Object.fromEntries(file.rows.map((row) => [row.Number, row]));
      expect(Object.keys(byNumber).sort()).toEqual([first.number, second.number, unpaid.number].sort());
      expect(byNumber[first.number]).toMatchObject({ ID: first.id, Payment: 'Paid', Fulfilment: 'Fulfilled', Items: '2', Email: first.email, Currency: 'USD' });
      expect(byNumber[first.number].Total).toBe((first.total_price / 100).toFixed(2));
      expect(byNumber[unpaid.number]).toMatchObject({ Payment: 'Pending', Fulfilment: 'Unfulfilled', Items: '1' });
    });
  }, SLOW);

  it('tags the selected customers, keeping their tags, and exports them', async () => {
    const base = await listen(t);
    const word = uniqueWord();
    const make = async (first: string, tags: string[]) =>
      (await t.admin.post('/v1/customers', { email: `${first.toLowerCase()}.${word}@example.com`, first_name: first, last_name: word, tags })).body.data;
    const ada = await make('Ada', ['Wholesale']);
    const grace = await make('Grace', []);

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/customers?q=${word}`);
      await page.getByText('1–2 of 2 customers').waitFor();
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
      await bar(page).getByText('2 selected').waitFor();
      await bar(page).getByRole('button', { name: 'Add tags' }).click();
      const tagging = page.getByRole('dialog', { name: 'Add tags to 2 customers' });
      await tagging.getByLabel('Tags').fill('VIP');
      await tagging.getByLabel('Tags').press('Enter');
      await tagging.getByRole('button', { name: 'Add tags' }).click();
      await page.getByText('2 customers tagged').waitFor();
      expect((await get(t, `/v1/customers/${ada.id}`)).tags).toEqual(['Wholesale', 'VIP']);
      expect((await get(t, `/v1/customers/${grace.id}`)).tags).toEqual(['VIP']);
      await expectAccessible(page, 'the customer list');

      await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
      await page.getByRole('cell', { name: 'Wholesale, VIP' }).waitFor();
      const file = await exportSelection(page);
      const byEmail = Object.fromEntries(file.rows.map((row) => [row.Email, row]));
      expect(byEmail[ada.email]).toMatchObject({ ID: ada.id, 'First name': 'Ada', 'Last name': word, Tags: 'Wholesale, VIP' });
      expect(byEmail[grace.email]).toMatchObject({ ID: grace.id, Tags: 'VIP' });
      expect(file.rows).toHaveLength(2);
    });
  }, SLOW);
}, { admin: true });
