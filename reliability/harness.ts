/**
 * What the reliability scripts share: a store on a fresh data set (a SQLite file, or a database of
 * the embedded PostgreSQL of bench/postgres.ts) with a few skus whose stock runs out, and the real
 * server (`node dist/cli.js serve`, built by the npm scripts first) started, killed and restarted on
 * it, always on the same port, so clients carry on as against a restarted production process.
 *
 * Child processes and the PostgreSQL cluster are stopped at the end, on error and on SIGINT/SIGTERM
 * (bench/servers.ts stopAll).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDataset, type Dataset } from '../bench/dataset.js';
import { startPostgres } from '../bench/postgres.js';
import { freePort, onStop, ROOT, start, stopAll, waitForHealth } from '../bench/servers.js';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../src/db/database.js';

export const RELIABILITY_DIR = resolve(fileURLToPath(import.meta.url), '..');
export const DATA_DIR = join(RELIABILITY_DIR, '.data');
const STOP_DEADLINE_MS = 30_000;

export function log(text: string): void {
  process.stderr.write(`${text}\n`);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** `--db sqlite|postgres|both` → the kinds to run, in order. */
export function databaseKinds(value: string | undefined): DatabaseKind[] {
  if (value === undefined || value === 'sqlite') return ['sqlite'];
  if (value === 'postgres') return ['postgres'];
  if (value === 'both') return ['sqlite', 'postgres'];
  throw new Error(`--db must be sqlite, postgres or both, got ${value}`);
}

export function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, got ${value}`);
  return n;
}

export function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a number above 0, got ${value}`);
  return n;
}

export interface Store {
  kind: DatabaseKind;
  url: string;
  dataset: Dataset;
  /** Flow skus with plenty of stock. */
  plentySkuIds: string[];
  /** Flow skus whose stock is set low (restockScarce) so it runs out under load. */
  scarceSkuIds: string[];
  /** The script's own connection, for the invariants and for simulating the passing of time. */
  database: DatabaseHandle;
}

let postgres: Awaited<ReturnType<typeof startPostgres>> | undefined;

/**
 * A fresh data set (bench/dataset.ts: `products` products, 100 flow skus, a US shipping rate and a
 * `test` gateway) in `name`: reliability/.data/NAME.db, or the PostgreSQL database NAME (recreated).
 * The last `scarce` flow skus are the scarce ones; their stock is set by restockScarce.
 */
export async function prepareStore(kind: DatabaseKind, name: string, options: { products?: number; scarce?: number } = {}): Promise<Store> {
  mkdirSync(DATA_DIR, { recursive: true });
  let url: string;
  if (kind === 'sqlite') {
    url = `sqlite:${join(DATA_DIR, `${name}.db`)}`;
  } else {
    if (!postgres) {
      postgres = await startPostgres(log);
      const started = postgres;
      onStop(() => started.stop());
    }
    await postgres.recreate(name);
    url = postgres.urlOf(name);
  }
  const dataset = await generateDataset({ products: options.products ?? 2_000, url });
  const scarce = options.scarce ?? 20;
  const flow = dataset.flowSkuIds;
  const database = openDatabase(url, { poolSize: 2 });
  onStop(() => database.close());
  return { kind, url, dataset, plentySkuIds: flow.slice(0, flow.length - scarce), scarceSkuIds: flow.slice(flow.length - scarce), database };
}

/** A running `storefront serve` on the store. */
export interface ServerProcess {
  base: string;
  port: number;
  child: ChildProcess;
  /** Its log lines, when started with `keepLog`. */
  lines: string[];
}

/** A fixed port for the life of a script: restarts come back where the clients expect them. */
export async function choosePort(): Promise<number> {
  return freePort();
}

export interface ServerOptions {
  label?: string;
  /** LOG_LEVEL, `warn` by default. */
  logLevel?: string;
  /** Keeps the server's log lines (`lines`) instead of printing them; lines of level warn and above are printed still. */
  keepLog?: boolean;
}

/**
 * Starts `node dist/cli.js serve` on the store and waits for /health (the build must be current: the
 * npm scripts run it first).
 */
