import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteAdapter, type CompiledQuery, type QueryResult, type SqliteDatabase, type SqliteStatement, type Transaction } from 'kysely';
import pg from 'pg';
import { checkpointInBackground } from './background-checkpoints.js';
import { DocumentKeepingKysely } from './document-keeping.js';
import { postgresChangeFeed, registerAnnouncer, sqliteChangeFeed, type ChangeFeed } from './change-feed.js';
import { BEGIN_IMMEDIATE, LockWaitingSqliteDialect, run } from './sqlite-write-lock.js';
import { activeTracing } from '../tracing/tracing.js';
import type { Config } from '../config.js';
import type { Database } from './types.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** A repository takes either the database or an open transaction. */
export type Executor = Db | Tx;
export type DatabaseKind = 'sqlite' | 'postgres';

/** Whether `db` (a database or a transaction) runs on SQLite: for the few queries written per database. */
export function isSqlite(db: Executor): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  /** Starts telling when other connections commit changes (for in-memory caches); listens over the direct connection. */
  openChangeFeed(): ChangeFeed;
  /**
   * Runs `work` on a connection that is the caller's alone until it ends (PostgreSQL: one connection
   * of its own to the direct URL, closed after; SQLite: the database), for what keeps session state
   * between statements, as the migrations' lock does.
   */
  withDirectConnection<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL: the pool's clients now (for /metrics); SQLite has one connection and no pool. */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  /** Clients open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a client. */
  waiting: number;
  max: number;
}

/** How long a request waits for a PostgreSQL connection: to be made, or to be freed by others. */
const CONNECT_TIMEOUT_MS = 5_000;

// COUNT(*) and BIGINT columns come back from pg as strings; every integer we store fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface OpenOptions {
  /** PostgreSQL: the most connections at once (10). */
  poolSize?: number;
  /** SQLite file: checkpoint the log from a thread of its own (background-checkpoints.ts); the serving process does. */
  checkpointInBackground?: boolean;
  /**
   * PostgreSQL: where what needs a session connects (the change feed's LISTEN, the migrations' lock)
   * when the URL is a transaction-pooling pooler's (DATABASE_DIRECT_URL); the URL itself by default.
   */
  directUrl?: string;
}

/** Opens the database the configuration names (DATABASE_URL, and DATABASE_DIRECT_URL for what needs a session). */
export function openConfiguredDatabase(config: Pick<Config, 'databaseUrl' | 'databaseDirectUrl'>, options: Omit<OpenOptions, 'directUrl'> = {}): DatabaseHandle {
  return openDatabase(config.databaseUrl, { ...options, directUrl: config.databaseDirectUrl });
}

/**
 * Opens the database named by a `sqlite:PATH`, `sqlite::memory:` or `postgres://…` URL.
 *
 * On PostgreSQL, the pool's connections may be a transaction-pooling pooler's (PgBouncer's
 * pool_mode=transaction), which hands each transaction, or each statement outside one, to any server
 * connection: so nothing run through the pool leaves session state for a later statement (no SET
 * without LOCAL, no session advisory lock, no LISTEN, no temporary table, no named prepared
 * statement). What needs a session takes a connection of its own to `directUrl`.
 */
export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length), options.checkpointInBackground ?? false);
  const directUrl = options.directUrl ?? url;
  const poolSize = options.poolSize ?? 10;
  const pool = postgresPool(url, poolSize);
  const db = new DocumentKeepingKysely({ dialect: new PostgresDialect({ pool }) });
  sendAndCountRoundTrips(db, pool);
  const token = registerAnnouncer(db);
  return {
    db,
    kind: 'postgres',
    openChangeFeed: () => postgresChangeFeed(directUrl, token),
    withDirectConnection: (work) => withOwnConnection(directUrl, work),
    close: () => db.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
  };
}

function postgresKysely(url: string, poolSize: number): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: postgresPool(url, poolSize) }) });
}

