import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { CategoryRow } from '../../../src/db/types.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';
import { expectInvalid, expectProblem } from '../../helpers/expect.js';

/** A title no other test uses: tests in this file share one database. */
function uniqueTitle(prefix: string): string {
  return `${prefix} ${randomBytes(4).toString('hex')}`;
}

function slug(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

// The lowest orders the column holds: categories given them sort before every other test's.
const FIRST_ORDER = -2_147_483_648;

describeEachDatabase('categories', (t) => {
  async function createCategory(body: Record<string, unknown> = {}): Promise<any> {
    const res = await t.admin.post('/v1/categories', { title: uniqueTitle('Category'), ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  function rowOf(id: string): Promise<CategoryRow | undefined> {
    return t.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function eventsOf(id: string, kind: string): Promise<any[]> {
    const res = await t.admin.get(`/v1/events?related_object=${id}&kind=${kind}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  async function insertProduct(ctx: TestContext): Promise<string> {
    const id = `prd_${randomBytes(13).toString('hex')}`;
    await ctx.db.insertInto('products').values({
      id, permalink: id.replace('_', '-'), name: 'Mug', excerpt: null, description: null, meta_title: null,
      meta_description: null, meta_keywords: null, vendor_id: null, modifiers: '[]', images: '[]', hidden_on: '[]',
      metadata: '{}', private_metadata: '{}', translations: '{}', translated_words: '', is_active: 1, available_at: null, default_sku_id: null,
      created_at: 1, updated_at: 1,
    }).execute();
    return id;
  }

  it('creates a category, stores it and records category.created', async () => {
    const parent = await createCategory();
    const title = uniqueTitle('Hiking Boots');

    const res = await t.admin.post('/v1/categories', { title, parent_id: parent.id, order: 3 });

    expect(res.status, res.text).toBe(201);
    const category = res.body.data;
    expect(category).toEqual({
      id: expect.stringMatching(/^cat_[0-9a-z]{26}$/),
      object: 'category',
      permalink: slug(title),
      title,
      order: 3,
      parent_id: parent.id,
      metadata: {},
      private_metadata: {},
      translations: {},
      created_at: expect.any(Number),
      updated_at: category.created_at,
    });
    expect(await rowOf(category.id)).toEqual({
      id: category.id, permalink: slug(title), title, order: 3, parent_id: parent.id, metadata: '{}', private_metadata: '{}', translations: '{}',
      created_at: category.created_at, updated_at: category.created_at,
    });
    const events = await eventsOf(category.id, 'category.created');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(category);
  });

  it('defaults order to 0 and parent_id to null', async () => {
    const category = await createCategory();
    expect(category).toMatchObject({ order: 0, parent_id: null });
  });

  it('gets a category by id', async () => {
    const category = await createCategory();

    const res = await t.admin.get(`/v1/categories/${category.id}`);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: category });
  });

  it('updates a category, keeps the members left out and records category.updated', async () => {
    const newParent = await createCategory();
    const category = await createCategory({ order: 7, permalink: `keep-${randomBytes(4).toString('hex')}` });
    const title = uniqueTitle('Renamed');

    const res = await t.admin.post(`/v1/categories/${category.id}`, { title, parent_id: newParent.id });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      ...category,
      title,
      parent_id: newParent.id,
      updated_at: expect.any(Number),
    });
    expect(await rowOf(category.id)).toMatchObject({ title, parent_id: newParent.id, order: 7, permalink: category.permalink });
    const events = await eventsOf(category.id, 'category.updated');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(res.body.data);
  });

  it('moves a category back to the root with parent_id null and changes order and permalink', async () => {
    const parent = await createCategory();
    const category = await createCategory({ parent_id: parent.id });
    const permalink = `moved-${randomBytes(4).toString('hex')}`;

    const res = await t.admin.post(`/v1/categories/${category.id}`, { title: category.title, parent_id: null, order: 2, permalink });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ parent_id: null, order: 2, permalink });
    expect(await rowOf(category.id)).toMatchObject({ parent_id: null, order: 2, permalink });
  });

  it('deletes a category with 204 and records category.deleted with the category as it was', async () => {
    const category = await createCategory();

    const res = await t.admin.delete(`/v1/categories/${category.id}`);

    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await rowOf(category.id)).toBeUndefined();
    expectProblem(await t.admin.get(`/v1/categories/${category.id}`), 404, 'not_found');
    const events = await eventsOf(category.id, 'category.deleted');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(category);
  });

  it('lists categories flat, by order then id, with the pagination block', async () => {
    const parent = await createCategory();
    const second = await createCategory({ parent_id: parent.id, order: FIRST_ORDER + 1 });
    const first = await createCategory({ parent_id: parent.id, order: FIRST_ORDER });
    const third = await createCategory({ parent_id: parent.id, order: FIRST_ORDER + 1 });
    const total = (await t.db.selectFrom('categories').select('id').execute()).length;

    const page1 = await t.admin.get('/v1/categories?per_page=2');
    const page2 = await t.admin.get('/v1/categories?per_page=2&page=2');

    expect(page1.status).toBe(200);
    expect(page1.body.data).toEqual([first, second]);
    expect(page1.body.data[0]).not.toHaveProperty('children');
    expect(page1.body.meta.pagination).toEqual({
      current_page: 1,
      previous_page: null,
      next_page: 2,
      per_page: 2,
      from: 1,
      to: 2,
      total_pages: Math.ceil(total / 2),
      total_items: total,
      links: { previous_page: null, next_page: '/v1/categories?per_page=2&page=2' },
    });
    expect(page2.body.data[0]).toEqual(third);
    expect(page2.body.meta.pagination).toMatchObject({ current_page: 2, previous_page: 1, from: 3, to: Math.min(4, total) });
  });

  it('refuses per_page above 250 (400)', async () => {
    expectProblem(await t.admin.get('/v1/categories?per_page=251'), 400, 'invalid_request');
  });

  it('lists root categories with three levels of descendants nested, each level by order then id', async () => {
    const root = await createCategory({ order: FIRST_ORDER });
    const later = await createCategory({ parent_id: root.id, order: 2 });
    const earlier = await createCategory({ parent_id: root.id, order: 1 });
    const grandchild = await createCategory({ parent_id: later.id });
    const roots = (await t.db.selectFrom('categories').select('id').where('parent_id', 'is', null).execute()).length;

    const res = await t.admin.get('/v1/categories/tree?per_page=1');

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual([
      {
        ...root,
        children: [
          { ...earlier, children: [] },
          { ...later, children: [{ ...grandchild, children: [] }] },
        ],
      },
    ]);
    expect(res.body.meta.pagination).toMatchObject({ per_page: 1, total_items: roots, total_pages: roots });
  });

  it('gets a category with its descendants nested', async () => {
    const root = await createCategory();
    const child = await createCategory({ parent_id: root.id });
    const grandchild = await createCategory({ parent_id: child.id });
    const sibling = await createCategory({ parent_id: root.id });

    const res = await t.admin.get(`/v1/categories/${child.id}/tree`);

    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ data: { ...child, children: [{ ...grandchild, children: [] }] } });
    const whole = await t.admin.get(`/v1/categories/${root.id}/tree`);
    expect(whole.body.data.children.map((c: { id: string }) => c.id)).toEqual([child.id, sibling.id]);
  });

  it('makes the permalink from the title and keeps it unique with -2, -3', async () => {
    const title = uniqueTitle('Summer Sale');

    const first = await createCategory({ title });
    const second = await createCategory({ title });
    const third = await createCategory({ title });

    expect([first.permalink, second.permalink, third.permalink]).toEqual([slug(title), `${slug(title)}-2`, `${slug(title)}-3`]);
  });

  it('keeps an explicit permalink and refuses one already taken (422 on permalink)', async () => {
    const permalink = `explicit-${randomBytes(4).toString('hex')}`;
    const first = await createCategory({ permalink });
    expect(first.permalink).toBe(permalink);
    const other = await createCategory();

    expectInvalid(await t.admin.post('/v1/categories', { title: uniqueTitle('Dup'), permalink }), 'permalink');
    expectInvalid(await t.admin.post(`/v1/categories/${other.id}`, { title: other.title, permalink }), 'permalink');
    expect((await rowOf(other.id))?.permalink).toBe(other.permalink);
  });

  it('refuses a permalink that is not a lowercase slug (422)', async () => {
    expectInvalid(await t.admin.post('/v1/categories', { title: uniqueTitle('Bad'), permalink: 'Not A Slug' }), 'permalink');
  });

  it('refuses an unknown parent (422 on parent_id)', async () => {
    const title = uniqueTitle('Orphan');
    const res = await t.admin.post('/v1/categories', { title, parent_id: 'cat_00000000000000000000000000' });

    expectInvalid(res, 'parent_id');
    expect(await t.db.selectFrom('categories').select('id').where('title', '=', title).execute()).toEqual([]);
    const existing = await createCategory();
    expectInvalid(await t.admin.post(`/v1/categories/${existing.id}`, { title: existing.title, parent_id: 'cat_nope' }), 'parent_id');
  });

  it('refuses to make a category the child of its own grandchild (a cycle)', async () => {
    const a = await createCategory();
    const b = await createCategory({ parent_id: a.id });
    const c = await createCategory({ parent_id: b.id });

    const res = await t.admin.post(`/v1/categories/${a.id}`, { title: a.title, parent_id: c.id });

    expectProblem(res, 422, 'validation_failed');
    expect(res.body.errors[0].field).toBe('parent_id');
    expect(res.body.errors[0].message).toMatch(/cycle/);
    expect((await rowOf(a.id))?.parent_id).toBeNull();
    expect(await eventsOf(a.id, 'category.updated')).toEqual([]);
  });

  it('refuses a category as its own parent (422)', async () => {
    const a = await createCategory();

    const res = await t.admin.post(`/v1/categories/${a.id}`, { title: a.title, parent_id: a.id });

    expectProblem(res, 422, 'validation_failed');
    expect(res.body.errors[0].field).toBe('parent_id');
    expect(res.body.errors[0].message).toMatch(/cycle/);
  });

  it('refuses a missing title (422 listing title), also on update', async () => {
    expectInvalid(await t.admin.post('/v1/categories', { order: 1 }), 'title');
    expectInvalid(await t.admin.post('/v1/categories', { title: '' }), 'title');
    expectInvalid(await t.admin.post('/v1/categories', { title: '   ' }), 'title');
    const existing = await createCategory();
    expectInvalid(await t.admin.post(`/v1/categories/${existing.id}`, { order: 1 }), 'title');
  });

  it('refuses a wrong type (order: "abc") with 422', async () => {
    const res = await t.admin.post('/v1/categories', { title: uniqueTitle('Typed'), order: 'abc' });
    expectInvalid(res, 'order');
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'order', code: 'invalid_type' }));
  });

  it('moves the children of a deleted category up to its parent; products lose only that membership', async () => {
    const grandparent = await createCategory();
    const doomed = await createCategory({ parent_id: grandparent.id });
    const childA = await createCategory({ parent_id: doomed.id });
    const childB = await createCategory({ parent_id: doomed.id });
    const grandchild = await createCategory({ parent_id: childA.id });
    const kept = await createCategory();
    const product = await insertProduct(t);
    await t.db.insertInto('product_categories').values([
      { product_id: product, category_id: doomed.id },
      { product_id: product, category_id: kept.id },
    ]).execute();

    expect((await t.admin.delete(`/v1/categories/${doomed.id}`)).status).toBe(204);

    expect((await rowOf(childA.id))?.parent_id).toBe(grandparent.id);
    expect((await rowOf(childB.id))?.parent_id).toBe(grandparent.id);
    expect((await rowOf(grandchild.id))?.parent_id).toBe(childA.id);
    const tree = await t.admin.get(`/v1/categories/${grandparent.id}/tree`);
    expect(tree.body.data.children.map((c: { id: string }) => c.id)).toEqual([childA.id, childB.id]);
    const moved = await eventsOf(childA.id, 'category.updated');
    expect(moved).toHaveLength(1);
    expect(moved[0].data.object).toMatchObject({ id: childA.id, parent_id: grandparent.id });
    expect(await t.db.selectFrom('products').select('id').where('id', '=', product).execute()).toHaveLength(1);
    const memberships = await t.db.selectFrom('product_categories').select('category_id').where('product_id', '=', product).execute();
    expect(memberships).toEqual([{ category_id: kept.id }]);
  });

  it('makes the children of a deleted root category roots', async () => {
    const root = await createCategory();
    const child = await createCategory({ parent_id: root.id });

    expect((await t.admin.delete(`/v1/categories/${root.id}`)).status).toBe(204);

    expect((await rowOf(child.id))?.parent_id).toBeNull();
  });

  it('answers an unknown id with a 404 problem', async () => {
    const id = 'cat_00000000000000000000000000';
    expectProblem(await t.admin.get(`/v1/categories/${id}`), 404, 'not_found');
    expectProblem(await t.admin.get(`/v1/categories/${id}/tree`), 404, 'not_found');
    expectProblem(await t.admin.post(`/v1/categories/${id}`, { title: 'Nothing' }), 404, 'not_found');
    expectProblem(await t.admin.delete(`/v1/categories/${id}`), 404, 'not_found');
  });

  it('lets a channel key read categories but not write them (403)', async () => {
    const category = await createCategory();

    for (const url of ['/v1/categories', '/v1/categories/tree', `/v1/categories/${category.id}`, `/v1/categories/${category.id}/tree`]) {
      expect((await t.storefront.get(url)).status, url).toBe(200);
    }
    expectProblem(await t.storefront.post('/v1/categories', { title: uniqueTitle('Channel') }), 403, 'forbidden');
    expectProblem(await t.storefront.post(`/v1/categories/${category.id}`, { title: 'Changed' }), 403, 'forbidden');
    expectProblem(await t.storefront.delete(`/v1/categories/${category.id}`), 403, 'forbidden');
    expect((await rowOf(category.id))?.title).toBe(category.title);
  });

  it('refuses requests without a credential (401)', async () => {
    expectProblem(await t.anonymous.get('/v1/categories'), 401, 'unauthorized');
    expectProblem(await t.anonymous.get('/v1/categories/tree'), 401, 'unauthorized');
    expectProblem(await t.anonymous.post('/v1/categories', { title: uniqueTitle('Anonymous') }), 401, 'unauthorized');
  });
});
