import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { choose, describedAs, describeInBrowser, expectAccessible, field, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { useFakeStripe } from '../helpers/stripe-checkout.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 90_000;

/** The server's 422 shows beside `field`: the field is invalid and described by the message. */
async function expectRefusedBeside(page: Page, field: Locator, message: string) {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  expect(await describedAs(page, field)).toContain(message);
}

async function confirm(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const storeOf = async (t: TestContext) => (await t.admin.get('/v1/store')).body.data;

describeInBrowser('staff set up the shop in the dashboard', (t) => {
  const holder = useBrowser();
  const stripe = useFakeStripe();

  it('changes the store’s settings, and sees an unknown currency refused beside its field', async () => {
    const base = await listen(t);
    const before = await storeOf(t);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/store');
      await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor();
      const form = page.getByRole('form', { name: 'Store settings' });
      await expectAccessible(page, 'the store settings');
      await screenshot(page, 'settings-store');

      await field(form, 'Store name').fill('Northwind Outfitters');
      await form.getByLabel('Contact email').fill('help@northwind.example');
      await form.getByRole('switch', { name: 'Prices include tax' }).check({ force: true });
      await form.getByLabel('Weight unit').click();
      await page.getByRole('option', { name: 'Grams (g)' }).click();
      await form.getByLabel('Street address').fill('1 Harbour Road');
      await form.getByLabel('City').fill('Seattle');
      await choose(form, page, 'Country', 'United St', 'United States');
      await choose(form, page, 'State', 'Washing', 'Washington');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Store settings saved').waitFor();
      // The frame shows the new name at once.
      await page.getByRole('banner').getByText('Northwind Outfitters').waitFor();

      await form.getByLabel('Currency').fill('ABC');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expectRefusedBeside(page, form.getByLabel('Currency'), 'Is not an ISO 4217 currency code');
      await expectAccessible(page, 'a refused store setting');
      await screenshot(page, 'settings-store-refused');
    });
    const after = await storeOf(t);
    expect(after).toMatchObject({
      name: 'Northwind Outfitters', contact_email: 'help@northwind.example', is_tax_included: true, weight_unit: 'gr',
      address1: '1 Harbour Road', city: 'Seattle', country_code: 'US', country: 'United States', state_code: 'WA', state: 'Washington', currency: before.currency,
    });
    // Fields staff did not touch were not sent: they keep their values.
    expect(after.email).toBe(before.email);
  }, SLOW);

  it('adds a country’s tax rate and a state’s, sees a second rate for the same state refused beside it, edits one and deletes the other', async () => {
    const base = await listen(t);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/taxes');
      await page.getByRole('heading', { name: 'Taxes', level: 1 }).waitFor();
      await page.getByText('No tax rates yet').waitFor();

      const add = async (country: string, state: string | null, name: string, rate: string) => {
        await page.getByRole('button', { name: 'Add tax rate' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add tax rate' });
        await choose(dialog, page, 'Country', country.slice(0, 8), country);
        if (state) await choose(dialog, page, 'State', state.slice(0, 6), `${state} (WA)`);
        await dialog.getByLabel('Name').fill(name);
        await field(dialog, 'Rate (%)').fill(rate);
        await dialog.getByRole('button', { name: 'Add rate' }).click();
        return dialog;
      };
      const country = await add('United States', null, 'Sales tax', '5');
      await country.waitFor({ state: 'hidden' });
      const state = await add('United States', 'Washington', 'WA sales tax', '6.5');
      await expectAccessible(page, 'the tax rate dialog');
      await screenshot(page, 'settings-taxes-dialog');
      await state.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: '6.5%' }).waitFor();

      // A place holds one rate: the server refuses a second, beside the state.
      const again = await add('United States', 'Washington', 'Again', '7');
      await expectRefusedBeside(page, again.getByLabel('State'), 'Already has a tax rate for this state');
      await screenshot(page, 'settings-taxes-refused');
      await again.getByRole('button', { name: 'Cancel' }).click();
      await again.waitFor({ state: 'hidden' });
      await expectAccessible(page, 'the tax rates');
      await screenshot(page, 'settings-taxes');

      await page.getByRole('button', { name: 'Edit the rate of United States, WA' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit tax rate' });
      await field(edit, 'Rate (%)').fill('7.25');
      await edit.getByRole('button', { name: 'Save rate' }).click();
      await edit.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: '7.25%' }).waitFor();

      await page.getByRole('button', { name: 'Delete the rate of United States' , exact: true }).click();
      await confirm(page, 'Delete the tax rate?', 'Delete tax rate');
      await page.getByRole('cell', { name: '5%', exact: true }).waitFor({ state: 'detached' });
    });
    const rates = (await t.admin.get('/v1/tax_rates')).body.data;
    expect(rates).toMatchObject([{ country_code: 'US', state_code: 'WA', name: 'WA sales tax', rate: 725 }]);
  }, SLOW);

  it('enters New York City’s 8.875 % and reads 8.875 % back after a reload, and sees rates the API refuses said in percent', async () => {
    const base = await listen(t);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/taxes');
      await page.getByRole('heading', { name: 'Taxes', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Add tax rate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add tax rate' });
      await choose(dialog, page, 'Country', 'United St', 'United States');
      await choose(dialog, page, 'State', 'New Yo', 'New York (NY)');
      await dialog.getByLabel('Name').fill('NYC sales tax');
      await field(dialog, 'Rate (%)').fill('8.875');
      await dialog.getByRole('button', { name: 'Add rate' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: '8.875%' }).waitFor();

      await page.reload();
      await page.getByRole('cell', { name: '8.875%' }).waitFor();
      await page.getByRole('button', { name: 'Edit the rate of United States, NY' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit tax rate' });
      expect(await field(edit, 'Rate (%)').inputValue()).toBe('8.875');

      // The API counts basis points; staff read its refusals in percent, beside the field.
      await field(edit, 'Rate (%)').fill('150');
      await edit.getByRole('button', { name: 'Save rate' }).click();
      await expectRefusedBeside(page, field(edit, 'Rate (%)'), 'Must be at most 100%');
      expect(await describedAs(page, field(edit, 'Rate (%)'))).not.toMatch(/basis|10000/);
      await screenshot(page, 'settings-taxes-rate-refused');
      await field(edit, 'Rate (%)').fill('8.87512');
      await edit.getByRole('button', { name: 'Save rate' }).click();
      await expect.poll(() => describedAs(page, field(edit, 'Rate (%)'))).toContain('Use up to 4 decimals');
      await edit.getByRole('button', { name: 'Cancel' }).click();
    });
    const rates = (await t.admin.get('/v1/tax_rates?per_page=250')).body.data;
    expect(rates.find((r: any) => r.state_code === 'NY')).toMatchObject({ country_code: 'US', name: 'NYC sales tax', rate: 887.5 });
  }, SLOW);

  it('adds a shipping zone of some states with two rates, sees a range refused beside its bound, fixes it and deletes the zone', async () => {
    const base = await listen(t);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/shipping');
      await page.getByRole('heading', { name: 'Shipping', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Add shipping zone' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add shipping zone' });
      await field(dialog, 'Zone name').fill('West');
      await choose(dialog, page, 'Countries', 'United St', 'United States');
      await choose(dialog, page, 'Countries', 'Canad', 'Canada');
      await page.keyboard.press('Escape');
      await choose(dialog, page, 'States of United States', 'Washing', 'Washington (WA)');
      await choose(dialog, page, 'States of United States', 'Oreg', 'Oregon (OR)');
      await page.keyboard.press('Escape');
      const first = dialog.getByRole('group', { name: 'Rate 1' });
      await field(first, 'Rate name').fill('Standard');
      await first.getByLabel('Up to (g)').fill('2000');
      await field(first, 'Price (USD)').fill('5');
      await dialog.getByRole('button', { name: 'Add rate' }).click();
      const second = dialog.getByRole('group', { name: 'Rate 2' });
      await field(second, 'Rate name').fill('Big orders');
      await second.getByLabel('Measured by').click();
      await page.getByRole('option', { name: 'Order subtotal' }).click();
      await second.getByLabel('From (USD)').fill('100');
      await field(second, 'Price (USD)').fill('0');
      await expectAccessible(page, 'the shipping zone dialog');
      await screenshot(page, 'settings-shipping-dialog');
      await dialog.getByRole('button', { name: 'Add zone' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('Standard $5.00', { exact: false }).waitFor();
      await expectAccessible(page, 'the shipping zones');
      await screenshot(page, 'settings-shipping');

      // An upper bound below the lower one: the server's words beside that rate's bound, nothing saved.
      await page.getByRole('button', { name: 'Edit West' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit West' });
      const to = edit.getByRole('group', { name: 'Rate 1: Standard' }).getByLabel('Up to (g)');
      await to.fill('0');
      await edit.getByRole('button', { name: 'Save zone' }).click();
      await expectRefusedBeside(page, to, 'Must be above from (0)');
      await screenshot(page, 'settings-shipping-refused');
      expect((await t.admin.get('/v1/shipping_zones')).body.data[0].rates[0].to).toBe(2000);
      await to.fill('3000');
      await edit.getByRole('button', { name: 'Save zone' }).click();
      await edit.waitFor({ state: 'hidden' });
    });
    const [zone] = (await t.admin.get('/v1/shipping_zones')).body.data;
    expect(zone).toMatchObject({
      name: 'West', countries: ['US', 'CA'], states: [{ country_code: 'US', code: 'WA' }, { country_code: 'US', code: 'OR' }],
      rates: [{ name: 'Standard', kind: 'weight', from: 0, to: 3000, price: 500 }, { name: 'Big orders', kind: 'price', from: 10000, to: null, price: 0 }],
    });

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/shipping');
      await page.getByRole('button', { name: 'Delete West' }).click();
      await confirm(page, 'Delete the shipping zone?', 'Delete shipping zone');
      await page.getByText('No shipping zones yet').waitFor();
    });
    expect((await t.admin.get(`/v1/shipping_zones/${zone.id}`)).status).toBe(404);
  }, SLOW);

  it('adds a card gateway whose secret is never shown, replaces the secret, stops offering it, sees a taken source refused and deletes it', async () => {
    const base = await listen(t);
    const storedSecret = async (id: string) => JSON.parse((await t.db.selectFrom('gateways').select('settings').where('id', '=', id).executeTakeFirstOrThrow()).settings).secret_key;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/payments');
      await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Add gateway' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add payment gateway' });
      await dialog.getByText('Test', { exact: true }).click();
      await field(dialog, 'Name').fill('Cards (test)');
      await field(dialog, 'Source').fill('test-cards');
      await dialog.getByLabel('Capture').click();
      await page.getByRole('option', { name: 'Manual', exact: true }).click();
      await dialog.getByLabel('Secret key').fill('sk_first_secret');
      await expectAccessible(page, 'the gateway dialog');
      await screenshot(page, 'settings-payments-dialog');
      await dialog.getByRole('button', { name: 'Add gateway' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('Secret key: ******** (set)').waitFor();
      await expectAccessible(page, 'the gateways');
      await screenshot(page, 'settings-payments');
      const [gateway] = (await t.admin.get('/v1/gateways')).body.data;
      expect(gateway).toMatchObject({ driver: 'test', source: 'test-cards', settings: { capture: 'manual', secret_key: '********' } });
      expect(await storedSecret(gateway.id)).toBe('sk_first_secret');

      // The secret is never on the screen, nor in a field: staff replace it.
      await page.getByRole('button', { name: 'Edit Cards (test)' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Cards (test)' });
      await edit.getByLabel('Secret key is set').waitFor();
      expect(await page.content()).not.toContain('sk_first_secret');
      await edit.getByRole('button', { name: 'Replace secret key' }).click();
      await edit.getByLabel('New secret key').fill('sk_second_secret');
      await screenshot(page, 'settings-payments-replace-secret');
      await edit.getByRole('button', { name: 'Save gateway' }).click();
      await edit.waitFor({ state: 'hidden' });
      await expect.poll(() => storedSecret(gateway.id)).toBe('sk_second_secret');

      await page.getByRole('switch', { name: 'Offer Cards (test) to buyers' }).uncheck({ force: true });
      await expect.poll(async () => (await t.admin.get(`/v1/gateways/${gateway.id}`)).body.data.is_enabled).toBe(false);

      // A second gateway with the same source: refused beside it, nothing created.
      await page.getByRole('button', { name: 'Add gateway' }).click();
      const other = page.getByRole('dialog', { name: 'Add payment gateway' });
      await field(other, 'Name').fill('Bank transfer');
      await field(other, 'Source').fill('test-cards');
      await other.getByRole('button', { name: 'Add gateway' }).click();
      await expectRefusedBeside(page, field(other, 'Source'), 'Is already the source of another gateway');
      await screenshot(page, 'settings-payments-refused');
      await other.getByRole('button', { name: 'Cancel' }).click();
      expect((await t.admin.get('/v1/gateways')).body.data).toHaveLength(1);

      await page.getByRole('button', { name: 'Delete Cards (test)' }).click();
      await confirm(page, 'Delete the gateway?', 'Delete gateway');
      await page.getByText('No payment gateways yet').waitFor();
      expect((await t.admin.get(`/v1/gateways/${gateway.id}`)).status).toBe(404);
    });
  }, SLOW);

  it('adds a Stripe gateway: its keys checked beside each field, its secrets never shown, its webhook endpoint given to paste in Stripe', async () => {
    const base = await listen(t);
    const stored = async (id: string) => JSON.parse((await t.db.selectFrom('gateways').select('settings').where('id', '=', id).executeTakeFirstOrThrow()).settings);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/payments');
      await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Add gateway' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add payment gateway' });
      await dialog.getByText('Stripe', { exact: true }).click();
      await field(dialog, 'Name').fill('Cards (Stripe)');
      await field(dialog, 'Source').fill('stripe');
      // A secret key pasted where the publishable key goes: refused beside it, nothing created.
      await dialog.getByLabel('Publishable key').fill('sk_test_51Wrongplace');
      await dialog.getByLabel('Secret key').fill('sk_test_51StripeSecret');
      await dialog.getByLabel('API base URL').fill(stripe.url);
      await dialog.getByLabel('Capture').click();
      await page.getByRole('option', { name: 'Manual', exact: true }).click();
      await dialog.getByRole('button', { name: 'Add gateway' }).click();
      await expectRefusedBeside(page, dialog.getByLabel('Publishable key'), 'Must be a Stripe publishable key');
      expect((await t.admin.get('/v1/gateways')).body.data.filter((g: any) => g.driver === 'stripe')).toEqual([]);
      await dialog.getByLabel('Publishable key').fill('pk_test_51StripePublishable');
      // A key Stripe does not know: Stripe's refusal beside it, nothing created.
      stripe.refusedKeys.add('sk_test_51Revoked');
      await dialog.getByLabel('Secret key').fill('sk_test_51Revoked');
      await dialog.getByRole('button', { name: 'Add gateway' }).click();
      await expect.poll(() => describedAs(page, dialog.getByLabel('Secret key'))).toContain('Was refused by Stripe: Invalid API Key provided');
      expect((await t.admin.get('/v1/gateways')).body.data.filter((g: any) => g.driver === 'stripe')).toEqual([]);
      expect(stripe.seen('/v1/account').at(-1)?.authorization).toBe('Bearer sk_test_51Revoked');
      await dialog.getByLabel('Secret key').fill('sk_test_51StripeSecret');
      await expectAccessible(page, 'the Stripe gateway dialog');
      await screenshot(page, 'settings-payments-stripe');
      await dialog.getByRole('button', { name: 'Add gateway' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('Secret key: ******** (set)').waitFor();
      const gateway = (await t.admin.get('/v1/gateways')).body.data.find((g: any) => g.driver === 'stripe');
      expect(gateway).toMatchObject({ source: 'stripe', settings: { publishable_key: 'pk_test_51StripePublishable', secret_key: '********', capture: 'manual' } });
      expect(await stored(gateway.id)).toMatchObject({ secret_key: 'sk_test_51StripeSecret' });

      // Once made, the endpoint to paste in Stripe's dashboard; its signing secret goes in write-only.
      await page.getByRole('button', { name: 'Edit Cards (Stripe)' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Cards (Stripe)' });
      expect(await edit.getByLabel('Webhook endpoint').inputValue()).toBe(`${base}/v1/gateways/${gateway.id}/webhooks`);
      await edit.getByLabel('Secret key is set').waitFor();
      expect(await page.content()).not.toContain('sk_test_51StripeSecret');
      await edit.getByLabel('Webhook secret').fill('whsec_stripesigningsecret');
      await edit.getByRole('button', { name: 'Save gateway' }).click();
      await edit.waitFor({ state: 'hidden' });
      await expect.poll(async () => (await stored(gateway.id)).webhook_secret).toBe('whsec_stripesigningsecret');
      expect(await stored(gateway.id)).toMatchObject({ secret_key: 'sk_test_51StripeSecret', publishable_key: 'pk_test_51StripePublishable' });
      await page.getByText('Webhook secret: ******** (set)').waitFor();
      expect(await page.content()).not.toContain('whsec_stripesigningsecret');

      // Moving the API address asks for the secret key again: the stored one never goes to the new host.
      await page.getByRole('button', { name: 'Edit Cards (Stripe)' }).click();
      await edit.getByLabel('Secret key is set').waitFor();
      await edit.getByLabel('API base URL').fill('http://127.0.0.1:9');
      await edit.getByRole('button', { name: 'Save gateway' }).click();
      // Mantine marks a password input data-invalid (not aria-invalid): the message describing it is what counts.
      await expect.poll(() => describedAs(page, edit.getByLabel('New secret key'))).toContain('changing the API address (api_base) asks for the secret again');
      expect((await stored(gateway.id)).api_base).toBe(stripe.url);
      await edit.getByLabel('New secret key').fill('sk_test_51MovedSecret');
      await edit.getByRole('button', { name: 'Save gateway' }).click();
      await edit.waitFor({ state: 'hidden' });
      await expect.poll(async () => (await stored(gateway.id)).api_base).toBe('http://127.0.0.1:9');
      expect(await stored(gateway.id)).toMatchObject({ secret_key: 'sk_test_51MovedSecret', webhook_secret: 'whsec_stripesigningsecret' });
    });
  }, SLOW);

  it('shows a read-only key every settings screen with its write controls disabled, and walks a dialog by keyboard', async () => {
    const base = await listen(t);
    await t.admin.post('/v1/gateways', { name: 'Transfer', source: 'transfer', driver: 'manual' });
    await t.admin.post('/v1/tax_rates', { country_code: 'DE', name: 'VAT', rate: 1900 });
    const key = (await t.admin.post('/v1/api_keys', { name: 'Accountant', read_only: true })).body.data.token as string;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, key, '/admin/settings/store');
      await page.getByText('Read-only key').waitFor();
      expect(await page.getByRole('button', { name: 'Save settings' }).isDisabled()).toBe(true);
      expect(await field(page, 'Store name').getAttribute('readonly')).not.toBeNull();
      const areas = page.getByRole('navigation', { name: 'Areas' });

      await areas.getByRole('link', { name: 'Shipping' }).click();
      expect(await page.getByRole('button', { name: 'Add shipping zone' }).isDisabled()).toBe(true);

      await areas.getByRole('link', { name: 'Taxes' }).click();
      await page.getByRole('cell', { name: '19%' }).waitFor();
      expect(await page.getByRole('button', { name: 'Add tax rate' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Delete the rate of Germany' }).isDisabled()).toBe(true);

      await areas.getByRole('link', { name: 'Payments' }).click();
      await page.getByRole('cell', { name: 'Transfer' }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Add gateway' }).isDisabled()).toBe(true);
      expect(await page.getByRole('switch', { name: 'Offer Transfer to buyers' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Delete Transfer' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'View Transfer' }).click();
      const view = page.getByRole('dialog', { name: 'Edit Transfer' });
      expect(await view.getByRole('button', { name: 'Save gateway' }).isDisabled()).toBe(true);
      expect(await view.getByLabel('Instructions').getAttribute('readonly')).not.toBeNull();
      await expectAccessible(page, 'a gateway for a read-only key');
      await screenshot(page, 'settings-payments-read-only');
    });

    // In a narrow window, by keyboard only: Tab to the action, Enter opens its dialog with the focus
    // inside, Escape closes it and gives the focus back.
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/taxes');
      await page.getByRole('cell', { name: '19%' }).waitFor();
      let focused = '';
      for (let i = 0; i < 30 && focused !== 'Add tax rate'; i++) {
        await page.keyboard.press('Tab');
        focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '');
      }
      expect(focused).toBe('Add tax rate');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Add tax rate' });
      await dialog.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim())).toBe('Add tax rate');
      await expectAccessible(page, 'the tax rates in a narrow window');
      await screenshot(page, 'settings-taxes-narrow');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }, { width: 390, height: 844 });
  }, SLOW);
}, { admin: true });