function postgresPool(url: string, poolSize: number): pg.Pool {
  // A database that does not answer (a host gone, a full pool that never frees) fails the request
  // within seconds (503, http/error-handler.ts) instead of holding it until the client gives up.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may one losing it while checked out between two queries (a transaction's, a database restart,
  // pg_terminate_backend): pg-pool listens only to idle clients, and an unheard 'error' event ends
  // the process. The client's next query fails instead, and the pool drops it when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    activeTracing()?.tracePostgresClient(client);
  });
  return pool;
}

const roundTripCounts = new WeakMap<Db, { sent: number }>();

type Query = (...args: unknown[]) => Promise<unknown>;

/** What Kysely is told a BEGIN sent ahead answered: it reads nothing of it. */
const BEGUN = Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });

/**
 * Cuts and counts the round trips of the pool's clients, which pipeline (pg's pipeline mode): a
 * statement is sent without waiting for the answers to those before it on its connection. A
 * transaction's BEGIN is answered at once, not waited for, so it reaches PostgreSQL with the
 * transaction's first statement; a BEGIN fails only with its connection, and then the statement
 * behind it fails too. Kysely still sends a connection's statements one by one; only reads sent
 * together (pipeline.ts) share a round trip. A round trip starts with a statement sent while none
 * waits for an answer: that is what roundTripsSent counts, COMMIT included.
 */
function sendAndCountRoundTrips(db: Db, pool: pg.Pool): void {
  const count = { sent: 0 };
  roundTripCounts.set(db, count);
  pool.on('connect', (client) => {
    (client as unknown as { pipeline: boolean }).pipeline = true;
    const query = client.query.bind(client) as Query;
    let waiting = 0;
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      // Only `query(text, values)`, the form Kysely uses, answers a promise; the others (a callback, a cursor) go through as they are.
      if (typeof args[0] !== 'string' || typeof args.at(-1) === 'function') return query(...args);
      if (args[0] === 'begin') {
        // Its failure is the next statement's; unheard here, it would end the process.
        query(...args).catch(() => {});
        return BEGUN;
      }
      if (waiting === 0) count.sent += 1;
      waiting += 1;
      return query(...args).finally(() => (waiting -= 1));
    };
  });
}

/** PostgreSQL: the round trips `db`'s pool has made since it opened (tests bound a request's by the difference); undefined on SQLite. */
export function roundTripsSent(db: Db): number | undefined {
  return roundTripCounts.get(db)?.sent;
}

async function withOwnConnection<T>(url: string, work: (db: Db) => Promise<T>): Promise<T> {
  // Past any pooler, the session lasts from one statement to the next; one connection is all the work needs.
  const direct = postgresKysely(url, 1);
  try {
    return await work(direct);
  } finally {
    await direct.destroy();
  }
}

function openSqlite(path: string, checkpointing: boolean): DatabaseHandle {
  const file = path === '' ? ':memory:' : path;
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Waits for another connection's lock are ours (sqlite-write-lock.ts), not SQLite's sleeping busy handler.
  sqlite.pragma('busy_timeout = 0');
  // Checkpoints copy the log back into the database file during a commit; taking them every 10,000
  // pages rather than 1,000 copies a page written by many commits once (commits cost 30 % less).
  sqlite.pragma('wal_autocheckpoint = 10000');
  const stopOptimizing = keepPlannerStatistics(sqlite);
  const cached = withStatementCache(sqlite);
  const statements = activeTracing()?.traceSqlite(cached) ?? cached;
  const db = new DocumentKeepingKysely({ dialect: new LockWaitingSqliteDialect(statements) });
  // Its transactions share the database's adapter.
  transactionConnections.set(db.getExecutor().adapter, statements);
  const stopCheckpoints = checkpointing && file !== ':memory:' ? checkpointInBackground(file) : undefined;
  const close = async () => {
    stopOptimizing();
    await stopCheckpoints?.();
    await db.destroy();
  };
  return { db, kind: 'sqlite', openChangeFeed: () => sqliteChangeFeed(sqlite), withDirectConnection: (work) => work(db), close };
}

