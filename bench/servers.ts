/**
 * The harness's child processes: the real server, the bare one, the webhook worker, and whatever else
 * must stop with the run (the embedded PostgreSQL). Every one started here is stopped at the end, on
 * error and on SIGINT/SIGTERM; every wait has a deadline.
 *
 * Also the memory probe: the resident set size of a server and of its children (the API processes
 * of `serve --workers N`), read from /proc on Linux.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { resolve } from 'node:path';
import { BENCH_DIR } from './dataset.js';

export const ROOT = resolve(BENCH_DIR, '..');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const RSS_SAMPLE_MS = 250;

const children: ChildProcess[] = [];
/** Stopped after the children (a database the servers use goes last). */
const cleanups: Array<() => Promise<void>> = [];

/** Listens on a free 127.0.0.1 port (an HTTP server too); resolves with the port. */
export function listenOnLoopback(server: Server): Promise<number> {
  return new Promise((resolvePort, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolvePort(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

export async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listenOnLoopback(server);
  await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
  return port;
}

/**
 * Spawns `node ARGS` from the project root; its output goes to `output`, by default to stderr with
 * each line tagged `[label]`.
 */
export function start(label: string, args: string[], env: Record<string, string>, output?: (chunk: Buffer) => void): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const forward = output ?? ((chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim() !== '') process.stderr.write(`[${label}] ${line}\n`);
  });
  child.stdout!.on('data', forward);
  child.stderr!.on('data', forward);
  return child;
}

/** Whether the process has exited (or was killed). */
export function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

export async function waitForHealth(label: string, child: ChildProcess, base: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`${label} exited (${child.exitCode ?? child.signalCode}) before answering /health`);
    try {
      const response = await fetch(`${base}/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${label} did not answer ${base}/health within ${START_TIMEOUT_MS / 1000} s`);
}

/**
 * With `serve --workers N` one API process answering /health says nothing of the others: waits until
 * the primary has N children (on Linux; elsewhere it cannot tell, and returns).
 */
export async function waitForWorkers(label: string, child: ChildProcess, count: number): Promise<void> {
  if (count <= 1 || process.platform !== 'linux' || child.pid === undefined) return;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`${label} exited (${child.exitCode ?? child.signalCode}) before its ${count} API processes started`);
    if (childPids(child.pid).length >= count) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${label} did not start its ${count} API processes within ${START_TIMEOUT_MS / 1000} s`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (exited(child)) return;
  const done = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await done;
  clearTimeout(timer);
}

/** Runs `cleanup` when the run ends (after the children have stopped), on success, error or signal. */
export function onStop(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

/** Stops every child, then runs the cleanups, last registered first. Safe to call more than once. */
export async function stopAll(): Promise<void> {
  await Promise.all(children.map(stop));
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop()!;
    try {
      await cleanup();
    } catch (error) {
      process.stderr.write(`cleanup failed: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: stopping the servers\n`);
    void stopAll().finally(() => process.exit(130));
  });
}

// --- memory ----------------------------------------------------------------------------------

/** The direct children of a process (the forks of a cluster's primary). */
function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter((p) => p !== '').map(Number);
  } catch {
    try {
      return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
        .trim().split('\n').filter((p) => p !== '').map(Number);
    } catch {
      return [];
    }
  }
}

/** VmRSS of one process, in bytes; 0 when it is gone. */
function rssOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User and system CPU time of one process (all its threads), in ms; 0 when it is gone. */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command (which may hold spaces) in parentheses; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU time a process and its direct children have used, in ms; undefined where /proc cannot be read. */
export function treeCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  return [pid, ...childPids(pid)].reduce((sum, p) => sum + cpuMsOf(p), 0);
}

/** The resident set of a process and its direct children together, in bytes. */
export function treeRss(pid: number): number {
  return [pid, ...childPids(pid)].reduce((sum, p) => sum + rssOf(p), 0);
}

export interface RssProbe {
  /** Stops sampling; the largest sample in bytes, or undefined where /proc cannot be read. */
  stop(): number | undefined;
}

/** Samples the RSS of `pid` and its children every 250 ms until stopped. */
export function sampleRss(pid: number | undefined): RssProbe {
  if (pid === undefined || process.platform !== 'linux') return { stop: () => undefined };
  let max = treeRss(pid);
  const timer = setInterval(() => {
    max = Math.max(max, treeRss(pid));
  }, RSS_SAMPLE_MS);
  // Never what keeps the harness running.
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      max = Math.max(max, treeRss(pid));
      return max > 0 ? max : undefined;
    },
  };
}

// --- the servers under test ------------------------------------------------------------------

export interface RealServerOptions {
  /** DATABASE_URL */
  url: string;
  adminKey: string;
  channelKey: string;
  /** `serve --workers N` when above 1. */
  workers: number;
  /** Where `--cpu-prof` writes the profiles; none when undefined. */
  profileDir?: string;
  /** Serve the shop front at `/` too (STOREFRONT_SHOP=1); the API's own figures are measured without it. */
  shop?: boolean;
  /** STOREFRONT_CACHE_TTL_MS; the server's default when undefined, 0 turns the storefront's response cache off. */
  cacheTtlMs?: number;
}

export interface RunningServer {
  child: ChildProcess;
  base: string;
}

let built = false;

const ENTRY_POINT = 'bin/storefront.js';

/** The node flags the `storefront` command's shebang gives (`#!/usr/bin/env -S node --flag …`). */
function entryPointNodeFlags(): string[] {
  const shebang = readFileSync(resolve(ROOT, ENTRY_POINT), 'utf8').split('\n', 1)[0]!;
  const words = shebang.split(/\s+/);
  return words.slice(words.indexOf('node') + 1);
}

/**
 * The server as it runs in production: built into dist/ when its sources changed (as `npm start`
 * builds it: scripts/build-if-changed.js), then the `storefront` command with its node flags. Running
 * it through tsx would add its loader's compile work and some 40 MB of memory to every figure.
 */
export function serverCommand(command: 'serve' | 'worker'): string[] {
  if (!built) {
    execFileSync(process.execPath, [resolve(ROOT, 'scripts/build-if-changed.js')], { cwd: ROOT, stdio: 'inherit' });
    built = true;
  }
  return [...entryPointNodeFlags(), ENTRY_POINT, command];
}

let shopBuilt = false;

/** The shop front built into shop/.next/ when its sources changed, whatever STOREFRONT_SHOP says to the default build. */
function buildShop(): void {
  if (shopBuilt) return;
  execFileSync(process.execPath, [resolve(ROOT, 'scripts/build-if-changed.js'), 'shop'], { cwd: ROOT, stdio: 'inherit' });
  shopBuilt = true;
}

/** `storefront serve [--workers N]` on a free loopback port, rate limiting off; waits for /health and for its API processes. */
export async function startRealServer(options: RealServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profile = options.profileDir ? ['--cpu-prof', '--cpu-prof-dir', options.profileDir] : [];
  const workers = options.workers > 1 ? ['--workers', String(options.workers)] : [];
  if (options.shop) buildShop();
  const child = start('server', [...profile, ...serverCommand('serve'), ...workers], {
    DATABASE_URL: options.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    STOREFRONT_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
    STOREFRONT_DEMO: '0',
    STOREFRONT_SHOP: options.shop ? '1' : '0',
    STOREFRONT_ADMIN_KEY: options.adminKey,
    STOREFRONT_CHANNEL_KEY: options.channelKey,
    // The generated events are dated from a fixed day in the past (bench/scale.ts): with the default
    // retention of 30 days, the server's hourly prune (run at start) would delete them all.
    STOREFRONT_EVENT_RETENTION_DAYS: '36500',
    ...(options.cacheTtlMs === undefined ? {} : { STOREFRONT_CACHE_TTL_MS: String(options.cacheTtlMs) }),
  });
  await waitForHealth('the real server', child, base);
  await waitForWorkers('the real server', child, options.workers);
  return { child, base };
}

/** bench/bare.ts on a free loopback port, serving the routes file; waits for /health. */
export async function startBareServer(routesFile: string, profileDir?: string): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const child = start('bare', [...profile, '--import', 'tsx', 'bench/bare.ts'], { PORT: String(port), BARE_ROUTES: routesFile });
  await waitForHealth('the bare server', child, base);
  return { child, base };
}
