import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { ADDRESS, placedOrder } from '../helpers/checkout.js';
import { newEmail, queuedToken } from '../helpers/customers.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 90_000;

/** A customer made by staff through the API, with one address. */
async function customer(t: TestContext, fields: Record<string, unknown> = {}) {
  const res = await t.admin.post('/v1/customers', { email: newEmail(), first_name: 'Grace', last_name: 'Hopper', addresses: [ADDRESS], ...fields });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: string; email: string; addresses: Array<{ id: string }> };
}

async function customerOf(t: TestContext, id: string) {
  return (await t.admin.get(`/v1/customers/${id}`)).body.data;
}

/** The texts that describe a field (its description and its error), as assistive technology reads them. */
async function describedBy(page: Page, field: Locator): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()))).join(' ');
}

/** Picks an option of a searchable Mantine select by typing part of it. */
async function choose(dialog: Locator, page: Page, label: string, option: string) {
  await dialog.getByLabel(label).fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

describeInBrowser('staff look after customers in the dashboard', (t) => {
  const holder = useBrowser();

  it('lists every country in a customer\'s address and in a shipping zone, whichever the dashboard opened first', async () => {
    const base = await listen(t);
    const grace = await customer(t);
    // Moves within the dashboard (its router follows the history), keeping what it has loaded.
    const goTo = (page: Page, path: string) => page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    const addressCountryLists = async (page: Page, country: string) => {
      await page.getByRole('button', { name: 'Add address' }).click();
      const add = page.getByRole('dialog', { name: 'Add address' });
      await choose(add, page, 'Country', country);
      await page.keyboard.press('Escape');
      await add.waitFor({ state: 'hidden' });
    };
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/customers/${grace.id}`);
      await page.getByRole('heading', { name: 'Grace Hopper', level: 1 }).waitFor();
      await addressCountryLists(page, 'Canada');

      // Then a shipping zone: its countries were once empty after a customer's address.
      await goTo(page, '/admin/settings/shipping');
      await page.getByRole('heading', { name: 'Shipping', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Add shipping zone' }).click();
      const zone = page.getByRole('dialog', { name: 'Add shipping zone' });
      const countries = zone.getByLabel(/^Countries( \*)?$/);
      await countries.click();
      await countries.fill('Canad');
      await page.getByRole('option', { name: 'Canada', exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await zone.waitFor({ state: 'hidden' });

      // And back to the customer: the address dialog once took the whole dashboard down after Shipping.
      await goTo(page, `/admin/customers/${grace.id}`);
      await page.getByRole('heading', { name: 'Grace Hopper', level: 1 }).waitFor();
      await addressCountryLists(page, 'Mexico');
      expect(await page.getByText('Something went wrong').count()).toBe(0);
    });
  }, SLOW);

  it('shows the address a customer checked out with, and their order, on the customer\'s page', async () => {
    const base = await listen(t);
    const { email, orderId } = await placedOrder(t, { customer: { first_name: 'Edsger', last_name: 'Dijkstra' } });
    const buyer = (await t.admin.get(`/v1/customers?q=${encodeURIComponent(email)}`)).body.data[0];
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/customers/${buyer.id}`);
      await page.getByRole('heading', { name: 'Edsger Dijkstra', level: 1 }).waitFor();
      const addresses = page.getByRole('region', { name: 'Addresses' });
      await addresses.getByText(ADDRESS.address1).waitFor();
      expect(await addresses.getByText('No addresses.').count()).toBe(0);
      const number = (await t.admin.get(`/v1/orders/${orderId}`)).body.data.number as string;
      await page.getByRole('link', { name: new RegExp(`#?${number}`) }).waitFor();
      await screenshot(page, 'customers-checked-out');
    });
  }, SLOW);

  it('finds a customer by name and email, edits them, adds, changes and deletes an address, sends a verification email and opens their order', async () => {
    const base = await listen(t);
    const grace = await customer(t);
    const { order } = await placedOrder(t);
    expect((await t.admin.post(`/v1/orders/${order.id}`, { customer_id: grace.id })).status).toBe(200);
    await customer(t, { first_name: 'Alan', last_name: 'Turing' });

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/customers');
      await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
      await page.getByRole('table').waitFor();
      await expectAccessible(page, 'the customer list');
      await screenshot(page, 'customers-list');

      await page.getByLabel('Search').fill(`GRACE ${grace.email.slice(0, 8).toUpperCase()}`);
      await page.getByRole('link', { name: 'Alan Turing' }).waitFor({ state: 'detached' });
      expect(await page.getByRole('row').count()).toBe(2);
      expect(new URL(page.url()).searchParams.get('q')).toBe(`GRACE ${grace.email.slice(0, 8).toUpperCase()}`);
      await page.getByRole('link', { name: 'Grace Hopper' }).click();
      await page.getByRole('heading', { name: 'Grace Hopper', level: 1 }).waitFor();
      await page.getByRole('link', { name: order.number }).waitFor();
      await expectAccessible(page, 'a customer');
      await screenshot(page, 'customer-detail');

      // The profile.
      await page.getByLabel('Last name').fill('Hopper-Murray');
      await page.getByLabel('Tags').filter({ visible: true }).fill('vip');
      await page.keyboard.press('Enter');
      await page.getByLabel('Notes').fill('Prefers phone calls');
      await page.getByLabel('Accepts the newsletter').check();
      await page.getByRole('button', { name: 'Save customer' }).click();
      await page.getByRole('heading', { name: 'Grace Hopper-Murray', level: 1 }).waitFor();
      expect(await customerOf(t, grace.id)).toMatchObject({ last_name: 'Hopper-Murray', tags: ['vip'], notes: 'Prefers phone calls', is_newsletterable: true });

      // A second address, in a country with provinces.
      await page.getByRole('button', { name: 'Add address' }).click();
      const add = page.getByRole('dialog', { name: 'Add address' });
      await add.getByLabel('Street and number').fill('100 Queen Street West');
      await add.getByLabel('Postcode').fill('M5H 2N2');
      await add.getByLabel('City').fill('Toronto');
      await choose(add, page, 'Country', 'Canada');
      await choose(add, page, 'State or province', 'Ontario');
      await add.getByLabel('Phone').fill('+1 416 555 0100');
      await expectAccessible(page, 'the address dialog');
      await screenshot(page, 'customer-address-dialog');
      await add.getByRole('button', { name: 'Add address' }).click();
      await add.waitFor({ state: 'hidden' });
      const toronto = page.getByRole('article', { name: '100 Queen Street West, Toronto' });
      await toronto.waitFor();
      expect((await customerOf(t, grace.id)).addresses).toMatchObject([{ city: 'New York', is_primary: true }, { city: 'Toronto', country_code: 'CA', state_code: 'ON', is_primary: false }]);

      await page.getByRole('button', { name: 'Edit 100 Queen Street West, Toronto' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit address' });
      await edit.getByLabel('City').fill('Ottawa');
      await edit.getByLabel('Make this the primary address').check();
      await edit.getByRole('button', { name: 'Save address' }).click();
      await edit.waitFor({ state: 'hidden' });
      await page.getByRole('article', { name: '100 Queen Street West, Ottawa' }).getByText('Primary').waitFor();
      expect((await customerOf(t, grace.id)).default_address).toMatchObject({ city: 'Ottawa', state_code: 'ON' });

      await page.getByRole('button', { name: 'Delete 1 Main Street, New York' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete the address?' });
      await confirm.getByText('This cannot be undone').waitFor();
      await confirm.getByRole('button', { name: 'Delete address' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await page.getByRole('article', { name: '1 Main Street, New York' }).waitFor({ state: 'detached' });
      expect((await customerOf(t, grace.id)).addresses.map((address: { city: string }) => address.city)).toEqual(['Ottawa']);

      // The verification link goes to the customer's mailbox, never to staff.
      await page.getByRole('button', { name: 'Send verification email' }).click();
      await page.getByText(`Verification email sent to ${grace.email}`).waitFor();
      expect((await t.storefront.post('/v1/customers/verify', { token: await queuedToken(t, grace.id, 'email_verification') })).status).toBe(200);

      await page.getByRole('link', { name: order.number }).click();
      await page.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
    });
  }, SLOW);

  it('opens the row clicked while the words typed wait to be searched, even when its screen loads slowly', async () => {
    const base = await listen(t);
    const surname = `Lovelace${Math.random().toString(36).slice(2, 8)}`;
    const ada = await customer(t, { first_name: 'Ada', last_name: surname });

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/customers?q=${surname}`);
      const row = page.getByRole('link', { name: `Ada ${surname}` });
      await row.waitFor();
      // The customer screen's code takes a second to come, as over a poor connection: longer than the
      // search's pause.
      await page.route((url) => url.pathname.startsWith('/admin/assets/'), async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      await page.getByLabel('Search').fill(`Ada ${surname}`);
      await row.click();
      await page.getByRole('heading', { name: `Ada ${surname}`, level: 1 }).waitFor({ timeout: 10_000 });
      expect(new URL(page.url()).pathname).toBe(`/admin/customers/${ada.id}`);
    });
  }, SLOW);

  it('shows a taken email, a missing state and a weak password beside their fields, and saves none', async () => {
    const base = await listen(t);
    const ada = await customer(t, { first_name: 'Ada', last_name: 'Byron' });
    const other = await customer(t);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/customers/${ada.id}`);
      await page.getByRole('heading', { name: 'Ada Byron', level: 1 }).waitFor();
      const email = page.getByLabel('Email');
      await email.fill(other.email);
      await page.getByRole('button', { name: 'Save customer' }).click();
      await page.getByText('Belongs to another customer').waitFor();
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(await describedBy(page, email)).toContain('Belongs to another customer');
      await expectAccessible(page, 'a refused email');
      await screenshot(page, 'customer-email-refused');

      await page.getByRole('button', { name: 'Add address' }).click();
      const add = page.getByRole('dialog', { name: 'Add address' });
      await add.getByLabel('Street and number').fill('2 Elm Street');
      await add.getByLabel('Postcode').fill('02101');
      await add.getByLabel('City').fill('Boston');
      await choose(add, page, 'Country', 'United States');
      await add.getByLabel('Phone').fill('+1 617 555 0100');
      await add.getByRole('button', { name: 'Add address' }).click();
      const state = add.getByLabel('State or province');
      await add.getByText('Is required for US').waitFor();
      expect(await state.getAttribute('aria-invalid')).toBe('true');
      expect(await describedBy(page, state)).toContain('Is required for US');
      await expectAccessible(page, 'a refused address');
      await screenshot(page, 'customer-address-refused');
      await page.keyboard.press('Escape');
      await add.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Set password' }).click();
      const setPassword = page.getByRole('dialog', { name: 'Set a password' });
      const password = setPassword.getByLabel('New password');
      await password.fill('password1');
      await setPassword.getByRole('button', { name: 'Set password' }).click();
      await setPassword.getByText('Is too easy to guess', { exact: false }).waitFor();
      expect(await password.getAttribute('aria-invalid')).toBe('true');
      expect(await describedBy(page, password)).toContain('Is too easy to guess');
    });
    const after = await customerOf(t, ada.id);
    expect(after.email).toBe(ada.email);
    expect(after.addresses).toHaveLength(1);
    expect((await t.storefront.post('/v1/customers/token', { email: ada.email, password: 'password1' })).status).toBe(401);
  }, SLOW);

  it('shows a read-only key a customer with every write control disabled, in a narrow window', async () => {
    const base = await listen(t);
    const grace = await customer(t);
    const key = (await t.admin.post('/v1/api_keys', { name: 'Support', read_only: true })).body.data.token as string;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, key, `/admin/customers/${grace.id}`);
      await page.getByRole('heading', { name: 'Grace Hopper', level: 1 }).waitFor();
      await page.getByText('Read-only key').waitFor();
      for (const name of ['Save customer', 'Add address', 'Delete customer', 'Set password', 'Send verification email', 'Edit 1 Main Street, New York', 'Delete 1 Main Street, New York']) {
        expect(await page.getByRole('button', { name }).isDisabled(), name).toBe(true);
      }
      for (const label of ['First name', 'Last name', 'Email', 'Notes']) expect(await page.getByLabel(label).getAttribute('readonly'), label).not.toBeNull();
      await expectAccessible(page, 'a customer for a read-only key in a narrow window');
      await screenshot(page, 'customer-detail-read-only-narrow');
      // Nothing wider than the window: no sideways scrolling of the page itself.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }, { width: 390, height: 844 });
  }, SLOW);

  it('adds an address and deletes a customer by keyboard alone, confirming first', async () => {
    const base = await listen(t);
    const grace = await customer(t);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/customers/${grace.id}`);
      await page.getByRole('heading', { name: 'Grace Hopper', level: 1 }).waitFor();
      let reached = false;
      for (let i = 0; i < 40 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() === 'Add address');
      }
      expect(reached).toBe(true);
      await page.keyboard.press('Enter');
      const add = page.getByRole('dialog', { name: 'Add address' });
      await add.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
      await page.keyboard.press('Escape');
      await add.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Delete customer' }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Delete the customer?' });
      await confirm.getByText('This cannot be undone').waitFor();
      await expectAccessible(page, 'the delete confirmation');
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
      expect((await t.admin.get(`/v1/customers/${grace.id}`)).status).toBe(200);

      await page.getByRole('button', { name: 'Delete customer' }).focus();
      await page.keyboard.press('Enter');
      await confirm.getByRole('button', { name: 'Delete customer' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    });
    expect((await t.admin.get(`/v1/customers/${grace.id}`)).status).toBe(404);
  }, SLOW);
}, { admin: true });
