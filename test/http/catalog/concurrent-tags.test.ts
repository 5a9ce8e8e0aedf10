import { expect, it } from 'vitest';
import { catalogFactories } from '../../helpers/catalog.js';
import { uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

// A bulk action of the dashboard tags products one request each, several at once: a new tag (or
// vendor) named by requests in flight together must be made once and given to each, not refused.
describeEachDatabase('tags and vendors named by concurrent writes', (t) => {
  const { createProduct } = catalogFactories(t);

  it('gives a new tag to every product updated at once, making the tag once', async () => {
    const products = await Promise.all(Array.from({ length: 8 }, () => createProduct()));
    const title = `Summer ${uniqueWord()}`;

    const answers = await Promise.all(products.map((product) => t.admin.post(`/v1/products/${product.id}`, { tags: [title, 'Sale'] })));

    for (const res of answers) expect(res.status, res.text).toBe(200);
    const tagIds = new Set(answers.map((res) => res.body.data.tags.find((tag: { title: string }) => tag.title === title)?.id));
    expect(tagIds.size).toBe(1);
    const rows = await t.db.selectFrom('tags').select('id').where('title', '=', title).execute();
    expect(rows.map((row) => row.id)).toEqual([...tagIds]);
    for (const product of products) {
      const read = (await t.admin.get(`/v1/products/${product.id}`)).body.data;
      expect(read.tags.map((tag: { title: string }) => tag.title).sort()).toEqual([title, 'Sale'].sort());
    }
  });

  it('gives one new vendor to every product created at once naming it', async () => {
    const vendor = `Lumen ${uniqueWord()}`;

    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => t.admin.post('/v1/products', { name: `Lamp ${i} ${uniqueWord()}`, vendor })));

    for (const res of answers) expect(res.status, res.text).toBe(201);
    expect(new Set(answers.map((res) => res.body.data.vendor.id)).size).toBe(1);
    expect(await t.db.selectFrom('vendors').select('id').where('name', '=', vendor).execute()).toHaveLength(1);
  });
});
