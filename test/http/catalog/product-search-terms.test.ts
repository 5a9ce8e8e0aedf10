import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/test-app.js';
import { uniqueWord } from '../../helpers/expect.js';
import { catalogFactories, ids } from '../../helpers/catalog.js';

// A search's terms as the text index answers them (issue 40, common words): the rarest term found
// through it, the others looked for in what it finds; terms of one or two characters, which have no
// trigram of their own, through the trigrams that begin with them. The answers are LIKE's.
describeEachDatabase('product search terms', (t) => {
  const { createProduct, createSku } = catalogFactories(t);

  async function list(path: string) {
    const res = await t.storefront.get(path);
    expect(res.status, res.text).toBe(200);
    return { ids: ids(res.body.data), total: res.body.meta.pagination.total_items as number };
  }

  const search = (q: string, query = '') => list(`/v1/products?q=${encodeURIComponent(q)}${query}`);

  /** Products holding `word`, some with a 2-character term (`ж9`) in their name, a sku code's end or not at all. */
  async function catalogue(word: string) {
    const inName = await createProduct({ name: `Lamp ${word} ж9`, price: 300 });
    const atCodeEnd = await createProduct({ name: `Desk ${word}`, price: 100 });
    await createSku({ product_id: atCodeEnd.id, code: `code-${word}-ж9`, price: 100 });
    const oneCharacter = await createProduct({ name: `Chair ${word} ж`, price: 200 });
    const without = await createProduct({ name: `Table ${word}`, price: 400 });
    const elsewhere = await createProduct({ name: `Vase ж9 ${uniqueWord()}` });
    return { inName, atCodeEnd, oneCharacter, without, elsewhere };
  }

  it('finds a word with a 2-character term wherever a product holds it, its last characters included', async () => {
    const word = uniqueWord();
    const { inName, atCodeEnd, oneCharacter, elsewhere } = await catalogue(word);

    expect(await search(`${word} ж9`)).toEqual({ ids: [inName.id, atCodeEnd.id], total: 2 });
    expect(await search(`ж9 ${word.toUpperCase()}`)).toEqual({ ids: [inName.id, atCodeEnd.id], total: 2 });
    expect(await search(`${word} ж`)).toEqual({ ids: [inName.id, atCodeEnd.id, oneCharacter.id], total: 3 });
    expect((await search('ж9', '&per_page=100')).ids).toEqual(expect.arrayContaining([inName.id, atCodeEnd.id, elsewhere.id]));
    expect((await search('ж9', '&per_page=100')).ids).not.toContain(oneCharacter.id);
    // A 2-character term no product holds, and one holding FTS5's quote, find nothing.
    expect(await search(`${word} 9ж`)).toEqual({ ids: [], total: 0 });
    expect(await search(`${word} ж"`)).toEqual({ ids: [], total: 0 });
    expect(await search(`${word} "`)).toEqual({ ids: [], total: 0 });
    // The last code point there is, and the last before the surrogates, end a 2-character term too.
    expect(await search(`${word} a\u{D7FF}`)).toEqual({ ids: [], total: 0 });
    expect(await search(`${word} a\u{10FFFF}`)).toEqual({ ids: [], total: 0 });
    const last = await createProduct({ name: `Jar ${word} a\u{10FFFF}` });
    expect(await search(`${word} a\u{10FFFF}`)).toEqual({ ids: [last.id], total: 1 });
  });

  it('pages a word and a short term in every order with the exact total on each page', async () => {
    const word = uniqueWord();
    const made = [];
    for (const [name, price] of [['Delta', 300], ['Alpha', 100], ['Echo', 200], ['Bravo', 150]] as const) {
      made.push(await createProduct({ name: `${name} ${word} x7`, price }));
    }
    await createProduct({ name: `Foxtrot ${word} x8`, price: 50 });
    const [delta, alpha, echo, bravo] = made;
    const orders: Record<string, any[]> = {
      'created-ascending': [delta, alpha, echo, bravo],
      'created-descending': [bravo, echo, alpha, delta],
      'name-ascending': [alpha, bravo, delta, echo],
      'name-descending': [echo, delta, bravo, alpha],
      'price-ascending': [alpha, bravo, echo, delta],
      'price-descending': [delta, echo, bravo, alpha],
    };
    for (const [sortBy, expected] of Object.entries(orders)) {
      const seen: string[] = [];
      for (let page = 1; page <= 2; page += 1) {
        const found = await search(`x7 ${word}`, `&sort_by=${sortBy}&per_page=3&page=${page}`);
        expect(found.total, sortBy).toBe(4);
        seen.push(...found.ids);
      }
      expect(seen, sortBy).toEqual(expected.map((p) => p.id));
    }
    expect(await search(`${word} x7`, '&price[min]=150&price[max]=200&sort_by=price-descending')).toEqual({ ids: [echo.id, bravo.id], total: 2 });
  });

  it("searches a collection's members by a word, a short term and a price range, on sale only", async () => {
    const word = uniqueWord();
    const { inName, atCodeEnd, oneCharacter, without } = await catalogue(word);
    const collection = (await t.admin.post('/v1/collections', { title: `Collection ${word}`, kind: 'products' })).body.data;
    for (const product of [inName, atCodeEnd, oneCharacter, without]) {
      expect((await t.admin.post(`/v1/collections/${collection.id}/products`, { product_id: product.id })).status).toBe(200);
    }
    const members = (query: string) => list(`/v1/collections/${collection.id}/products?${query}`);

    expect(await members(`q=${encodeURIComponent(`${word} ж9`)}&sort_by=price-descending`)).toEqual({ ids: [inName.id, atCodeEnd.id], total: 2 });
    expect(await members(`q=${encodeURIComponent(`ж9 ${word}`)}&price[min]=150`)).toEqual({ ids: [inName.id], total: 1 });
    expect(await members(`q=${encodeURIComponent(`${word} ж`)}&sort_by=name-ascending&per_page=2&page=2`)).toEqual({ ids: [inName.id], total: 3 });
    expect(await members(`q=${word}&price[min]=200&sort_by=price-ascending`)).toEqual({ ids: [oneCharacter.id, inName.id, without.id], total: 3 });

    expect((await t.admin.post(`/v1/products/${inName.id}`, { is_active: false })).status).toBe(200);
    expect(await members(`q=${encodeURIComponent(`${word} ж9`)}`)).toEqual({ ids: [atCodeEnd.id], total: 1 });
  });

  it('matches terms as written, without folding accents, and finds them again as names change', async () => {
    const word = uniqueWord();
    const dessert = await createProduct({ name: `Crème brûlée ${word}`, permalink: `dessert-${word}` });

    expect((await search(`brûlée ${word}`)).ids).toEqual([dessert.id]);
    expect((await search(`BRÛ ${word}`)).ids).toEqual([dessert.id]);
    expect((await search(`bru ${word}`)).ids).toEqual([]);
    expect((await search(`rè ${word}`)).ids).toEqual([dessert.id]);

    expect((await t.admin.post(`/v1/products/${dessert.id}`, { name: `Tarte ${word}` })).status).toBe(200);
    expect((await search(`rè ${word}`)).ids).toEqual([]);
    expect((await search(`te ${word}`)).ids).toEqual([dessert.id]);
  });
});
