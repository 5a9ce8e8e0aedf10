import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type DatabaseKind, type Db } from '../../../src/db/database.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { runCli } from '../../helpers/server-process.js';
import { createTestAppOn, freshDatabaseUrl, testDatabases } from '../../helpers/test-app.js';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

const DEMO_TABLES = ['shipping_zones', 'shipping_rates', 'gateways', 'categories', 'collections', 'products', 'skus', 'events'] as const;

/** How many rows each table the demo writes holds. */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of DEMO_TABLES) {
    counts[table] = Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  }
  return counts;
}

/** Makes every insert of the demo's "Enamel Mug" fail, half-way through the demo's products. */
async function refuseEnamelMug(db: Db, kind: DatabaseKind): Promise<() => Promise<void>> {
  if (kind === 'sqlite') {
    await sql`create trigger refuse_enamel_mug before insert on products when new.name = 'Enamel Mug'
      begin select raise(abort, 'the disk is full'); end`.execute(db);
    return async () => void (await sql`drop trigger refuse_enamel_mug`.execute(db));
  }
  await sql`create function refuse_enamel_mug() returns trigger language plpgsql as $$
    begin if new.name = 'Enamel Mug' then raise exception 'the disk is full'; end if; return new; end $$`.execute(db);
  await sql`create trigger refuse_enamel_mug before insert on products for each row execute function refuse_enamel_mug()`.execute(db);
  return async () => void (await sql`drop trigger refuse_enamel_mug on products`.execute(db));
}

