import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, screenshot, useBrowser } from '../helpers/browser.js';
import { ADDRESS } from '../helpers/checkout.js';
import { newEmail, strongPassword } from '../helpers/customers.js';
import { chooseDelivery, shopOf } from '../helpers/shop.js';
import { deliverMailUntil, startSmtpServer, stopSmtpServers, type ReceivedMail, type SmtpServer } from '../helpers/smtp.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 120_000;

afterAll(stopSmtpServers);

/**
 * The first message to `email` whose subject matches, delivered from the outbox as the worker does.
 * Its link to `path` is read from the text part, as a buyer reads it, and pointed at the shop under
 * test: the app's mail links start with TEST_SHOP_URL, and the port of this run is only known now.
 */
async function mailedLink(t: TestContext, smtp: SmtpServer, base: string, email: string, subject: RegExp, path: string): Promise<{ mail: ReceivedMail; url: string }> {
  const find = () => smtp.to(email).find((mail) => subject.test(mail.parsed.subject ?? ''));
  await deliverMailUntil(t, smtp, () => find() !== undefined);
  const mail = find()!;
  const link = mail.parsed.text?.match(new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_-]+`))?.[0];
  expect(link, mail.parsed.text).toBeDefined();
  const url = new URL(link!);
  return { mail, url: `${base}${url.pathname}${url.search}` };
}

async function customerByEmail(t: TestContext, email: string) {
  const found = (await t.admin.get(`/v1/customers?email=${encodeURIComponent(email)}`)).body.data as Array<Record<string, any>>;
  expect(found).toHaveLength(1);
  return found[0]!;
}

async function passwordHashOf(t: TestContext, id: string): Promise<string | null> {
  return (await t.db.selectFrom('customers').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
}

async function tokensOf(t: TestContext, id: string): Promise<number> {
  return (await t.db.selectFrom('customer_tokens').select('id').where('customer_id', '=', id).execute()).length;
}

async function signInWith(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('region', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

describeInBrowser('the shop: a buyer\'s account', (t) => {
  const holder = useBrowser();
  let smtp: SmtpServer;

  it('signs up, stays signed in, saves an address and pays with it, finds the order in the account; then resets a forgotten password from the mail and signs in with it', async () => {
    smtp ??= await startSmtpServer();
    const base = await shopOf(t);
    const email = newEmail();
    const password = strongPassword();
    const tote = (await t.storefront.get('/v1/products/canvas-tote-bag')).body.data.skus[0];

    await inWindow(holder.browser, async (page) => {
      // Tabs of a file share cookies: each buyer starts with none.
      await page.context().clearCookies();
      await page.goto(`${base}/`);
      await page.getByRole('navigation', { name: 'Your shop' }).getByRole('link', { name: 'Account' }).click();
      await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
      expect(await page.title()).toMatch(/^Your account · /);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
      await expectAccessible(page, 'shop account, signed out');
      await screenshot(page, 'shop-account-signed-out');

      // Signing up: the fields say what they are to a browser filling them in.
      const signUp = page.getByRole('region', { name: 'Create an account' });
      expect(await signUp.getByLabel('Password').getAttribute('autocomplete')).toBe('new-password');
      expect(await signUp.getByLabel('Email').getAttribute('autocomplete')).toBe('email');
      await signUp.getByLabel('First name').fill('Ada');
      await signUp.getByLabel('Last name').fill('Lovelace');
      await signUp.getByLabel('Email').fill(email);
      await signUp.getByLabel('Password').fill(password);
      await signUp.getByRole('button', { name: 'Create account' }).click();
      await page.getByText(`Hello, Ada. You are signed in as ${email}.`).waitFor();
      const customer = await customerByEmail(t, email);
      expect(customer).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', is_verified: false, addresses: [] });
      expect(await tokensOf(t, customer.id)).toBe(1);
      // The session lives in httpOnly cookies, out of the page's scripts' reach.
      const cookies = await page.context().cookies(base);
      expect(cookies.filter((cookie) => cookie.name.startsWith('customer_')).map((cookie) => [cookie.name, cookie.httpOnly]).sort())
        .toEqual([['customer_id', true], ['customer_token', true]]);
      expect(cookies.find((cookie) => cookie.name === 'customer_id')!.value).toBe(customer.id);

      // Remembered: a new visit still shows the account.
      await page.reload();
      await page.getByText(`Hello, Ada. You are signed in as ${email}.`).waitFor();
      await page.getByText('You have not ordered anything yet.').waitFor();

      // An address, saved on the account page.
      const addresses = page.getByRole('region', { name: 'Your addresses' });
      await addresses.getByLabel('Address', { exact: true }).fill('1 Main Street');
      await addresses.getByLabel('City').fill('New York');
      await addresses.getByLabel('Postal code').fill('10001');
      await addresses.getByLabel('Country').selectOption('US');
      await addresses.getByLabel('State / province').locator('option[value="NY"]').waitFor({ state: 'attached' });
      await addresses.getByLabel('State / province').selectOption('NY');
      await addresses.getByLabel('Phone').fill('+1 212 555 0100');
      await addresses.getByRole('button', { name: 'Save address' }).click();
      await page.getByRole('status').filter({ hasText: 'Your address is saved.' }).waitFor();
      await addresses.getByRole('listitem').filter({ hasText: '1 Main Street' }).getByRole('button', { name: 'Delete the address Ada Lovelace, 1 Main Street, New York' }).waitFor();
      const [saved] = (await t.admin.get(`/v1/customers/${customer.id}/addresses`)).body.data;
      expect(saved).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', address1: '1 Main Street', city: 'New York', postcode: '10001', country_code: 'US', state_code: 'NY', is_primary: true });
      await expectAccessible(page, 'shop account, signed in');
      await screenshot(page, 'shop-account-signed-in');

      // Shopping, signed in: the saved address is offered at checkout.
      await page.goto(`${base}/products/canvas-tote-bag`);
      await page.getByRole('button', { name: /^Add to cart/ }).click();
      await page.getByRole('heading', { name: 'Your cart' }).waitFor();
      await page.getByRole('button', { name: 'Check out' }).click();
      await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
      expect(await page.getByLabel('Email').inputValue()).toBe(email);
      await page.getByRole('group', { name: 'Saved addresses' }).getByRole('radio', { name: /1 Main Street/ }).check();
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.getByRole('button', { name: 'Continue to payment' }).waitFor();
      await chooseDelivery(page, 'Card (test mode)');
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      // $15.00 of tote and $7.00 of standard shipping.
      await page.getByRole('button', { name: 'Pay $22.00' }).click();
      await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
      const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
      const order = (await t.admin.get(`/v1/orders/${orderId}`)).body.data;
      expect(order).toMatchObject({
        status: 'placed', financial_status: 'paid', fulfillment_status: 'unfulfilled', customer_id: customer.id, email, total_price: 2200,
        items: [{ sku_id: tote.id, quantity: 1 }],
        shipping: { first_name: 'Ada', last_name: 'Lovelace', address: { address1: '1 Main Street', city: 'New York', postcode: '10001', country_code: 'US' } },
      });

      // The account lists the order, and leads to it.
      await page.goto(`${base}/account`);
      const orders = page.getByRole('region', { name: 'Your orders' });
      const row = orders.getByRole('row', { name: new RegExp(`Order ${order.number}`) });
      await row.waitFor();
      expect((await row.getByRole('cell').allTextContents())).toEqual([expect.any(String), '$22.00', 'Paid', 'Unfulfilled']);
      await expectAccessible(page, 'shop account with an order');
      await screenshot(page, 'shop-account-orders');
      await row.getByRole('link', { name: `Order ${order.number}` }).click();
      await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/orders/${order.id}`);

      // Signing out revokes the token and forgets it.
      await page.goto(`${base}/account`);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('status').filter({ hasText: 'You are signed out.' }).waitFor();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(await tokensOf(t, customer.id)).toBe(0);
      expect((await page.context().cookies(base)).filter((cookie) => cookie.name.startsWith('customer_'))).toEqual([]);

      // A forgotten password: the reset link arrives by mail.
      const hashBefore = await passwordHashOf(t, customer.id);
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.getByRole('heading', { name: 'Reset your password', level: 1 }).waitFor();
      await expectAccessible(page, 'shop forgotten password');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send me a reset link' }).click();
      await page.getByRole('status').filter({ hasText: 'If an account uses that email' }).waitFor();
      const reset = await mailedLink(t, smtp, base, email, /^Reset your password/, '/account/reset');

      await page.goto(reset.url);
      await page.getByRole('heading', { name: 'Set a new password', level: 1 }).waitFor();
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
      // The token in the address is told to no page the reset page links to.
      expect(await page.locator('meta[name="referrer"]').getAttribute('content')).toBe('no-referrer');
      await expectAccessible(page, 'shop new password');
      await screenshot(page, 'shop-account-reset');
      const newPassword = strongPassword();
      // Two different passwords are refused before anything is sent.
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm the new password').fill(`${newPassword}x`);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByRole('alert').filter({ hasText: 'The two passwords are not the same' }).waitFor();
      expect(await passwordHashOf(t, customer.id)).toBe(hashBefore);
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm the new password').fill(newPassword);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByRole('status').filter({ hasText: 'Your new password is set. Sign in with it.' }).waitFor();
      expect(await passwordHashOf(t, customer.id)).not.toBe(hashBefore);

      // The old password no longer signs in; the new one does, and the order is still there.
      await signInWith(page, email, password);
      await page.getByRole('alert').filter({ hasText: 'The email or the password is wrong' }).waitFor();
      await signInWith(page, email, newPassword);
      await page.getByText(`Hello, Ada. You are signed in as ${email}.`).waitFor();
      await page.getByRole('region', { name: 'Your orders' }).getByRole('link', { name: `Order ${order.number}` }).waitFor();
      expect(await tokensOf(t, customer.id)).toBe(1);

      // The mailed link is used up.
      await page.goto(reset.url);
      const another = strongPassword();
      await page.getByLabel('New password', { exact: true }).fill(another);
      await page.getByLabel('Confirm the new password').fill(another);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByRole('alert').filter({ hasText: 'Token is unknown, expired or already used' }).waitFor();
    });
  }, SLOW);

  it('confirms the email from the link mailed at sign-up, with a button: opening the link changes nothing', async () => {
    smtp ??= await startSmtpServer();
    const base = await shopOf(t);
    const email = newEmail();

    await inWindow(holder.browser, async (page) => {
      await page.context().clearCookies();
      await page.goto(`${base}/account`);
      const signUp = page.getByRole('region', { name: 'Create an account' });
      await signUp.getByLabel('First name').fill('Grace');
      await signUp.getByLabel('Email').fill(email);
      // A password a guesser would try first is refused, beside the sign-up form.
      await signUp.getByLabel('Password').fill('password123');
      await signUp.getByRole('button', { name: 'Create account' }).click();
      await signUp.getByRole('alert').filter({ hasText: /^Password is too easy to guess/ }).waitFor();
      expect((await t.admin.get(`/v1/customers?email=${encodeURIComponent(email)}`)).body.data).toEqual([]);

      await signUp.getByLabel('First name').fill('Grace');
      await signUp.getByLabel('Email').fill(email);
      await signUp.getByLabel('Password').fill(strongPassword());
      await signUp.getByRole('button', { name: 'Create account' }).click();
      await page.getByText(`Hello, Grace.`).waitFor();
      await page.getByText('Your email is not confirmed yet').waitFor();
      const customer = await customerByEmail(t, email);

      const verify = await mailedLink(t, smtp, base, email, /^Confirm your email/, '/account/verify');
      await page.goto(verify.url);
      await page.getByRole('heading', { name: 'Confirm your email', level: 1 }).waitFor();
      expect((await customerByEmail(t, email)).is_verified).toBe(false);
      await expectAccessible(page, 'shop email verification');
      await screenshot(page, 'shop-account-verify');
      await page.getByRole('button', { name: 'Confirm my email' }).click();
      await page.getByRole('heading', { name: 'Your email is confirmed', level: 1 }).waitFor();
      expect(await customerByEmail(t, email)).toMatchObject({ id: customer.id, is_verified: true });

      await page.getByRole('link', { name: 'Go to your account' }).click();
      await page.getByText(`Hello, Grace.`).waitFor();
      expect(await page.getByText('Your email is not confirmed yet').count()).toBe(0);

      // The link is spent.
      await page.goto(verify.url);
      await page.getByRole('button', { name: 'Confirm my email' }).click();
      await page.getByRole('alert').filter({ hasText: 'Token is unknown, expired or already used' }).waitFor();
    });
  }, SLOW);

  it('saves a second address as the default and deletes the first', async () => {
    const base = await shopOf(t);
    const email = newEmail();
    const password = strongPassword();
    const made = await t.storefront.post('/v1/customers', { email, password, first_name: 'Alan', last_name: 'Turing', addresses: [{ ...ADDRESS, first_name: 'Alan', last_name: 'Turing' }] });
    expect(made.status, made.text).toBe(201);
    const customer = made.body.data;
    const [first] = customer.addresses;

    await inWindow(holder.browser, async (page) => {
      await page.context().clearCookies();
      await page.goto(`${base}/account`);
      await signInWith(page, email, password);
      await page.getByText('Hello, Alan.').waitFor();
      const addresses = page.getByRole('region', { name: 'Your addresses' });
      expect(await addresses.getByRole('listitem').filter({ hasText: 'Default address' }).textContent()).toContain('1 Main Street');

      // A Canadian address: the province list follows the country chosen.
      await addresses.getByLabel('Address', { exact: true }).fill('100 Queen Street West');
      await addresses.getByLabel('City').fill('Toronto');
      await addresses.getByLabel('Postal code').fill('M5H 2N2');
      await addresses.getByLabel('Country').selectOption('CA');
      await addresses.getByLabel('State / province').locator('option[value="ON"]').waitFor({ state: 'attached' });
      await addresses.getByLabel('State / province').selectOption('ON');
      await addresses.getByLabel('Phone').fill('+1 416 555 0100');
      await addresses.getByLabel('Make this my default address').check();
      await addresses.getByRole('button', { name: 'Save address' }).click();
      await page.getByRole('status').filter({ hasText: 'Your address is saved.' }).waitFor();
      expect(await addresses.getByRole('listitem').filter({ hasText: 'Default address' }).textContent()).toContain('100 Queen Street West');

      await addresses.getByRole('button', { name: 'Delete the address Alan Turing, 1 Main Street, New York' }).click();
      await page.getByRole('status').filter({ hasText: 'The address is deleted.' }).waitFor();
      expect(await addresses.getByRole('listitem').count()).toBe(1);
      const after = (await t.admin.get(`/v1/customers/${customer.id}`)).body.data;
      expect(after.addresses).toMatchObject([{ address1: '100 Queen Street West', city: 'Toronto', country_code: 'CA', state_code: 'ON', is_primary: true }]);
      expect(after.addresses[0].id).not.toBe(first.id);
      expect(after.default_address).toMatchObject({ id: after.addresses[0].id });
    });
  }, SLOW);
}, { shop: true, demo: true });
