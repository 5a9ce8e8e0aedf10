import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { uniqueWord } from '../helpers/expect.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 90_000;

/** The field of that label, whether it is marked required (`Code *`) or not. */
const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`));

/** The texts that describe a field to assistive technology (its description and its error). */
async function describedAs(page: Page, input: Locator): Promise<string> {
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()))).join(' ');
}

async function discountsOf(t: TestContext) {
  return (await t.admin.get('/v1/discounts?per_page=250')).body.data as Array<Record<string, any>>;
}

describeInBrowser('staff run discounts in the dashboard', (t) => {
  const holder = useBrowser();

  it('creates a code for a collection, finds it in the list, edits it, sees a taken code refused beside it and deletes it', async () => {
    const base = await listen(t);
    const word = uniqueWord();
    const code = `SPRING${word}`.toUpperCase();
    const collection = (await t.admin.post('/v1/collections', { title: `Summer hats ${word}`, kind: 'products' })).body.data;
    await t.admin.post('/v1/collections', { title: `Winter coats ${word}`, kind: 'products' });
    let id = '';
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/discounts');
      await page.getByRole('heading', { name: 'Discounts', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'New discount' }).click();
      await page.getByRole('heading', { name: 'New discount', level: 1 }).waitFor();

      await field(page, 'Code').fill(code);
      await field(page, 'Title').fill('Spring sale on hats');
      await field(page, 'Percentage off (%)').fill('15');
      await page.getByRole('radio', { name: 'Collections' }).check();
      // The picker asks the server as staff type, and offers what it found.
      const picker = page.getByRole('combobox', { name: 'Which collections' });
      await picker.fill(`hats ${word}`);
      await page.getByRole('option', { name: collection.title }).click();
      await page.keyboard.press('Escape');
      await field(page, 'Minimum subtotal (USD)').fill('40');
      await page.getByRole('button', { name: 'Ends' }).click();
      await page.getByRole('button', { name: 'In 30 days' }).click();
      await page.keyboard.press('Escape');
      await field(page, 'Total uses').fill('100');
      await field(page, 'Uses per customer').fill('1');
      await expectAccessible(page, 'the new discount');
      await screenshot(page, 'discounts-new');
      await page.getByRole('button', { name: 'Create discount' }).click();
      await page.getByRole('heading', { name: code, level: 1 }).waitFor();

      const [created] = await discountsOf(t);
      expect(created).toMatchObject({
        code, title: 'Spring sale on hats', kind: 'percentage', value: 1500, applies_to: { kind: 'collections', ids: [collection.id] },
        minimum_subtotal: 4000, starts_at: null, usage_limit: 100, usage_limit_per_customer: 1, is_active: true, times_used: 0,
      });
      id = created!.id;
      expect(created!.ends_at).toBeGreaterThan(Date.now() / 1000 + 29 * 86_400);
      // The saved discount names its collection, read back from the server.
      await page.getByText(collection.title).waitFor();
      await expectAccessible(page, 'a discount');
      await screenshot(page, 'discounts-detail');

      // In the list, in words, and found by the server's search.
      await page.getByRole('link', { name: '← Discounts' }).click();
      await page.getByRole('heading', { name: 'Discounts', level: 1 }).waitFor();
      const row = page.getByRole('row', { name: new RegExp(code) });
      await row.getByRole('cell', { name: '15% off' }).waitFor();
      await row.getByRole('cell', { name: '1 collection' }).waitFor();
      await row.getByRole('cell', { name: '0 / 100' }).waitFor();
      await row.getByText('Active', { exact: true }).waitFor();
      await page.getByLabel('Search').fill('no-such-discount');
      await page.getByText('No discount matches these filters.').waitFor();
      await page.getByLabel('Search').fill(code.toLowerCase());
      await row.waitFor();
      await expectAccessible(page, 'the discount list');
      await screenshot(page, 'discounts-list');

      // Edited: a fixed amount off instead, and no longer limited per customer.
      await row.getByRole('link', { name: code }).click();
      await page.getByRole('heading', { name: code, level: 1 }).waitFor();
      await page.getByRole('radio', { name: 'Fixed amount' }).check();
      await field(page, 'Amount off (USD)').fill('5');
      await field(page, 'Uses per customer').fill('');
      // Starting after it ends: the server's words beside the end, nothing saved.
      await page.getByRole('button', { name: 'Starts' }).click();
      await page.getByRole('button', { name: 'In a week' }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Ends' }).click();
      await page.getByRole('button', { name: 'In a week' }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Save discount' }).click();
      const ends = page.getByRole('button', { name: 'Ends' });
      await expect.poll(() => ends.getAttribute('aria-invalid')).toBe('true');
      expect((await describedAs(page, ends)).toLowerCase()).toContain('after');
      await screenshot(page, 'discounts-refused-dates');
      expect((await discountsOf(t))[0]).toMatchObject({ kind: 'percentage', starts_at: null });
      await page.getByRole('button', { name: 'Starts' }).locator('..').getByRole('button', { name: 'Clear the date' }).click();
      await page.getByRole('button', { name: 'Save discount' }).click();
      await page.getByText('Discount saved').waitFor();
      await page.getByText('$5.00 off', { exact: false }).first().waitFor();
      const edited = (await discountsOf(t))[0]!;
      expect(edited).toMatchObject({ kind: 'fixed_amount', value: 500, usage_limit_per_customer: null, starts_at: null, applies_to: { kind: 'collections', ids: [collection.id] } });
      expect(edited.ends_at).toBeGreaterThan(Date.now() / 1000);

      // A second discount with the same code, whatever its capitals: refused beside the code.
      await page.getByRole('link', { name: '← Discounts' }).click();
      await page.getByRole('button', { name: 'New discount' }).click();
      await field(page, 'Code').fill(code.toLowerCase());
      await field(page, 'Title').fill('Again');
      await page.getByRole('radio', { name: 'Free shipping' }).check();
      await page.getByRole('button', { name: 'Create discount' }).click();
      const codeField = field(page, 'Code');
      await expect.poll(() => codeField.getAttribute('aria-invalid')).toBe('true');
      expect((await describedAs(page, codeField)).toLowerCase()).toContain('already');
      await expectAccessible(page, 'a refused code');
      await screenshot(page, 'discounts-refused');
      expect(await discountsOf(t)).toHaveLength(1);

      // Leaving the refused new discount asks first; then deleted, after saying it cannot be undone.
      await page.getByRole('link', { name: '← Discounts' }).click();
      await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
      await page.getByRole('link', { name: code }).click();
      await page.getByRole('button', { name: 'Delete discount' }).click();
      const dialog = page.getByRole('dialog', { name: `Delete ${code}?` });
      await dialog.getByText('This cannot be undone', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Delete discount' }).click();
      await page.getByRole('heading', { name: 'Discounts', level: 1 }).waitFor();
      await page.getByText('No discounts yet', { exact: false }).waitFor();
    });
    expect((await t.admin.get(`/v1/discounts/${id}`)).status).toBe(404);
  }, SLOW);

  it('sees a percentage the API refuses said in percent beside its field, not in basis points', async () => {
    const base = await listen(t);
    const before = (await discountsOf(t)).length;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/discounts/new');
      await page.getByRole('heading', { name: 'New discount', level: 1 }).waitFor();
      await field(page, 'Code').fill(`TOOMUCH${uniqueWord()}`.toUpperCase());
      await field(page, 'Title').fill('More than everything');
      const percent = field(page, 'Percentage off (%)');
      await percent.fill('150');
      await page.getByRole('button', { name: 'Create discount' }).click();
      await expect.poll(() => percent.getAttribute('aria-invalid')).toBe('true');
      const said = await describedAs(page, percent);
      expect(said).toContain('Must be at most 100%');
      expect(said).not.toMatch(/basis|10000/);
      await screenshot(page, 'discounts-percent-refused-narrow');
    }, { width: 390, height: 800 });
    expect((await discountsOf(t)).length).toBe(before);
  }, SLOW);

  it('filters discounts by type, kind and status on the server, and shows a read-only key every control that writes disabled', async () => {
    const base = await listen(t);
    const word = uniqueWord();
    const automatic = (await t.admin.post('/v1/discounts', { code: null, title: `Free shipping ${word}`, kind: 'free_shipping', value: 0, applies_to: { kind: 'all', ids: [] } })).body.data;
    const coded = (await t.admin.post('/v1/discounts', { code: `TEN${word}`, title: 'Ten off', kind: 'percentage', value: 1000, applies_to: { kind: 'all', ids: [] }, is_active: false })).body.data;
    const key = (await t.admin.post('/v1/api_keys', { name: 'Accountant', read_only: true })).body.data.token as string;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, key, '/admin/discounts');
      await page.getByText('Read-only key').waitFor();
      await page.getByRole('link', { name: coded.code }).waitFor();
      expect(await page.getByRole('button', { name: 'New discount' }).isDisabled()).toBe(true);
      const automaticRow = page.getByRole('row', { name: new RegExp(automatic.title) });
      await automaticRow.getByRole('cell', { name: 'Free shipping', exact: true }).waitFor();
      await screenshot(page, 'discounts-list-read-only');

      // The server filters: by type, by kind, then by status.
      await page.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: 'Automatic' }).click();
      await page.getByRole('link', { name: coded.code }).waitFor({ state: 'detached' });
      await page.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: 'Codes' }).click();
      await automaticRow.waitFor({ state: 'detached' });
      await page.getByRole('link', { name: coded.code }).waitFor();
      await page.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: 'Codes' }).click();
      await automaticRow.waitFor();
      await page.getByRole('combobox', { name: 'Kind' }).click();
      await page.getByRole('option', { name: 'Free shipping' }).click();
      await page.getByRole('link', { name: coded.code }).waitFor({ state: 'detached' });
      await automaticRow.waitFor();
      await page.getByRole('combobox', { name: 'Kind' }).click();
      await page.getByRole('option', { name: 'Free shipping' }).click();
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Inactive' }).click();
      await automaticRow.waitFor({ state: 'detached' });
      await page.getByRole('row', { name: new RegExp(coded.code) }).getByText('Inactive', { exact: true }).waitFor();

      await page.getByRole('link', { name: coded.code }).click();
      await page.getByRole('heading', { name: coded.code, level: 1 }).waitFor();
      expect(await page.getByRole('button', { name: 'Save discount' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Delete discount' }).isDisabled()).toBe(true);
      expect(await field(page, 'Code').getAttribute('readonly')).not.toBeNull();
      expect(await field(page, 'Percentage off (%)').getAttribute('readonly')).not.toBeNull();
      expect(await page.getByRole('switch', { name: 'Active' }).isDisabled()).toBe(true);
      expect(await page.getByRole('radio', { name: 'Fixed amount' }).isDisabled()).toBe(true);
      await expectAccessible(page, 'a discount for a read-only key');
      await screenshot(page, 'discounts-read-only');
    });
  }, SLOW);
}, { admin: true });
