import { expect, it } from 'vitest';
import { describeInBrowser, useBrowser } from '../helpers/browser.js';
import { shopOf } from '../helpers/shop.js';
import { TEST_SHOP_SECRET } from '../helpers/test-app.js';

const BUYER = { address: '203.0.113.7', agent: 'Mozilla/5.0 (Buyer test browser)' };

// The shop calls the API from the server's own address: the API must still see each buyer as
// themselves (limits per buyer, an order's browser_ip), and only the shop may say who that is.
describeInBrowser('the shop: the buyer the API sees', (t) => {
  const holder = useBrowser();

  it('records the buyer\'s address and browser on the cart the shop makes for them', async () => {
    const base = await shopOf(t);
    // The app trusts its proxy: the buyer's address is the one the proxy names.
    const context = await holder.browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': BUYER.address }, userAgent: BUYER.agent });
    try {
      const page = await context.newPage();
      await page.goto(`${base}/products/canvas-tote-bag`);
      await page.getByRole('button', { name: /^Add to cart/ }).click();
      await page.getByRole('heading', { name: 'Your cart' }).waitFor();
      const cartId = (await context.cookies()).find((cookie) => cookie.name === 'cart_id')!.value;
      expect(await t.db.selectFrom('carts').select(['browser_ip', 'user_agent']).where('id', '=', cartId).executeTakeFirst())
        .toEqual({ browser_ip: BUYER.address, user_agent: BUYER.agent });
    } finally {
      await context.close();
    }
  }, 60_000);

  it('ignores an address named without the shop\'s secret, or with a wrong one', async () => {
    const proofs: Array<Record<string, string>> = [{}, { 'x-storefront-shop': 'guess' }, { 'x-storefront-shop': `${TEST_SHOP_SECRET}x` }];
    for (const proof of proofs) {
      const made = await t.as({ 'channel-key': t.channelKey, 'x-storefront-client-ip': '198.51.100.9', ...proof }).post('/v1/carts', {});
      expect(made.status).toBe(201);
      expect(made.body.data.browser_ip).toBe('127.0.0.1');
    }
    const named = await t.as({ 'channel-key': t.channelKey, 'x-storefront-client-ip': '198.51.100.9', 'x-storefront-shop': TEST_SHOP_SECRET }).post('/v1/carts', {});
    expect(named.body.data.browser_ip).toBe('198.51.100.9');
    // Not an address: ignored.
    const junk = await t.as({ 'channel-key': t.channelKey, 'x-storefront-client-ip': 'not-an-ip', 'x-storefront-shop': TEST_SHOP_SECRET }).post('/v1/carts', {});
    expect(junk.body.data.browser_ip).toBe('127.0.0.1');
  });
}, { shop: true, demo: true, trustProxy: true });
