import { Kysely, Transaction, type KyselyProps } from 'kysely';
import { isSqlite, type Executor } from './database.js';
import type { Database } from './types.js';

/**
 * Runs `work` so that the statements it starts together reach PostgreSQL together, in the order
 * started, on one connection: a `Promise.all` of statements costs one round trip, where Kysely would
 * send each only once the one before it answered (in a transaction) or spread them over the pool's
 * connections (outside one). The connection (the transaction's, or one of the pool's) is held for
 * `work` alone, and the pool's clients pipeline (database.ts), so PostgreSQL runs the statements one
 * after another as sent. A failing statement fails the others of its transaction after it. On SQLite
 * (no round trips) `work` runs as it is: its statements run in the order started there too.
 *
 * `piped` is another handle on the same connection with the same plugins, so what watches a
 * transaction's queries through a plugin (document-keeping.ts) sees those sent through it too.
 */
export async function pipelined<T>(db: Executor, work: (piped: Executor) => Promise<T>): Promise<T> {
  if (isSqlite(db)) return work(db);
  const executor = db.getExecutor();
  return executor.provideConnection(async (connection) => {
    // A statement a branch of `work` still sends once `work` has failed (Promise.all rejects at the
    // first failure) must not reach the connection: it may be back in the pool, another request's.
    let open = true;
    const unqueued = executor.withConnectionProvider({
      provideConnection: (consume) => (open ? consume(connection) : Promise.reject(new Error('a pipelined handle was used after its work ended'))),
    });
    // Only the executor runs queries: the handle may not begin, end or destroy anything.
    const props = { config: {}, driver: {}, dialect: {}, executor: unqueued } as unknown as KyselyProps;
    try {
      return await work(db.isTransaction ? new Transaction<Database>(props) : new Kysely<Database>(props));
    } finally {
      open = false;
    }
  });
}
