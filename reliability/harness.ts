/**
 * The processes under test, as production runs them: `storefront serve` and
 * `storefront worker` on a store (reliability/store.ts), dist/ compiled once per run
 * (bench/servers.ts serverCommand). Each is stopped when the run ends (bench/servers.ts stopAll: on
 * success, error and SIGINT/SIGTERM); a server can be killed and restarted on the same port, so
 * clients carry on as against a restarted production process.
 *
 * A process's output is printed (the lines of level warn and above, tagged `[label]`), kept as well
 * (`keepLog`: the shutdown test reads the server's log), or written to its own file in the run's log
 * folder instead (`logFile`: a run that takes the database away logs a line per failed request).
 *
 * Also the scripts' plumbing: their options, the violations they report, their exit code.
 */
import type { ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exited, freePort, serverCommand, start, stopAll, waitForHealth } from '../bench/servers.js';
import type { DatabaseKind } from '../src/db/database.js';
import type { Store } from './store.js';

const RELIABILITY_DIR = resolve(fileURLToPath(import.meta.url), '..');
export const DATA_DIR = join(RELIABILITY_DIR, '.data');
const STOP_DEADLINE_MS = 30_000;
/** How many cases of a broken rule a report shows. */
const SHOWN = 10;

export function log(text: string): void {
  process.stderr.write(`${text}\n`);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// --- the processes ---------------------------------------------------------------------------

export interface ProcessOptions {
  /** LOG_LEVEL, `warn` by default. */
  logLevel?: string;
  /** Keeps its log lines (`lines`); the lines of level warn and above are printed still. */
  keepLog?: boolean;
  /** Writes its output to LABEL.log in the run's log folder instead of printing it. */
  logFile?: boolean;
  /** Added to the environment. */
  env?: Record<string, string>;
}

export interface StorefrontProcess {
  label: string;
  child: ChildProcess;
  /** The process id it started with: a run can tell the process was never replaced. */
  pid: number;
  /** Its log lines, when started with `keepLog`. */
  lines: string[];
  /** Where its output goes, when started with `logFile`. */
  logFile?: string;
}

/** A running `storefront serve`. */
export interface ServerProcess extends StorefrontProcess {
  base: string;
  port: number;
}

let logDir: string | undefined;

/** The run's log folder (a new temporary directory, kept after the run for reading). */
export function runLogDir(): string {
  logDir ??= mkdtempSync(join(tmpdir(), 'storefront-reliability-logs-'));
  return logDir;
}

/** What every process of a run shares: the store's database and keys, no rate limit, no demo store. */
function storeEnv(store: Store, logLevel = 'warn'): Record<string, string> {
  return {
    DATABASE_URL: store.url,
    STOREFRONT_ADMIN_KEY: store.dataset.adminKey,
    STOREFRONT_CHANNEL_KEY: store.dataset.channelKey,
    STOREFRONT_DEMO: '0',
    STOREFRONT_RATE_LIMIT: '0',
    STOREFRONT_FILES: join(DATA_DIR, 'files'),
    LOG_LEVEL: logLevel,
  };
}

/** Spawns `storefront <command>` (bin/storefront.js and its node flags) on the store; stopped at the end of the run. */
export function spawnStorefront(store: Store, label: string, command: 'serve' | 'worker', options: ProcessOptions = {}): StorefrontProcess {
  const lines: string[] = [];
  const env = { ...storeEnv(store, options.logLevel), ...options.env };
  if (options.logFile) {
    const logFile = join(runLogDir(), `${label}.log`);
    const file = createWriteStream(logFile);
    const child = start(label, serverCommand(command), env, (chunk) => file.write(chunk));
    child.once('exit', () => setTimeout(() => file.end(), 100));
    return { label, child, pid: child.pid!, lines, logFile };
  }
  let partial = '';
  const child = start(label, serverCommand(command), env, (chunk) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      if (options.keepLog) lines.push(line);
      // pino levels: 40 warn, 50 error, 60 fatal; a line that is not pino's (a stack trace) is printed too.
      const level = /"level":(\d+)/.exec(line)?.[1];
      if (line.trim() !== '' && (level === undefined || Number(level) >= 40)) process.stderr.write(`[${label}] ${line}\n`);
    }
  });
  return { label, child, pid: child.pid!, lines };
}

/**
 * Starts `storefront serve` on the store and waits for /health: on `port`, to restart a server where
 * its clients expect it, else on a free one.
 */
export async function startServer(store: Store, options: ProcessOptions & { label?: string; port?: number } = {}): Promise<ServerProcess> {
  const label = options.label ?? 'server';
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const spawned = spawnStorefront(store, label, 'serve', { ...options, env: { ...options.env, HOST: '127.0.0.1', PORT: String(port) } });
  await waitForHealth(label, spawned.child, base);
  return { ...spawned, base, port };
}

/** Whether the process is still the one started (not exited). */
export function alive(spawned: StorefrontProcess): boolean {
  return !exited(spawned.child);
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

/** SIGTERM, a graceful stop; resolves with the exit. */
export function terminate(server: StorefrontProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const exit = exitOf(server.child);
  server.child.kill('SIGTERM');
  return exit;
}

// --- the scripts -----------------------------------------------------------------------------

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

/** The violations of a run, rule by rule: a line per broken rule, with the first cases of each below it. */
export class Violations {
  readonly lines: string[] = [];
  /** Broken rules. */
  count = 0;

  /** A rule broken once. */
  add(line: string): void {
    this.lines.push(line);
    this.count++;
  }

  /** A rule and the cases that break it (nothing when there are none). */
  cases(rule: string, cases: string[]): void {
    if (cases.length === 0) return;
    this.add(`${rule}: ${cases.length}`);
    for (const line of cases.slice(0, SHOWN)) this.lines.push(`  - ${line}`);
    if (cases.length > SHOWN) this.lines.push(`  - … ${cases.length - SHOWN} more`);
  }
}

/** Prints a run's summary (JSON) and its violations, if any; whether there were none. */
export function printSummary(name: string, summary: object, violations: Violations): boolean {
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  if (violations.lines.length > 0) {
    process.stdout.write(`\nVIOLATIONS\n${violations.lines.join('\n')}\n`);
    return false;
  }
  process.stdout.write(`\n${name}: OK (logs in ${runLogDir()})\n`);
  return true;
}

/** Runs the script's main, stops every process and cluster, and exits 0, 1 on a violation, 2 when the run itself failed. */
export function runMain(main: () => Promise<boolean>): void {
  main().then(
    async (passed) => {
      await stopAll();
      process.exit(passed ? 0 : 1);
    },
    async (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      await stopAll();
      process.exit(2);
    },
  );
}
