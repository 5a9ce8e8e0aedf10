import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { choose, describedAs, describeInBrowser, expectAccessible, field, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { signedUpCustomer } from '../helpers/customers.js';
import { uniqueWord } from '../helpers/expect.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 150_000;
const PHONE = { width: 390, height: 844 };

function ok(res: { status: number; body: any; text: string }, status = 200) {
  expect(res.status, res.text).toBe(status);
  return res.body;
}

/** A product of one sku at `price` (minor units), with a sku code staff can search by. */
async function productAt(t: TestContext, name: string, price: number) {
  const word = uniqueWord();
  const product = ok(await t.admin.post('/v1/products', { name: `${name} ${word}`, permalink: `${name.toLowerCase()}-${word}`, price }), 201).data;
  const [sku] = ok(await t.admin.get(`/v1/products/${product.id}/skus`)).data as Array<{ id: string }>;
  const code = `${name.toUpperCase()}-${word.toUpperCase()}`;
  ok(await t.admin.post(`/v1/skus/${sku!.id}`, { code }));
  return { product: product as { id: string; name: string }, skuId: sku!.id, code };
}

/** Adds a sku to the price list being edited, found by its code, and types its list price. */
async function addPrice(page: Page, code: string, productName: string, price: string) {
  const search = page.getByRole('combobox', { name: 'Add a sku' });
  await search.click();
  await search.fill(code);
  await page.getByRole('option', { name: new RegExp(code) }).click();
  const input = page.getByLabel(new RegExp(`^List price of ${productName}`));
  await input.fill(price);
}

/**
 * The bottom of a list's last row (a card, on a phone) against the bottom of the panel around the
 * list: nothing but the panel's border between them.
 */
async function gapUnderLastRow(page: Page, list: string): Promise<number> {
  const region = page.locator(`[role="region"][tabindex="0"][aria-label="${list}"]`);
  await region.locator('tbody tr').last().waitFor();
  return region.evaluate((viewport) => {
    const rows = viewport.querySelectorAll('tbody tr');
    const last = rows[rows.length - 1]!.getBoundingClientRect();
    const panel = viewport.closest('.mantine-Paper-root')!;
    const border = parseFloat(getComputedStyle(panel).borderBottomWidth);
    return panel.getBoundingClientRect().bottom - border - last.bottom;
  });
}

describeInBrowser('staff give a wholesale group its own prices', (t) => {
  const holder = useBrowser();

  it('creates a group, adds a customer to it from their page, prices a sku lower for it, and the member pays it', async () => {
    const base = await listen(t);
    const store = (await t.admin.get('/v1/store')).body.data as { currency: string };
    const tote = await productAt(t, 'Tote', 2000);
    const mug = await productAt(t, 'Mug', 1200);
    const cap = await productAt(t, 'Cap', 900);
    const buyer = await signedUpCustomer(t, { first_name: 'Ada', last_name: 'Lovelace' });

    await inWindow(holder.browser, async (page) => {
      // Customers → Groups: a new group.
      await openSignedIn(page, base, t.adminKey, '/admin/customers');
      await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Groups' }).click();
      await page.getByRole('heading', { name: 'Customer groups', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'New group' }).click();
      const dialog = page.getByRole('dialog', { name: 'New customer group' });
      await field(dialog, 'Name').fill('Wholesale');
      await expectAccessible(page, 'the new group dialog');
      await dialog.getByRole('button', { name: 'Create group' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Wholesale', exact: true }) });
      await row.getByText('No customers').waitFor();
      await expectAccessible(page, 'the customer groups');
      await screenshot(page, 'customer-groups-list');

      // The customer's page: added to the group, shown as a chip.
      await page.goto(`${base}/admin/customers/${buyer.id}`);
      await page.getByRole('heading', { name: 'Ada Lovelace', level: 1 }).waitFor();
      const groups = page.getByRole('region', { name: 'Groups' });
      await groups.getByText('In no group.').waitFor();
      await choose(groups, page, 'Add to a group', 'Whole', 'Wholesale');
      await page.getByText('Added to Wholesale').waitFor();
      const chips = groups.getByRole('list', { name: 'Groups of the customer' });
      await chips.getByRole('link', { name: 'Wholesale' }).waitFor();
      await groups.scrollIntoViewIfNeeded();
      await expectAccessible(page, 'a customer’s groups');
      await screenshot(page, 'customer-groups-customer');

      // The group's page lists its member.
      await chips.getByRole('link', { name: 'Wholesale' }).click();
      await page.getByRole('heading', { name: 'Wholesale', level: 1 }).waitFor();
      await page.getByText('1 customer ·', { exact: false }).waitFor();
      await page.getByRole('link', { name: 'Ada Lovelace' }).waitFor();
      await expectAccessible(page, 'a group and its members');
      await screenshot(page, 'customer-groups-group');
    });

    const group = (ok(await t.admin.get('/v1/customer_groups')).data as Array<{ id: string; name: string; customer_count: number }>).find((candidate) => candidate.name === 'Wholesale')!;
    expect(group.customer_count).toBe(1);
    expect(ok(await t.admin.get(`/v1/customers/${buyer.id}`)).data.group_ids).toEqual([group.id]);

    await inWindow(holder.browser, async (page) => {
      // Catalogue → Price lists: a list for the group.
      await openSignedIn(page, base, t.adminKey, '/admin/price-lists');
      await page.getByRole('heading', { name: 'Price lists', level: 1 }).waitFor();
      await page.getByText('No price lists yet', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'New price list' }).click();
      await page.getByRole('heading', { name: 'New price list', level: 1 }).waitFor();
      await field(page, 'Name').fill('Wholesale prices');
      await page.getByRole('combobox', { name: 'Customer groups' }).fill('Whole');
      await page.getByRole('option', { name: 'Wholesale', exact: true }).click();
      await page.keyboard.press('Escape');
      await addPrice(page, tote.code, tote.product.name, '15.00');
      // A list price not below the regular one is never paid, and the row says so.
      await addPrice(page, mug.code, mug.product.name, '12.00');
      const mugPrice = page.getByLabel(new RegExp(`^List price of ${mug.product.name}`));
      await expect.poll(() => describedAs(page, mugPrice)).toContain('Not below the regular price');
      await mugPrice.fill('9.00');
      await expect.poll(() => describedAs(page, mugPrice)).not.toContain('Not below the regular price');
      // A price past what the API takes (a trillion minor units): its refusal names prices[2][price].
      await addPrice(page, cap.code, cap.product.name, '99999999999');
      await page.getByRole('button', { name: 'Create price list' }).click();
      const capPrice = page.getByLabel(new RegExp(`^List price of ${cap.product.name}`));
      await expect.poll(() => capPrice.getAttribute('aria-invalid')).toBe('true');
      // Said in dollars, as staff typed it, not in the API's cents.
      expect(await describedAs(page, capPrice)).toContain(`At most ${new Intl.NumberFormat('en-US', { style: 'currency', currency: store.currency }).format(10_000_000_000)}`);
      // The other rows are not blamed.
      expect(await page.getByLabel(new RegExp(`^List price of ${tote.product.name}`)).getAttribute('aria-invalid')).not.toBe('true');
      await expectAccessible(page, 'a price list refused beside its price');
      await screenshot(page, 'price-lists-refused');

      await capPrice.fill('7.50');
      await page.getByRole('button', { name: 'Create price list' }).click();
      await page.getByRole('heading', { name: 'Wholesale prices', level: 1 }).waitFor();
      await page.getByText('3 prices ·', { exact: false }).waitFor();
      // The saved list reads its skus back by id: names, codes and regular prices.
      await page.getByText(`${tote.product.name} · ${tote.code}`).waitFor();
      await expectAccessible(page, 'a price list');
      await screenshot(page, 'price-lists-edit');

      await page.getByRole('link', { name: '← Price lists' }).click();
      const listed = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Wholesale prices' }) });
      await listed.getByText('Wholesale', { exact: true }).waitFor();
      await listed.getByText('Always').waitFor();
      await listed.getByText('Active').waitFor();
      await listed.getByText('3 prices').waitFor();
      await expectAccessible(page, 'the price lists');
      await screenshot(page, 'price-lists-list');
    });

    const [list] = ok(await t.admin.get('/v1/price_lists')).data as Array<Record<string, any>>;
    expect(list).toMatchObject({ name: 'Wholesale prices', customer_group_ids: [group.id], is_active: true, starts_at: null, ends_at: null });
    expect(list!.prices).toEqual(expect.arrayContaining([
      { sku_id: tote.skuId, currency: null, price: 1500 },
      { sku_id: mug.skuId, currency: null, price: 900 },
      { sku_id: cap.skuId, currency: null, price: 750 },
    ]));
    // The member, signed in, sees the group's price and the regular one beside it; a guest does not.
    expect(ok(await buyer.client.get(`/v1/skus/${tote.skuId}`)).data).toMatchObject({ price: 1500, compared_price: 2000 });
    expect(ok(await t.storefront.get(`/v1/skus/${tote.skuId}`)).data).toMatchObject({ price: 2000 });

    // The new screens on a phone.
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/price-lists');
      await page.getByRole('link', { name: 'Wholesale prices' }).waitFor();
      await expectAccessible(page, 'the price lists on a phone');
      await screenshot(page, 'price-lists-list-phone');
      await page.getByRole('link', { name: 'Wholesale prices' }).click();
      await page.getByRole('heading', { name: 'Wholesale prices', level: 1 }).waitFor();
      await page.getByText(`${tote.product.name} · ${tote.code}`).waitFor();
      await page.getByRole('region', { name: 'Prices' }).first().scrollIntoViewIfNeeded();
      await expectAccessible(page, 'a price list on a phone');
      await screenshot(page, 'price-lists-edit-phone');
      await page.goto(`${base}/admin/customer-groups`);
      await page.getByRole('link', { name: 'Wholesale', exact: true }).waitFor();
      await expectAccessible(page, 'the customer groups on a phone');
      await screenshot(page, 'customer-groups-list-phone');
      await page.goto(`${base}/admin/customers/${buyer.id}`);
      await page.getByRole('region', { name: 'Groups' }).scrollIntoViewIfNeeded();
      await screenshot(page, 'customer-groups-customer-phone');
    }, PHONE);
  }, SLOW);

  it('renames a group from the list and deletes it from its page, its members then in no group', async () => {
    const base = await listen(t);
    const group = ok(await t.admin.post('/v1/customer_groups', { name: 'Trade' }), 201).data;
    const member = await signedUpCustomer(t, { first_name: 'Grace', last_name: 'Hopper' });
    ok(await t.admin.post(`/v1/customers/${member.id}`, { email: member.email, group_ids: [group.id] }));
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/customer-groups');
      await page.getByRole('button', { name: 'Rename the group Trade' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rename group' });
      await field(dialog, 'Name').fill('Trade buyers');
      await dialog.getByRole('button', { name: 'Save name' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('link', { name: 'Trade buyers' }).click();
      await page.getByRole('heading', { name: 'Trade buyers', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Grace Hopper' }).waitFor();
      await page.getByRole('button', { name: 'Delete group' }).click();
      await page.getByRole('dialog', { name: 'Delete the group?' }).getByRole('button', { name: 'Delete group' }).click();
      await page.getByRole('heading', { name: 'Customer groups', level: 1 }).waitFor();
      await page.getByText('Group deleted').waitFor();
      expect(await page.getByRole('link', { name: 'Trade buyers' }).count()).toBe(0);
    });
    expect(ok(await t.admin.get(`/v1/customers/${member.id}`)).data.group_ids).toEqual([]);
  }, SLOW);

  it('ends a list at its last row, with no empty strip under it, on a phone (as cards) and wide (Settings → Markets and Team)', async () => {
    const base = await listen(t);
    ok(await t.admin.post('/v1/markets', { name: `Europe ${uniqueWord()}`, country_codes: ['FR', 'DE'], currency: 'EUR', exchange_rate: '0.92', locales: ['fr'] }), 201);
    ok(await t.admin.post('/v1/markets', { name: `Japan ${uniqueWord()}`, country_codes: ['JP'], currency: 'JPY', exchange_rate: '150', locales: ['ja'] }), 201);
    ok(await t.admin.post('/v1/users', { email: `${uniqueWord()}@example.com`, name: 'Carla Catalogue', role: 'catalog' }), 201);
    for (const size of [PHONE, undefined]) {
      await inWindow(holder.browser, async (page) => {
        for (const [path, list] of [['/admin/settings/markets', 'Markets'], ['/admin/settings/team', 'Team']] as const) {
          await openSignedIn(page, base, t.adminKey, path);
          await page.getByRole('heading', { name: list, level: 1 }).waitFor();
          const gap = await gapUnderLastRow(page, list);
          if (size) await screenshot(page, `phone-last-card-${list.toLowerCase()}`);
          expect(Math.abs(gap), `${list} at ${size?.width ?? 1440}px: ${gap}px between the last row and the panel's bottom`).toBeLessThanOrEqual(2);
        }
      }, size);
    }
  }, SLOW);
}, { admin: true });
