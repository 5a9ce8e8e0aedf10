import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { placedOrder, stockOf } from '../helpers/checkout.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 90_000;

/** A paid order of `quantity` units at 10.00, everything shipped. */
async function shippedOrder(t: TestContext, quantity = 2) {
  const placed = await placedOrder(t, { items: [{ price: 1000, quantity, stock: 10 }] });
  expect((await t.admin.post(`/v1/orders/${placed.orderId}/fulfillments`, {})).status).toBe(201);
  const order = placed.order as { id: string; number: string; items: Array<{ id: string; product_name: string }> };
  return { order, skuId: placed.skus[0]!.id };
}

async function returnsOf(t: TestContext, orderId: string) {
  return (await t.admin.get(`/v1/orders/${orderId}/returns`)).body.data;
}

/** Confirms the dialog that asks before something that cannot be undone. */
async function confirm(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The status badge of a return, as its words. */
const statusOf = (page: Page, label: string) => page.getByRole('article', { name: label }).getByText(/^(Requested|Received|Refunded|Canceled)$/).textContent();

describeInBrowser('staff take returns in the dashboard', (t) => {
  const holder = useBrowser();

  it('returns part of a shipped order, receives it back into stock and refunds its paid share', async () => {
    const base = await listen(t);
    const { order, skuId } = await shippedOrder(t);
    const name = order.items[0]!.product_name;
    expect(await stockOf(t, skuId)).toBe(8);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/orders/${order.id}`);
      await page.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
      await page.getByText('No returns.').waitFor();

      await page.getByRole('button', { name: 'Return items' }).click();
      const dialog = page.getByRole('dialog', { name: 'Return items' });
      await dialog.getByLabel(`Quantity of ${name} to return`).fill('1');
      await dialog.getByLabel(`Reason for returning ${name}`).click();
      await page.getByRole('option', { name: 'Wrong item' }).click();
      await dialog.getByLabel('Note').fill('Sent the blue one');
      await expectAccessible(page, 'the return dialog');
      await screenshot(page, 'order-return-dialog');
      await dialog.getByRole('button', { name: 'Record return' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const first = page.getByRole('article', { name: 'Return 1' });
      await first.getByText(`1 × ${name} · Wrong item`).waitFor();
      await first.getByText('“Sent the blue one”').waitFor();
      await expect.poll(() => statusOf(page, 'Return 1')).toBe('Requested');
      const [made] = await returnsOf(t, order.id);
      expect(made).toMatchObject({ status: 'requested', note: 'Sent the blue one', restock: true, items: [{ id: order.items[0]!.id, quantity: 1, reason: 'wrong_item' }] });

      await page.getByRole('button', { name: 'Receive return 1' }).click();
      await confirm(page, 'Receive return 1?', 'Receive items');
      await expect.poll(() => statusOf(page, 'Return 1')).toBe('Received');
      expect(await stockOf(t, skuId)).toBe(9);

      await page.getByRole('button', { name: 'Refund return 1' }).click();
      const refund = page.getByRole('dialog', { name: 'Refund return 1' });
      // Prefilled with the returned unit's paid share; the server decides.
      await expect.poll(() => refund.getByLabel('Amount (USD)').inputValue()).toBe('10.00');
      await expectAccessible(page, 'the refund dialog of a return');
      await screenshot(page, 'order-return-refund-dialog');
      await refund.getByRole('button', { name: 'Refund' }).click();
      await refund.waitFor({ state: 'hidden' });
      await expect.poll(() => statusOf(page, 'Return 1')).toBe('Refunded');
      await first.getByText(/^Refunded \$10\.00/).waitFor();
      await expectAccessible(page, 'an order with a refunded return');
      await screenshot(page, 'order-returns');
    });
    const [refunded] = await returnsOf(t, order.id);
    expect(refunded).toMatchObject({ status: 'refunded', refunded_amount: 1000 });
    expect((await t.admin.get(`/v1/orders/${order.id}`)).body.data.financial_status).toBe('partially_refunded');
  }, SLOW);

  it('shows the refusal to return more than was shipped beside that line, and cancels a return', async () => {
    const base = await listen(t);
    const { order } = await shippedOrder(t);
    const name = order.items[0]!.product_name;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/orders/${order.id}`);
      await page.getByRole('button', { name: 'Return items' }).click();
      const dialog = page.getByRole('dialog', { name: 'Return items' });
      const quantity = dialog.getByLabel(`Quantity of ${name} to return`);
      await quantity.fill('3');
      await dialog.getByRole('button', { name: 'Record return' }).click();
      await dialog.getByText('Is more than the 2 shipped and not already returned').waitFor();
      expect(await quantity.getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(page, 'a refused return');
      await screenshot(page, 'order-return-refused');
      expect(await returnsOf(t, order.id)).toEqual([]);

      await quantity.fill('2');
      await dialog.getByRole('button', { name: 'Record return' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => statusOf(page, 'Return 1')).toBe('Requested');
      // Everything shipped is held by the return: nothing is left to return.
      expect(await page.getByRole('button', { name: 'Return items' }).isDisabled()).toBe(true);

      await page.getByRole('button', { name: 'Cancel return 1' }).click();
      await confirm(page, 'Cancel return 1?', 'Cancel return');
      await expect.poll(() => statusOf(page, 'Return 1')).toBe('Canceled');
      expect(await page.getByRole('button', { name: 'Return items' }).isDisabled()).toBe(false);
    });
    expect((await returnsOf(t, order.id)).map((ret: { status: string }) => ret.status)).toEqual(['canceled']);
  }, SLOW);

  it('shows a read-only key the returns with every return control disabled', async () => {
    const base = await listen(t);
    const { order } = await shippedOrder(t);
    const made = await t.admin.post(`/v1/orders/${order.id}/returns`, { items: [{ id: order.items[0]!.id, quantity: 1, reason: 'damaged' }] });
    expect(made.status, made.text).toBe(201);
    const key = (await t.admin.post('/v1/api_keys', { name: 'Accountant', read_only: true })).body.data.token as string;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, key, `/admin/orders/${order.id}`);
      await page.getByRole('article', { name: 'Return 1' }).getByText(`1 × ${order.items[0]!.product_name} · Damaged`).waitFor();
      for (const name of ['Return items', 'Receive return 1', 'Cancel return 1']) {
        expect(await page.getByRole('button', { name }).isDisabled(), name).toBe(true);
      }
      await page.getByRole('article', { name: 'Return 1' }).scrollIntoViewIfNeeded();
      await screenshot(page, 'order-returns-read-only');
    });
    expect((await returnsOf(t, order.id))[0].status).toBe('requested');
  }, SLOW);
}, { admin: true });
