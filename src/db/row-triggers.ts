import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * A row trigger written once for both databases: its table, when it fires, its condition per
 * database, and its statements (NEW/OLD as both spell them). For what must change in the same
 * transaction as the rows it follows, whoever writes them (the API, imports, cascading deletions).
 */
export interface RowTrigger {
  name: string;
  table: string;
  timing: 'before' | 'after';
  event: string;
  when?: { sqlite: string; postgres: string };
  /**
   * The product whose row PostgreSQL locks first (`for no key update`), so that two transactions
   * changing what follows from one product take turns and each reads what the other wrote; none when
   * the trigger is on the product's own row.
   */
  locks?: string;
  statements: string[];
}

export async function createRowTriggers(db: Kysely<any>, triggers: RowTrigger[]): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const trigger of triggers) {
    if (sqlite) await sql.raw(sqliteTrigger(trigger)).execute(db);
    else for (const statement of postgresTrigger(trigger)) await sql.raw(statement).execute(db);
  }
}

export async function dropRowTriggers(db: Kysely<any>, triggers: RowTrigger[]): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const trigger of triggers) {
    if (sqlite) await sql.raw(`drop trigger ${trigger.name}`).execute(db);
    else {
      await sql.raw(`drop trigger ${trigger.name} on ${trigger.table}`).execute(db);
      await sql.raw(`drop function ${trigger.name}()`).execute(db);
    }
  }
}

function sqliteTrigger(t: RowTrigger): string {
  return `create trigger ${t.name} ${t.timing} ${t.event} on ${t.table}${t.when ? ` when ${t.when.sqlite}` : ''} begin
    ${t.statements.map((s) => `${s};`).join('\n')}
  end`;
}

function postgresTrigger(t: RowTrigger): string[] {
  const returned = t.event === 'delete' ? 'old' : 'new';
  return [
    `create function ${t.name}() returns trigger language plpgsql as $$
    begin
      ${t.locks ? `perform 1 from products where id = ${t.locks} for no key update;` : ''}
      ${t.statements.map((s) => `${s};`).join('\n')}
      return ${returned};
    end $$`,
    `create trigger ${t.name} ${t.timing} ${t.event} on ${t.table} for each row${t.when ? ` when (${t.when.postgres})` : ''} execute function ${t.name}()`,
  ];
}
