import { setImmediate, setTimeout } from 'node:timers/promises';
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';

/**
 * Waiting for SQLite's write lock while another process (`serve --workers N`, a `worker`) holds it.
 *
 * SQLite's own busy handler sleeps 1, 2, 5, 10 … ms with the thread stopped: a process that finds the
 * lock taken for 100 µs loses a millisecond or more of its event loop, answering nothing meanwhile.
 * So its connections run with `busy_timeout = 0`, and the waiting is done here:
 * - a transaction's `BEGIN IMMEDIATE` is tried again from the event loop (`LockWaitingSqliteDialect`),
 *   which serves other requests' work between the tries;
 * - any other statement (one written outside a transaction) is tried again after pauses of 50 µs
 *   and up, synchronously, as SQLite would but finer.
 * After WAIT_LIMIT_MS the statement fails with SQLITE_BUSY, which answers 503 (db/unavailable.ts).
 */
export const WAIT_LIMIT_MS = 5_000;

/** The statement a transaction begins with; the statement cache turns Kysely's `begin` into it. */
export const BEGIN_IMMEDIATE = 'begin immediate';

/** Tries of `BEGIN IMMEDIATE` made on the next turn of the event loop, before waiting a timer's millisecond between them. */
const IMMEDIATE_TRIES = 50;

/** Whether an SQLite error is another connection's lock (SQLITE_BUSY and its extended codes). */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Runs `statement`, trying again while it finds the database locked, pausing the thread 50 µs, then longer, up to 2 ms. */
export function runWhileBusy<T>(statement: () => T): T {
  try {
    return statement();
  } catch (error) {
    if (!isBusy(error)) throw error;
  }
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (let millis = 0.05; ; millis = Math.min(millis * 2, 2)) {
    Atomics.wait(pause, 0, 0, millis);
    try {
      return statement();
    } catch (error) {
      if (!isBusy(error) || Date.now() > deadline) throw error;
    }
  }
}

/** SQLite through Kysely, its transactions waiting for the write lock without stopping the event loop. */
export class LockWaitingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new LockWaitingSqliteDriver(this.#config);
  }
}

const BEGIN = CompiledQuery.raw('begin');

class LockWaitingSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const deadline = Date.now() + WAIT_LIMIT_MS;
    for (let tries = 1; ; tries++) {
      try {
        await connection.executeQuery(BEGIN);
        return;
      } catch (error) {
        if (!isBusy(error) || Date.now() > deadline) throw error;
      }
      await (tries < IMMEDIATE_TRIES ? setImmediate() : setTimeout(1));
    }
  }
}
