import { expect, it } from 'vitest';
import { ids } from '../../helpers/catalog.js';
import { expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

describeEachDatabase('searching customers', (t) => {
  it("finds customers whose email or names start with each word, case aside, wildcards taken literally", async () => {
    const word = uniqueWord();
    const make = async (email: string, first_name: string | null, last_name: string | null) => {
      const res = await t.admin.post('/v1/customers', { email, first_name, last_name });
      expect(res.status, res.text).toBe(201);
      return res.body.data.id as string;
    };
    const grace = await make(`${word}.grace@example.com`, 'Grace', `Hopper${word}`);
    const ada = await make(`ada.${word}@example.com`, 'Ada', `Lovelace${word}`);
    const percent = await make(`${word}_x@example.com`, `100%${word}`, null);
    const search = async (q: string) => {
      const res = await t.admin.get(`/v1/customers?q=${encodeURIComponent(q)}&per_page=100`);
      expect(res.status, res.text).toBe(200);
      return ids(res.body.data);
    };

    expect(await search(word)).toEqual([grace, percent]); // email starts with it
    expect(await search(`HOPPER${word.toUpperCase()}`)).toEqual([grace]); // last name, any case
    expect(await search(`ada lovelace${word}`)).toEqual([ada]); // every word must match
    expect(await search(`grace lovelace${word}`)).toEqual([]);
    expect(await search(`${word}_`)).toEqual([percent]); // `_` is no wildcard
    expect(await search(`100%${word}`)).toEqual([percent]);
    expect(await search('%')).toEqual([]);
    expect(await search(`${word.slice(1)}`)).toEqual([]); // the start, not the middle
    const paged = await t.admin.get(`/v1/customers?q=${word}&per_page=1`);
    expect(paged.body.meta.pagination).toMatchObject({ total_items: 2, total_pages: 2 });
    expectProblem(await t.storefront.get(`/v1/customers?q=${word}`), 403, 'forbidden');
  });
});