export async function startServer(store: Store, port: number, options: ServerOptions = {}): Promise<ServerProcess> {
  const label = options.label ?? 'server';
  if (!existsSync(join(ROOT, 'dist/cli.js'))) throw new Error('dist/cli.js is missing: run `npm run build` first');
  const files = join(DATA_DIR, 'files');
  const base = `http://127.0.0.1:${port}`;
  const child = start(label, ['dist/cli.js', 'serve'], {
    DATABASE_URL: store.url,
    HOST: '127.0.0.1',
    PORT: String(port),
    STOREFRONT_RATE_LIMIT: '0',
    LOG_LEVEL: options.logLevel ?? 'warn',
    STOREFRONT_DEMO: '0',
    STOREFRONT_ADMIN_KEY: store.dataset.adminKey,
    STOREFRONT_CHANNEL_KEY: store.dataset.channelKey,
    STOREFRONT_FILES: files,
    STOREFRONT_PUBLIC_URL: base,
  });
  const lines: string[] = [];
  if (options.keepLog) {
    let partial = '';
    const keep = (chunk: Buffer) => {
      const text = partial + chunk.toString();
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        // pino levels: 40 warn, 50 error, 60 fatal.
        const level = /"level":(\d+)/.exec(line)?.[1];
        if (line.trim() !== '' && (level === undefined || Number(level) >= 40)) process.stderr.write(`[${label}] ${line}\n`);
      }
    };
    // bench/servers.ts start() prints every line; this server's are kept instead.
    child.stdout!.removeAllListeners('data');
    child.stderr!.removeAllListeners('data');
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
  }
  await waitForHealth(label, child, base);
  return { base, port, child, lines };
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Resolves with the exit once the process is gone; rejects past the deadline. */
export function exitOf(child: ChildProcess, deadlineMs = STOP_DEADLINE_MS): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (exited(child)) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolveExit, reject) => {
    const timer = setTimeout(() => reject(new Error(`pid ${child.pid} did not exit within ${deadlineMs / 1000} s`)), deadlineMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolveExit({ code, signal });
    });
  });
}

/** SIGKILL: the process dies at once, whatever it was doing. */
export async function killServer(server: ServerProcess): Promise<void> {
  const gone = exitOf(server.child);
  server.child.kill('SIGKILL');
  await gone;
}

/** Sends the admin key. */
export function adminHeaders(store: Store): Record<string, string> {
  return { authorization: `Bearer ${store.dataset.adminKey}`, 'content-type': 'application/json', accept: 'application/json' };
}

/** An admin request that must answer `expected`; its parsed body. */
export async function adminCall(server: ServerProcess, store: Store, method: string, path: string, body: unknown, expected: number): Promise<any> {
  const response = await fetch(server.base + path, {
    method,
    headers: adminHeaders(store),
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path} answered ${response.status} (expected ${expected}): ${text.slice(0, 400)}`);
  return text === '' ? undefined : JSON.parse(text);
}

/** Sets the stock of the scarce skus through the admin API (so the server's caches hear of it). */
export async function restockScarce(server: ServerProcess, store: Store, stock: number): Promise<void> {
  for (const id of store.scarceSkuIds) await adminCall(server, store, 'POST', `/v1/skus/${id}`, { in_stock: stock }, 200);
}

/** A second `test` gateway that only authorizes (capture: manual), so placed orders are `authorized` too. */
export async function addAuthorizingGateway(server: ServerProcess, store: Store): Promise<string> {
  const answer = await adminCall(server, store, 'POST', '/v1/gateways', {
    name: 'Authorize only', source: 'test-authorize', driver: 'test', settings: { capture: 'manual' },
  }, 201);
  return answer.data.id as string;
}

/** Runs the script's main, stops every child and the cluster, and exits 0, or 1 on a failure. */
export function runMain(main: () => Promise<boolean>): void {
  main().then(
    async (passed) => {
      await stopAll();
      process.exit(passed ? 0 : 1);
    },
    async (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      await stopAll();
      process.exit(1);
    },
  );
}
