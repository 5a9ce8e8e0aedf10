/**
 * Measuring: autocannon runs against the real server and the bare route, alternating, with medians
 * of the rounds; the checkout flow's rounds; and the real server's RSS during its measured rounds
 * (the warm-ups are left out), sampled every 250 ms. A cold run (bench/cold.ts) sends a pool of paths
 * instead of one: each connection walks the pool from its own place in it, the same on each run, so
 * the real and the bare server are sent the same requests in the same order.
 */
import autocannon, { type Client, type Result } from 'autocannon';
import { startCheckoutFlow, STEPS, type FlowDriver, type FlowResult, type Step } from './checkout-flow.js';
import type { BenchData } from './bench-data.js';
import type { Scenario, ScenarioContext } from './scenarios.js';
import { sampleRss, treeCpuMs } from './servers.js';
import { checkHtml } from './shop-pages.js';

const SETTLE_TIMEOUT_MS = 60_000;
/** How long autocannon waits for an answer before counting a timeout (which fails the run). */
const TIMEOUT_SECONDS = 10;
/** The same with `allowEmpty`: at 1M products a deep page sorted by another key took 9 s a request on SQLite. */
const SLOW_TIMEOUT_SECONDS = 60;
/** The harness's own one-off requests (answers captured before measuring): a deadline against a hang, not a limit on a slow query. */
const FETCH_TIMEOUT_MS = 60_000;

export interface LoadOptions {
  duration: number;
  rounds: number;
  warmup: number;
  connections: number;
  /**
   * Records a round without a single answer (no error either: every request still under way) as
   * 0 req/s with unknown latencies instead of failing, and lets a request take up to
   * SLOW_TIMEOUT_SECONDS. For the `--scale` curves, where a request at the largest size may be slower
   * than a short round.
   */
  allowEmpty?: boolean;
}

export interface Round {
  rps: number;
  p50: number;
  p99: number;
  /** Mean latency, in fractions of a millisecond (p50 and p99 are whole milliseconds). */
  avg: number;
  requests: number;
}

/** `cached`: the server as it runs by default; `cold`: its response cache off, and for a read scenario a pool of requests instead of one (bench/cold.ts). */
export type Mode = 'cached' | 'cold';

