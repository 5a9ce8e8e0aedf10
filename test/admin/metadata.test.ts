import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { placedOrder } from '../helpers/checkout.js';

const SLOW = 90_000;

describeInBrowser('staff edit the metadata of a record', (t) => {
  const holder = useBrowser();

  it('adds, changes and removes metadata and private metadata on a product, naming a key the server refuses', async () => {
    const base = await listen(t);
    const product = (await t.admin.post('/v1/products', { name: 'Tagged mug', metadata: { erp_id: 'MUG-1', season: 'winter' } })).body.data;

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/products/${product.id}`);
      const section = page.getByRole('region', { name: 'Metadata' });
      await section.waitFor();
      expect(await section.getByLabel('Metadata key 1').inputValue()).toBe('erp_id');
      expect(await section.getByLabel('Metadata value 1').inputValue()).toBe('MUG-1');

      await section.getByLabel('Metadata value 1').fill('MUG-2');
      await section.getByRole('button', { name: 'Remove season' }).click();
      await section.getByRole('button', { name: 'Add a field to private metadata' }).click();
      await section.getByLabel('Private metadata key 1').fill('supplier_cost');
      await section.getByLabel('Private metadata value 1').fill('3.10');
      await section.getByText('Unsaved changes').waitFor();
      await expectAccessible(page, 'a product\'s metadata being edited');
      await screenshot(page, 'metadata-product');
      await section.getByRole('button', { name: 'Save metadata' }).click();
      await page.getByText('Metadata saved').waitFor();
      await expect.poll(async () => (await t.admin.get(`/v1/products/${product.id}`)).body.data)
        .toMatchObject({ metadata: { erp_id: 'MUG-2' }, private_metadata: { supplier_cost: '3.10' } });
      expect((await t.admin.get(`/v1/products/${product.id}`)).body.data.metadata.season).toBeUndefined();
      // The storefront sees the metadata, never the private part.
      const shown = (await t.storefront.get(`/v1/products/${product.id}`)).body.data;
      expect(shown.metadata).toEqual({ erp_id: 'MUG-2' });
      expect(shown.private_metadata).toBeUndefined();

      // 50 keys are the most: the screen offers no 51st. A key added meanwhile by an app makes the
      // screen's 50th the 51st: the server refuses it, named beside its row.
      const many = Object.fromEntries(Array.from({ length: 48 }, (_, i) => [`k${i}`, 'v']));
      await t.admin.post(`/v1/products/${product.id}`, { metadata: many });
      await page.reload();
      await section.getByLabel('Metadata key 49').waitFor();
      await section.getByRole('button', { name: 'Add a field to metadata' }).click();
      await section.getByLabel('Metadata key 50').fill('one_too_many');
      await section.getByLabel('Metadata value 50').fill('x');
      expect(await section.getByRole('button', { name: 'Add a field to metadata' }).count()).toBe(0);
      await section.getByText('At most 50 fields').waitFor();
      await t.admin.post(`/v1/products/${product.id}`, { metadata: { from_an_app: 'y' } });
      await section.getByRole('button', { name: 'Save metadata' }).click();
      await section.getByRole('alert').waitFor();
      // Beside the row, and in the form's message.
      await section.getByText('would make more than 50 keys').first().waitFor();
      expect(await section.getByLabel('Metadata key 50').getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, 'metadata-refused-key');
      expect((await t.admin.get(`/v1/products/${product.id}`)).body.data.metadata.one_too_many).toBeUndefined();
    });
  }, SLOW);

  it("shows an order's metadata copied from its cart, read-only to a role that may not change the order", async () => {
    const base = await listen(t);
    const { orderId } = await placedOrder(t);
    await t.admin.post(`/v1/orders/${orderId}`, { metadata: { gift_wrap_colour: 'red' } });
    const packer = (await t.admin.post('/v1/api_keys', { name: 'Packing bench', role: 'fulfillment' })).body.data.token as string;

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, packer, `/admin/orders/${orderId}`);
      const section = page.getByRole('region', { name: 'Metadata' });
      await section.waitFor();
      expect(await section.getByLabel('Metadata value 1').inputValue()).toBe('red');
      expect(await section.getByLabel('Metadata value 1').getAttribute('readonly')).not.toBeNull();
      expect(await section.getByRole('button', { name: 'Save metadata' }).count()).toBe(0);
      expect(await section.getByRole('button', { name: /Add a field/ }).count()).toBe(0);
      await expectAccessible(page, "an order's metadata for the fulfillment role");
    }, { width: 390, height: 844 });
  }, SLOW);
}, { admin: true });
