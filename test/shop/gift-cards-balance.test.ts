import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, screenshot, useBrowser } from '../helpers/browser.js';
import { shopOf } from '../helpers/shop.js';

const SLOW = 120_000;

describeInBrowser('the shop: a buyer checks a gift card balance', (t) => {
  const holder = useBrowser();

  it('finds the page from the footer and sees what is left on a card, and that an unknown code names none', async () => {
    const base = await shopOf(t);
    const card = (await t.admin.post('/v1/gift_cards', { initial_value: 3750 })).body.data;
    await inWindow(holder.browser, async (page) => {
      await page.goto(`${base}/`);
      await page.getByRole('navigation', { name: 'Shop information' }).getByRole('link', { name: 'Gift card balance' }).click();
      await page.getByRole('heading', { name: 'Gift card balance', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/gift-cards/balance');

      await page.getByLabel('Gift card code').fill(card.code.toLowerCase());
      await page.getByRole('button', { name: 'Check balance' }).click();
      const answer = page.getByRole('region', { name: `Gift card ending ${card.last_four}` });
      await answer.getByText('$37.50').waitFor();
      await answer.getByText('Never').waitFor();
      // The code never goes into the address.
      expect(page.url()).not.toContain(card.last_four);
      await expectAccessible(page, 'shop gift card balance');
      await screenshot(page, 'shop-gift-card-balance');

      await page.getByLabel('Gift card code').fill('NOPE-NOPE-NOPE-NOPE');
      await page.getByRole('button', { name: 'Check balance' }).click();
      await page.getByRole('alert').getByText('No gift card has this code', { exact: false }).waitFor();
    });
  }, SLOW);

  it('checks a balance without JavaScript, on a phone', async () => {
    const base = await shopOf(t);
    const card = (await t.admin.post('/v1/gift_cards', { initial_value: 1200 })).body.data;
    await t.admin.post(`/v1/gift_cards/${card.id}/disable`);
    const context = await holder.browser.newContext({ javaScriptEnabled: false, locale: 'en-US', viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${base}/gift-cards/balance`);
      await page.getByLabel('Gift card code').fill(card.code);
      await page.getByRole('button', { name: 'Check balance' }).click();
      const answer = page.getByRole('region', { name: `Gift card ending ${card.last_four}` });
      await answer.getByText('$12.00').waitFor();
      await answer.getByText('This gift card was disabled', { exact: false }).waitFor();
      await screenshot(page, 'shop-gift-card-balance-phone');
    } finally {
      await context.close();
    }
  }, SLOW);
}, { shop: true });
