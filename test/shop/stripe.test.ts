import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, screenshot, useBrowser } from '../helpers/browser.js';
import { uniqueWord } from '../helpers/expect.js';
import { FAKE_PAYMENT_METHODS as PM } from '../helpers/fake-stripe.js';
import { chooseDelivery, fillAddress, SHOP_ADDRESS, shopOf } from '../helpers/shop.js';
import { makeStripeGateway, settle, STRIPE_KEYS, useFakeStripe } from '../helpers/stripe-checkout.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 120_000;

async function ordersOf(t: TestContext, email: string) {
  return (await t.admin.get(`/v1/orders?q=${encodeURIComponent(email)}`)).body.data as Array<Record<string, any>>;
}

describeInBrowser('the shop: a guest pays with Stripe', (t) => {
  const holder = useBrowser();
  const stripe = useFakeStripe();

  /** The shop, with a stripe gateway pointed at the fake Stripe, whose Stripe.js the pages load. */
  async function stripeShop(): Promise<{ base: string; gateway: { id: string; source: string } }> {
    const base = await shopOf(t);
    process.env.STOREFRONT_STRIPE_JS_URL = `${stripe.url}/v3/`;
    return { base, gateway: await makeStripeGateway(t, stripe) };
  }

  /** A new buyer puts the tote in the cart, checks out to a US address and picks the stripe gateway. */
  async function upToStripePayment(page: Page, base: string, gateway: { source: string }, email: string): Promise<void> {
    // Tabs of a file share cookies: each buyer starts with none.
    await page.context().clearCookies();
    await page.goto(`${base}/products/canvas-tote-bag`);
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    await page.getByRole('button', { name: 'Check out' }).click();
    await fillAddress(page, { ...SHOP_ADDRESS, email });
    await chooseDelivery(page, `Gateway ${gateway.source}`);
    // The fake Payment Element has mounted: Stripe.js loaded and Stripe() took the key.
    await page.getByLabel('Card', { exact: true }).waitFor();
  }

  async function payWith(page: Page, paymentMethod: string): Promise<void> {
    await page.getByLabel('Card', { exact: true }).fill(paymentMethod);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
  }

  it('takes the card through the Payment Element and places the order paid', async () => {
    const { base, gateway } = await stripeShop();
    const email = `stripe-${uniqueWord()}@example.com`;
    await inWindow(holder.browser, async (page) => {
      await upToStripePayment(page, base, gateway, email);
      expect(await page.getByText(/cannot take .* payments yet/).count()).toBe(0);
      await expectAccessible(page, 'shop stripe payment');
      await page.getByRole('heading', { name: '3. Payment' }).scrollIntoViewIfNeeded();
      await screenshot(page, 'shop-checkout-stripe');

      await payWith(page, PM.visa);

      await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
      const [order] = await ordersOf(t, email);
      expect(order).toMatchObject({ status: 'placed', financial_status: 'paid', payment_method: 'card', email, number: expect.any(String) });
      expect(new URL(page.url()).pathname).toBe(`/orders/${order!.id}`);
      // Stripe.js had the publishable key and the order's total; the server charged that PaymentMethod.
      expect(stripe.seen('/v3/payment_methods').at(-1)!.form).toEqual({ key: STRIPE_KEYS.publishable, card: PM.visa, amount: order!.total_price, currency: 'usd' });
      const intent = stripe.intentOf(order!.id)!;
      expect(intent).toMatchObject({ status: 'succeeded', amount: order!.total_price, amount_received: order!.total_price });
      expect(stripe.seen('/v1/payment_intents').at(-1)!.form).toMatchObject({ payment_method: PM.visa, metadata: { order_id: order!.id } });
      expect(order!.transactions).toEqual([expect.objectContaining({ kind: 'charge', status: 'succeeded', authorization: intent.id, gateway: gateway.source })]);

      // The cart and checkout cookies went with the payment: a new cart starts empty.
      await page.goto(`${base}/cart`);
      await page.getByText('Your cart is empty').waitFor();
    });
  }, SLOW);

  it('shows a declined card beside the Payment Element, charges nothing, then takes another card', async () => {
    const { base, gateway } = await stripeShop();
    const email = `stripe-declined-${uniqueWord()}@example.com`;
    await inWindow(holder.browser, async (page) => {
      await upToStripePayment(page, base, gateway, email);

      await payWith(page, PM.declined);

      const error = page.locator('#payment-error');
      await error.waitFor();
      expect(await error.getAttribute('role')).toBe('alert');
      expect(await error.textContent()).toBe('Your card was declined.');
      const [declined] = await ordersOf(t, email);
      expect(declined).toMatchObject({ status: 'created', financial_status: 'unpaid', number: null });
      expect(declined!.transactions).toEqual([expect.objectContaining({ kind: 'charge', status: 'failed', code: 'generic_decline' })]);
      expect(stripe.intentOf(declined!.id)).toMatchObject({ status: 'requires_payment_method', amount_received: 0, latest_charge: null });
      await expectAccessible(page, 'shop stripe payment declined');

      await payWith(page, PM.visa);
      await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
      const [order] = await ordersOf(t, email);
      expect(order).toMatchObject({ id: declined!.id, status: 'placed', financial_status: 'paid' });
      expect(order!.transactions.map((row: { status: string }) => row.status)).toEqual(['failed', 'succeeded']);
    }, { width: 390, height: 844 });
  }, SLOW);

  it('confirms a 3-D Secure card with the issuer and shows the confirmation once Stripe\'s webhook placed the order', async () => {
    const { base, gateway } = await stripeShop();
    const email = `stripe-3ds-${uniqueWord()}@example.com`;
    await inWindow(holder.browser, async (page) => {
      await upToStripePayment(page, base, gateway, email);

      await payWith(page, PM.threeDSecure);

      // Stripe.js's handleNextAction passed the challenge with the client secret the API answered.
      await page.getByText('Confirming your payment with your card issuer…').waitFor();
      const [pending] = await ordersOf(t, email);
      const intent = stripe.intentOf(pending!.id)!;
      await expect.poll(() => stripe.intents.get(intent.id)!.status).toBe('succeeded');
      expect(stripe.seen('/v3/authenticate').at(-1)!.form).toEqual({ key: STRIPE_KEYS.publishable, client_secret: intent.client_secret });
      // The order waits for Stripe's word: the page keeps waiting on the checkout.
      expect(await ordersOf(t, email)).toMatchObject([{ status: 'created', financial_status: 'unpaid', transactions: [{ status: 'pending', authorization: intent.id }] }]);
      expect(new URL(page.url()).pathname).toBe('/checkout');

      await settle(t, gateway.id, 'payment_intent.succeeded', stripe.intents.get(intent.id));

      await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/orders/${pending!.id}`);
      expect(await ordersOf(t, email)).toMatchObject([{ status: 'placed', financial_status: 'paid', transactions: [{ status: 'succeeded', authorization: intent.id }] }]);
      await page.goto(`${base}/cart`);
      await page.getByText('Your cart is empty').waitFor();
    });
  }, SLOW);
}, { shop: true, demo: true });