/** How often a long-lived connection brings the planner's statistics up to date. */
const OPTIMIZE_EVERY_MS = 3_600_000;

/**
 * Keeps SQLite's planner statistics (sqlite_stat1) current, as SQLite advises for long-lived
 * connections: on open, then hourly, `PRAGMA optimize` analyzes the tables that never were or have
 * grown or shrunk much since, reading a bounded sample of each index (analysis_limit). Without them
 * the planner guesses: a storefront's count of a collection's products hidden on its channel read
 * every product through the publication date's index (4 ms on 10,000) instead of the few hidden ones.
 */
export function keepPlannerStatistics(sqlite: SQLite.Database, everyMs = OPTIMIZE_EVERY_MS): () => void {
  sqlite.pragma('analysis_limit = 1000');
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  // Analyzing writes: with another process holding the write lock (busy), the next hour tries again.
  const optimize = (mask: string) => {
    if (stopped) return;
    // A request's transaction is open on this connection (between two of its awaits): analyzed in
    // it, the statistics would be undone with it. They wait for it to end.
    if (sqlite.inTransaction) {
      retry = setTimeout(() => optimize(mask), Math.min(everyMs, 1_000));
      retry.unref();
      return;
    }
    try {
      sqlite.pragma(`optimize = ${mask}`);
    } catch {
      // Busy: statistics a little older harm nothing.
    }
  };
  optimize('0x10002');
  const timer = setInterval(() => optimize('0xfffe'), everyMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(retry);
  };
}

const transactionConnections = new WeakMap<object, SqliteDatabase>();

/**
 * Runs a compiled query straight on the connection of an open SQLite transaction, as Kysely's driver
 * would, without its executor's layers of promises (2–4 % of a cart update's CPU); undefined when
 * `db` is not an SQLite transaction. Safe only there: the transaction holds the one connection until
 * it ends, so no other request's statement can come between.
 */
export function runInSqliteTransaction<R>(db: Executor, query: CompiledQuery): QueryResult<R> | undefined {
  if (!db.isTransaction) return undefined;
  const connection = transactionConnections.get(db.getExecutor().adapter);
  if (!connection) return undefined;
  return run<R>(connection.prepare(query.sql), query.parameters);
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and preparing costs more than running a small indexed read.
 * Queries are built from a fixed set of shapes, so their prepared statements are kept by SQL text
 * (least recently used out first). Reuse is safe: Kysely runs a statement to completion (`all`,
 * `run`) before the next query starts; nothing here streams rows.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      // Transactions take the write lock when they begin, so two processes on one file wait for each
      // other (sqlite-write-lock.ts) instead of failing when a reading transaction turns into a writing one.
      const text = sqlText === 'begin' ? BEGIN_IMMEDIATE : sqlText;
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text);
      } else {
        statement = cachedStatement(sqlite.prepare(text));
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

/**
 * A statement as the cache keeps it. A reading statement fetches its rows as arrays of values, made
 * into objects here. better-sqlite3 sets a row object's properties one by one from C++, which costs
 * two to three times what fetching the values does (a page of 20 orders: about 240 µs against
 * 100 µs); an object literal of the statement's columns, compiled once per statement, builds the same
 * row in a fraction of it.
 */
function cachedStatement(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  statement.raw(true);
  const toRow = rowBuilder(statement.columns().map((column) => column.name));
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield toRow(values);
    },
  };
}

/** A function making a row object of the columns' values, in their order (a later column of the same name wins, as in SQL drivers). */
function rowBuilder(names: string[]): (values: unknown[]) => Record<string, unknown> {
  const properties = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`);
  return new Function('values', `return { ${properties.join(', ')} };`) as (values: unknown[]) => Record<string, unknown>;
}