export interface Row {
  scenario: Scenario;
  mode: Mode;
  title: string;
  /** The answer's size; the mean of the pool's in a cold run. */
  bodyBytes: number;
  /** How many distinct requests were sent in turn (a cold run's pool); undefined: one. */
  pool?: number;
  real: Round;
  /** Undefined when measured without the bare route (the `--scale` curves). */
  bare?: Round;
  /** Median of the per-round real ÷ bare ratios; NaN without the bare route. */
  ratio: number;
  realRounds: Round[];
  bareRounds: Round[];
  /** The real server's largest RSS during the measured rounds, in bytes (its API processes included). */
  rss?: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Medians of the rounds that had answers (all of them but with `allowEmpty`). */
function medianRound(all: Round[]): Round {
  const rounds = all.filter((r) => r.requests > 0);
  if (rounds.length === 0) return all[0]!;
  return {
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    avg: median(rounds.map((r) => r.avg)),
    requests: median(rounds.map((r) => r.requests)),
  };
}

export interface Request {
  method: 'GET' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Paths sent in turn instead of `path` (a cold run's pool). */
  paths?: string[];
}

export function requestOf(scenario: Scenario, c: ScenarioContext): Request {
  return {
    method: scenario.method,
    path: scenario.path(c),
    headers: { ...scenario.headers(c), 'x-bench-scenario': scenario.name },
    body: scenario.body?.(c),
  };
}

/**
 * Gives each of autocannon's connections the pool to walk in turn, connection k of n starting at the
 * pool's k/n: no two connections ask the same path at once, and the same run of paths goes to either
 * server. Built once per connection: a request made anew before each send (autocannon's
 * `setupRequest`) cost the load generator a quarter of the bare route's req/s on this machine.
 */
function poolClients(paths: string[], connections: number): (client: Client) => void {
  let started = 0;
  return (client) => {
    const from = Math.floor((started++ * paths.length) / connections) % paths.length;
    client.setRequests([...paths.slice(from), ...paths.slice(0, from)].map((path) => ({ path })));
  };
}

/** One autocannon run; throws on any non-2xx answer, socket error or timeout, and on no answer at all unless `allowEmpty`. */
async function load(label: string, base: string, request: Request, seconds: number, connections: number, allowEmpty = false): Promise<Round> {
  const result: Result = await autocannon({
    url: base + request.path,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections,
    duration: seconds,
    timeout: allowEmpty ? SLOW_TIMEOUT_SECONDS : TIMEOUT_SECONDS,
    ...(request.paths ? { setupClient: poolClients(request.paths, connections) } : {}),
  });
  const codes = Object.entries(result.statusCodeStats).map(([code, { count }]) => `${code}×${count}`).join(', ');
  const empty = result['2xx'] === 0 && result.non2xx === 0 && result.errors === 0 && result.timeouts === 0;
  if (empty && allowEmpty) return { rps: 0, p50: Number.NaN, p99: Number.NaN, avg: Number.NaN, requests: 0 };
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0 || result['2xx'] === 0) {
    throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts (status codes: ${codes || 'none'})`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    avg: result.latency.average,
    requests: result['2xx'],
  };
}

/**
 * Waits until the server answers /health: requests autocannon left under way when it stopped are
 * still being worked on, and must not weigh on the next run.
 */
async function settle(base: string): Promise<void> {
  const response = await fetch(`${base}/health`, { signal: AbortSignal.timeout(SETTLE_TIMEOUT_MS) });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${base}/health answered ${response.status} after a run`);
}

/**
 * A warm-up on each server, then `rounds` rounds of `duration` seconds, real then bare; without
 * `bareBase` the real server alone. `realPid` is the real server's process, for its RSS. `mode` says
 * whether the real server keeps answers; with a `pool` (cold) the pool's paths are sent in turn, and
 * `bodyBytes` is their mean answer.
 */
export async function measure(
  opts: LoadOptions,
  c: ScenarioContext,
  scenario: Scenario,
  servers: { realBase: string; realPid: number | undefined; bareBase?: string },
  bodyBytes: number,
  mode: Mode = 'cached',
  pool?: string[],
): Promise<Row> {
  const request = { ...requestOf(scenario, c), ...(pool ? { path: pool[0]!, paths: pool } : {}) };
  const { realBase, bareBase } = servers;
  const log = (text: string) => process.stderr.write(`  ${scenario.name}: ${text}\n`);
  log(`warm-up ${opts.warmup} s${bareBase ? ' each' : ''}`);
  await load(`${scenario.name} real warm-up`, realBase, request, opts.warmup, opts.connections, opts.allowEmpty);
  await settle(realBase);
  if (bareBase) await load(`${scenario.name} bare warm-up`, bareBase, request, opts.warmup, opts.connections);
  const realRounds: Round[] = [];
  const bareRounds: Round[] = [];
  let rss: number | undefined;
  for (let round = 1; round <= opts.rounds; round++) {
    const probe = sampleRss(servers.realPid);
    let real: Round;
    try {
      real = await load(`${scenario.name} real round ${round}`, realBase, request, opts.duration, opts.connections, opts.allowEmpty);
    } finally {
      const sampled = probe.stop();
      if (sampled !== undefined) rss = Math.max(rss ?? 0, sampled);
    }
    await settle(realBase);
    realRounds.push(real);
    const text = `round ${round}/${opts.rounds}: real ${real.rps.toFixed(0)} req/s (p50 ${real.p50} ms, p99 ${real.p99} ms)`;
    if (bareBase) {
      const bare = await load(`${scenario.name} bare round ${round}`, bareBase, request, opts.duration, opts.connections);
      bareRounds.push(bare);
      log(`${text}, bare ${bare.rps.toFixed(0)} req/s, ratio ${(real.rps / bare.rps).toFixed(3)}`);
    } else {
      log(text);
    }
  }
  // The ratio is the median of each round's ratio: a round is a real run beside a bare run made
  // moments apart, so load on the machine weighs on both sides of one ratio alike.
  const ratio = bareBase ? median(realRounds.map((real, i) => real.rps / bareRounds[i]!.rps)) : Number.NaN;
  return {
    scenario,
    mode,
    title: pool && scenario.cold ? scenario.cold.title(c.data) : scenario.title(c.data),
    bodyBytes,
    pool: pool?.length,
    real: medianRound(realRounds),
    bare: bareBase ? medianRound(bareRounds) : undefined,
    ratio,
    realRounds,
    bareRounds,
    rss,
  };
}

/** The real answer of a scenario, sent once: it must be a 200 with a body that passes the scenario's check. */
export function fetchBody(base: string, c: ScenarioContext, scenario: Scenario): Promise<Buffer> {
  return fetchAnswer(base, requestOf(scenario, c), scenario, c);
}

/** Socket errors of a kept-alive connection closed under the request, which a second try on a new one gets past. */
const RESET = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * fetch, tried again (up to twice) when the connection was reset under it: drawing a cold pool sends
 * hundreds of requests one after another on kept-alive connections, and on a loaded machine one of
 * them now and then met a reset (`read ECONNRESET`) that failed the whole run. Only the harness's own
 * one-off requests come here (the scenarios' requests are idempotent); autocannon's load never does.
 */
async function fetchRetrying(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (attempt >= 3 || !code || !RESET.has(code)) throw error;
      process.stderr.write(`  ${init.method ?? 'GET'} ${url}: ${code}, trying again\n`);
    }
  }
}

