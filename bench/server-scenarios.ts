/**
 * What `npm run bench` measures on the real server (bench/run.ts): the request scenarios beside a
 * bare server serving the real bytes, once per mode of `--mode` (cached, then cold: bench/cold.ts),
 * then the checkout flows beside theirs.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BareRoute } from './bare.js';
import type { BenchData } from './bench-data.js';
import { captureFlow, FLOW_ROUTES, STEPS } from './checkout-flow.js';
import { capturePool, drawColdSample, type Pool } from './cold.js';
import { DATA_DIR } from './dataset.js';
import { fetchAnswer, fetchBody, measure, measureFlow, requestOf, RESUME_SECONDS, type FlowRow, type LoadOptions, type Mode, type Row } from './measure.js';
import { FLOW, FLOW_CODE, type FlowScenario, type Scenario, type ScenarioContext } from './scenarios.js';
import { startBareServer, startRealServer, stop, type RunningServer } from './servers.js';

export const PROFILE_DIR = join(DATA_DIR, 'profiles');

/** `--mode`: the reads as the server runs by default (`cached`), with its response cache off and a pool of requests (`cold`), or both. */
export type RunMode = 'cached' | 'cold' | 'both';

export interface ServerRunOptions extends LoadOptions {
  mode: RunMode;
  /** The most distinct requests of a read scenario's cold pool. */
  pool: number;
  workers: number;
  cpuProf: boolean;
  /** The request scenarios chosen, reads first. */
  scenarios: Scenario[];
  /** Whether `checkout-flow` and `checkout-flow-code` were chosen. */
  flow: boolean;
  flowCode: boolean;
}

const log = (text: string) => process.stderr.write(`${text}\n`);

