import { expect, it } from 'vitest';
import { expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

// A shop's URLs name records by permalink (/products/summer-hat): each storefront read of one record
// takes the permalink where it takes the id, with the same visibility rules.
describeEachDatabase('reads by permalink', (t) => {
  it('reads a product, its skus, a collection, its products, a category and its products by permalink', async () => {
    const w = uniqueWord();
    const category = (await t.admin.post('/v1/categories', { title: `Hats ${w}`, permalink: `hats-${w}` })).body.data;
    const collection = (await t.admin.post('/v1/collections', { title: `Summer ${w}`, kind: 'products', permalink: `summer-${w}`, is_visible: true })).body.data;
    const product = (await t.admin.post('/v1/products', {
      name: `Hat ${w}`, permalink: `hat-${w}`, price: 1500, category_ids: [category.id], collection_ids: [collection.id],
    })).body.data;

    const read = await t.storefront.get(`/v1/products/hat-${w}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.data).toMatchObject({ id: product.id, permalink: `hat-${w}`, price: 1500 });
    const skus = await t.storefront.get(`/v1/products/hat-${w}/skus`);
    expect(skus.body.data.map((sku: { id: string }) => sku.id)).toEqual([product.sku_id]);

    expect((await t.storefront.get(`/v1/collections/summer-${w}`)).body.data.id).toBe(collection.id);
    const members = await t.storefront.get(`/v1/collections/summer-${w}/products`);
    expect(members.body.data.map((p: { id: string }) => p.id)).toEqual([product.id]);
    expect((await t.storefront.get(`/v1/categories/hats-${w}`)).body.data.id).toBe(category.id);
    expect((await t.storefront.get(`/v1/categories/hats-${w}/tree`)).body.data).toMatchObject({ id: category.id, children: [] });
    const inCategory = await t.storefront.get(`/v1/categories/hats-${w}/products`);
    expect(inCategory.body.data.map((p: { id: string }) => p.id)).toEqual([product.id]);
  });

  it('reads a blog, a post and a page by permalink', async () => {
    const w = uniqueWord();
    const blog = (await t.admin.post('/v1/blogs', { title: `News ${w}`, permalink: `news-${w}` })).body.data;
    const post = (await t.admin.post('/v1/posts', { blog_id: blog.id, title: `Hello ${w}`, permalink: `hello-${w}`, content: '<p>Hi</p>', is_published: true })).body.data;
    const page = (await t.admin.post('/v1/pages', { title: `About ${w}`, permalink: `about-${w}`, content: '<p>Us</p>', is_published: true })).body.data;

    expect((await t.storefront.get(`/v1/blogs/news-${w}`)).body.data.id).toBe(blog.id);
    expect((await t.storefront.get(`/v1/posts/hello-${w}`)).body.data.id).toBe(post.id);
    expect((await t.storefront.get(`/v1/pages/about-${w}`)).body.data.id).toBe(page.id);
  });

  it('hides by permalink what it hides by id, and answers 404 for a permalink naming nothing', async () => {
    const w = uniqueWord();
    await t.admin.post('/v1/products', { name: `Old ${w}`, permalink: `old-${w}`, is_active: false });
    await t.admin.post('/v1/pages', { title: `Draft ${w}`, permalink: `draft-${w}`, content: '<p>Soon</p>', is_published: false });
    await t.admin.post('/v1/collections', { title: `Later ${w}`, kind: 'products', permalink: `later-${w}`, is_visible: false });

    expectProblem(await t.storefront.get(`/v1/products/old-${w}`), 404, 'not_found');
    expectProblem(await t.storefront.get(`/v1/products/old-${w}/skus`), 404, 'not_found');
    expectProblem(await t.storefront.get(`/v1/pages/draft-${w}`), 404, 'not_found');
    expectProblem(await t.storefront.get(`/v1/collections/later-${w}/products`), 404, 'not_found');
    expectProblem(await t.storefront.get(`/v1/products/nothing-${w}`), 404, 'not_found');
    // Staff still read what the storefront does not see.
    expect((await t.admin.get(`/v1/products/old-${w}`)).body.data.permalink).toBe(`old-${w}`);
  });

  it('answers 404 for a key longer than any permalink, as for any id out of shape', async () => {
    expectProblem(await t.storefront.get(`/v1/products/${'a'.repeat(121)}`), 404, 'not_found');
  });
});
