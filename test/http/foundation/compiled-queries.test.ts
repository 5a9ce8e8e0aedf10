import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledQuery } from '../../../src/db/compiled.js';
import type { DatabaseHandle } from '../../../src/db/database.js';
import type { CounterRow } from '../../../src/db/types.js';
import { freshDatabase, testDatabases } from '../../helpers/test-app.js';

// The hot statements of carts and checkouts run through compiledQuery; the HTTP tests of those areas
// prove them end to end. These pin the cases a shape must tell apart.
const insertCounters = compiledQuery((db, rows: CounterRow[]) => db.insertInto('counters').values(rows));
const countersNamed = compiledQuery((db, names: string[]) => db
  .selectFrom('counters').select(['name', 'value']).where('name', 'in', names).orderBy('name'));
const setCounter = compiledQuery((db, name: string, changes: Partial<CounterRow>) => db
  .updateTable('counters').set(changes).where('name', '=', name));
// A list the builder walks, adding a condition per value: an empty list compiles without any.
const countersAbove = compiledQuery((db, floors: number[]) => floors.reduce(
  (query, floor) => query.where('value', '>', floor),
  db.selectFrom('counters').select('name').where('name', 'like', 'k%').orderBy('name'),
));
const addToCounter = compiledQuery((db, name: string, amount: number) => db
  .updateTable('counters').set({ value: sql`value + ${amount}` }).where('name', '=', name));

for (const kind of testDatabases()) {
  describe(`compiled queries [${kind}]`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await freshDatabase(kind);
    });
    afterAll(async () => {
      await handle?.close();
    });

    it('runs one statement with new values, and compiles again for a list of another length', async () => {
      await insertCounters(handle.db, [{ name: 'a', value: 1 }, { name: 'b', value: 2 }]);
      await insertCounters(handle.db, [{ name: 'c', value: 3 }]);
      expect((await countersNamed(handle.db, ['a', 'c'])).rows).toEqual([{ name: 'a', value: 1 }, { name: 'c', value: 3 }]);
      expect((await countersNamed(handle.db, ['b'])).rows).toEqual([{ name: 'b', value: 2 }]);
      expect((await countersNamed(handle.db, ['a', 'b', 'c'])).rows.map((row) => row.value)).toEqual([1, 2, 3]);
    });

    it('compiles an update per set of columns given a value, and reports the rows it changed', async () => {
      await insertCounters(handle.db, [{ name: 'd', value: 10 }]);
      const changed = await setCounter(handle.db, 'd', { value: 11, name: undefined });
      expect(Number(changed.numAffectedRows)).toBe(1);
      await setCounter(handle.db, 'd', { name: 'e' });
      expect(Number((await setCounter(handle.db, 'missing', { value: 1 })).numAffectedRows)).toBe(0);
      expect((await countersNamed(handle.db, ['d', 'e'])).rows).toEqual([{ name: 'e', value: 11 }]);
    });

    it('passes values written inside raw SQL as parameters', async () => {
      await insertCounters(handle.db, [{ name: 'f', value: 1 }]);
      await addToCounter(handle.db, 'f', 5);
      await addToCounter(handle.db, 'f', 7);
      expect((await countersNamed(handle.db, ['f'])).rows).toEqual([{ name: 'f', value: 13 }]);
    });

    it('runs inside a transaction and is undone with it', async () => {
      await insertCounters(handle.db, [{ name: 'g', value: 1 }]);
      await expect(handle.db.transaction().execute(async (tx) => {
        await addToCounter(tx, 'g', 100);
        throw new Error('roll back');
      })).rejects.toThrow('roll back');
      expect((await countersNamed(handle.db, ['g'])).rows).toEqual([{ name: 'g', value: 1 }]);
    });

    it('tells an empty list from a list of one value', async () => {
      await insertCounters(handle.db, [{ name: 'k1', value: 1 }, { name: 'k2', value: 5 }]);
      expect((await countersAbove(handle.db, [])).rows).toEqual([{ name: 'k1' }, { name: 'k2' }]);
      expect((await countersAbove(handle.db, [3])).rows).toEqual([{ name: 'k2' }]);
      expect((await countersAbove(handle.db, [])).rows).toEqual([{ name: 'k1' }, { name: 'k2' }]);
    });

    it('keeps answering right past the number of shapes it keeps', async () => {
      await insertCounters(handle.db, [{ name: 'h', value: 8 }]);
      for (let length = 1; length <= 210; length += 1) {
        const names = ['h', ...Array.from({ length: length - 1 }, (_, i) => `absent-${i}`)];
        expect((await countersNamed(handle.db, names)).rows).toEqual([{ name: 'h', value: 8 }]);
      }
    });

    it('refuses a builder that writes an argument into the SQL text', async () => {
      const inlined = compiledQuery((db, name: string) => db.selectFrom('counters').selectAll().where('name', '=', sql.lit(name)));
      await expect(inlined(handle.db, 'a')).rejects.toThrow(/written into the SQL text/);
    });
  });
}
