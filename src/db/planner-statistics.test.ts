import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { keepPlannerStatistics } from './database.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('planner statistics', () => {
  const open: Array<() => void> = [];
  afterEach(() => open.splice(0).forEach((close) => close()));

  /** A connection keeping statistics every 20 ms, and a table it has used but never analyzed. */
  function connection() {
    const sqlite = new SQLite(':memory:');
    const stop = keepPlannerStatistics(sqlite, 20);
    open.push(() => { stop(); sqlite.close(); });
    sqlite.exec('create table items (id integer primary key, kind text); create index items_by_kind on items (kind)');
    const insert = sqlite.prepare('insert into items (kind) values (?)');
    for (let i = 0; i < 2_000; i++) insert.run(`kind ${i % 7}`);
    sqlite.prepare('select id from items where kind = ?').all('kind 3');
    const analyzed = () => sqlite.prepare("select count(*) as n from sqlite_master where name = 'sqlite_stat1'").get() as { n: number };
    const statistics = () => (analyzed().n === 0 ? [] : sqlite.prepare("select idx from sqlite_stat1 where tbl = 'items'").all());
    return { sqlite, statistics };
  }

  it('analyzes the tables a connection uses on its next turn', async () => {
    const { statistics } = connection();
    for (let waited = 0; statistics().length === 0 && waited < 2_000; waited += 10) await pause(10);
    expect(statistics()).toEqual([{ idx: 'items_by_kind' }]);
  });

  it("waits for a request's open transaction to end instead of analyzing inside it, where a rollback would undo it", async () => {
    const { sqlite, statistics } = connection();
    sqlite.exec('begin immediate');
    await pause(150);
    expect(statistics()).toEqual([]);
    sqlite.exec('rollback');
    for (let waited = 0; statistics().length === 0 && waited < 2_000; waited += 10) await pause(10);
    expect(statistics()).toEqual([{ idx: 'items_by_kind' }]);
  });
});
