import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { ADDRESS, eventsOf, makeGateway, makeRate, makeSku, pay, placedOrder, readyCheckout, stockOf } from '../helpers/checkout.js';
import { uniqueWord } from '../helpers/expect.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 90_000;

/** A placed order whose payment the test gateway only authorized (`capture: manual`). */
async function authorizedOrder(t: TestContext, quantity = 1) {
  const { order } = await placedOrder(t, {
    gateway: { driver: 'test', settings: { capture: 'manual' } },
    items: [{ price: 1000, quantity, vendor: 'Northwind' }],
    customer: { first_name: 'Ada', last_name: 'Lovelace' },
  });
  expect(order.financial_status).toBe('authorized');
  return order as { id: string; number: string; items: Array<{ product_name: string }> };
}

async function orderOf(t: TestContext, id: string) {
  return (await t.admin.get(`/v1/orders/${id}`)).body.data;
}

/** The order's status badges, as words. */
const statusOf = async (page: Page) => (await page.getByRole('group', { name: 'Status' }).getByText(/./).allTextContents()).join(', ');

/** Confirms the dialog that asks before something that cannot be undone. */
async function confirm(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describeInBrowser('staff run orders in the dashboard', (t) => {
  const holder = useBrowser();

  it('finds a placed order by its number, captures it, refunds part, fulfils it and sees its events', async () => {
    const base = await listen(t);
    const placed = await authorizedOrder(t);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey);
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      await page.getByRole('table').waitFor();
      await expectAccessible(page, 'the order list');
      await screenshot(page, 'orders-list');

      await page.getByLabel('Search').fill(placed.number);
      // The search applies once typing pauses; a click before then is undone by it.
      await page.waitForURL((url) => url.searchParams.get('q') === placed.number);
      await expect.poll(() => page.getByRole('row').count()).toBe(2);
      await page.getByRole('link', { name: placed.number }).click();
      await page.getByRole('heading', { name: `Order ${placed.number}` }).waitFor();
      await page.getByText('Order placed').waitFor();
      await expectAccessible(page, 'an order');
      await screenshot(page, 'order-detail');

      // Capture all that was authorized.
      await page.getByRole('button', { name: 'Capture payment' }).click();
      const capture = page.getByRole('dialog', { name: 'Capture payment' });
      await expect.poll(() => capture.getByLabel('Amount (USD)').inputValue()).toBe('15.00');
      await expectAccessible(page, 'the capture dialog');
      await capture.getByRole('button', { name: 'Capture' }).click();
      await capture.waitFor({ state: 'hidden' });
      await page.getByText(/^Paid \$/).first().waitFor();
      expect((await orderOf(t, placed.id)).financial_status).toBe('paid');

      // Refund part of it.
      await page.getByRole('button', { name: 'Refund' }).click();
      const refund = page.getByRole('dialog', { name: 'Refund' });
      await refund.getByLabel('Amount (USD)').fill('4.50');
      await refund.getByRole('button', { name: 'Refund' }).click();
      await refund.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: 'Refund', exact: true }).waitFor();
      const refunded = await orderOf(t, placed.id);
      expect(refunded.financial_status).toBe('partially_refunded');
      expect(refunded.transactions.filter((transaction: { kind: string }) => transaction.kind === 'refund')).toMatchObject([{ amount: 450, status: 'succeeded' }]);

      // Ship everything with a tracking code.
      await page.getByRole('button', { name: 'Fulfil items' }).click();
      const fulfil = page.getByRole('dialog', { name: 'Fulfil items' });
      await fulfil.getByLabel('Tracking code').fill('1Z999AA10123456784');
      await fulfil.getByLabel('Carrier').fill('UPS');
      await expectAccessible(page, 'the fulfil dialog');
      await screenshot(page, 'order-fulfil-dialog');
      await fulfil.getByRole('button', { name: 'Fulfil' }).click();
      await fulfil.waitFor({ state: 'hidden' });
      await page.getByText('UPS · tracking 1Z999AA10123456784').waitFor();
      await page.getByText(/^Shipped: /).first().waitFor();
      const [shipment] = (await t.admin.get(`/v1/orders/${placed.id}/fulfillments`)).body.data;
      expect(shipment).toMatchObject({ tracking_code: '1Z999AA10123456784', carrier: 'UPS', kind: 'full', status: 'succeeded' });
      expect((await orderOf(t, placed.id)).fulfillment_status).toBe('fulfilled');
      await expect.poll(() => statusOf(page)).toBe('Placed, Partially refunded, Fulfilled');
      await screenshot(page, 'order-detail-done');
    });
  }, SLOW);

  it('shows the refusal of a refund above what was captured beside the amount, and refunds nothing', async () => {
    const base = await listen(t);
    const { order: paid } = await placedOrder(t, { items: [{ price: 1000 }] });
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/orders/${paid.id}`);
      await page.getByRole('button', { name: 'Refund' }).click();
      const refund = page.getByRole('dialog', { name: 'Refund' });
      const amount = refund.getByLabel('Amount (USD)');
      await amount.fill('100.00');
      await refund.getByRole('button', { name: 'Refund' }).click();
      // The server's 422 on `amount`, in its words, tied to the field.
      await refund.getByText('Is more than the 1500 captured and not yet refunded').waitFor();
      expect(await amount.getAttribute('aria-invalid')).toBe('true');
      const described = (await amount.getAttribute('aria-describedby')) ?? '';
      const descriptions = await Promise.all(described.split(' ').filter(Boolean).map((id) => page.locator(`[id="${id}"]`).innerText()));
      expect(descriptions.join(' ')).toContain('Is more than the 1500 captured and not yet refunded');
      await expectAccessible(page, 'a refused refund');
      await screenshot(page, 'order-refund-refused');
    });
    const after = await orderOf(t, paid.id);
    expect(after.financial_status).toBe('paid');
    expect(after.transactions.filter((transaction: { kind: string }) => transaction.kind === 'refund')).toEqual([]);
  }, SLOW);

  it('shows the refusal to ship more than is left beside that line, and ships nothing', async () => {
    const base = await listen(t);
    const placed = await authorizedOrder(t, 2);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/orders/${placed.id}`);
      await page.getByRole('button', { name: 'Fulfil items' }).click();
      const fulfil = page.getByRole('dialog', { name: 'Fulfil items' });
      const quantity = fulfil.getByLabel(`Quantity of ${placed.items[0]!.product_name} to ship`);
      await quantity.fill('3');
      await fulfil.getByRole('button', { name: 'Fulfil' }).click();
      await fulfil.getByText('Must be from 1 to the 2 left to ship').waitFor();
      expect(await quantity.getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(page, 'a refused shipment');
      await screenshot(page, 'order-fulfil-refused');
    });
    expect((await t.admin.get(`/v1/orders/${placed.id}/fulfillments`)).body.data).toEqual([]);
  }, SLOW);

  it('fits a narrow window: the list with no match, and an order, behind a menu', async () => {
    const base = await listen(t);
    const placed = await authorizedOrder(t);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/orders?q=nobody-has-this-name');
      await page.getByText('No order matches these filters.').waitFor();
      await expectAccessible(page, 'an empty order list in a narrow window');
      await screenshot(page, 'orders-list-empty-narrow');
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Orders' }).waitFor();
      await page.goto(`${base}/admin/orders/${placed.id}`);
      await page.getByRole('heading', { name: `Order ${placed.number}` }).waitFor();
      await page.getByText('Order placed').waitFor();
      await expectAccessible(page, 'an order in a narrow window');
      await screenshot(page, 'order-detail-narrow');
      // Nothing wider than the window: no sideways scrolling of the page itself.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }, { width: 390, height: 844 });
  }, SLOW);

  it('keeps a staff note, ships part, cancels that shipment, voids the payment, cancels the order and archives another', async () => {
    const base = await listen(t);
    const placed = await authorizedOrder(t, 2);
    const other = await authorizedOrder(t);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/orders/${placed.id}`);
      await page.getByRole('heading', { name: `Order ${placed.number}` }).waitFor();

      await page.getByRole('textbox', { name: 'Note' }).fill('Gift wrap, call before delivery');
      await page.getByRole('button', { name: 'Save note' }).click();
      await expect.poll(async () => (await orderOf(t, placed.id)).order_note).toBe('Gift wrap, call before delivery');

      await page.getByRole('button', { name: 'Fulfil items' }).click();
      const fulfil = page.getByRole('dialog', { name: 'Fulfil items' });
      await fulfil.getByLabel(`Quantity of ${placed.items[0]!.product_name} to ship`).fill('1');
      await fulfil.getByRole('button', { name: 'Fulfil' }).click();
      await fulfil.waitFor({ state: 'hidden' });
      await expect.poll(() => statusOf(page)).toBe('Placed, Authorized, Partially fulfilled');

      await page.getByRole('button', { name: 'Cancel shipment 1' }).click();
      await confirm(page, 'Cancel this shipment?', 'Cancel shipment');
      await expect.poll(() => statusOf(page)).toBe('Placed, Authorized, Unfulfilled');
      await page.getByText(/^Shipment canceled: 1 × /).waitFor();

      await page.getByRole('button', { name: 'Void payment' }).click();
      await confirm(page, 'Void the payment?', 'Void payment');
      await expect.poll(() => statusOf(page)).toBe('Placed, Voided, Unfulfilled');

      await page.getByRole('button', { name: 'Cancel order' }).click();
      const cancel = page.getByRole('dialog', { name: 'Cancel the order?' });
      await cancel.getByLabel('Reason').fill('Buyer asked by phone');
      await cancel.getByRole('button', { name: 'Cancel order' }).click();
      await cancel.waitFor({ state: 'hidden' });
      await page.getByText('Canceled', { exact: false }).filter({ hasText: 'Buyer asked by phone' }).waitFor();
      await expect.poll(() => statusOf(page)).toBe('Canceled, Voided, Unfulfilled');
      await page.getByText('Order canceled', { exact: true }).first().waitFor();
      await screenshot(page, 'order-detail-canceled');

      await page.goto(`${base}/admin/orders/${other.id}`);
      await page.getByRole('button', { name: 'Archive' }).click();
      await confirm(page, 'Archive the order?', 'Archive order');
      await expect.poll(() => statusOf(page)).toBe('Archived, Authorized, Unfulfilled');
    });
    const canceled = await orderOf(t, placed.id);
    expect(canceled).toMatchObject({ status: 'canceled', financial_status: 'voided', fulfillment_status: 'unfulfilled', cancel_reason: 'Buyer asked by phone' });
    // Newest first: the cancel, then one order.updated for each change (void, shipment canceled, shipment, note, placement).
    expect((await eventsOf(t, placed.id)).map((event) => event.kind)).toEqual([
      'order.updated', 'order.canceled', ...Array<string>(5).fill('order.updated'), 'order.placed',
    ]);
    expect((await orderOf(t, other.id)).status).toBe('archived');
  }, SLOW);

  it('shows a read-only key every order with every write control disabled', async () => {
    const base = await listen(t);
    const placed = await authorizedOrder(t);
    const key = (await t.admin.post('/v1/api_keys', { name: 'Accountant', read_only: true })).body.data.token as string;
    expect(key).toMatch(/^rk_/);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, key, `/admin/orders/${placed.id}`);
      await page.getByRole('heading', { name: `Order ${placed.number}` }).waitFor();
      await page.getByText('Read-only key').waitFor();
      for (const name of ['Capture payment', 'Fulfil items', 'Void payment', 'Archive', 'Cancel order', 'Save note']) {
        expect(await page.getByRole('button', { name }).isDisabled(), name).toBe(true);
      }
      expect(await page.getByRole('textbox', { name: 'Note' }).getAttribute('readonly')).not.toBeNull();
      await expectAccessible(page, 'an order for a read-only key');
      await screenshot(page, 'order-detail-read-only');
      await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Orders' }).click();
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      await page.getByRole('table').waitFor();
    });
    expect((await orderOf(t, placed.id)).financial_status).toBe('authorized');
  }, SLOW);

  it('reaches every action of an order by keyboard, and opens and closes its dialogs', async () => {
    const base = await listen(t);
    const placed = await authorizedOrder(t);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/orders/${placed.id}`);
      await page.getByRole('heading', { name: `Order ${placed.number}` }).waitFor();
      const wanted = ['Capture payment', 'Fulfil items', 'Void payment', 'Archive', 'Cancel order'];
      const reached = new Set<string>();
      for (let i = 0; i < 40 && reached.size < wanted.length; i++) {
        await page.keyboard.press('Tab');
        const name = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '');
        if (wanted.includes(name)) reached.add(name);
      }
      expect([...reached].sort()).toEqual([...wanted].sort());
      // Enter on the focused action opens its dialog with the focus inside; Escape closes it.
      await page.getByRole('button', { name: 'Capture payment' }).focus();
      await page.keyboard.press('Enter');
      const capture = page.getByRole('dialog', { name: 'Capture payment' });
      await capture.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
      await page.keyboard.press('Escape');
      await capture.waitFor({ state: 'hidden' });
    });
  }, SLOW);

  it('works an order from its page: a timeline in words with its mails and comments, its code, links, tracking and a packing slip', async () => {
    const base = await listen(t);
    const code = `WELCOME${uniqueWord()}`.toUpperCase();
    expect((await t.admin.post('/v1/discounts', { code, title: 'Welcome', kind: 'percentage', value: 1000 })).status).toBe(201);
    const ready = await readyCheckout(t, { customer: { first_name: 'Mary', last_name: 'Jackson' } });
    expect((await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { discount_codes: [code] })).status).toBe(200);
    expect((await pay(t, ready.orderId)).status).toBe(200);
    const shipped = await t.admin.post(`/v1/orders/${ready.orderId}/fulfillments`, { carrier: 'UPS', tracking_code: '1Z999AA10123456784' });
    expect(shipped.status, shipped.text).toBe(201);
    const order = (await t.admin.get(`/v1/orders/${ready.orderId}`)).body.data;

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/orders/${order.id}`);
      await page.getByRole('heading', { name: `Order ${order.number}`, level: 1 }).waitFor();
      await page.getByText(`Discount (${code})`).waitFor();
      expect(await page.getByRole('link', { name: order.items[0].product_name }).getAttribute('href')).toBe(`/admin/products/${order.items[0].product_id}`);
      expect(await page.getByRole('link', { name: 'The customer\'s page' }).getAttribute('href')).toBe(`/admin/customers/${order.customer_id}`);
      expect(await page.getByRole('link', { name: '1Z999AA10123456784' }).getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
      await page.getByText(`1 × ${order.items[0].sku_name}`).first().waitFor();

      // The timeline in words: placed, paid, shipped, the confirmation mailed; then a comment.
      await page.getByText(`Order placed by ${order.email}`).waitFor();
      await page.getByText(/^Paid \$/).waitFor();
      await page.getByText(new RegExp(`^Shipped: 1 × `)).waitFor();
      await page.getByText(`Order confirmation mailed to ${order.email}`).waitFor();
      await page.getByLabel('Comment').fill('Buyer asked for a paper bag.');
      await page.getByRole('button', { name: 'Post comment' }).click();
      await page.getByText('Buyer asked for a paper bag.').waitFor();
      await page.getByText(/commented$/).waitFor();
      expect(await page.getByLabel('Comment').inputValue()).toBe('');
      const [comment] = (await t.admin.get(`/v1/orders/${order.id}/comments`)).body.data;
      expect(comment).toMatchObject({ body: 'Buyer asked for a paper bag.', author: { type: 'api_key' } });
      await expectAccessible(page, 'an order to work from');
      await screenshot(page, 'order-worked');

      // The packing slip: the parcel's contents by variant, the address, no prices; printed alone.
      await page.getByRole('link', { name: 'Packing slip' }).click();
      await page.getByRole('heading', { name: 'Packing slip', level: 1 }).waitFor();
      const slip = page.getByRole('table', { name: 'In the parcel' });
      await slip.getByText(order.items[0].sku_name).waitFor();
      await page.getByText(order.shipping.address.address1).first().waitFor();
      expect(await page.locator('main').innerText()).not.toContain('$');
      await expectAccessible(page, 'the packing slip');
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('navigation', { name: 'Areas' }).isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      await screenshot(page, 'order-packing-slip');
      await page.emulateMedia({ media: 'screen' });
    });
  }, SLOW);

  it('takes an order by phone: a customer and their address, two lines, shipping, paid in cash or left to pay by transfer', async () => {
    const base = await listen(t);
    const word = uniqueWord();
    const grace = (await t.admin.post('/v1/customers', { email: `grace.${word}@example.com`, first_name: 'Grace', last_name: `Hopper${word}`, addresses: [ADDRESS] })).body.data;
    const nobody = (await t.admin.post('/v1/customers', { email: `nobody.${word}@example.com`, first_name: 'No', last_name: `Address${word}` })).body.data;
    const mug = await makeSku(t, { price: 1200, stock: 10, code: `MUG-${word}` });
    const rateId = await makeRate(t, 500);
    await makeGateway(t, 'manual');

    const take = async (page: Page, customer: string, paid: boolean) => {
      await openSignedIn(page, base, t.adminKey, '/admin/orders');
      await page.getByRole('button', { name: 'New order' }).click();
      await page.getByRole('heading', { name: 'New order', level: 1 }).waitFor();
      await page.getByRole('combobox', { name: 'Customer' }).fill(customer);
      await page.getByRole('option', { name: new RegExp(customer) }).click();
      await page.getByText(`Ships to ${ADDRESS.address1}`).waitFor();
      await page.getByRole('combobox', { name: 'Add a product' }).fill(`MUG-${word}`);
      await page.getByRole('option', { name: new RegExp(`MUG-${word}`) }).click();
      await page.getByLabel(/^Quantity of /).fill('2');
      await page.getByRole('button', { name: 'Continue to shipping and payment' }).click();
      await page.getByRole('radio', { name: /^Standard · \$5\.00$/ }).first().waitFor();
      if (!paid) await page.getByRole('radio', { name: /^To pay later/ }).check();
      await expectAccessible(page, 'a staff order');
      await screenshot(page, paid ? 'order-new' : 'order-new-later');
      await page.getByRole('button', { name: 'Create order' }).click();
      await page.getByRole('heading', { name: /^Order / , level: 1 }).waitFor();
      return new URL(page.url()).pathname.split('/').pop()!;
    };

    await inWindow(holder.browser, async (page) => {
      const paidId = await take(page, `Hopper${word}`, true);
      const paid = (await t.admin.get(`/v1/orders/${paidId}`)).body.data;
      expect(paid).toMatchObject({ status: 'placed', financial_status: 'paid', source_name: 'admin', customer_id: grace.id, total_price: 2 * 1200 + 500 });
      expect(paid.items).toEqual([expect.objectContaining({ sku_id: mug.id, quantity: 2 })]);
      expect(paid.shipping.address.address1).toBe(ADDRESS.address1);
      expect(await stockOf(t, mug.id)).toBe(8);

      const laterId = await take(page, `Hopper${word}`, false);
      expect((await t.admin.get(`/v1/orders/${laterId}`)).body.data).toMatchObject({ status: 'placed', financial_status: 'pending' });
      expect(await stockOf(t, mug.id)).toBe(6);
      expect(rateId).toMatch(/^shr_/);
    });

    // A customer with no address is sent to their page first; nothing is made.
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/orders/new');
      await page.getByRole('combobox', { name: 'Customer' }).fill(`Address${word}`);
      await page.getByRole('option', { name: new RegExp(`Address${word}`) }).click();
      await page.getByRole('link', { name: 'add one on their page' }).waitFor();
      expect(await page.getByRole('button', { name: 'Continue to shipping and payment' }).isDisabled()).toBe(true);
      await screenshot(page, 'order-new-no-address');
    }, { width: 390, height: 844 });
    expect((await t.admin.get(`/v1/orders?q=${nobody.id}`)).body.data).toEqual([]);
  }, SLOW);
}, { admin: true });
