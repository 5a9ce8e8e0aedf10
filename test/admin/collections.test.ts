import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { catalogFactories, ids } from '../helpers/catalog.js';
import { uniqueWord } from '../helpers/expect.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 90_000;

/** Confirms the dialog that asks before something that cannot be undone. */
async function confirm(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The error text a field is described by (a 422 shown beside it). */
async function descriptionOf(page: Page, field: ReturnType<Page['getByLabel']>): Promise<string> {
  const described = (await field.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(described.split(' ').filter(Boolean).map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join(' ');
}

async function membersOf(t: TestContext, id: string): Promise<string[]> {
  return ids((await t.admin.get(`/v1/collections/${id}/products`)).body.data);
}

async function collectionOf(t: TestContext, id: string) {
  return (await t.admin.get(`/v1/collections/${id}`)).body.data;
}

async function treeOf(t: TestContext) {
  type Node = { id: string; title: string; children: Node[] };
  const shape = (nodes: Node[]): unknown[] => nodes.map((node) => (node.children.length ? { [node.title]: shape(node.children) } : node.title));
  return shape((await t.admin.get('/v1/categories/tree?per_page=250')).body.data);
}

describeInBrowser('staff arrange collections and categories in the dashboard', (t) => {
  const holder = useBrowser();
  const { createProduct } = catalogFactories(t);

  it('makes a hand-picked collection, adds products found on the server, orders them, takes one out and deletes it', async () => {
    const base = await listen(t);
    const word = uniqueWord();
    const [tea, coffee, cocoa] = [await createProduct({ name: `Tea ${word}` }), await createProduct({ name: `Coffee ${word}` }), await createProduct({ name: `Cocoa ${word}` })];
    const taken = (await t.admin.post('/v1/collections', { title: `Taken ${word}`, kind: 'products', permalink: `taken-${word}` })).body.data;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/collections');
      await page.getByRole('heading', { name: 'Collections', level: 1 }).waitFor();
      await page.getByRole('link', { name: taken.title }).waitFor();
      await expectAccessible(page, 'the collection list');
      await screenshot(page, 'collections-list');

      await page.getByRole('button', { name: 'New collection' }).click();
      const create = page.getByRole('dialog', { name: 'New collection' });
      await create.getByLabel('Title').fill(`Hot drinks ${word}`);
      await expectAccessible(page, 'the new collection dialog');
      await create.getByRole('button', { name: 'Create collection' }).click();
      await page.getByRole('heading', { name: `Hot drinks ${word}`, level: 1 }).waitFor();
      const id = page.url().split('/').pop()!;
      expect(await collectionOf(t, id)).toMatchObject({ kind: 'products', title: `Hot drinks ${word}` });

      // Each product is found by the server's search, never from a list of them all.
      for (const product of [tea, coffee, cocoa]) {
        await page.getByLabel('Find products to add').fill(product.name);
        await page.getByRole('button', { name: `Add ${product.name} to the collection` }).click();
        await page.getByRole('table', { name: 'Products in the collection' }).getByRole('cell', { name: product.name, exact: true }).waitFor();
      }
      await expect.poll(() => membersOf(t, id)).toEqual([tea.id, coffee.id, cocoa.id]);
      await expectAccessible(page, 'a hand-picked collection');
      await screenshot(page, 'collections-hand-picked');

      const updates = async () => (await t.admin.get(`/v1/events?related_object=${id}&kind=collection.updated`)).body.data.length;
      const before = await updates();
      await page.getByRole('button', { name: `Move ${cocoa.name} up` }).click();
      await expect.poll(() => membersOf(t, id)).toEqual([tea.id, cocoa.id, coffee.id]);
      await page.getByRole('button', { name: `Move ${tea.name} down` }).click();
      await expect.poll(() => membersOf(t, id)).toEqual([cocoa.id, tea.id, coffee.id]);
      // Each move is one change of the collection.
      expect(await updates()).toBe(before + 2);
      await page.getByRole('button', { name: `Take ${coffee.name} out of the collection` }).click();
      await confirm(page, 'Take the product out?', 'Take out');
      await expect.poll(() => membersOf(t, id)).toEqual([cocoa.id, tea.id]);
      // The rows follow the server's order.
      await expect.poll(() => page.getByRole('table', { name: 'Products in the collection' }).getByRole('row').allInnerTexts()).toEqual([
        expect.stringContaining('Product'), expect.stringContaining(cocoa.name), expect.stringContaining(tea.name),
      ]);

      // A permalink another collection holds: the server's 422 beside the field, and nothing saved.
      const permalink = page.getByLabel('Permalink');
      await permalink.fill(taken.permalink);
      await page.getByLabel('Description', { exact: true }).fill('<p>Warm cups</p>');
      await page.getByRole('button', { name: 'Save collection' }).click();
      await expect.poll(() => permalink.getAttribute('aria-invalid')).toBe('true');
      expect(await descriptionOf(page, permalink)).toMatch(/taken/i);
      await expectAccessible(page, 'a refused collection');
      await screenshot(page, 'collections-refused');
      expect(await collectionOf(t, id)).toMatchObject({ permalink: `hot-drinks-${word}`, description: null });
      await permalink.fill(`warm-${word}`);
      await page.getByLabel('Visible from').fill('2027-01-02T03:04');
      await page.getByLabel('Meta title').fill('Hot drinks for cold days');
      await page.getByRole('button', { name: 'Save collection' }).click();
      await expect.poll(async () => (await collectionOf(t, id)).permalink).toBe(`warm-${word}`);
      expect(await collectionOf(t, id)).toMatchObject({ description: '<p>Warm cups</p>', meta_title: 'Hot drinks for cold days', visible_at: Date.UTC(2027, 0, 2, 3, 4) / 1000 });

      await page.getByRole('button', { name: 'Delete collection' }).click();
      await confirm(page, 'Delete the collection?', 'Delete collection');
      await page.getByRole('heading', { name: 'Collections', level: 1 }).waitFor();
      expect((await t.admin.get(`/v1/collections/${id}`)).status).toBe(404);
      expect((await t.admin.get(`/v1/products/${tea.id}`)).status).toBe(200);
    });
  }, SLOW);

  it('edits the rules of a smart collection while the preview shows what they match, and shows a refused rule beside it', async () => {
    const base = await listen(t);
    const word = uniqueWord();
    const cheap = await createProduct({ name: `${word} Green tea`, price: 500 });
    const dear = await createProduct({ name: `${word} Rare tea`, price: 9000 });
    const other = await createProduct({ name: `${word} Mug`, price: 700 });
    const smart = (await t.admin.post('/v1/collections', { title: `Teas ${word}`, kind: 'smart', rules: [{ field: 'title', condition: 'starts_with', value: word }] })).body.data;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/collections/${smart.id}`);
      const preview = page.getByRole('table', { name: 'Matching products' });
      await expect.poll(() => preview.getByRole('row').count()).toBe(4);

      await page.getByLabel('Rule 1: value').fill(`${word} r`);
      await expect.poll(() => preview.getByRole('row').allInnerTexts()).toEqual([expect.stringContaining('Product'), expect.stringContaining(dear.name)]);

      await page.getByLabel('Rule 1: value').fill(word);
      await page.getByRole('button', { name: 'Add rule' }).click();
      await page.getByRole('combobox', { name: 'Rule 2: field' }).click();
      await page.getByRole('option', { name: 'Price', exact: true }).click();
      await page.getByRole('combobox', { name: 'Rule 2: condition' }).click();
      await page.getByRole('option', { name: 'is less than' }).click();
      await page.getByLabel('Rule 2: value').fill('1000');
      await expect.poll(() => preview.getByRole('row').allInnerTexts()).toEqual([
        expect.stringContaining('Product'), expect.stringContaining(cheap.name), expect.stringContaining(other.name),
      ]);
      await expectAccessible(page, 'a smart collection');
      await screenshot(page, 'collections-smart');

      // A price that is no whole number of cents: the preview says why, and the save shows it beside the field.
      const value = page.getByLabel('Rule 2: value');
      await value.fill('9.99');
      await page.getByRole('alert').filter({ hasText: 'Rule 2: value must be an integer' }).waitFor();
      await page.getByRole('button', { name: 'Save collection' }).click();
      await expect.poll(() => value.getAttribute('aria-invalid')).toBe('true');
      expect(await descriptionOf(page, value)).toContain('Must be an integer for price');
      expect((await collectionOf(t, smart.id)).rules).toHaveLength(1);

      await value.fill('1000');
      await page.getByLabel('any rule').check();
      await page.getByRole('button', { name: 'Save collection' }).click();
      await expect.poll(async () => (await collectionOf(t, smart.id)).rules.length).toBe(2);
      expect(await collectionOf(t, smart.id)).toMatchObject({
        disjunctive: true,
        rules: [{ field: 'title', condition: 'starts_with', value: word }, { field: 'price', condition: 'less_than', value: '1000' }],
      });
      expect(await membersOf(t, smart.id)).toEqual(expect.arrayContaining([cheap.id, dear.id, other.id]));
    });
    // A narrow window stacks the details, the rules and their preview.
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/collections/${smart.id}`);
      await page.getByRole('table', { name: 'Matching products' }).getByRole('cell', { name: other.name }).waitFor();
      await expectAccessible(page, 'a smart collection in a narrow window');
      await screenshot(page, 'collections-smart-narrow');
    }, { width: 390, height: 844 });
  }, SLOW);

  it('builds a category tree, reorders and moves categories, is refused a cycle beside the parent, and deletes one', async () => {
    const base = await listen(t);
    const word = uniqueWord();
    const drinks = (await t.admin.post('/v1/categories', { title: `Drinks ${word}`, order: 0 })).body.data;
    await t.admin.post('/v1/categories', { title: `Food ${word}`, order: 1 });
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/categories');
      await page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
      await page.getByText(`Drinks ${word}`).waitFor();

      for (const title of [`Tea ${word}`, `Coffee ${word}`]) {
        await page.getByRole('button', { name: `Actions for Drinks ${word}` }).click();
        await page.getByRole('menuitem', { name: 'Add a subcategory' }).click();
        const create = page.getByRole('dialog', { name: 'New category' });
        await create.getByLabel('Title').fill(title);
        await create.getByRole('button', { name: 'Create category' }).click();
        await create.waitFor({ state: 'hidden' });
        await page.getByText(title, { exact: true }).waitFor();
      }
      await expect.poll(() => treeOf(t)).toEqual(expect.arrayContaining([{ [`Drinks ${word}`]: [`Tea ${word}`, `Coffee ${word}`] }, `Food ${word}`]));
      await expectAccessible(page, 'the category tree');
      await screenshot(page, 'categories-tree');

      await page.getByRole('button', { name: `Move Coffee ${word} up` }).click();
      await expect.poll(() => treeOf(t)).toEqual(expect.arrayContaining([{ [`Drinks ${word}`]: [`Coffee ${word}`, `Tea ${word}`] }]));

      // Drinks under its own child: the server refuses, beside the parent, and nothing moves.
      await page.getByRole('button', { name: `Actions for Drinks ${word}` }).click();
      await page.getByRole('menuitem', { name: 'Rename or move' }).click();
      const edit = page.getByRole('dialog', { name: `Edit “Drinks ${word}”` });
      const parent = edit.getByRole('combobox', { name: 'Parent' });
      await parent.click();
      await page.getByRole('option', { name: `— Tea ${word}` }).click();
      await edit.getByRole('button', { name: 'Save category' }).click();
      await expect.poll(() => parent.getAttribute('aria-invalid')).toBe('true');
      expect(await descriptionOf(page, parent)).toContain('descendant of this category');
      await expectAccessible(page, 'a refused move');
      await screenshot(page, 'categories-refused');
      expect((await t.admin.get(`/v1/categories/${drinks.id}`)).body.data.parent_id).toBeNull();

      // A blank title: refused beside the title.
      const title = edit.getByLabel('Title');
      await title.fill('   ');
      await parent.click();
      await page.getByRole('option', { name: `Food ${word}` }).click();
      await edit.getByRole('button', { name: 'Save category' }).click();
      await expect.poll(() => title.getAttribute('aria-invalid')).toBe('true');
      expect(await descriptionOf(page, title)).toContain('Must not be blank');

      await title.fill(`Beverages ${word}`);
      await edit.getByRole('button', { name: 'Save category' }).click();
      await edit.waitFor({ state: 'hidden' });
      await expect.poll(() => treeOf(t)).toEqual(expect.arrayContaining([{ [`Food ${word}`]: [{ [`Beverages ${word}`]: [`Coffee ${word}`, `Tea ${word}`] }] }]));

      await page.getByRole('button', { name: `Actions for Beverages ${word}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete the category?' }).getByText(`Its 2 subcategories move up to “Food ${word}”`).waitFor();
      await confirm(page, 'Delete the category?', 'Delete category');
      await expect.poll(() => treeOf(t)).toEqual(expect.arrayContaining([{ [`Food ${word}`]: [`Coffee ${word}`, `Tea ${word}`] }]));
      expect((await t.admin.get(`/v1/categories/${drinks.id}`)).status).toBe(404);
    });
  }, SLOW);

  it('adds a product by keyboard alone, and shows a read-only key collections and categories with every write control disabled', async () => {
    const base = await listen(t);
    const word = uniqueWord();
    const product = await createProduct({ name: `Kettle ${word}` });
    const collection = (await t.admin.post('/v1/collections', { title: `Kitchen ${word}`, kind: 'products' })).body.data;
    await t.admin.post('/v1/categories', { title: `Kitchen ${word}` });
    const smart = (await t.admin.post('/v1/collections', { title: `Kettles ${word}`, kind: 'smart', rules: [{ field: 'title', condition: 'equals', value: product.name }] })).body.data;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/collections/${collection.id}`);
      await page.getByRole('heading', { name: `Kitchen ${word}`, level: 1 }).waitFor();
      const search = page.getByLabel('Find products to add');
      for (let i = 0; i < 40 && !(await search.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab');
      await page.keyboard.type(product.name);
      const add = page.getByRole('button', { name: `Add ${product.name} to the collection` });
      await add.waitFor();
      for (let i = 0; i < 10 && !(await add.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect.poll(() => membersOf(t, collection.id)).toEqual([product.id]);
      // The confirmation of a take-out opens and closes by keyboard, and keeps the product.
      await page.getByRole('button', { name: `Take ${product.name} out of the collection` }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Take the product out?' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Take the product out?' }).waitFor({ state: 'hidden' });
      expect(await membersOf(t, collection.id)).toEqual([product.id]);
    });

    const key = (await t.admin.post('/v1/api_keys', { name: 'Merchandiser', read_only: true })).body.data.token as string;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, key, `/admin/collections/${collection.id}`);
      await page.getByRole('heading', { name: `Kitchen ${word}`, level: 1 }).waitFor();
      await page.getByRole('cell', { name: product.name, exact: true }).waitFor();
      for (const name of ['Save collection', 'Delete collection', `Move ${product.name} up`, `Take ${product.name} out of the collection`]) {
        expect(await page.getByRole('button', { name }).isDisabled(), name).toBe(true);
      }
      expect(await page.getByRole('textbox', { name: /^Title/ }).getAttribute('readonly')).not.toBeNull();
      await page.getByLabel('Find products to add').fill(product.name);
      await page.getByText('In the collection').waitFor();
      await expectAccessible(page, 'a collection for a read-only key');

      // A smart collection: its saved rules, read-only, beside the products they hold.
      await page.goto(`${base}/admin/collections/${smart.id}`);
      await page.getByRole('table', { name: 'Matching products' }).getByRole('cell', { name: product.name }).waitFor();
      expect(await page.getByLabel('Rule 1: value').getAttribute('readonly')).not.toBeNull();
      for (const name of ['Add rule', 'Remove rule 1', 'Save collection']) expect(await page.getByRole('button', { name }).isDisabled(), name).toBe(true);

      await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Categories' }).click();
      await page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
      await page.getByText(`Kitchen ${word}`).waitFor();
      expect(await page.getByRole('button', { name: 'New category' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: `Actions for Kitchen ${word}` }).isDisabled()).toBe(true);
      await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Collections' }).click();
      expect(await page.getByRole('button', { name: 'New collection' }).isDisabled()).toBe(true);
    });
    expect(await membersOf(t, collection.id)).toEqual([product.id]);
  }, SLOW);
}, { admin: true });
