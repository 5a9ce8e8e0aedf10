import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { catalogFactories } from '../helpers/catalog.js';
import { pngOfSize } from '../helpers/files.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 90_000;
/** Uploads over this size are refused (`STOREFRONT_FILE_MAX_BYTES` of this file's server). */
const MAX_BYTES = 400_000;

async function productOf(t: TestContext, id: string) {
  return (await t.admin.get(`/v1/products/${id}`)).body.data;
}

async function skusOf(t: TestContext, id: string) {
  return (await t.admin.get(`/v1/products/${id}/skus`)).body.data as Array<Record<string, any>>;
}

/** Served files name the address the browser reaches, so the thumbnails show. */
async function serveFilesAt(t: TestContext): Promise<string> {
  const base = await listen(t);
  t.files.baseUrl = `${base}/files`;
  return base;
}

/** A picture with something to see in it: the top of the screen as it is now. */
const pictureOf = (page: Page, x = 0) => page.screenshot({ clip: { x, y: 0, width: 360, height: 240 } });

/** Drops files on a drop zone as a browser does when files are dragged from the desktop. */
async function dropFiles(page: Page, zone: Locator, files: Array<{ name: string; type: string; bytes: Buffer }>) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) transfer.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: file.type }));
    return transfer;
  }, files.map((file) => ({ name: file.name, type: file.type, base64: file.bytes.toString('base64') })));
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** Picks an option of a Mantine select or multi-select by its label. */
async function pick(page: Page, field: Locator, option: string, exact = false) {
  await field.click();
  await page.getByRole('option', { name: option, exact }).click();
  await page.keyboard.press('Escape');
}

/** What a field's description and error say, as assistive technology reads them. */
async function describedBy(page: Page, field: Locator): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()))).join(' ');
}

/** Whether the whole of `element` is inside the window's viewport. */
async function inViewport(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const viewport = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x + box.width <= viewport.width;
}

