import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, field, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { pay, readyCheckout } from '../helpers/checkout.js';
import { uniqueWord } from '../helpers/expect.js';

const SLOW = 90_000;
const CODE = /^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/;

describeInBrowser('staff run gift cards in the dashboard', (t) => {
  const holder = useBrowser();

  it('issues a card, sees its code once, finds it in the list with its balance and disables it', async () => {
    const base = await listen(t);
    const note = `Apology ${uniqueWord()}`;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/gift-cards');
      await page.getByRole('heading', { name: 'Gift cards', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Issue gift card' }).click();
      const dialog = page.getByRole('dialog', { name: 'Issue gift card' });
      await field(dialog, 'Value (USD)').fill('25');
      await field(dialog, 'Note').fill(note);
      await expectAccessible(page, 'the issue dialog');
      await dialog.getByRole('button', { name: 'Issue gift card' }).click();

      // The whole code, once, with a way to copy it and the warning that it will not be shown again.
      const shown = page.getByRole('dialog', { name: 'Gift card issued' });
      await shown.getByText('This code will not be shown again').waitFor();
      const code = (await shown.getByLabel('Gift card code').innerText()).trim();
      expect(code).toMatch(CODE);
      await shown.getByRole('button', { name: 'Copy code' }).waitFor();
      await expectAccessible(page, 'the code shown once');
      await screenshot(page, 'gift-cards-code-once');
      const [card] = (await t.admin.get('/v1/gift_cards?per_page=250')).body.data.filter((c: any) => c.note === note);
      expect(card).toMatchObject({ initial_value: 2500, balance: 2500, currency: 'USD', last_four: code.slice(-4), is_enabled: true });
      await shown.getByRole('button', { name: 'Done' }).click();

      // Its page: never the whole code again; its history.
      await page.getByRole('heading', { name: `•••• ${card.last_four}`, level: 1 }).waitFor();
      expect(await page.content()).not.toContain(code);
      await page.getByRole('region', { name: 'History' }).getByRole('cell', { name: 'Issued', exact: true }).waitFor();
      await page.getByText('$25.00 of $25.00').waitFor();
      await expectAccessible(page, 'a gift card');
      await screenshot(page, 'gift-cards-detail');

      // In the list with its balance, found by its whole code.
      await page.getByRole('link', { name: '← Gift cards' }).click();
      await page.getByRole('heading', { name: 'Gift cards', level: 1 }).waitFor();
      // While the search loads, the loader is a named status, as assistive technology may announce it.
      await page.route((url) => url.pathname === '/v1/gift_cards' && url.searchParams.has('code'), async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.getByLabel('Search').fill(code.toLowerCase());
      await page.getByRole('status', { name: 'Loading' }).waitFor();
      await expectAccessible(page, 'the gift card list while it loads');
      await page.unrouteAll({ behavior: 'wait' });
      const row = page.getByRole('row', { name: new RegExp(card.last_four) });
      await row.getByRole('cell', { name: '$25.00 / $25.00' }).waitFor();
      await row.getByText('Enabled', { exact: true }).waitFor();
      await expect.poll(async () => page.getByRole('row').count()).toBe(2);
      await page.getByRole('status', { name: 'Loading' }).waitFor({ state: 'hidden' });
      await expectAccessible(page, 'the gift card list');
      await screenshot(page, 'gift-cards-list');

      // Disabled, after saying what it means.
      await row.getByRole('link', { name: `•••• ${card.last_four}` }).click();
      await page.getByRole('button', { name: 'Disable' }).click();
      const confirm = page.getByRole('dialog', { name: `Disable gift card •••• ${card.last_four}?` });
      await confirm.getByText('It pays for nothing from now on', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Disable gift card' }).click();
      await page.getByText('Disabled', { exact: true }).waitFor();
      await expect.poll(async () => (await t.admin.get(`/v1/gift_cards/${card.id}`)).body.data.is_enabled).toBe(false);
      await expect.poll(() => page.getByRole('button', { name: 'Disable' }).count()).toBe(0);
    });
  }, SLOW);

  it('shows a sold card on a phone, its history naming the order that sold it', async () => {
    const base = await listen(t);
    const word = uniqueWord();
    const product = (await t.admin.post('/v1/products', { name: `Gift card ${word}`, permalink: `gift-${word}` })).body.data;
    await t.admin.post(`/v1/skus/${product.sku_id}`, { price: 5000, is_gift_card: true });
    const ready = await readyCheckout(t, { items: [{ skuId: product.sku_id }] });
    const order = (await pay(t, ready.orderId)).body.data;
    const row = await t.db.selectFrom('gift_cards').select('id').where('note', '=', `Sold in order ${order.number}`).executeTakeFirstOrThrow();
    const card = (await t.admin.get(`/v1/gift_cards/${row.id}`)).body.data;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/gift-cards');
      await page.getByRole('heading', { name: 'Gift cards', level: 1 }).waitFor();
      await page.getByRole('link', { name: `•••• ${card.last_four}` }).first().waitFor();
      await screenshot(page, 'gift-cards-list-phone');
      await page.getByRole('link', { name: `•••• ${card.last_four}` }).first().click();
      await page.getByRole('heading', { name: `•••• ${card.last_four}`, level: 1 }).waitFor();
      await page.getByRole('link', { name: `Issued, sold in order ${order.number}` }).waitFor();
      await expectAccessible(page, 'a gift card on a phone');
      await screenshot(page, 'gift-cards-detail-phone');
    }, { width: 390, height: 844 });
  }, SLOW);

  it('marks a sku as a gift card from the product page', async () => {
    const base = await listen(t);
    const word = uniqueWord();
    const product = (await t.admin.post('/v1/products', { name: `Gift card ${word}`, permalink: `gift-${word}` })).body.data;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/products/${product.id}`);
      await page.getByRole('heading', { name: `Gift card ${word}`, level: 1 }).waitFor();
      await page.getByRole('button', { name: /^Edit sku/ }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Edit sku' });
      await dialog.getByRole('checkbox', { name: 'Is a gift card' }).check();
      await field(dialog, 'Price').fill('50');
      await dialog.getByRole('button', { name: 'Save sku' }).click();
      await page.getByText('Sku saved').waitFor();
      await page.getByText('Gift card', { exact: true }).waitFor();
    });
    const sku = (await t.admin.get(`/v1/skus/${product.sku_id}`)).body.data;
    expect(sku).toMatchObject({ is_gift_card: true, is_shipping_required: false, price: 5000 });
  }, SLOW);
}, { admin: true });
