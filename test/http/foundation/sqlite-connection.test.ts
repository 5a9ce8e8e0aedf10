import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../src/db/database.js';

const require = createRequire(import.meta.url);

// What the SQLite connection adds to better-sqlite3: rows built from arrays of values, the log
// checkpointed from a thread of the serving process's own, and its own waits for another process's lock.
describe('the SQLite connection', () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-sqlite-'));
  const handles: DatabaseHandle[] = [];
  const open = (name: string, checkpointInBackground: boolean) => {
    const handle = openDatabase(`sqlite:${join(dir, name)}`, { checkpointInBackground });
    handles.push(handle);
    return handle;
  };
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('builds rows with every column, whatever its name, the later of two same names winning', async () => {
    const { db } = open('rows.db', false);
    const { rows } = await sql<Record<string, unknown>>`select 1 as "a", 'x' as "we""ird name", null as "n", 2 as "a"`.execute(db);
    expect(rows).toEqual([{ a: 2, 'we"ird name': 'x', n: null }]);
    await sql`create table t (id integer primary key, v text)`.execute(db);
    await sql`insert into t (v) values ('one'), ('two')`.execute(db);
    expect((await sql<{ id: number; v: string }>`select * from t order by id`.execute(db)).rows).toEqual([{ id: 1, v: 'one' }, { id: 2, v: 'two' }]);
    // A write that returns rows, and one that does not.
    expect((await sql`update t set v = 'uno' where id = 1 returning v`.execute(db)).rows).toEqual([{ v: 'uno' }]);
    expect(Number((await sql`delete from t where id = 2`.execute(db)).numAffectedRows)).toBe(1);
  });

  /** The page count the database file's header holds: pages reach the file only when the log is checkpointed. */
  function pagesInFile(file: string): number {
    const fd = openSync(file, 'r');
    try {
      const header = Buffer.alloc(4);
      readSync(fd, header, 0, 4, 28);
      return header.readUInt32BE(0);
    } finally {
      closeSync(fd);
    }
  }

  async function grow(handle: DatabaseHandle): Promise<number> {
    await sql`create table filler (id integer primary key, v text)`.execute(handle.db);
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000) insert into filler (v) select printf('%.500c', 'x') from n`.execute(handle.db);
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(handle.db);
    return rows[0]!.page_count;
  }

  async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
    for (const until = Date.now() + ms; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 25))) {
      if (check()) return true;
    }
    return check();
  }

  it('copies committed pages into the database file from its own thread, without a commit doing it', async () => {
    const background = open('background.db', true);
    const pages = await grow(background);
    expect(await waitFor(() => pagesInFile(join(dir, 'background.db')) === pages, 5_000)).toBe(true);

    // Without the thread, fewer pages than wal_autocheckpoint stay in the log.
    const foreground = open('foreground.db', false);
    const foregroundPages = await grow(foreground);
    expect(await waitFor(() => pagesInFile(join(dir, 'foreground.db')) === foregroundPages, 500)).toBe(false);
  });

  it('stops the thread on close, leaving the database whole', async () => {
    const handle = openDatabase(`sqlite:${join(dir, 'closed.db')}`, { checkpointInBackground: true });
    await sql`create table kept (v text)`.execute(handle.db);
    await sql`insert into kept (v) values ('still here')`.execute(handle.db);
    await handle.close();

    const again = open('closed.db', false);
    expect((await sql<{ v: string }>`select v from kept`.execute(again.db)).rows).toEqual([{ v: 'still here' }]);
  });

  it('waits for the lock another process holds before a write outside a transaction, instead of failing', async () => {
    const { db } = open('shared.db', false);
    await sql`create table shared (v text)`.execute(db);
    // Another process takes the write lock and says so; it lets go 300 ms later.
    const holder = spawn(process.execPath, ['-e', `
      const db = new (require(${JSON.stringify(require.resolve('better-sqlite3'))}))(${JSON.stringify(join(dir, 'shared.db'))});
      db.exec("begin immediate; insert into shared (v) values ('theirs')");
      process.stdout.write('locked\\n');
      setTimeout(() => db.exec('commit'), 300);
    `], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    await new Promise((resolve) => holder.stdout!.once('data', resolve));
    await sql`insert into shared (v) values ('ours')`.execute(db);
    expect(await exited).toBe(0);
    expect((await sql<{ v: string }>`select v from shared order by rowid`.execute(db)).rows).toEqual([{ v: 'theirs' }, { v: 'ours' }]);
  });
});