/**
 * The answer to one request of a scenario (its own or one of its cold pool), checked as `fetchBody`
 * checks it: a 200, JSON passed to the scenario's check parsed, or a shop front's page (HTML) passed as text.
 */
export async function fetchAnswer(base: string, request: Request, scenario: Scenario, c: ScenarioContext): Promise<Buffer> {
  const response = await fetchRetrying(base + request.path, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const body = Buffer.from(await response.arrayBuffer());
  const asked = `${scenario.name} (${request.path})`;
  if (response.status !== 200) throw new Error(`${asked}: the server answered ${response.status}: ${body.toString().slice(0, 500)}`);
  const contentType = response.headers.get('content-type') ?? '';
  try {
    if (scenario.page) {
      checkHtml(request.path, contentType);
      scenario.check?.(body.toString(), c, request.path);
    } else {
      if (!contentType.startsWith('application/json')) throw new Error(`not JSON (${contentType})`);
      scenario.check?.(JSON.parse(body.toString()), c, request.path);
    }
  } catch (error) {
    throw new Error(`${asked}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return body;
}

// --- the checkout flow -----------------------------------------------------------------------

export interface FlowRound {
  flowsPerSecond: number;
  requestsPerSecond: number;
  flows: number;
  p50: number;
  p99: number;
  steps: Record<Step, { p50: number; p99: number }>;
  /** CPU time the server (all its threads and processes) used per flow during the round, in ms. */
  cpuMsPerFlow?: number;
}

export interface FlowRow {
  /** Medians of the rounds. */
  median: FlowRound;
  rounds: FlowRound[];
  /** The same flow against the bare server (its five answers, fixed): medians, and each round. */
  bare?: FlowRound;
  bareRounds: FlowRound[];
  /** Median of the per-round real ÷ bare flows/s; NaN without the bare server. */
  ratio: number;
  rss?: number;
}

/** After a pause, the buyers run this long before a round counts, so it does not start empty. */
export const RESUME_SECONDS = 2;

function flowRound(result: FlowResult): FlowRound {
  return {
    flowsPerSecond: result.flowsPerSecond,
    requestsPerSecond: result.requestsPerSecond,
    flows: result.flows,
    p50: result.flow.p50,
    p99: result.flow.p99,
    steps: Object.fromEntries(STEPS.map((s) => [s, { p50: result.steps[s].p50, p99: result.steps[s].p99 }])) as FlowRound['steps'],
  };
}

function medianFlowRound(rounds: FlowRound[]): FlowRound {
  const med = (pick: (r: FlowRound) => number) => median(rounds.map(pick));
  return {
    flowsPerSecond: med((r) => r.flowsPerSecond),
    requestsPerSecond: med((r) => r.requestsPerSecond),
    flows: med((r) => r.flows),
    p50: med((r) => r.p50),
    p99: med((r) => r.p99),
    steps: Object.fromEntries(STEPS.map((s) => [s, { p50: med((r) => r.steps[s].p50), p99: med((r) => r.steps[s].p99) }])) as FlowRound['steps'],
    ...(rounds.every((r) => r.cpuMsPerFlow !== undefined) ? { cpuMsPerFlow: med((r) => r.cpuMsPerFlow!) } : {}),
  };
}

/**
 * The flow's buyers against the real server and, with `bareBase`, the same buyers against the bare
 * server, alternating round by round as the request scenarios do: one side's buyers pause (finish
 * their flows) while the other's run, and each side runs RESUME_SECONDS before its round counts.
 */
export async function measureFlow(
  opts: LoadOptions,
  data: BenchData,
  servers: { realBase: string; realPid: number | undefined; bareBase?: string },
): Promise<FlowRow> {
  const log = (text: string) => process.stderr.write(`  checkout-flow: ${text}\n`);
  const drivers = { connections: opts.connections, dataset: data, paused: true };
  const real = startCheckoutFlow({ ...drivers, base: servers.realBase, label: 'checkout-flow real' });
  const bare = servers.bareBase ? startCheckoutFlow({ ...drivers, base: servers.bareBase, label: 'checkout-flow bare' }) : undefined;
  const rounds: FlowRound[] = [];
  const bareRounds: FlowRound[] = [];
  let rss: number | undefined;
  /** One side's round: its buyers resume, warm up, are measured (the real server's RSS with them), and pause. */
  const run = async (driver: FlowDriver, warmUp: number, label: string, pid?: number) => {
    driver.resume();
    await driver.warmUp(warmUp);
    const probe = sampleRss(pid);
    const cpuBefore = treeCpuMs(pid);
    let result: FlowRound;
    try {
      result = flowRound(await driver.measure(opts.duration, label));
      const cpuAfter = treeCpuMs(pid);
      if (cpuBefore !== undefined && cpuAfter !== undefined && result.flows > 0) result.cpuMsPerFlow = (cpuAfter - cpuBefore) / result.flows;
    } finally {
      const sampled = probe.stop();
      if (sampled !== undefined) rss = Math.max(rss ?? 0, sampled);
    }
    await driver.pause();
    return result;
  };
  try {
    log(`warm-up ${opts.warmup} s${bare ? ' each' : ''}`);
    if (bare) {
      bare.resume();
      await bare.warmUp(opts.warmup);
      await bare.pause();
    }
    for (let round = 1; round <= opts.rounds; round++) {
      const r = await run(real, round === 1 ? opts.warmup : RESUME_SECONDS, `round ${round}`, servers.realPid);
      rounds.push(r);
      const cpu = r.cpuMsPerFlow === undefined ? '' : `, server CPU ${r.cpuMsPerFlow.toFixed(2)} ms a flow`;
      const text = `round ${round}/${opts.rounds}: ${r.flowsPerSecond.toFixed(1)} flows/s (${r.flows} flows), ${r.requestsPerSecond.toFixed(0)} req/s, flow p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms${cpu}`;
      if (bare) {
        const b = await run(bare, RESUME_SECONDS, `round ${round}`);
        bareRounds.push(b);
        log(`${text}; bare ${b.flowsPerSecond.toFixed(1)} flows/s, ratio ${(r.flowsPerSecond / b.flowsPerSecond).toFixed(3)}`);
      } else {
        log(text);
      }
    }
  } finally {
    await Promise.all([real.stop(), bare?.stop()]);
  }
  return {
    median: medianFlowRound(rounds),
    rounds,
    bare: bare ? medianFlowRound(bareRounds) : undefined,
    bareRounds,
    ratio: bare ? median(rounds.map((r, i) => r.flowsPerSecond / bareRounds[i]!.flowsPerSecond)) : Number.NaN,
    rss,
  };
}
