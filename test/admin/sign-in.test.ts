import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, listen, screenshot, signIn, signOutFromMenu, useBrowser } from '../helpers/browser.js';
import { placedOrder } from '../helpers/checkout.js';
import { PLAIN_HTTP_HOST } from '../helpers/chromium.js';

const SLOW = 60_000;

describeInBrowser('staff sign in to the dashboard', (t) => {
  const holder = useBrowser();

  it('sends a visitor to sign-in, refuses a key that is no staff key beside the field, and lets the admin key in', async () => {
    const base = await listen(t);
    await inWindow(holder.browser, async (page) => {
      await page.goto(`${base}/admin/orders?status=placed`);
      await page.getByRole('heading', { name: 'Storefront admin' }).waitFor();
      await expectAccessible(page, 'sign-in');
      await screenshot(page, 'sign-in');

      await page.getByRole('button', { name: 'Sign in with an API key' }).click();
      const key = page.getByLabel('Admin key');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('Enter your admin key').waitFor();
      // A channel key is a key of this store, but not a staff one.
      await key.fill(t.channelKey);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('This key is not a staff key of this store').waitFor();
      expect(await key.getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(page, 'a refused sign-in');
      await screenshot(page, 'sign-in-refused');

      // A whole key pasted is tried at once: one the store does not know is refused beside the field.
      const paste = (text: string) => key.evaluate((input, pasted) => {
        const data = new DataTransfer();
        data.setData('text/plain', pasted);
        input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, text);
      await key.fill('x');
      await expect.poll(() => page.getByText('This key is not a staff key of this store').count()).toBe(0);
      await key.fill('');
      await paste('sk_test_0123456789abcdef0123456789abcdef');
      await expect.poll(() => key.inputValue()).toBe('sk_test_0123456789abcdef0123456789abcdef');
      await page.getByText('This key is not a staff key of this store').waitFor();

      // The address asked for first is where signing in leads, its filters kept.
      await key.fill(t.adminKey);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/orders');
      expect(new URL(page.url()).searchParams.get('status')).toBe('placed');
      expect(await page.evaluate(() => Object.keys(window.localStorage).length)).toBe(0);
    });
  }, SLOW);

  it('forgets the key on sign-out: a reload asks for it again', async () => {
    const base = await listen(t);
    await inWindow(holder.browser, async (page) => {
      await signIn(page, base, t.adminKey);
      await page.reload();
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      await signOutFromMenu(page);
      expect(await page.evaluate(() => JSON.stringify(window.sessionStorage))).not.toContain(t.adminKey);
      await page.goto(`${base}/admin/orders`);
      await page.getByLabel('Email').waitFor();
    });
  }, SLOW);

  it('works over plain http at a host name of its own, where the browser is no secure context', async () => {
    const base = (await listen(t)).replace('127.0.0.1', PLAIN_HTTP_HOST);
    const { order } = await placedOrder(t, { gateway: { driver: 'test', settings: { capture: 'manual' } } });
    await inWindow(holder.browser, async (page) => {
      await signIn(page, base, t.adminKey, `/admin/orders/${order.id}`);
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
      await page.getByRole('button', { name: 'Capture payment' }).click();
      const capture = page.getByRole('dialog', { name: 'Capture payment' });
      await capture.getByRole('button', { name: 'Capture' }).click();
      await capture.waitFor({ state: 'hidden' });
    });
    expect((await t.admin.get(`/v1/orders/${order.id}`)).body.data.financial_status).toBe('paid');
  }, SLOW);

  it('sends staff back to sign-in when their key is revoked', async () => {
    const base = await listen(t);
    const made = (await t.admin.post('/v1/api_keys', { name: 'Temporary', read_only: false })).body.data;
    await inWindow(holder.browser, async (page) => {
      await signIn(page, base, made.token);
      expect((await t.admin.delete(`/v1/api_keys/${made.id}`)).status).toBe(204);
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Placed', exact: true }).click();
      await page.getByText('You were signed out: your sign-in expired, or your key or account was revoked. Sign in again.').waitFor();
      await page.getByLabel('Email').waitFor();
    });
  }, SLOW);
}, { admin: true });
