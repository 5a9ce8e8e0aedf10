import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { freePort } from './ports.js';

const run = promisify(execFile);

/**
 * The `storefront` the tests start as a process: the compiled CLI, built from the current sources
 * before the run (test/helpers/builds.ts), as `npm start` runs it. Run from source under tsx instead,
 * each start would transform the TypeScript again.
 */
export const CLI = 'dist/cli.js';

/**
 * The environment of a started server: this process's, without what the shop tests set for the shop
 * of their app (test/helpers/shop.ts), and without a shop of its own unless the test asks for one.
 */
function serverEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { STOREFRONT_API_URL: _api, STOREFRONT_CHANNEL_KEY: _key, ...inherited } = process.env;
  return { ...inherited, LOG_LEVEL: 'warn', STOREFRONT_SHOP: '0', ...env };
}

/**
 * Runs `storefront ARGS` to its end: its exit code and what it printed, stdout then stderr. One that
 * has not ended within a minute (a command that went on to serve) is killed and fails the test.
 */
export async function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      env: serverEnv(env),
      timeout: 60_000,
      killSignal: 'SIGKILL',
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

export interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/** Starts `storefront serve` (with `args`) as a child process on a free port and waits for /health. */
export async function startServer(env: Record<string, string>, args: string[] = []): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [CLI, 'serve', ...args], {
    env: serverEnv({ HOST: '127.0.0.1', PORT: String(port), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  // Generous: on a loaded 2-core machine, starting the server has taken over 15 s.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return { child, base, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer /health:\n${output}`);
}

/** Sends a signal and resolves with the exit code. */
export function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    // A child killed by a signal has no exit code, only a signal code: it is gone all the same.
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

/** JSON calls to a running server with a sales channel's key: each answers its status and parsed body. */
export function channelCaller(base: string, channelKey: string) {
  return async (method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'channel-key': channelKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
}
