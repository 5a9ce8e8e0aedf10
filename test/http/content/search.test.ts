import { expect, it } from 'vitest';
import { contentFactories } from '../../helpers/content.js';
import { uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type Client } from '../../helpers/test-app.js';

const ids = (list: Array<{ id: string }>) => list.map((item) => item.id);

describeEachDatabase('content search', (t) => {
  const { createBlog, createPost, createPage } = contentFactories(t);

  async function found(client: Client, path: string): Promise<string[]> {
    const res = await client.get(path);
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.pagination.total_items).toBe(res.body.data.length);
    return ids(res.body.data);
  }

  it('finds posts whose title holds every term of q, case-insensitively and literally, within a blog and for the storefront only live ones', async () => {
    const w = uniqueWord();
    const blog = await createBlog();
    const other = await createBlog();
    const sale = await createPost(blog.id, { title: `Autumn SALE ${w}`, is_published: true });
    const draft = await createPost(blog.id, { title: `autumn sale draft ${w}` });
    const percent = await createPost(blog.id, { title: `100% cotton ${w}`, is_published: true });
    const elsewhere = await createPost(other.id, { title: `Autumn sale ${w}`, is_published: true });
    await createPost(blog.id, { title: `Winter ${w}`, is_published: true });

    expect(await found(t.admin, `/v1/posts?blog_id=${blog.id}&q=${encodeURIComponent(`sale autumn ${w}`)}`)).toEqual([draft.id, sale.id]);
    expect(await found(t.admin, `/v1/posts?q=${encodeURIComponent(`autumn ${w}`)}`).then((list) => list.sort())).toEqual([draft.id, sale.id, elsewhere.id].sort());
    expect(await found(t.storefront, `/v1/posts?blog_id=${blog.id}&q=autumn+${w}`)).toEqual([sale.id]);
    // % and _ are letters, not wildcards.
    expect(await found(t.admin, `/v1/posts?q=${encodeURIComponent(`0% ${w}`)}`)).toEqual([percent.id]);
    expect(await found(t.admin, `/v1/posts?q=${encodeURIComponent(`_ ${w}`)}`)).toEqual([]);
    expect(await found(t.admin, `/v1/posts?q=nothing-has-this-${w}`)).toEqual([]);
  });

  it('finds pages by title the same way, and refuses a q over 200 characters', async () => {
    const w = uniqueWord();
    const returns = await createPage({ title: `Returns and Refunds ${w}`, is_published: true });
    const draft = await createPage({ title: `Refunds policy ${w}` });
    await createPage({ title: `Shipping ${w}` });
    expect(await found(t.admin, `/v1/pages?q=REFUNDS+${w}`)).toEqual([draft.id, returns.id]);
    expect(await found(t.storefront, `/v1/pages?q=refunds+${w}`)).toEqual([returns.id]);
    expect((await t.admin.get(`/v1/pages?q=${'x'.repeat(201)}`)).status).toBe(400);
    expect((await t.admin.get(`/v1/posts?q=${'x'.repeat(201)}`)).status).toBe(400);
  });
});
