import { setImmediate, setTimeout } from 'node:timers/promises';
import {
  CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult, type SqliteDatabase, type SqliteStatement,
} from 'kysely';
import { sqliteLockWaits } from '../lib/metrics.js';

/**
 * Waiting for SQLite's write lock while another process (`serve --workers N`, a `worker`) holds it.
 *
 * SQLite's own busy handler sleeps 1, 2, 5, 10 … ms with the thread stopped: a process that finds the
 * lock taken for 100 µs loses a millisecond or more of its event loop, answering nothing meanwhile.
 * So its connections run with `busy_timeout = 0`, and a statement that finds the database locked (a
 * transaction's `BEGIN IMMEDIATE`, or a write outside a transaction, such as a payment's claim) is
 * tried again from the event loop. Between the tries the connection serves other requests: their
 * reads go on (WAL lets them), as does a transaction that gets the lock first. After WAIT_LIMIT_MS
 * the statement fails with SQLITE_BUSY, which answers 503 (db/unavailable.ts).
 */
export const WAIT_LIMIT_MS = 5_000;

/** The statement a transaction begins with; the statement cache turns Kysely's `begin` into it. */
export const BEGIN_IMMEDIATE = 'begin immediate';

/** Tries made on the next turn of the event loop, before waiting a timer's millisecond between them. */
const IMMEDIATE_TRIES = 50;

/** Whether an SQLite error is another connection's lock (SQLITE_BUSY and its extended codes). */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** SQLite through Kysely on one connection, whose statements wait for another connection's lock as above. */
export class LockWaitingSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;

  constructor(database: SqliteDatabase) {
    super({ database });
    this.#database = database;
  }

  override createDriver(): Driver {
    return new LockWaitingSqliteDriver(this.#database);
  }
}

/** Kysely's SQLite driver, but for the waiting: one connection, lent to one request at a time. */
class LockWaitingSqliteDriver implements Driver {
  readonly #lending = new Lending();
  readonly #connection: LockWaitingConnection;

  constructor(database: SqliteDatabase) {
    this.#connection = new LockWaitingConnection(database, this.#lending);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lending.take();
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    this.#lending.give();
  }

  async beginTransaction(): Promise<void> {
    await this.#connection.executeQuery(BEGIN);
    this.#connection.inTransaction = true;
  }

  async commitTransaction(): Promise<void> {
    await this.#connection.executeQuery(COMMIT);
    this.#connection.inTransaction = false;
  }

  async rollbackTransaction(): Promise<void> {
    this.#connection.inTransaction = false;
    await this.#connection.executeQuery(ROLLBACK);
  }

  async destroy(): Promise<void> {
    this.#connection.database.close();
  }
}

const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

class LockWaitingConnection implements DatabaseConnection {
  /** Inside a transaction the lock is held: nothing waits, and the connection is not lent. */
  inTransaction = false;
  /** The statements waiting for the lock take turns: one tries while the others queue. */
  readonly #lockTurn = new Lending();

  constructor(readonly database: SqliteDatabase, private readonly lending: Lending) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.database.prepare(query.sql);
    if (this.inTransaction) return Promise.resolve(run<R>(statement, query.parameters));
    // A write that finds others of this process waiting for the lock queues behind them; reads go on
    // (as does a write returning rows, which SQLite calls a reader: it tries first).
    if (this.#lockTurn.taken && !statement.reader) return this.#waitForLock<R>(statement, query.parameters);
    try {
      return Promise.resolve(run<R>(statement, query.parameters));
    } catch (error) {
      if (!isBusy(error)) throw error;
      return this.#waitForLock<R>(statement, query.parameters);
    }
  }

  /** Tries `statement` again from the event loop, lending the connection to others between the tries; returns holding it. */
  async #waitForLock<R>(statement: SqliteStatement, parameters: readonly unknown[]): Promise<QueryResult<R>> {
    const started = performance.now();
    const deadline = Date.now() + WAIT_LIMIT_MS;
    let outcome: 'acquired' | 'failed' = 'failed';
    this.lending.give();
    await this.#lockTurn.take();
    try {
      for (let tries = 1; ; tries++) {
        await this.lending.take();
        try {
          const result = runExpectingBusy<R>(statement, parameters);
          outcome = 'acquired';
          return result;
        } catch (error) {
          if (!isBusy(error) || Date.now() > deadline) throw error;
        }
        this.lending.give();
        await (tries < IMMEDIATE_TRIES ? setImmediate() : setTimeout(1));
      }
    } finally {
      this.#lockTurn.give();
      sqliteLockWaits.observe({ outcome }, (performance.now() - started) / 1000);
    }
  }

  async *streamQuery<R>({ sql, parameters }: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    for (const row of this.database.prepare(sql).iterate(parameters)) yield { rows: [row as R] };
  }
}

/** Runs a prepared statement as Kysely's SQLite driver would: rows for a reader, the change counts otherwise. */
export function run<R>(statement: SqliteStatement, parameters: readonly unknown[]): QueryResult<R> {
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
}

/**
 * Runs a statement that is likely to find the lock still taken. better-sqlite3 captures a stack trace
 * for every error it throws, which made the refused tries of a process waiting for the other's lock
 * a twentieth of its CPU (`serve --workers 2`, checkout flow); a refused try needs none. A statement
 * failing for another reason here loses its stack trace, not its message and code.
 */
function runExpectingBusy<R>(statement: SqliteStatement, parameters: readonly unknown[]): QueryResult<R> {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return run<R>(statement, parameters);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** The connection's turn: one holder at a time, the others queued in order. */
class Lending {
  #taken = false;
  readonly #waiting: Array<() => void> = [];

  get taken(): boolean {
    return this.#taken;
  }

  async take(): Promise<void> {
    if (!this.#taken) {
      this.#taken = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#taken = false;
  }
}