describe('storefront CLI', () => {
  it('answers --version with the package version, for every command', async () => {
    const commands = [[], ['serve'], ['worker'], ['migrate'], ['keys', 'create'], ['seed']];
    for (const result of await Promise.all(commands.map((command) => runCli([...command, '--version'])))) {
      expect(result).toEqual({ code: 0, output: `${version}\n` });
    }
  }, 120_000);

  it('names the missing argument, and what it takes, before touching any database', async () => {
    const cases: [string[], string][] = [
      [['keys'], 'Missing the action: create.'],
      [['keys', 'create'], 'Missing --kind: admin, read_only or channel.'],
      [['keys', 'create', '--kind', 'owner'], '--kind must be admin, read_only or channel, not "owner".'],
      [['seed'], 'Missing --demo: the demo catalogue is the one seed there is.'],
      [['migrate', '--to'], "Option '--to <value>' argument missing"],
      [['serve', '--workers'], "Option '--workers <value>' argument missing"],
      [['keys', 'create', '--kind', 'admin', '--owner', 'me'], "Unknown option '--owner'."],
    ];
    // A URL no database answers at: the command must fail on its arguments first.
    const env = { DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none' };
    const results = await Promise.all(cases.map(([args]) => runCli(args, env)));
    for (const [i, [args, message]] of cases.entries()) {
      expect(results[i]!.code, args.join(' ')).toBe(2);
      expect(results[i]!.output.split('\n')[0]).toBe(message);
      expect(results[i]!.output).toContain(`storefront ${args[0]}`);
      expect(results[i]!.output).not.toMatch(/\n\s+at /);
    }
  }, 120_000);
});

for (const kind of testDatabases()) {
  describe(`storefront users create [${kind}]`, () => {
    const folder = mkdtempSync(join(tmpdir(), 'storefront-users-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('makes an owner who signs in with the password given, or prints a one-time link to choose one', async () => {
      const url = await freshDatabaseUrl(kind, `sqlite:${join(folder, 'store.db')}`);
      const made = await runCli(['users', 'create', '--email', 'owner@example.com', '--role', 'owner', '--name', 'Sam', '--password', 'correct horse battery staple 42'], { DATABASE_URL: url });
      expect(made.code, made.output).toBe(0);
      expect(made.output).toMatch(/^owner@example\.com \(owner\) is made and can sign in at http:\/\/\S+\/admin\.\n$/);
      const invited = await runCli(['users', 'create', '--email', 'packer@example.com', '--role', 'fulfillment'], { DATABASE_URL: url });
      expect(invited.code, invited.output).toBe(0);
      const link = /(http\S+\/admin\/accept-invitation\?token=uin_\S+)/.exec(invited.output)?.[1];
      expect(link, invited.output).toBeDefined();

      const handle = openDatabase(url);
      try {
        const app = await createTestAppOn(handle);
        try {
          const signedIn = await app.anonymous.post('/v1/users/token', { email: 'owner@example.com', password: 'correct horse battery staple 42' });
          expect(signedIn.status, signedIn.text).toBe(201);
          expect(signedIn.body.data).toMatchObject({ role: 'owner', name: 'Sam' });
          const accepted = await app.anonymous.post('/v1/users/accept', { token: new URL(link!).searchParams.get('token'), password: 'another long passphrase 77' });
          expect(accepted.status, accepted.text).toBe(201);
          expect(accepted.body.data.role).toBe('fulfillment');
        } finally {
          await app.close();
        }
      } finally {
        await handle.close();
      }

      const taken = await runCli(['users', 'create', '--email', 'OWNER@example.com', '--role', 'owner'], { DATABASE_URL: url });
      expect(taken.code).not.toBe(0);
      expect(taken.output).toContain('email: belongs to another user');
      const weak = await runCli(['users', 'create', '--email', 'x@example.com', '--role', 'admin', '--password', 'password1'], { DATABASE_URL: url });
      expect(weak.code).not.toBe(0);
      expect(weak.output).toContain('password: is too easy to guess');
      const role = await runCli(['users', 'create', '--email', 'y@example.com', '--role', 'emperor'], { DATABASE_URL: url });
      expect(role.code).toBe(2);
      expect(role.output).toContain('--role must be one of owner, admin, catalog, fulfillment, read_only.');
    }, 120_000);
  });

  describe(`storefront seed --demo [${kind}]`, () => {
    const folder = mkdtempSync(join(tmpdir(), 'storefront-cli-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    /** A new store's database (its store and keys made by the first CLI command) and its URL. */
    async function newStore(): Promise<{ url: string; handle: DatabaseHandle }> {
      const url = await freshDatabaseUrl(kind, `sqlite:${join(folder, `store-${randomBytes(4).toString('hex')}.db`)}`);
      const handle = openDatabase(url);
      await migrateToLatest(handle.db);
      return { url, handle };
    }

    it('adds the demo catalogue once: seeding again adds nothing and says so', async () => {
      const { url, handle } = await newStore();
      try {
        const first = await runCli(['seed', '--demo'], { DATABASE_URL: url });
        expect(first).toEqual({ code: 0, output: 'The demo catalogue was added: 2 shipping zones, 2 payment gateways, 3 categories, 2 collections, 8 products. The store had no email: its mails now come from shop@demo.storefront.test.\n' });
        expect((await handle.db.selectFrom('stores').select('email').executeTakeFirstOrThrow()).email).toBe('shop@demo.storefront.test');
        const seeded = await rowCounts(handle.db);
        expect(seeded).toMatchObject({ shipping_zones: 2, shipping_rates: 4, gateways: 2, categories: 3, collections: 2, products: 8 });

        const again = await runCli(['seed', '--demo'], { DATABASE_URL: url });
        expect(again).toEqual({ code: 0, output: 'The store already has the demo catalogue; nothing was added.\n' });
        expect(await rowCounts(handle.db)).toEqual(seeded);
      } finally {
        await handle.close();
      }
    });

    it('keeps what the store has of the demo already and adds only the rest', async () => {
      const { url, handle } = await newStore();
      const t = await createTestAppOn(handle, { cacheTtlMs: 0 });
      try {
        const ownGateway = await t.admin.post('/v1/gateways', { name: 'Our test cards', source: 'test', driver: 'test' });
        expect(ownGateway.status, ownGateway.text).toBe(201);
        const ownProduct = await t.admin.post('/v1/products', { name: 'Enamel Mug', price: 999 });
        expect(ownProduct.status, ownProduct.text).toBe(201);

        const seeded = await runCli(['seed', '--demo'], { DATABASE_URL: url });
        expect(seeded).toEqual({
          code: 0,
          output: 'The store had part of the demo catalogue (2 of its things, kept as they were); added the rest: 2 shipping zones, 1 payment gateway, 3 categories, 2 collections, 7 products. The store had no email: its mails now come from shop@demo.storefront.test.\n',
        });
        const gateways = (await t.admin.get('/v1/gateways')).body.data as { source: string; name: string }[];
        expect(gateways.map((gateway) => [gateway.source, gateway.name]).sort()).toEqual([['manual', 'Bank transfer or cash'], ['test', 'Our test cards']]);
        const mugs = (await t.db.selectFrom('products').select('id').where('name', '=', 'Enamel Mug').execute()).map((row) => row.id);
        expect(mugs).toEqual([ownProduct.body.data.id]);
      } finally {
        await t.close();
      }
    });

    it('writes none of the demo when a part of it fails', async () => {
      const { url, handle } = await newStore();
      try {
        const before = await rowCounts(handle.db);
        const allow = await refuseEnamelMug(handle.db, kind);

        const failed = await runCli(['seed', '--demo'], { DATABASE_URL: url });
        expect(failed.code).toBe(1);
        expect(failed.output).toContain('the disk is full');
        // The products before the mug, the zones, gateways, categories and collections: all undone.
        expect(await rowCounts(handle.db)).toEqual(before);

        await allow();
        expect((await runCli(['seed', '--demo'], { DATABASE_URL: url })).output).toMatch(/^The demo catalogue was added: /);
        expect(await rowCounts(handle.db)).toMatchObject({ shipping_zones: 2, gateways: 2, products: 8 });
      } finally {
        await handle.close();
      }
    });
  });
}
