import { expect, it } from 'vitest';
import type { BlogRow } from '../../../src/db/types.js';
import { contentFactories, nowSeconds } from '../../helpers/content.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

const UNKNOWN_BLOG = 'blg_00000000000000000000000000';

describeEachDatabase('blogs', (t) => {
  const { createBlog, createPost, readOnlyClient } = contentFactories(t);

  function blogRow(id: string): Promise<BlogRow | undefined> {
    return t.db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  // ---------------------------------------------------------------- create, get, list, update, delete

  it('creates a blog with every field of the spec and stores it', async () => {
    const w = uniqueWord();
    const before = nowSeconds();
    const res = await t.admin.post('/v1/blogs', {
      title: `News ${w}`,
      permalink: `news-${w}`,
      meta_title: 'News of the shop',
      meta_description: 'What is new',
      is_commentable: true,
    });

    expect(res.status, res.text).toBe(201);
    const blog = res.body.data;
    expect(blog).toEqual({
      id: expect.stringMatching(/^blg_[0-9a-z]{26}$/),
      object: 'blog',
      permalink: `news-${w}`,
      title: `News ${w}`,
      meta_title: 'News of the shop',
      meta_description: 'What is new',
      is_commentable: true,
      metadata: {},
      private_metadata: {},
      translations: {},
      created_at: expect.any(Number),
      updated_at: blog.created_at,
    });
    expect(blog.created_at).toBeGreaterThanOrEqual(before);
    expect(await blogRow(blog.id)).toEqual({
      id: blog.id,
      permalink: `news-${w}`,
      title: `News ${w}`,
      meta_title: 'News of the shop',
      meta_description: 'What is new',
      is_commentable: 1,
      metadata: '{}',
      private_metadata: '{}',
      translations: '{}',
      created_at: blog.created_at,
      updated_at: blog.created_at,
    });
  });

  it('makes the permalink from the title and leaves the rest empty when only a title is sent', async () => {
    const w = uniqueWord();
    const blog = await createBlog({ title: `Café Crème ${w}` });
    expect(blog).toMatchObject({ permalink: `cafe-creme-${w}`, meta_title: null, meta_description: null, is_commentable: false });
    expect((await blogRow(blog.id))!.is_commentable).toBe(0);
  });

  it('answers a blog by id to staff and to the storefront alike', async () => {
    const blog = await createBlog();
    const staff = await t.admin.get(`/v1/blogs/${blog.id}`);
    expect(staff.status, staff.text).toBe(200);
    expect(staff.body.data).toEqual(blog);
    const storefront = await t.storefront.get(`/v1/blogs/${blog.id}`);
    expect(storefront.status, storefront.text).toBe(200);
    const { private_metadata: _staffOnly, translations: _staffTranslations, ...shown } = blog;
    expect(storefront.body.data).toEqual(shown);
  });

  it('lists blogs in creation order, paged with the pagination block', async () => {
    const first = await createBlog();
    const second = await createBlog();
    const all = await t.admin.get('/v1/blogs?per_page=250');
    expect(all.status, all.text).toBe(200);
    const ids = all.body.data.map((b: { id: string }) => b.id);
    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second.id)).toBe(ids.indexOf(first.id) + 1);
    expect(ids).toEqual([...ids].sort());

    const page = await t.storefront.get('/v1/blogs?per_page=1&page=2');
    expect(page.status, page.text).toBe(200);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.meta.pagination).toMatchObject({
      current_page: 2,
      previous_page: 1,
      per_page: 1,
      from: 2,
      to: 2,
      total_items: ids.length,
      links: { previous_page: '/v1/blogs?per_page=1&page=1' },
    });
  });

  it('refuses page and per_page out of range with 400', async () => {
    expectProblem(await t.admin.get('/v1/blogs?per_page=251'), 400, 'invalid_request');
    expectProblem(await t.admin.get('/v1/blogs?page=0'), 400, 'invalid_request');
  });

  it('changes only the fields sent, keeps the permalink when the title changes, and clears with null', async () => {
    const blog = await createBlog({ meta_title: 'Old', meta_description: 'Old description', is_commentable: true });
    const res = await t.admin.post(`/v1/blogs/${blog.id}`, { title: 'Renamed', meta_description: null });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      id: blog.id,
      title: 'Renamed',
      permalink: blog.permalink,
      meta_title: 'Old',
      meta_description: null,
      is_commentable: true,
    });
    expect(res.body.data.updated_at).toBeGreaterThanOrEqual(blog.updated_at);
    expect(await blogRow(blog.id)).toMatchObject({ title: 'Renamed', permalink: blog.permalink, meta_description: null, is_commentable: 1 });
    expect((await t.admin.get(`/v1/blogs/${blog.id}`)).body.data).toEqual(res.body.data);
  });

  it('changes the permalink when one is sent', async () => {
    const blog = await createBlog();
    const permalink = `moved-${uniqueWord()}`;
    const res = await t.admin.post(`/v1/blogs/${blog.id}`, { permalink, is_commentable: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ permalink, is_commentable: true });
    expect((await blogRow(blog.id))!.permalink).toBe(permalink);
  });

  it('deletes a blog without posts: 204, then 404', async () => {
    const blog = await createBlog();
    const res = await t.admin.delete(`/v1/blogs/${blog.id}`);
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    expect(await blogRow(blog.id)).toBeUndefined();
    expectProblem(await t.admin.get(`/v1/blogs/${blog.id}`), 404, 'not_found');
    expectProblem(await t.admin.delete(`/v1/blogs/${blog.id}`), 404, 'not_found');
  });

  it('refuses to delete a blog that still has posts, naming how many, and deletes it once they are gone', async () => {
    const blog = await createBlog();
    const posts = [await createPost(blog.id), await createPost(blog.id)];

    const refused = await t.admin.delete(`/v1/blogs/${blog.id}`);
    expectProblem(refused, 409, 'conflict');
    expect(refused.body.posts_count).toBe(2);
    expect(refused.body.detail).toContain('2 posts');
    expect(await blogRow(blog.id)).toBeDefined();

    for (const post of posts) expect((await t.admin.delete(`/v1/posts/${post.id}`)).status).toBe(204);
    expect((await t.admin.delete(`/v1/blogs/${blog.id}`)).status).toBe(204);
  });

  it('answers 404 for unknown blogs on every route', async () => {
    expectProblem(await t.admin.get(`/v1/blogs/${UNKNOWN_BLOG}`), 404, 'not_found');
    expectProblem(await t.storefront.get(`/v1/blogs/${UNKNOWN_BLOG}`), 404, 'not_found');
    expectProblem(await t.admin.post(`/v1/blogs/${UNKNOWN_BLOG}`, { title: 'x' }), 404, 'not_found');
    expectProblem(await t.admin.delete(`/v1/blogs/${UNKNOWN_BLOG}`), 404, 'not_found');
  });

  // ---------------------------------------------------------------- permalinks

  it('gives two blogs of the same title distinct permalinks', async () => {
    const title = `Journal ${uniqueWord()}`;
    const first = await createBlog({ title });
    const second = await createBlog({ title });
    const slug = title.toLowerCase().replace(' ', '-');
    expect(first.permalink).toBe(slug);
    expect(second.permalink).toBe(`${slug}-2`);
  });

  it('refuses a permalink another blog has, on create and on update (422 taken)', async () => {
    const taken = await createBlog();
    const other = await createBlog();
    const onCreate = await t.admin.post('/v1/blogs', { title: 'Copy', permalink: taken.permalink });
    expectInvalid(onCreate, 'permalink');
    expect(onCreate.body.errors[0].code).toBe('taken');
    expectInvalid(await t.admin.post(`/v1/blogs/${other.id}`, { permalink: taken.permalink }), 'permalink');
    // Sending a blog's own permalink is no change.
    expect((await t.admin.post(`/v1/blogs/${taken.id}`, { permalink: taken.permalink })).status).toBe(200);
  });

  it('lets only one of two concurrent creates have the same permalink', async () => {
    const permalink = `race-${uniqueWord()}`;
    const results = await Promise.all([
      t.admin.post('/v1/blogs', { title: 'Race one', permalink }),
      t.admin.post('/v1/blogs', { title: 'Race two', permalink }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(201);
    expect([409, 422]).toContain(statuses[1]);
    expect(await t.db.selectFrom('blogs').select('id').where('permalink', '=', permalink).execute()).toHaveLength(1);
  });

  it('lets a blog, a post and a page share a permalink: they are unique per kind', async () => {
    const permalink = `about-${uniqueWord()}`;
    const blog = await createBlog({ permalink });
    const post = await createPost(blog.id, { permalink });
    const page = await t.admin.post('/v1/pages', { title: 'About', permalink });
    expect([blog.permalink, post.permalink, page.body.data.permalink]).toEqual([permalink, permalink, permalink]);
  });

  // ---------------------------------------------------------------- validation

  it('names every invalid field of a create', async () => {
    const res = await t.admin.post('/v1/blogs', { permalink: 'Not A Slug', meta_title: 'x'.repeat(256), is_commentable: 'maybe' });
    expectInvalid(res, 'title', 'permalink', 'meta_title', 'is_commentable');
  });

  it('refuses an empty or too long title, on create and on update', async () => {
    const blog = await createBlog();
    expectInvalid(await t.admin.post('/v1/blogs', { title: '' }), 'title');
    expectInvalid(await t.admin.post('/v1/blogs', { title: 'x'.repeat(256) }), 'title');
    expectInvalid(await t.admin.post(`/v1/blogs/${blog.id}`, { title: '' }), 'title');
    expect((await blogRow(blog.id))!.title).toBe(blog.title);
  });

  it('accepts a form-encoded body', async () => {
    const w = uniqueWord();
    const res = await t.admin.post('/v1/blogs', undefined, { form: `title=Form+${w}&is_commentable=true` });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ title: `Form ${w}`, is_commentable: true });
  });

  // ---------------------------------------------------------------- access

  it('needs a credential', async () => {
    expectProblem(await t.anonymous.get('/v1/blogs'), 401, 'unauthorized');
    expectProblem(await t.anonymous.post('/v1/blogs', { title: 'x' }), 401, 'unauthorized');
  });

  it('lets a channel key read blogs but not write them', async () => {
    const blog = await createBlog();
    expect((await t.storefront.get('/v1/blogs')).status).toBe(200);
    expectProblem(await t.storefront.post('/v1/blogs', { title: 'Channel' }), 403, 'forbidden');
    expectProblem(await t.storefront.post(`/v1/blogs/${blog.id}`, { title: 'Channel' }), 403, 'forbidden');
    expectProblem(await t.storefront.delete(`/v1/blogs/${blog.id}`), 403, 'forbidden');
    expect((await blogRow(blog.id))!.title).toBe(blog.title);
  });

  it('lets a read-only key read blogs but not write them', async () => {
    const reader = await readOnlyClient();
    const blog = await createBlog();
    expect((await reader.get(`/v1/blogs/${blog.id}`)).status).toBe(200);
    expect((await reader.get('/v1/blogs')).status).toBe(200);
    expectProblem(await reader.post('/v1/blogs', { title: 'Reader' }), 403, 'forbidden');
    expectProblem(await reader.post(`/v1/blogs/${blog.id}`, { title: 'Reader' }), 403, 'forbidden');
    expectProblem(await reader.delete(`/v1/blogs/${blog.id}`), 403, 'forbidden');
  });

  // ---------------------------------------------------------------- storefront cache

  it('shows a renamed blog on the next storefront read', async () => {
    const blog = await createBlog();
    const url = `/v1/blogs/${blog.id}`;
    await t.storefront.get(url);
    expect((await t.storefront.get(url)).headers['x-cache']).toBe('hit');

    expect((await t.admin.post(url, { title: 'Renamed for the cache' })).status).toBe(200);
    const after = await t.storefront.get(url);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body.data.title).toBe('Renamed for the cache');
  });
}, { cacheTtlMs: 60_000 });
