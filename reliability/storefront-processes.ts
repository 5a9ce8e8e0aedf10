/**
 * The processes under test, as production runs them: `node dist/cli.js serve` and
 * `node dist/cli.js worker` (bench/servers.ts serverCommand compiles dist/ once per run). Each one's
 * output goes to its own log file (a run that takes the database away logs a line per failed
 * request), and each is stopped when the run ends (bench/servers.ts onStop), on error and on SIGINT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, onStop, ROOT, serverCommand, stop, waitForHealth } from '../bench/servers.js';

/** What every process of a run shares: the database, known keys, no rate limit, no demo store. */
export function baseEnv(options: { url: string; adminKey: string; channelKey: string }): Record<string, string> {
  return {
    DATABASE_URL: options.url,
    STOREFRONT_ADMIN_KEY: options.adminKey,
    STOREFRONT_CHANNEL_KEY: options.channelKey,
    STOREFRONT_DEMO: '0',
    STOREFRONT_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
  };
}

export interface Spawned {
  label: string;
  child: ChildProcess;
  /** Where its stdout and stderr go. */
  logFile: string;
}

let logDir: string | undefined;

/** The run's log folder (a new temporary directory, kept after the run for reading). */
export function runLogDir(): string {
  logDir ??= mkdtempSync(join(tmpdir(), 'storefront-reliability-logs-'));
  return logDir;
}

/** Spawns `node dist/cli.js <command> ARGS` from the project root with `env` added; stopped at the end of the run. */
export function spawnStorefront(label: string, command: 'serve' | 'worker', args: string[], env: Record<string, string>): Spawned {
  const logFile = join(runLogDir(), `${label}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [...serverCommand(command), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  child.once('exit', () => setTimeout(() => log.end(), 100));
  onStop(() => stop(child));
  return { label, child, logFile };
}

export interface ApiProcess extends Spawned {
  base: string;
  /** The process id it started with: the run checks the server was never restarted. */
  pid: number;
}

/** `storefront serve` on a free loopback port; resolves once /health answers. */
export async function startApi(label: string, env: Record<string, string>, args: string[] = []): Promise<ApiProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const spawned = spawnStorefront(label, 'serve', args, { ...env, HOST: '127.0.0.1', PORT: String(port) });
  await waitForHealth(label, spawned.child, base);
  return { ...spawned, base, pid: spawned.child.pid! };
}

/** Whether the process is still the one started (not exited). */
export function alive(spawned: Spawned): boolean {
  return spawned.child.exitCode === null && spawned.child.signalCode === null;
}
