import { expect, it } from 'vitest';
import type { PostRow } from '../../../src/db/types.js';
import { hashToken } from '../../../src/modules/access/tokens.js';
import { contentFactories, nowSeconds } from '../../helpers/content.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type Client } from '../../helpers/test-app.js';

const UNKNOWN_POST = 'pst_00000000000000000000000000';
const UNKNOWN_BLOG = 'blg_00000000000000000000000000';
const ids = (list: Array<{ id: string }>) => list.map((item) => item.id);

describeEachDatabase('posts', (t) => {
  const { createBlog, createPost, readOnlyClient, insertFile } = contentFactories(t);

  function postRow(id: string): Promise<PostRow | undefined> {
    return t.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function postIdsOf(blogId: string, client: Client = t.admin): Promise<string[]> {
    const res = await client.get(`/v1/posts?blog_id=${blogId}`);
    expect(res.status, res.text).toBe(200);
    return ids(res.body.data);
  }

  // ---------------------------------------------------------------- create, get, list, update, delete

  it('creates a post with every field of the spec and stores it', async () => {
    const blog = await createBlog();
    const w = uniqueWord();
    const publishedAt = nowSeconds() - 3600;
    const res = await t.admin.post('/v1/posts', {
      title: `Spring ${w}`,
      blog_id: blog.id,
      permalink: `spring-${w}`,
      summary: 'What grows',
      content: '<p>Seeds</p>',
      meta_title: 'Spring',
      meta_description: 'Seeds and more',
      image_url: 'https://cdn.example.com/spring.jpg',
      user_id: 'usr_editor',
      is_published: true,
      published_at: publishedAt,
    });

    expect(res.status, res.text).toBe(201);
    const post = res.body.data;
    expect(post).toEqual({
      id: expect.stringMatching(/^pst_[0-9a-z]{26}$/),
      object: 'post',
      permalink: `spring-${w}`,
      title: `Spring ${w}`,
      summary: 'What grows',
      content: '<p>Seeds</p>',
      meta_title: 'Spring',
      meta_description: 'Seeds and more',
      image_url: 'https://cdn.example.com/spring.jpg',
      blog_id: blog.id,
      user_id: 'usr_editor',
      is_published: true,
      published_at: publishedAt,
      metadata: {},
      private_metadata: {},
      translations: {},
      created_at: expect.any(Number),
      updated_at: post.created_at,
    });
    expect(await postRow(post.id)).toMatchObject({
      blog_id: blog.id,
      permalink: `spring-${w}`,
      image_url: 'https://cdn.example.com/spring.jpg',
      image_file_id: null,
      user_id: 'usr_editor',
      is_published: 1,
      published_at: publishedAt,
      created_at: post.created_at,
    });
    expect((await t.admin.get(`/v1/posts/${post.id}`)).body.data).toEqual(post);
  });

  it('makes a draft by default, authored by the API key that created it', async () => {
    const blog = await createBlog();
    const post = await createPost(blog.id, { title: `Hello World ${uniqueWord()}` });
    const key = await t.db.selectFrom('api_keys').select('id').where('token_hash', '=', hashToken(t.adminKey)).executeTakeFirstOrThrow();

    expect(post).toMatchObject({
      permalink: post.title.toLowerCase().replaceAll(' ', '-'),
      summary: null,
      content: null,
      image_url: null,
      user_id: key.id,
      is_published: false,
      published_at: null,
    });
    expect((await postRow(post.id))!.is_published).toBe(0);
  });

  it('changes only the fields sent, keeps the permalink, and moves a post to another blog', async () => {
    const blog = await createBlog();
    const other = await createBlog();
    const post = await createPost(blog.id, { summary: 'Old summary', content: '<p>Old</p>', meta_title: 'Old' });

    const res = await t.admin.post(`/v1/posts/${post.id}`, { title: 'Renamed', summary: null, blog_id: other.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      title: 'Renamed', permalink: post.permalink, summary: null, content: '<p>Old</p>', meta_title: 'Old', blog_id: other.id,
    });
    expect(await postRow(post.id)).toMatchObject({ title: 'Renamed', summary: null, blog_id: other.id });
    expect(await postIdsOf(blog.id)).toEqual([]);
    expect(await postIdsOf(other.id)).toEqual([post.id]);
  });

  it('deletes a post: 204, then 404', async () => {
    const post = await createPost((await createBlog()).id);
    const res = await t.admin.delete(`/v1/posts/${post.id}`);
    expect(res.status, res.text).toBe(204);
    expect(await postRow(post.id)).toBeUndefined();
    expectProblem(await t.admin.get(`/v1/posts/${post.id}`), 404, 'not_found');
  });

  it('answers 404 for unknown posts on every route', async () => {
    expectProblem(await t.admin.get(`/v1/posts/${UNKNOWN_POST}`), 404, 'not_found');
    expectProblem(await t.storefront.get(`/v1/posts/${UNKNOWN_POST}`), 404, 'not_found');
    expectProblem(await t.admin.post(`/v1/posts/${UNKNOWN_POST}`, { title: 'x' }), 404, 'not_found');
    expectProblem(await t.admin.delete(`/v1/posts/${UNKNOWN_POST}`), 404, 'not_found');
  });

  it("lists a blog's posts with blog_id, newest first: undated drafts, then by published_at", async () => {
    const blog = await createBlog();
    const now = nowSeconds();
    const old = await createPost(blog.id, { is_published: true, published_at: now - 7200 });
    const recent = await createPost(blog.id, { is_published: true, published_at: now - 60 });
    const draft = await createPost(blog.id);
    await createPost((await createBlog()).id);

    expect(await postIdsOf(blog.id)).toEqual([draft.id, recent.id, old.id]);
    const page = await t.admin.get(`/v1/posts?blog_id=${blog.id}&per_page=2&page=2`);
    expect(ids(page.body.data)).toEqual([old.id]);
    expect(page.body.meta.pagination).toMatchObject({ current_page: 2, total_items: 3, total_pages: 2, from: 3, to: 3 });
    expect(await postIdsOf(UNKNOWN_BLOG)).toEqual([]);
    const all = await t.admin.get('/v1/posts?per_page=250');
    expect(ids(all.body.data)).toEqual(expect.arrayContaining([draft.id, recent.id, old.id]));
  });

  // ---------------------------------------------------------------- publishing

  it('hides drafts and scheduled posts from the storefront, by id and in lists; staff see all', async () => {
    const blog = await createBlog();
    const now = nowSeconds();
    const live = await createPost(blog.id, { is_published: true, published_at: now - 60 });
    const draft = await createPost(blog.id, { published_at: now - 60 });
    const scheduled = await createPost(blog.id, { is_published: true, published_at: now + 3600 });

    const { private_metadata: _staffOnly, translations: _staffTranslations, ...liveShown } = live;
    expect((await t.storefront.get(`/v1/posts/${live.id}`)).body.data).toEqual(liveShown);
    expectProblem(await t.storefront.get(`/v1/posts/${draft.id}`), 404, 'not_found');
    expectProblem(await t.storefront.get(`/v1/posts/${scheduled.id}`), 404, 'not_found');
    expect(await postIdsOf(blog.id, t.storefront)).toEqual([live.id]);
    const storefrontAll = await t.storefront.get('/v1/posts?per_page=250');
    expect(ids(storefrontAll.body.data)).not.toContain(draft.id);
    expect(ids(storefrontAll.body.data)).not.toContain(scheduled.id);

    // Same published_at: the later created first.
    expect(await postIdsOf(blog.id)).toEqual([scheduled.id, draft.id, live.id]);
    expect((await t.admin.get(`/v1/posts/${draft.id}`)).status).toBe(200);
    expect((await t.admin.get(`/v1/posts/${scheduled.id}`)).status).toBe(200);
  });

  it('dates a post published without a date now, and shows it', async () => {
    const blog = await createBlog();
    const draft = await createPost(blog.id);
    const before = nowSeconds();
    const res = await t.admin.post(`/v1/posts/${draft.id}`, { is_published: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.is_published).toBe(true);
    expect(res.body.data.published_at).toBeGreaterThanOrEqual(before);
    expect(res.body.data.published_at).toBeLessThanOrEqual(nowSeconds());
    expect((await postRow(draft.id))!.published_at).toBe(res.body.data.published_at);
    expect((await t.storefront.get(`/v1/posts/${draft.id}`)).status).toBe(200);
  });

  it('reveals a scheduled post once its date is moved into the past', async () => {
    const blog = await createBlog();
    const scheduled = await createPost(blog.id, { is_published: true, published_at: nowSeconds() + 86_400 });
    expect(await postIdsOf(blog.id, t.storefront)).toEqual([]);

    const publishedAt = nowSeconds() - 1;
    expect((await t.admin.post(`/v1/posts/${scheduled.id}`, { published_at: publishedAt })).status).toBe(200);
    expect(await postIdsOf(blog.id, t.storefront)).toEqual([scheduled.id]);
    expect((await t.storefront.get(`/v1/posts/${scheduled.id}`)).body.data.published_at).toBe(publishedAt);
  });

  it('keeps published_at when a post is unpublished, and hides it', async () => {
    const blog = await createBlog();
    const publishedAt = nowSeconds() - 600;
    const post = await createPost(blog.id, { is_published: true, published_at: publishedAt });

    const res = await t.admin.post(`/v1/posts/${post.id}`, { is_published: false });
    expect(res.body.data).toMatchObject({ is_published: false, published_at: publishedAt });
    expect(await postRow(post.id)).toMatchObject({ is_published: 0, published_at: publishedAt });
    expectProblem(await t.storefront.get(`/v1/posts/${post.id}`), 404, 'not_found');
    // Published again, it comes back at its first date.
    expect((await t.admin.post(`/v1/posts/${post.id}`, { is_published: true })).body.data.published_at).toBe(publishedAt);
  });

  it('shows a post published by staff on the next storefront read of a cached list', async () => {
    const blog = await createBlog();
    const post = await createPost(blog.id);
    const url = `/v1/posts?blog_id=${blog.id}`;
    expect((await t.storefront.get(url)).body.data).toEqual([]);
    expect((await t.storefront.get(url)).headers['x-cache']).toBe('hit');

    expect((await t.admin.post(`/v1/posts/${post.id}`, { is_published: true })).status).toBe(200);
    const after = await t.storefront.get(url);
    expect(after.headers['x-cache']).toBe('miss');
    expect(ids(after.body.data)).toEqual([post.id]);
  });

  // ---------------------------------------------------------------- images

  it('takes an uploaded file as the image, by id or by filename, and clears it with null', async () => {
    const blog = await createBlog();
    const file = await insertFile();
    const byId = await createPost(blog.id, { image: { id: file.id } });
    expect(byId.image_url).toBe(file.url);
    expect(await postRow(byId.id)).toMatchObject({ image_url: file.url, image_file_id: file.id });

    const byName = await createPost(blog.id, { image: { filename: file.filename } });
    expect(byName.image_url).toBe(file.url);

    const cleared = await t.admin.post(`/v1/posts/${byId.id}`, { image: null });
    expect(cleared.body.data.image_url).toBeNull();
    expect(await postRow(byId.id)).toMatchObject({ image_url: null, image_file_id: null });
  });

  it('takes a deleted file off the posts showing it', async () => {
    const blog = await createBlog();
    const file = await insertFile();
    const showing = await createPost(blog.id, { image: { id: file.id } });
    const outside = await createPost(blog.id, { image_url: 'https://images.example.com/kept.png' });

    expect((await t.admin.delete(`/v1/files/${file.id}`)).status).toBe(204);
    expect(await postRow(showing.id)).toMatchObject({ image_url: null, image_file_id: null });
    expect((await postRow(outside.id))!.image_url).toBe('https://images.example.com/kept.png');
  });

  it('takes an outside URL as the image, as image[url] or image_url', async () => {
    const blog = await createBlog();
    const viaRef = await createPost(blog.id, { image: { url: 'https://images.example.com/a.png' } });
    expect(viaRef.image_url).toBe('https://images.example.com/a.png');
    expect((await postRow(viaRef.id))!.image_file_id).toBeNull();
    const res = await t.admin.post(`/v1/posts/${viaRef.id}`, { image_url: 'http://images.example.com/b.png' });
    expect(res.body.data.image_url).toBe('http://images.example.com/b.png');
  });

  it('refuses an unknown file, a URL that is not http(s), and image with image_url', async () => {
    const blog = await createBlog();
    const unknown = await t.admin.post('/v1/posts', { title: 'x', blog_id: blog.id, image: { id: 'fil_00000000000000000000000000' } });
    expectInvalid(unknown, 'image[id]');
    expect(unknown.body.errors[0].code).toBe('not_found');
    expectInvalid(await t.admin.post('/v1/posts', { title: 'x', blog_id: blog.id, image: { filename: 'missing.png' } }), 'image[filename]');
    expectInvalid(await t.admin.post('/v1/posts', { title: 'x', blog_id: blog.id, image: { url: 'ftp://example.com/a.png' } }), 'image[url]');
    expectInvalid(await t.admin.post('/v1/posts', { title: 'x', blog_id: blog.id, image: {} }), 'image');
    expectInvalid(await t.admin.post('/v1/posts', { title: 'x', blog_id: blog.id, image_url: 'javascript:alert(1)' }), 'image_url');
    expectInvalid(await t.admin.post('/v1/posts', {
      title: 'x', blog_id: blog.id, image: { url: 'https://a.example/x.png' }, image_url: 'https://a.example/y.png',
    }), 'image_url');
    expect(await postIdsOf(blog.id)).toEqual([]);
  });

  // ---------------------------------------------------------------- blog, permalinks, validation

  it('needs the id of an existing blog', async () => {
    expectInvalid(await t.admin.post('/v1/posts', { title: 'No blog' }), 'blog_id');
    const unknown = await t.admin.post('/v1/posts', { title: 'Unknown blog', blog_id: UNKNOWN_BLOG });
    expectInvalid(unknown, 'blog_id');
    expect(unknown.body.errors).toEqual([{ field: 'blog_id', code: 'not_found', message: expect.any(String) }]);
    const post = await createPost((await createBlog()).id);
    expectInvalid(await t.admin.post(`/v1/posts/${post.id}`, { blog_id: UNKNOWN_BLOG }), 'blog_id');
  });

  it('gives posts of the same title distinct permalinks and refuses a taken one', async () => {
    const blog = await createBlog();
    const title = `Launch ${uniqueWord()}`;
    const first = await createPost(blog.id, { title });
    const second = await createPost((await createBlog()).id, { title });
    expect(second.permalink).toBe(`${first.permalink}-2`);

    expectInvalid(await t.admin.post('/v1/posts', { title: 'Copy', blog_id: blog.id, permalink: first.permalink }), 'permalink');
    expectInvalid(await t.admin.post(`/v1/posts/${second.id}`, { permalink: first.permalink }), 'permalink');
    const moved = await t.admin.post(`/v1/posts/${second.id}`, { permalink: `launch-${uniqueWord()}` });
    expect(moved.status, moved.text).toBe(200);
  });

  it('names every invalid field', async () => {
    const blog = await createBlog();
    const res = await t.admin.post('/v1/posts', {
      blog_id: blog.id,
      permalink: 'Bad Slug!',
      summary: 'x'.repeat(10_001),
      meta_description: 'x'.repeat(1001),
      is_published: 'soon',
      published_at: -5,
      user_id: '',
    });
    expectInvalid(res, 'title', 'permalink', 'summary', 'meta_description', 'is_published', 'published_at', 'user_id');
    const post = await createPost(blog.id);
    expectInvalid(await t.admin.post(`/v1/posts/${post.id}`, { title: 'x'.repeat(256) }), 'title');
  });

  // ---------------------------------------------------------------- access

  it('lets the storefront and read-only keys read posts, and only full admin keys write them', async () => {
    const blog = await createBlog();
    const post = await createPost(blog.id, { is_published: true });
    const reader = await readOnlyClient();

    expect((await reader.get(`/v1/posts/${post.id}`)).status).toBe(200);
    expect((await reader.get('/v1/posts')).status).toBe(200);
    for (const client of [reader, t.storefront]) {
      expectProblem(await client.post('/v1/posts', { title: 'x', blog_id: blog.id }), 403, 'forbidden');
      expectProblem(await client.post(`/v1/posts/${post.id}`, { title: 'x' }), 403, 'forbidden');
      expectProblem(await client.delete(`/v1/posts/${post.id}`), 403, 'forbidden');
    }
    expectProblem(await t.anonymous.get('/v1/posts'), 401, 'unauthorized');
    expectProblem(await t.anonymous.get(`/v1/posts/${post.id}`), 401, 'unauthorized');
    expect((await postRow(post.id))!.title).toBe(post.title);
  });
}, { cacheTtlMs: 60_000 });
