import { randomUUID } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Executor } from './database.js';

/** The PostgreSQL channel every committed change is announced on. */
const CHANNEL = 'storefront_changes';
const CONNECT_TIMEOUT_MS = 5_000;
const RECONNECT_MS = 1_000;

/**
 * Tells a process when other processes (or other connections) have committed changes, so that what
 * it keeps in memory can be dropped.
 */
export interface ChangeFeed {
  /**
   * A number that changes whenever another connection has committed a change since it was last
   * read; null while that cannot be known (nothing read in memory should then be trusted).
   */
  version(): number | null;
  /** Resolves once the feed first works (at once on SQLite; when listening on PostgreSQL). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The counter row that every change announced on an SQLite database adds one to (see announceChange). */
const ANNOUNCED_CHANGES = 'announced_changes';

/**
 * SQLite: the count of announced changes, a row that each announcing transaction adds one to and
 * commits with its change. Not `PRAGMA data_version` alone, which moves with every commit of another
 * connection: under `serve --workers 2` each cart or checkout step of one process would empty the
 * other's caches. The version moves when the count moved and another connection committed meanwhile
 * (data_version); a count moved by this process's own commits alone is taken in silently, its changes
 * being its own to tell its caches. Both are read in one statement, so from one snapshot: another
 * connection's announcement cannot fall between them and pass for this process's own. Nothing is
 * read inside a transaction of this connection, which would see its own uncommitted announcements.
 * Reading takes the database's read lock, which cost a cached read a third of its time when every
 * request (credentials, storefront cache) asked, so it happens at most once a millisecond: another
 * process's change is seen within a millisecond of its commit.
 */
export function sqliteChangeFeed(sqlite: SQLite.Database): ChangeFeed {
  const snapshot = sqlite.prepare(`select (select data_version from pragma_data_version) as commits,
    (select value from counters where name = ?) as count`);
  const read = () => snapshot.get(ANNOUNCED_CHANGES) as { commits: number; count: number | null };
  let readAt = -1;
  let seen = read();
  let version = 0;
  return {
    version: () => {
      if (!sqlite.open) return null;
      const now = Date.now();
      if (now !== readAt && !sqlite.inTransaction) {
        readAt = now;
        const current = read();
        if (current.count !== seen.count && current.commits !== seen.commits) version += 1;
        seen = current;
      }
      return version;
    },
    ready: async () => {},
    close: async () => {},
  };
}

/** The token each database handle signs its notifications with, by the handle's adapter (transactions share it). */
const announcers = new WeakMap<object, string>();

/** Gives a PostgreSQL handle its own token; its change feed then ignores what the handle itself announced. */
export function registerAnnouncer(db: Kysely<any>): string {
  const token = randomUUID();
  announcers.set(db.getExecutor().adapter, token);
  return token;
}

/**
 * PostgreSQL: one listening connection counts the notifications that other handles send when they
 * commit (see announceChange); the handle's own writes are the requests' to report. While the
 * connection is down, the version is null.
 */
export function postgresChangeFeed(url: string, ownToken: string): ChangeFeed {
  let client: pg.Client | null = null;
  let connected = false;
  let count = 0;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let listening!: () => void;
  const firstListen = new Promise<void>((resolve) => (listening = resolve));

  const connect = async () => {
    // A database that takes the connection but never answers must not keep the feed (and every cache
    // of this process) off for good: the attempt fails in seconds and is made again.
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    client = next;
    next.on('notification', (message) => {
      if (message.payload !== ownToken) count += 1;
    });
    next.on('error', () => {
      connected = false;
      void next.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      // Anything may have changed while no one listened.
      count += 1;
      connected = true;
      listening();
    } catch {
      connected = false;
      void next.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
    }
  };
  void connect();

  return {
    version: () => (connected ? count : null),
    ready: () => firstListen,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      connected = false;
      await client?.end().catch(() => {});
    },
  };
}

let announced = 0;

/**
 * How many changes this process has announced (committed or not): a cheap sign, read after a
 * request, that it changed something this process's own caches may have kept. Other processes
 * learn of it through their change feed.
 */
export function changesAnnounced(): number {
  return announced;
}

/**
 * Announces, inside the writing transaction (or after its change committed), that something changed:
 * to this process (see changesAnnounced) and to the others. Either way the others learn of it when
 * the transaction commits, and never if it rolls back: PostgreSQL delivers the notification then, and
 * SQLite's count of announced changes commits with the change.
 */
export async function announceChange(db: Executor): Promise<void> {
  announced += 1;
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) {
    await sql`select pg_notify(${CHANNEL}, ${announcers.get(adapter) ?? ''})`.execute(db);
  } else {
    await sql`insert into counters (name, value) values (${ANNOUNCED_CHANGES}, 1)
      on conflict (name) do update set value = counters.value + 1`.execute(db);
  }
}
