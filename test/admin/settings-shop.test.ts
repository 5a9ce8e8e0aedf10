import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible, inWindow, listen, screenshot, signIn, useBrowser } from '../helpers/browser.js';
import { describeEachDatabase, type TestContext } from '../helpers/test-app.js';

const SLOW = 90_000;

/** Picks an option of a Mantine select (or multi-select) by typing part of it. */
async function choose(scope: Page | Locator, page: Page, label: string, typed: string, option: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The texts that describe a field to assistive technology (its description and its error). */
async function describedAs(page: Page, field: Locator): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()))).join(' ');
}

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

describeEachDatabase('staff set up the shop in the dashboard', (t) => {
  const holder = useBrowser();

  it('changes the store’s settings, and sees an unknown currency refused beside its field', async () => {
    const base = await listen(t);
    const before = await storeOf(t);
    await inWindow(holder.browser, async (page) => {
      await signIn(page, base, t.adminKey, '/admin/settings/store');
      await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor();
      const form = page.getByRole('form', { name: 'Store settings' });
      await expectAccessible(t, page, 'the store settings');
      await screenshot(t, page, 'settings-store');

      await form.getByLabel('Store name').fill('Northwind Outfitters');
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
      await expectAccessible(t, page, 'a refused store setting');
      await screenshot(t, page, 'settings-store-refused');
    });
    const after = await storeOf(t);
    expect(after).toMatchObject({
      name: 'Northwind Outfitters', contact_email: 'help@northwind.example', is_tax_included: true, weight_unit: 'gr',
      address1: '1 Harbour Road', city: 'Seattle', country_code: 'US', country: 'United States', state_code: 'WA', state: 'Washington', currency: before.currency,
    });
    // Fields staff did not touch were not sent: they keep their values.
    expect(after.email).toBe(before.email);
  }, SLOW);
}, { admin: true });
