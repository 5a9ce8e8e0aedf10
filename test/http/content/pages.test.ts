import { expect, it } from 'vitest';
import type { PageRow } from '../../../src/db/types.js';
import { contentFactories, nowSeconds } from '../../helpers/content.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type Client } from '../../helpers/test-app.js';

const UNKNOWN_PAGE = 'pag_00000000000000000000000000';
const ids = (list: Array<{ id: string }>) => list.map((item) => item.id);

describeEachDatabase('pages', (t) => {
  const { createPage, readOnlyClient } = contentFactories(t);

  function pageRow(id: string): Promise<PageRow | undefined> {
    return t.db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The listed ids among `mine`, in list order (tests in this file share one database). */
  async function listedAmong(mine: string[], client: Client = t.admin): Promise<string[]> {
    const res = await client.get('/v1/pages?per_page=250');
    expect(res.status, res.text).toBe(200);
    return ids(res.body.data).filter((id) => mine.includes(id));
  }

  // ---------------------------------------------------------------- create, get, list, update, delete

  it('creates a page with every field of the spec and stores it', async () => {
    const w = uniqueWord();
    const publishedAt = nowSeconds() - 60;
    const res = await t.admin.post('/v1/pages', {
      title: `About us ${w}`,
      permalink: `about-${w}`,
      content: '<h1>Us</h1>',
      meta_title: 'About',
      meta_description: 'Who we are',
      is_published: true,
      published_at: publishedAt,
    });

    expect(res.status, res.text).toBe(201);
    const page = res.body.data;
    expect(page).toEqual({
      id: expect.stringMatching(/^pag_[0-9a-z]{26}$/),
      object: 'page',
      permalink: `about-${w}`,
      title: `About us ${w}`,
      content: '<h1>Us</h1>',
      meta_title: 'About',
      meta_description: 'Who we are',
      is_published: true,
      published_at: publishedAt,
      metadata: {},
      private_metadata: {},
      translations: {},
      created_at: expect.any(Number),
      updated_at: page.created_at,
    });
    expect(await pageRow(page.id)).toEqual({
      id: page.id,
      permalink: `about-${w}`,
      title: `About us ${w}`,
      content: '<h1>Us</h1>',
      meta_title: 'About',
      meta_description: 'Who we are',
      is_published: 1,
      published_at: publishedAt,
      metadata: '{}',
      private_metadata: '{}',
      translations: '{}',
      created_at: page.created_at,
      updated_at: page.created_at,
    });
    expect((await t.admin.get(`/v1/pages/${page.id}`)).body.data).toEqual(page);
    const { private_metadata: _staffOnly, translations: _staffTranslations, ...shown } = page;
    expect((await t.storefront.get(`/v1/pages/${page.id}`)).body.data).toEqual(shown);
  });

  it('makes a draft with a permalink from the title when only a title is sent', async () => {
    const w = uniqueWord();
    const page = await createPage({ title: `Shipping & Returns ${w}` });
    expect(page).toMatchObject({
      permalink: `shipping-returns-${w}`, content: null, meta_title: null, meta_description: null, is_published: false, published_at: null,
    });
  });

  it('lists pages newest first and pages through them', async () => {
    const now = nowSeconds();
    const older = await createPage({ is_published: true, published_at: now - 7200 });
    const newer = await createPage({ is_published: true, published_at: now - 3600 });
    const draft = await createPage();
    expect(await listedAmong([older.id, newer.id, draft.id])).toEqual([draft.id, newer.id, older.id]);

    const res = await t.admin.get('/v1/pages?per_page=1&page=1');
    expect(res.body.data).toHaveLength(1);
    expect(res.body.meta.pagination).toMatchObject({ current_page: 1, previous_page: null, next_page: 2, per_page: 1, from: 1, to: 1 });
    expect(res.body.meta.pagination.links.next_page).toBe('/v1/pages?per_page=1&page=2');
  });

  it('changes only the fields sent, keeps the permalink, and clears with null', async () => {
    const page = await createPage({ content: '<p>Old</p>', meta_title: 'Old' });
    const res = await t.admin.post(`/v1/pages/${page.id}`, { title: 'Renamed', meta_title: null });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'Renamed', permalink: page.permalink, content: '<p>Old</p>', meta_title: null });
    expect(await pageRow(page.id)).toMatchObject({ title: 'Renamed', content: '<p>Old</p>', meta_title: null });
  });

  it('deletes a page: 204, then 404', async () => {
    const page = await createPage();
    const res = await t.admin.delete(`/v1/pages/${page.id}`);
    expect(res.status, res.text).toBe(204);
    expect(await pageRow(page.id)).toBeUndefined();
    expectProblem(await t.admin.get(`/v1/pages/${page.id}`), 404, 'not_found');
  });

  it('answers 404 for unknown pages on every route', async () => {
    expectProblem(await t.admin.get(`/v1/pages/${UNKNOWN_PAGE}`), 404, 'not_found');
    expectProblem(await t.storefront.get(`/v1/pages/${UNKNOWN_PAGE}`), 404, 'not_found');
    expectProblem(await t.admin.post(`/v1/pages/${UNKNOWN_PAGE}`, { title: 'x' }), 404, 'not_found');
    expectProblem(await t.admin.delete(`/v1/pages/${UNKNOWN_PAGE}`), 404, 'not_found');
  });

  // ---------------------------------------------------------------- publishing

  it('hides drafts and scheduled pages from the storefront, by id and in the list; staff see all', async () => {
    const now = nowSeconds();
    const live = await createPage({ is_published: true, published_at: now - 60 });
    const draft = await createPage({ published_at: now - 60 });
    const scheduled = await createPage({ is_published: true, published_at: now + 3600 });
    const mine = [live.id, draft.id, scheduled.id];

    expect((await t.storefront.get(`/v1/pages/${live.id}`)).status).toBe(200);
    expectProblem(await t.storefront.get(`/v1/pages/${draft.id}`), 404, 'not_found');
    expectProblem(await t.storefront.get(`/v1/pages/${scheduled.id}`), 404, 'not_found');
    expect(await listedAmong(mine, t.storefront)).toEqual([live.id]);
    expect(await listedAmong(mine)).toEqual([scheduled.id, draft.id, live.id]);
    const reader = await readOnlyClient();
    expect((await reader.get(`/v1/pages/${draft.id}`)).status).toBe(200);
  });

  it('publishes now when published without a date, and reveals a scheduled page moved into the past', async () => {
    const draft = await createPage();
    const before = nowSeconds();
    const published = await t.admin.post(`/v1/pages/${draft.id}`, { is_published: true });
    expect(published.body.data.published_at).toBeGreaterThanOrEqual(before);
    expect((await t.storefront.get(`/v1/pages/${draft.id}`)).status).toBe(200);

    const scheduled = await createPage({ is_published: true, published_at: nowSeconds() + 86_400 });
    expectProblem(await t.storefront.get(`/v1/pages/${scheduled.id}`), 404, 'not_found');
    expect((await t.admin.post(`/v1/pages/${scheduled.id}`, { published_at: nowSeconds() - 1 })).status).toBe(200);
    expect((await t.storefront.get(`/v1/pages/${scheduled.id}`)).status).toBe(200);
  });

  it('keeps published_at when a page is unpublished, and hides it', async () => {
    const publishedAt = nowSeconds() - 600;
    const page = await createPage({ is_published: true, published_at: publishedAt });
    const res = await t.admin.post(`/v1/pages/${page.id}`, { is_published: false });
    expect(res.body.data).toMatchObject({ is_published: false, published_at: publishedAt });
    expect(await pageRow(page.id)).toMatchObject({ is_published: 0, published_at: publishedAt });
    expectProblem(await t.storefront.get(`/v1/pages/${page.id}`), 404, 'not_found');
  });

  it('shows a page published by staff on the next storefront read', async () => {
    const page = await createPage();
    // Creating the page emptied the cache: the first read fills it.
    const url = '/v1/pages?per_page=250';
    expect(ids((await t.storefront.get(url)).body.data)).not.toContain(page.id);
    expect((await t.storefront.get(url)).headers['x-cache']).toBe('hit');

    expect((await t.admin.post(`/v1/pages/${page.id}`, { is_published: true })).status).toBe(200);
    const after = await t.storefront.get(url);
    expect(after.headers['x-cache']).toBe('miss');
    expect(ids(after.body.data)).toContain(page.id);
  });

  // ---------------------------------------------------------------- permalinks and validation

  it('gives pages of the same title distinct permalinks and refuses a taken one', async () => {
    const title = `Contact ${uniqueWord()}`;
    const first = await createPage({ title });
    const second = await createPage({ title });
    expect(second.permalink).toBe(`${first.permalink}-2`);
    const taken = await t.admin.post('/v1/pages', { title: 'Copy', permalink: first.permalink });
    expectInvalid(taken, 'permalink');
    expect(taken.body.errors[0].code).toBe('taken');
    expectInvalid(await t.admin.post(`/v1/pages/${second.id}`, { permalink: first.permalink }), 'permalink');
  });

  it('names every invalid field, and bounds the content', async () => {
    expectInvalid(await t.admin.post('/v1/pages', {
      permalink: '-bad-', meta_title: 'x'.repeat(256), published_at: 'tomorrow', content: 5,
    }), 'title', 'permalink', 'meta_title', 'published_at');
    expectInvalid(await t.admin.post('/v1/pages', { title: 'Big', content: 'x'.repeat(1_000_001) }), 'content');
    const page = await createPage();
    expectInvalid(await t.admin.post(`/v1/pages/${page.id}`, { title: '', published_at: 253_402_300_800 }), 'title', 'published_at');
  });

  // ---------------------------------------------------------------- access

  it('lets the storefront and read-only keys read pages, and only full admin keys write them', async () => {
    const page = await createPage({ is_published: true });
    const reader = await readOnlyClient();
    expect((await reader.get('/v1/pages')).status).toBe(200);
    expect((await t.storefront.get('/v1/pages')).status).toBe(200);
    for (const client of [reader, t.storefront]) {
      expectProblem(await client.post('/v1/pages', { title: 'x' }), 403, 'forbidden');
      expectProblem(await client.post(`/v1/pages/${page.id}`, { title: 'x' }), 403, 'forbidden');
      expectProblem(await client.delete(`/v1/pages/${page.id}`), 403, 'forbidden');
    }
    expectProblem(await t.anonymous.get('/v1/pages'), 401, 'unauthorized');
    expectProblem(await t.anonymous.delete(`/v1/pages/${page.id}`), 401, 'unauthorized');
    expect(await pageRow(page.id)).toBeDefined();
  });
}, { cacheTtlMs: 60_000 });
