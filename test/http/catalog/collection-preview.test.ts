import { expect, it } from 'vitest';
import { catalogFactories, ids } from '../../helpers/catalog.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

describeEachDatabase('collection preview', (t) => {
  const { createProduct } = catalogFactories(t);

  const countOf = async (table: 'collections' | 'events') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('lists the products unsaved rules match, every or any rule, paged and sorted, and saves nothing', async () => {
    const word = uniqueWord();
    const cheap = await createProduct({ name: `${word} Cheap tea`, price: 500, vendor: `Leaf ${word}` });
    const dear = await createProduct({ name: `${word} Dear tea`, price: 5000, vendor: `Leaf ${word}` });
    const other = await createProduct({ name: `${word} Coffee`, price: 700, tags: [`Roast ${word}`] });
    await createProduct({ name: `Unrelated ${uniqueWord()}`, price: 600 });
    const [collections, events] = [await countOf('collections'), await countOf('events')];

    const every = await t.admin.post('/v1/collections/preview', {
      rules: [
        { field: 'title', condition: 'starts_with', value: word },
        { field: 'price', condition: 'less_than', value: '1000' },
      ],
    });
    expect(every.status, every.text).toBe(200);
    expect(ids(every.body.data)).toEqual([cheap.id, other.id]);
    expect(every.body.meta.pagination).toMatchObject({ total_items: 2, current_page: 1 });

    const any = await t.admin.post('/v1/collections/preview?per_page=2&page=1', {
      disjunctive: true,
      sorting_rule: 'price-desc',
      rules: [
        { field: 'vendor', condition: 'equals', value: `leaf ${word}` },
        { field: 'tag', condition: 'equals', value: `roast ${word}` },
      ],
    });
    expect(any.status, any.text).toBe(200);
    expect(ids(any.body.data)).toEqual([dear.id, other.id]);
    expect(any.body.meta.pagination).toMatchObject({ total_items: 3, total_pages: 2 });

    expect(await countOf('collections')).toBe(collections);
    expect(await countOf('events')).toBe(events);
  });

  it('refuses rules that do not fit their field and an empty rule list (422 naming the rule), and any key but an admin one', async () => {
    const misfit = await t.admin.post('/v1/collections/preview', {
      rules: [
        { field: 'title', condition: 'contains', value: 'fine' },
        { field: 'price', condition: 'contains', value: '10' },
        { field: 'weight', condition: 'less_than', value: 'heavy' },
      ],
    });
    expectInvalid(misfit, 'rules[1][condition]', 'rules[2][value]');

    expectInvalid(await t.admin.post('/v1/collections/preview', { rules: [] }), 'rules');

    const rules = [{ field: 'title', condition: 'contains', value: 'tea' }];
    expectProblem(await t.storefront.post('/v1/collections/preview', { rules }), 403, 'forbidden');
  });
});
