import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseKind, type Db } from '../../../src/db/database.js';
import { migrateToLatest, migrationNames } from '../../../src/db/migrate.js';
import { runCli, startServer } from '../../helpers/server-process.js';
import { createTestAppOn, freshDatabaseUrl, testDatabases } from '../../helpers/test-app.js';

/** Runs `storefront migrate` with `args` on `databaseUrl`: its exit code and what it printed. */
function migrateCommand(databaseUrl: string, args: string[]): Promise<{ code: number; output: string }> {
  return runCli(['migrate', ...args], { DATABASE_URL: databaseUrl });
}

/** Every table, column, index, constraint, trigger and function the migrations made, as text (not SQLite's planner statistics). */
async function schemaOf(db: Db, kind: DatabaseKind): Promise<string[]> {
  const statements = kind === 'sqlite'
    ? [sql<Record<string, unknown>>`select type, name, tbl_name, sql from sqlite_master
      where name not like 'kysely_%' and name not like 'sqlite_stat%' order by type, name`]
    : [
      sql<Record<string, unknown>>`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
        where table_schema = current_schema() and table_name not like 'kysely_%' order by table_name, column_name`,
      sql<Record<string, unknown>>`select indexname, indexdef from pg_indexes where schemaname = current_schema() order by indexname`,
      sql<Record<string, unknown>>`select conrelid::regclass::text as "table", conname, pg_get_constraintdef(oid) as definition from pg_constraint
        where connamespace = current_schema()::regnamespace order by 1, 2`,
      sql<Record<string, unknown>>`select tgrelid::regclass::text as "table", tgname, pg_get_triggerdef(oid) as definition from pg_trigger
        where not tgisinternal order by 1, 2`,
      // The project's functions, not those of an extension (pg_trgm's stay when its indexes go).
      sql<Record<string, unknown>>`select p.proname, pg_get_functiondef(p.oid) as definition from pg_proc p
        where p.pronamespace = current_schema()::regnamespace
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') order by 1, 2`,
    ];
  const rows = [];
  for (const statement of statements) rows.push(...(await statement.execute(db)).rows);
  return rows.map((row) => JSON.stringify(row));
}

async function tableNames(db: Db): Promise<string[]> {
  return (await db.introspection.getTables()).map((table) => table.name);
}

for (const kind of testDatabases()) {
  describe(`migrations [${kind}]`, () => {
    const folder = mkdtempSync(join(tmpdir(), 'storefront-migrations-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('undoes every migration after the first with `migrate --to`, keeps the catalogue, and migrating again rebuilds the same schema and what it keeps', async () => {
      const url = await freshDatabaseUrl(kind, `sqlite:${join(folder, `store-${randomBytes(4).toString('hex')}.db`)}`);
      const handle = openDatabase(url);
      await migrateToLatest(handle.db);
      const t = await createTestAppOn(handle, { cacheTtlMs: 0 });
      try {
        const word = `kettle${randomBytes(3).toString('hex')}`;
        const collection = (await t.admin.post('/v1/collections', { title: 'Kitchen', kind: 'products' })).body.data;
        const product = async (body: Record<string, unknown>) => {
          const res = await t.admin.post('/v1/products', { collection_ids: [collection.id], ...body });
          expect(res.status, res.text).toBe(201);
          return res.body.data;
        };
        const onSale = await product({ name: `Copper ${word}` });
        const inactive = await product({ name: 'Steel pan', is_active: false });
        await product({ name: 'Cast iron pot', available_at: Math.floor(Date.now() / 1000) + 3600 });
        const totals = async () => {
          const storefront = await t.storefront.get(`/v1/collections/${collection.id}/products`);
          const admin = await t.admin.get(`/v1/collections/${collection.id}/products`);
          expect([storefront.status, admin.status]).toEqual([200, 200]);
          return [storefront.body.meta.pagination.total_items, admin.body.meta.pagination.total_items];
        };
        expect(await totals()).toEqual([1, 3]);
        const schema = await schemaOf(t.db, kind);
        expect(schema.filter((row) => row.includes('collection_member_counts')).length).toBeGreaterThan(1);

        const refused = await migrateCommand(url, ['--to', '016-nothing']);
        expect(refused.code).toBe(2);
        expect(refused.output).toBe(`No migration is named "016-nothing"; they are: ${migrationNames.join(', ')}\n`);
        expect(await schemaOf(t.db, kind)).toEqual(schema);

        const down = await migrateCommand(url, ['--to', migrationNames[0]!]);
        expect(down, down.output).toEqual({ code: 0, output: `The database schema is at ${migrationNames[0]}.\n` });
        const left = await tableNames(t.db);
        for (const table of ['customers', 'orders', 'webhooks', 'posts', 'order_search_terms', 'product_search_keys', 'collection_member_counts']) {
          expect(left).not.toContain(table);
        }
        expect(left).toEqual(expect.arrayContaining(['stores', 'api_keys', 'products', 'collection_products']));
        const done = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(t.db);
        expect(done.rows.map((row) => row.name)).toEqual([migrationNames[0]]);
        // The release of the first migration changes the catalogue, with none of the later triggers to keep counts.
        await t.db.updateTable('products').set({ is_active: 1 }).where('id', '=', inactive.id).execute();

        const up = await migrateCommand(url, []);
        expect(up, up.output).toEqual({ code: 0, output: 'The database is up to date.\n' });
        expect(await schemaOf(t.db, kind)).toEqual(schema);
        // The kept counts and the text index are rebuilt from the catalogue as it now is, and kept again.
        expect(await totals()).toEqual([2, 3]);
        const found = await t.storefront.get(`/v1/collections/${collection.id}/products?q=${word}`);
        expect(found.body.data.map((p: { id: string }) => p.id)).toEqual([onSale.id]);
        await product({ name: `Enamel ${word}` });
        expect(await totals()).toEqual([3, 4]);
        const cart = await t.storefront.post('/v1/carts', {});
        expect(cart.status, cart.text).toBe(201);
      } finally {
        await t.close();
      }
    // Every migration undone and done again: some 26 s on PostgreSQL alone, more on a busy machine.
    }, 120_000);

    it('refuses a database a newer release has migrated, saying how to go back, and changes nothing', async () => {
      const url = await freshDatabaseUrl(kind, `sqlite:${join(folder, `store-${randomBytes(4).toString('hex')}.db`)}`);
      const handle = openDatabase(url);
      try {
        await migrateToLatest(handle.db);
        await sql`insert into kysely_migration (name, timestamp) values ('999-from-a-newer-release', ${new Date().toISOString()})`.execute(handle.db);
        const doneBefore = await sql`select * from kysely_migration order by name`.execute(handle.db);
        const message = 'The database has run migrations this release does not know (999-from-a-newer-release): a newer release made them. '
          + `Run that release, or undo them with it first: storefront migrate --to ${migrationNames.at(-1)}`;

        for (const args of [[], ['--to', migrationNames[0]!]]) {
          expect(await migrateCommand(url, args)).toEqual({ code: 2, output: `${message}\n` });
        }
        await expect(startServer({ DATABASE_URL: url })).rejects.toThrow(message);
        expect((await sql`select * from kysely_migration order by name`.execute(handle.db)).rows).toEqual(doneBefore.rows);
        expect(await tableNames(handle.db)).toContain('collection_member_counts');
      } finally {
        await handle.close();
      }
    });
  });
}
