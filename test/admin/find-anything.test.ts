import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { placedOrder } from '../helpers/checkout.js';
import { uniqueWord } from '../helpers/expect.js';

const SLOW = 90_000;

describeInBrowser('staff find anything from every screen', (t) => {
  const holder = useBrowser();

  it('opens with Ctrl+K or /, finds orders, products, customers and screens, and goes straight to the one chosen', async () => {
    const base = await listen(t);
    const word = uniqueWord();
    const { orderId, skus, email } = await placedOrder(t, { customer: { first_name: 'Katherine', last_name: `Johnson${word}` } });
    await t.admin.post(`/v1/products/${skus[0]!.productId}`, { name: `Lamp ${word}` });
    const number = (await t.admin.get(`/v1/orders/${orderId}`)).body.data.number as string;

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/home');
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();

      // Ctrl+K, a product's word, Enter: its page.
      await page.keyboard.press('Control+K');
      const search = page.getByRole('textbox', { name: 'Find anything' });
      await search.fill(`lamp ${word}`);
      await page.getByRole('button', { name: new RegExp(`Lamp ${word}`) }).waitFor();
      await expectAccessible(page, 'find anything');
      await screenshot(page, 'find-anything');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: `Lamp ${word}`, level: 1 }).waitFor();

      // `/` from that page (not while typing in a field): the customer by name.
      await page.getByRole('heading', { name: `Lamp ${word}`, level: 1 }).click();
      await page.keyboard.press('/');
      await search.fill(`Johnson${word}`);
      await page.getByRole('button', { name: new RegExp(email) }).click();
      await page.getByRole('heading', { name: `Katherine Johnson${word}`, level: 1 }).waitFor();

      // The order by its number, and a screen by its name.
      await page.getByRole('button', { name: 'Find anything' }).click();
      await search.fill(number);
      await page.getByRole('button', { name: new RegExp(`Order ${number}`) }).click();
      await page.getByRole('heading', { name: `Order ${number}`, level: 1 }).waitFor();
      await page.keyboard.press('Control+K');
      await search.fill('tax');
      await page.getByRole('button', { name: /^Taxes/ }).click();
      await page.getByRole('heading', { name: 'Taxes', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/settings/taxes');
    });

    // On a phone, through the header's button.
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/orders');
      await page.getByRole('button', { name: 'Find anything' }).click();
      await page.getByRole('textbox', { name: 'Find anything' }).fill(`lamp ${word}`);
      await page.getByRole('button', { name: new RegExp(`Lamp ${word}`) }).waitFor();
      await screenshot(page, 'find-anything-narrow');
    }, { width: 390, height: 844 });
  }, SLOW);
}, { admin: true });