describeInBrowser('staff run the catalogue in the dashboard', (t) => {
  const holder = useBrowser();
  const catalog = catalogFactories(t);

  it('finds products by a server search, creates one with images, a category, a collection and a second sku, edits and deletes a sku, then the product', async () => {
    const base = await serveFilesAt(t);
    const shirts = (await t.admin.post('/v1/categories', { title: 'Shirts' })).body.data;
    const linen = (await t.admin.post('/v1/categories', { title: 'Linen', parent_id: shirts.id })).body.data;
    const summer = (await t.admin.post('/v1/collections', { title: 'Summer picks', kind: 'products' })).body.data;
    // More than a page of lanterns: the list pages on the server.
    for (let i = 1; i <= 27; i++) await catalog.createProduct({ name: `Lantern ${String(i).padStart(2, '0')}`, price: 1000 + i, vendor: 'Lumen' });
    await catalog.createProduct({ name: 'Hidden lantern', is_active: false });
    await catalog.createProduct({ name: 'Clay pot' });

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/products');
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      await page.getByRole('table').first().waitFor();
      await page.getByLabel('Search').fill('lantern');
      // The search reaches the address once typing pauses; paging before that would be undone by it.
      await page.waitForURL(/[?&]q=lantern/);
      await page.getByText('1–25 of 28 products').waitFor();
      await page.getByRole('button', { name: 'Page 2' }).click();
      await page.getByText('26–28 of 28 products').waitFor();
      await pick(page, page.getByRole('combobox', { name: 'Active' }), 'Inactive');
      await page.getByText('1–1 of 1 products').waitFor();
      await page.getByRole('link', { name: 'Hidden lantern' }).waitFor();
      await expectAccessible(page, 'the product list');
      await pick(page, page.getByRole('combobox', { name: 'Active' }), 'Active', true);
      await page.getByText('1–25 of 27 products').waitFor();
      await screenshot(page, 'products-list');
      const pictures = [await pictureOf(page), await pictureOf(page, 400)];

      await page.getByRole('button', { name: 'New product' }).click();
      await page.getByRole('heading', { name: 'New product', level: 1 }).waitFor();
      await page.getByLabel('Name').fill('Linen shirt');
      await page.getByLabel('Description').fill('Cool on hot days.');
      await page.getByLabel('Price', { exact: true }).fill('25.00');
      await page.getByLabel('Vendor').fill('Northwind');
      await page.getByRole('combobox', { name: 'Tags' }).fill('summer');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Add options like size or colour' }).click();
      await page.getByLabel('Option', { exact: true }).fill('Size');
      await pick(page, page.getByRole('combobox', { name: 'Categories' }), 'Shirts › Linen');
      await pick(page, page.getByRole('combobox', { name: 'Collections' }), 'Summer picks');
      // One image picked with the file chooser, one dropped; the dropped one is then put first.
      await page.getByLabel('Images').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: pictures[0] });
      await page.getByRole('img', { name: 'Image 1' }).waitFor();
      await dropFiles(page, page.getByRole('group', { name: 'File drop zone' }), [{ name: 'back.png', type: 'image/png', bytes: pictures[1] }]);
      await page.getByRole('img', { name: 'Image 2' }).waitFor();
      await page.getByRole('button', { name: 'Move image 2 earlier' }).click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'products-new');
      await page.getByRole('button', { name: 'Create product' }).click();
      await page.getByRole('heading', { name: 'Linen shirt', level: 1 }).waitFor();

      const id = new URL(page.url()).pathname.split('/').pop()!;
      const created = await productOf(t, id);
      expect(created).toMatchObject({
        name: 'Linen shirt',
        description: 'Cool on hot days.',
        vendor: { name: 'Northwind' },
        tags: [{ title: 'summer' }],
        modifiers: ['Size'],
        category_ids: [linen.id],
        collection_ids: [summer.id],
        is_active: true,
        available_at: null,
        price: 2500,
      });
      const files = (await t.admin.get('/v1/files')).body.data as Array<{ id: string; original_filename: string }>;
      const fileId = (name: string) => files.find((file) => file.original_filename === name)?.id;
      expect(created.images.map((image: { file_id: string }) => image.file_id)).toEqual([fileId('back.png'), fileId('front.png')]);
      await page.getByRole('img', { name: 'Image 2' }).waitFor();
      await expectAccessible(page, 'a product');
      await screenshot(page, 'products-detail');

      // A second sku: size L with its own price, stock and weight.
      await page.getByRole('button', { name: 'Add sku' }).click();
      const add = page.getByRole('dialog', { name: 'Add a sku' });
      await add.getByLabel('Size').fill('L');
      await add.getByLabel('Price', { exact: true }).fill('27.50');
      await add.getByLabel('Compared price').fill('30');
      await add.getByLabel('SKU code').fill('LS-L');
      await add.getByLabel('Barcode').fill('4006381333931');
      await add.getByLabel('Stock', { exact: true }).fill('5');
      await add.getByLabel('Low stock threshold').fill('2');
      await add.getByLabel('Weight', { exact: true }).fill('0.3');
      await expectAccessible(page, 'the sku dialog');
      await screenshot(page, 'products-sku-dialog');
      await add.getByRole('button', { name: 'Add sku' }).click();
      await add.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByLabel('Code of L', { exact: true }).inputValue()).toBe('LS-L');
      expect(await page.getByLabel('Price of L', { exact: true }).inputValue()).toBe('27.50');
      expect(await page.getByLabel('Compared price of L', { exact: true }).inputValue()).toBe('30.00');
      const large = (await skusOf(t, id)).find((sku) => sku.code === 'LS-L');
      expect(large).toMatchObject({ options: { Size: 'L' }, price: 2750, compared_price: 3000, barcode: '4006381333931', stock_policy: 'overall', in_stock: 5, low_threshold: 2, weight: 0.3, weight_unit: 'kg' });

      // The first sku becomes size M.
      const first = created.skus[0];
      await page.getByRole('button', { name: `Edit sku ${first.name}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit sku' });
      await edit.getByLabel('Size').fill('M');
      await edit.getByLabel('Track stock').check({ force: true });
      await edit.getByLabel('Stock', { exact: true }).fill('8');
      await edit.getByRole('button', { name: 'Save sku' }).click();
      await edit.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Delete sku M' }).waitFor();
      expect((await skusOf(t, id)).find((sku) => sku.id === first.id)).toMatchObject({ options: { Size: 'M' }, in_stock: 8, price: 2500 });

      // Deleting asks first and says it cannot be undone.
      await page.getByRole('button', { name: 'Delete sku L' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete the sku L?' });
      await confirm.getByText('This cannot be undone').waitFor();
      await confirm.getByRole('button', { name: 'Delete sku' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Delete sku L' }).waitFor({ state: 'detached' });
      expect((await skusOf(t, id)).map((sku) => sku.id)).toEqual([first.id]);

      // Edits of the product itself: inactive, and the tag list replaced.
      await page.getByLabel('Active').uncheck({ force: true });
      await page.getByRole('button', { name: 'Save product' }).click();
      await page.getByRole('group', { name: 'Status' }).getByText('Inactive').waitFor();
      expect((await productOf(t, id)).is_active).toBe(false);

      // Deleting the product asks first, then shows the list.
      await page.getByRole('button', { name: 'Delete product' }).click();
      const deletion = page.getByRole('dialog', { name: 'Delete Linen shirt?' });
      await deletion.getByText('This cannot be undone').waitFor();
      await deletion.getByRole('button', { name: 'Delete product' }).click();
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      expect((await t.admin.get(`/v1/products/${id}`)).status).toBe(404);
    });
  }, SLOW);

  it('makes six skus from two options in one save, edits them in one table with a column set at once, and adds only the skus a new value makes', async () => {
    const base = await serveFilesAt(t);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/products/new');
      await page.getByRole('heading', { name: 'New product', level: 1 }).waitFor();
      await page.getByLabel('Name').fill('Canvas tote');
      await page.getByLabel('Price', { exact: true }).fill('20.00');
      await page.getByLabel('Images').setInputFiles({ name: 'tote.png', mimeType: 'image/png', buffer: await pictureOf(page) });
      await page.getByRole('img', { name: 'Image 1' }).waitFor();
      // "Size: S, M, L" and "Colour: Natural, Indigo", typed as staff type a list.
      await page.getByRole('button', { name: 'Add options like size or colour' }).click();
      await page.getByLabel('Option', { exact: true }).fill('Size');
      await page.getByRole('combobox', { name: 'Values of Size' }).pressSequentially('S,M,L,');
      await page.getByRole('button', { name: 'Add another option' }).click();
      await page.getByLabel('Option', { exact: true }).nth(1).fill('Colour');
      await page.getByRole('combobox', { name: 'Values of Colour' }).pressSequentially('Natural,Indigo,');
      await page.getByText('Saving makes 6 new skus: 6 in all.').waitFor();
      await screenshot(page, 'products-options');
      await page.getByRole('button', { name: 'Create product' }).click();
      await page.getByRole('heading', { name: 'Canvas tote', level: 1 }).waitFor();
      const id = new URL(page.url()).pathname.split('/').pop()!;

      const made = await skusOf(t, id);
      expect(made.map((sku) => sku.options)).toEqual([
        { Size: 'S', Colour: 'Natural' }, { Size: 'S', Colour: 'Indigo' },
        { Size: 'M', Colour: 'Natural' }, { Size: 'M', Colour: 'Indigo' },
        { Size: 'L', Colour: 'Natural' }, { Size: 'L', Colour: 'Indigo' },
      ]);
      expect(made.every((sku) => sku.price === 2000)).toBe(true);
      expect((await productOf(t, id)).modifiers).toEqual(['Size', 'Colour']);

      // Ten of each on the shelf at once, one sku dearer, its code and picture, in one save.
      await page.getByRole('textbox', { name: 'Price of L / Indigo', exact: true }).waitFor();
      await pick(page, page.getByRole('combobox', { name: 'Set for every sku' }), 'Stock', true);
      await page.getByLabel('To', { exact: true }).fill('10');
      await page.getByRole('button', { name: 'Apply to 6 skus' }).click();
      await page.getByRole('textbox', { name: 'Price of L / Indigo', exact: true }).fill('24.00');
      await page.getByRole('textbox', { name: 'Code of L / Indigo', exact: true }).fill('TOTE-L-IND');
      await pick(page, page.getByRole('combobox', { name: 'Image of S / Natural' }), 'Image 1', true);
      await page.getByText('Unsaved changes').waitFor();
      await expectAccessible(page, 'the skus table');
      await screenshot(page, 'products-skus-table');
      await page.getByRole('button', { name: 'Save skus' }).click();
      await page.getByText('6 skus saved').waitFor();
      const product = await productOf(t, id);
      const edited = await skusOf(t, id);
      expect(edited.map((sku) => [sku.stock_policy, sku.in_stock])).toEqual(Array(6).fill(['overall', 10]));
      expect(edited.find((sku) => sku.code === 'TOTE-L-IND')).toMatchObject({ options: { Size: 'L', Colour: 'Indigo' }, price: 2400 });
      expect(edited[0].image_url).toBe(product.images[0].url);
      await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);

      // A size added later makes its two skus and leaves the six as they are.
      await page.getByRole('combobox', { name: 'Values of Size' }).pressSequentially('XL,');
      await page.getByText('Saving makes 2 new skus: 8 in all.').waitFor();
      await page.getByRole('button', { name: 'Save product' }).click();
      await page.getByRole('textbox', { name: 'Price of XL / Indigo', exact: true }).waitFor();
      const grown = await skusOf(t, id);
      expect(grown).toHaveLength(8);
      expect(grown.slice(0, 6).map((sku) => [sku.id, sku.in_stock, sku.price])).toEqual(edited.map((sku) => [sku.id, sku.in_stock, sku.price]));
      expect(grown.slice(6).map((sku) => sku.options)).toEqual([{ Size: 'XL', Colour: 'Natural' }, { Size: 'XL', Colour: 'Indigo' }]);
      await screenshot(page, 'products-skus-grown');
    });
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/products');
      await page.getByRole('link', { name: 'Canvas tote' }).click();
      await page.getByRole('textbox', { name: 'Price of XL / Indigo', exact: true }).waitFor();
      await page.locator('[role="region"][tabindex="0"][aria-label="Skus"]').scrollIntoViewIfNeeded();
      await screenshot(page, 'products-skus-narrow');
    }, { width: 390, height: 844 });
  }, SLOW);

  it('shows the server refusals beside the fields they name, and the uploads it refuses by name, saving nothing', async () => {
    const base = await serveFilesAt(t);
    await catalog.createProduct({ name: 'Taken', permalink: 'taken-name' });
    const product = await catalog.createProduct({ name: 'Wool scarf', price: 1500 });
    const before = (await t.admin.get('/v1/products?per_page=1')).body.meta.pagination.total_items;

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/products/new');
      await page.getByRole('heading', { name: 'New product', level: 1 }).waitFor();
      await page.getByLabel('Name').fill('Another');
      const permalink = page.getByLabel('Permalink');
      await permalink.fill('taken-name');
      await page.getByRole('button', { name: 'Create product' }).click();
      await expect.poll(() => permalink.getAttribute('aria-invalid')).toBe('true');
      expect(await describedBy(page, permalink)).toMatch(/taken|in use|exists/i);

      // Too big, and not an image: each named with the server's reason; the good one still joins.
      await page.getByLabel('Images').setInputFiles([
        { name: 'huge.png', mimeType: 'image/png', buffer: pngOfSize(MAX_BYTES + 10_000) },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
        { name: 'fine.png', mimeType: 'image/png', buffer: pngOfSize(1024) },
      ]);
      const refused = page.getByRole('alert').filter({ hasText: 'Some files were not uploaded' });
      await refused.getByText(/^huge\.png: /).waitFor();
      await refused.getByText(/^notes\.txt: /).waitFor();
      await page.getByRole('img', { name: 'Image 1' }).waitFor();
      expect(await page.getByRole('img', { name: 'Image 2' }).count()).toBe(0);
      await expectAccessible(page, 'a refused product');
      await screenshot(page, 'products-new-refused');
    });
    expect((await t.admin.get('/v1/products?per_page=1')).body.meta.pagination.total_items).toBe(before);
    expect((await t.admin.get('/v1/files')).body.data.map((file: { original_filename: string }) => file.original_filename)).not.toContain('huge.png');

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/products/${product.id}`);
      await page.getByRole('button', { name: `Edit sku ${product.skus[0].name}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit sku' });
      const price = edit.getByLabel('Price', { exact: true });
      await price.fill('-5');
      await edit.getByRole('button', { name: 'Save sku' }).click();
      await expect.poll(() => price.getAttribute('aria-invalid')).toBe('true');
      expect(await describedBy(page, price)).toMatch(/0/);
      await screenshot(page, 'products-sku-refused');
    });
    expect((await skusOf(t, product.id))[0].price).toBe(1500);
  }, SLOW);

  it('warns before leaving a product with unsaved changes: staff stay and keep their edit, or leave when they confirm', async () => {
    const base = await listen(t);
    const product = await catalog.createProduct({ name: 'Linen shirt', price: 4500 });
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/products/${product.id}`);
      await page.getByRole('heading', { name: 'Linen shirt', level: 1 }).waitFor();
      const name = page.getByLabel('Name');
      await name.fill('Linen shirt, ironed');
      const orders = page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Orders' });

      await orders.click();
      const warning = page.getByRole('dialog', { name: 'Leave without saving?' });
      await warning.getByText('Your changes will be lost', { exact: false }).waitFor();
      await expectAccessible(page, 'the warning before leaving unsaved changes');
      await screenshot(page, 'products-leave-warning');
      await warning.getByRole('button', { name: 'Stay' }).click();
      await warning.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe(`/admin/products/${product.id}`);
      expect(await name.inputValue()).toBe('Linen shirt, ironed');

      // Closing or reloading the tab asks too (the browser's own question).
      const asked = page.waitForEvent('dialog');
      await page.close({ runBeforeUnload: true });
      const question = await asked;
      expect(question.type()).toBe('beforeunload');
      await question.dismiss();
      expect(page.isClosed()).toBe(false);

      await orders.click();
      await warning.getByRole('button', { name: 'Leave' }).click();
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      // Nothing was saved; a form without changes lets staff go without a word.
      await page.goBack();
      await page.getByRole('heading', { name: 'Linen shirt', level: 1 }).waitFor();
      await orders.click();
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      expect(await page.getByRole('dialog', { name: 'Leave without saving?' }).count()).toBe(0);
    });
    expect((await productOf(t, product.id)).name).toBe('Linen shirt');
  }, SLOW);

  it('shows an error saved from the bottom of a long product beside its field, scrolled into view and focused', async () => {
    const base = await listen(t);
    await catalog.createProduct({ name: 'Taken again', permalink: 'taken-further-up' });
    const product = await catalog.createProduct({ name: 'Cotton socks', price: 900 });
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/products/${product.id}`);
      await page.getByRole('heading', { name: 'Cotton socks', level: 1 }).waitFor();
      const permalink = page.getByLabel('Permalink');
      await permalink.fill('taken-further-up');
      // The save button is at the bottom of the page: clicking it scrolls the permalink out of view.
      const save = page.getByRole('button', { name: 'Save product' });
      await save.scrollIntoViewIfNeeded();
      expect(await inViewport(page, permalink)).toBe(false);
      await save.click();

      await expect.poll(() => permalink.getAttribute('aria-invalid')).toBe('true');
      expect(await describedBy(page, permalink)).toMatch(/taken|in use|exists/i);
      await expect.poll(() => inViewport(page, permalink)).toBe(true);
      await expect.poll(() => permalink.evaluate((input) => input === document.activeElement)).toBe(true);
      await screenshot(page, 'products-error-in-view-narrow');
    }, { width: 390, height: 700 });
    expect((await productOf(t, product.id)).permalink).not.toBe('taken-further-up');
  }, SLOW);

  it('shows a refusal no field can hold beside the save button clicked at the bottom of the page, in view', async () => {
    const base = await listen(t);
    const product = await catalog.createProduct({ name: 'Silk tie', price: 3000 });
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/products/${product.id}`);
      await page.getByRole('heading', { name: 'Silk tie', level: 1 }).waitFor();
      await page.getByLabel('Name').fill('Silk tie, navy');
      // Someone else deletes it meanwhile: the save is refused as a whole (404), naming no field.
      expect((await t.admin.delete(`/v1/products/${product.id}`)).status).toBe(204);
      const save = page.getByRole('button', { name: 'Save product' });
      await save.click();

      const alert = page.getByRole('alert').filter({ hasText: /no product|not found/i });
      await alert.waitFor();
      expect(await inViewport(page, alert)).toBe(true);
      const [alertBox, saveBox] = [(await alert.boundingBox())!, (await save.boundingBox())!];
      // Just above the button, not at the top of the page.
      expect(saveBox.y - (alertBox.y + alertBox.height)).toBeGreaterThanOrEqual(0);
      expect(saveBox.y - (alertBox.y + alertBox.height)).toBeLessThan(40);
      await screenshot(page, 'products-refused-beside-save-narrow');
    }, { width: 390, height: 700 });
  }, SLOW);

  it('shows a read-only key the catalogue with every write control disabled, and walks a sku by keyboard', async () => {
    const base = await serveFilesAt(t);
    const product = await catalog.createProduct({ name: 'Clay mug', price: 900 });
    const key = (await t.admin.post('/v1/api_keys', { name: 'Accountant', read_only: true })).body.data.token as string;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, key, '/admin/products');
      await page.getByRole('link', { name: 'Clay mug' }).waitFor();
      expect(await page.getByRole('button', { name: 'New product' }).isDisabled()).toBe(true);
      await page.getByRole('link', { name: 'Clay mug' }).click();
      await page.getByRole('heading', { name: 'Clay mug', level: 1 }).waitFor();
      for (const name of ['Save product', 'Delete product', 'Add sku', 'Choose images…', `Delete sku ${product.skus[0].name}`]) {
        expect(await page.getByRole('button', { name }).isDisabled(), name).toBe(true);
      }
      expect(await page.getByLabel('Name').getAttribute('readonly')).not.toBeNull();
      await expectAccessible(page, 'a product for a read-only key');
      await screenshot(page, 'products-detail-read-only');
    });

    // In a phone-sized window, by keyboard only.
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/products/${product.id}`);
      await page.getByRole('heading', { name: 'Clay mug', level: 1 }).waitFor();
      await screenshot(page, 'products-detail-narrow');
      let reached = false;
      for (let i = 0; i < 60 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() === 'Add sku');
      }
      expect(reached).toBe(true);
      await page.keyboard.press('Enter');
      const add = page.getByRole('dialog', { name: 'Add a sku' });
      await add.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
      await page.keyboard.type('12');
      await page.keyboard.press('Enter');
      await add.waitFor({ state: 'hidden' });
      await expect.poll(async () => (await skusOf(t, product.id)).map((sku) => sku.price).sort((a, b) => a - b)).toEqual([900, 1200]);
      await page.getByRole('button', { name: 'Add sku' }).focus();
      await page.keyboard.press('Enter');
      await add.waitFor();
      await page.keyboard.press('Escape');
      await add.waitFor({ state: 'hidden' });
    }, { width: 390, height: 844 });
  }, SLOW);
}, { admin: true, files: { maxBytes: MAX_BYTES } });