/** A cart for `cart-update`, made through the API as a storefront makes one. */
async function makeCart(base: string, data: BenchData): Promise<string> {
  const response = await fetch(`${base}/v1/carts`, {
    method: 'POST',
    headers: { 'channel-key': data.channelKey, 'content-type': 'application/json' },
    body: '{}',
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`cart-update: POST /v1/carts answered ${response.status}: ${text.slice(0, 500)}`);
  return (JSON.parse(text) as { data: { id: string } }).data.id;
}

/** A discount code for `checkout-flow-code`, made through the admin API (10 % off every item, no usage limit). */
async function makeDiscountCode(base: string, data: BenchData): Promise<string> {
  const code = `BENCH-${process.pid}-${Date.now().toString(36)}`;
  const response = await fetch(`${base}/v1/discounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${data.adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code, title: 'Benchmark: 10 % off', kind: 'percentage', value: 1000 }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`${FLOW_CODE.name}: POST /v1/discounts answered ${response.status}: ${text.slice(0, 500)}`);
  return code;
}

/** The server states each `--mode` measures the request scenarios in, in order. */
const MODES: Record<RunMode, Mode[]> = { cached: ['cached'], cold: ['cold'], both: ['cached', 'cold'] };

/** One real server's part of a run: its mode, whether it serves the shop front, and the scenarios measured on it. */
interface Stage {
  mode: Mode;
  shop: boolean;
  scenarios: Scenario[];
}

/**
 * Per mode, the API's scenarios on a server of their own; in the cold mode the shop front's pages
 * first, on one with the shop on, so the API's figures are measured without Next.js in its process
 * and the flows, which run on the last server, too.
 */
function stagesOf(opts: ServerRunOptions): Stage[] {
  const pages = opts.scenarios.filter((s) => s.page);
  const api = opts.scenarios.filter((s) => !s.page);
  return MODES[opts.mode].flatMap((mode) => [
    ...(mode === 'cold' && pages.length > 0 ? [{ mode, shop: true, scenarios: pages }] : []),
    { mode, shop: false, scenarios: api },
  ]);
}

/**
 * The request scenarios and the checkout flows: the real server, and the bare one when needed. The
 * request scenarios once per mode, each mode on a server of its own (a cold one with its response
 * cache off; the shop front's pages on another, cold only); the flows once, after them, on the last one.
 */
export async function measureOnServer(opts: ServerRunOptions, data: BenchData): Promise<{ rows: Row[]; flowRow: FlowRow | undefined; flowCodeRow: FlowRow | undefined }> {
  const stages = stagesOf(opts);
  const rows: Row[] = [];
  const pageRows: Row[] = [];
  const flows = opts.flow || opts.flowCode;
  let real: RunningServer | undefined;
  for (const [i, stage] of stages.entries()) {
    const last = i === stages.length - 1;
    if (stage.scenarios.length === 0 && !(last && flows)) continue;
    if (real) await stop(real.child);
    real = await startRealServer({
      url: data.url,
      adminKey: data.adminKey,
      channelKey: data.channelKey,
      workers: opts.workers,
      profileDir: opts.cpuProf ? join(PROFILE_DIR, 'real') : undefined,
      shop: stage.shop,
      cacheTtlMs: stage.mode === 'cold' ? 0 : undefined,
    });
    log(`Real server on ${real.base}${opts.workers > 1 ? ` (${opts.workers} API processes)` : ''}${stage.mode === 'cold' ? ', its response cache off' : ''}${stage.shop ? ', the shop front on' : ''}`);
    // stage.scenarios holds the reads first: every write empties the storefront cache the reads measure.
    (stage.shop ? pageRows : rows).push(...(await measureRequests(opts, data, real, stage.mode, stage.scenarios)));
  }
  // The pages after the API's rows in the tables.
  rows.push(...pageRows);
  const server = real!;

  const flowRow = opts.flow ? await measureFlowBesideBare(opts, data, server, FLOW) : undefined;
  const flowCodeRow = opts.flowCode
    ? await measureFlowBesideBare(opts, { ...data, discountCode: await makeDiscountCode(server.base, data) }, server, FLOW_CODE)
    : undefined;
  // Done: stopped now, so it idles beside no later scenario.
  await stop(server.child);
  return { rows, flowRow, flowCodeRow };
}

/**
 * Request scenarios on one real server, beside a bare one serving the real bytes. In a cold mode each
 * read scenario sends its pool (bench/cold.ts), captured from the real server first; the others
 * their one request.
 */
async function measureRequests(opts: ServerRunOptions, data: BenchData, real: RunningServer, mode: Mode, scenarios: Scenario[]): Promise<Row[]> {
  if (scenarios.length === 0) return [];
  const c: ScenarioContext = { data };
  if (scenarios.some((s) => s.name === 'cart-update')) c.cartId = await makeCart(real.base, data);
  const coldOnes = mode === 'cold' ? scenarios.filter((s) => s.cold) : [];
  const sample = coldOnes.length > 0 ? await drawColdSample(data, opts.pool) : undefined;
  const routes: BareRoute[] = [];
  const pools = new Map<string, Pool>();
  for (const scenario of scenarios) {
    const route: BareRoute = { method: scenario.method, url: scenario.route, scenario: scenario.name, ...(scenario.page ? { contentType: 'text/html; charset=utf-8' } : {}) };
    if (sample && coldOnes.includes(scenario)) {
      const pool = await capturePool(real.base, c, scenario, sample, opts.pool);
      const poolFile = join(DATA_DIR, 'bodies', `${scenario.name}.cold.json`);
      writeFileSync(poolFile, JSON.stringify(Object.fromEntries(pool.paths.map((path, i) => [path, pool.bodies[i]!.toString()]))));
      routes.push({ ...route, poolFile });
      pools.set(scenario.name, pool);
      log(`  ${scenario.name}: a cold pool of ${pool.paths.length} requests`);
    } else {
      const body = await fetchBody(real.base, c, scenario);
      const bodyFile = join(DATA_DIR, 'bodies', `${scenario.name}.json`);
      writeFileSync(bodyFile, body);
      routes.push({ ...route, bodyFile });
      pools.set(scenario.name, { paths: [requestOf(scenario, c).path], bodies: [body] });
    }
  }
  const bare = await startBare(opts, routes, mode === 'cold' ? 'bare-cold-routes.json' : 'bare-routes.json');
  for (const scenario of scenarios) {
    const { paths, bodies } = pools.get(scenario.name)!;
    for (const [i, path] of paths.entries()) {
      const same = await fetchAnswer(bare.base, { ...requestOf(scenario, c), path }, scenario, c);
      if (!same.equals(bodies[i]!)) throw new Error(`${scenario.name}: the bare server does not serve the real bytes of ${path}`);
    }
  }
  log(`Bare server on ${bare.base}`);

  const total = scenarios.length * (2 * opts.warmup + 2 * opts.rounds * opts.duration);
  log(`Measuring ${scenarios.length} scenario(s)${mode === 'cold' ? ' cold' : ''}, ${opts.connections} connections, ${opts.rounds} × ${opts.duration} s rounds (about ${total} s)…`);
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    const { paths, bodies } = pools.get(scenario.name)!;
    const meanBytes = bodies.reduce((sum, body) => sum + body.length, 0) / bodies.length;
    const servers = { realBase: real.base, realPid: real.child.pid, bareBase: bare.base };
    rows.push(await measure(opts, c, scenario, servers, meanBytes, mode, coldOnes.includes(scenario) ? paths : undefined));
  }
  await stop(bare.child);
  return rows;
}

/** Writes the routes file and starts bench/bare.ts on it. */
async function startBare(opts: ServerRunOptions, routes: BareRoute[], fileName: string): Promise<RunningServer> {
  const routesFile = join(DATA_DIR, fileName);
  writeFileSync(routesFile, JSON.stringify(routes, null, 2));
  return startBareServer(routesFile, opts.cpuProf ? join(PROFILE_DIR, 'bare') : undefined);
}

/**
 * The checkout flow on the real server and on a bare server answering each of the five steps with
 * the real server's answer to one flow (same bytes, same status), alternating.
 */
async function measureFlowBesideBare(opts: ServerRunOptions, data: BenchData & { discountCode?: string }, real: RunningServer, flow: FlowScenario): Promise<FlowRow> {
  const answers = await captureFlow(real.base, data);
  const routes = STEPS.map((step): BareRoute => {
    const bodyFile = join(DATA_DIR, 'bodies', `${flow.name}-${step}.json`);
    writeFileSync(bodyFile, answers[step]);
    const { method, route, status } = FLOW_ROUTES[step];
    return { method, url: route, scenario: `${flow.name}:${step}`, bodyFile, status };
  });
  const bare = await startBare(opts, routes, `bare-${flow.name}-routes.json`);
  const served = await captureFlow(bare.base, data);
  const differing = STEPS.filter((step) => !served[step].equals(answers[step]));
  if (differing.length > 0) throw new Error(`${flow.name}: the bare server does not serve the real bytes (${differing.join(', ')})`);
  log(`Bare server for ${flow.name} on ${bare.base}`);
  const seconds = 2 * opts.warmup + opts.rounds * 2 * (RESUME_SECONDS + opts.duration);
  log(`Measuring ${flow.name}, ${opts.connections} buyers, ${opts.rounds} × ${opts.duration} s rounds each side (about ${seconds} s)…`);
  const row = await measureFlow(opts, data, { realBase: real.base, realPid: real.child.pid, bareBase: bare.base });
  await stop(bare.child);
  return row;
}
