/**
 * `npm run bench`: load on the real server against a bare Fastify route serving the same bytes.
 *
 * 1. Generates the catalogue (bench/dataset.ts) into bench/.data/bench.db.
 * 2. Starts the real server as a child process (`node --import tsx src/cli.ts serve`) on a free
 *    loopback port, rate limiting off, and waits for GET /health.
 * 3. Fetches each scenario's answer once from the real server (it must be 200), writes the bytes
 *    under bench/.data/bodies/ and starts bench/bare.ts on another free port serving them verbatim on
 *    the same route pattern.
 * 4. Per scenario: a warm-up on each server, then `--rounds` rounds of `--duration` seconds with
 *    autocannon, alternating real and bare; medians of req/s and of p50/p99 latency.
 * 5. The `checkout-flow` scenario has no bare side: bench/checkout-flow.ts runs `--connections`
 *    virtual buyers through cart → checkout → update → methods → payment (a warm-up, then `--rounds`
 *    rounds of `--duration` seconds); its figures are completed flows/s and the flow's p50/p99. It
 *    runs after the read scenarios, since it writes (orders, customers, stock) and so empties the
 *    storefront cache.
 * 6. The `webhooks` scenario (bench/webhooks.ts) needs neither: `--webhook-events` events, each with a
 *    pending delivery, in a fresh SQLite file; one `storefront worker` delivers them to a local
 *    receiver answering 204; its figure is events delivered (and settled) per second.
 * 7. Prints the tables and the targets; `--write` also records them in BENCHMARKS.md.
 *
 * Every wait has a deadline, both servers listen on 127.0.0.1 only, and both are stopped at the end,
 * on error and on SIGINT/SIGTERM. Any non-2xx answer, socket error or timeout fails the run.
 *
 *   npm run bench -- [--products 10000] [--duration 10] [--rounds 3] [--warmup 3] [--connections 10]
 *                    [--scenarios sku,listing,checkout-flow,webhooks] [--webhook-events 2000] [--write] [--cpu-prof]
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import type { BareRoute } from './bare.js';
import { runCheckoutFlow, STEPS, type FlowResult, type Step } from './checkout-flow.js';
import { BENCH_DIR, DATA_DIR, generateDataset, type Dataset } from './dataset.js';
import { runWebhookBench, type WebhookBenchResult } from './webhooks.js';

const ROOT = resolve(BENCH_DIR, '..');
const START_TIMEOUT_MS = 60_000;
const PROFILE_DIR = join(DATA_DIR, 'profiles');
const STOP_TIMEOUT_MS = 10_000;

interface Scenario {
  name: string;
  title: string;
  /** The route pattern of the real route; the bare server registers the same one. */
  route: string;
  path: (d: Dataset) => string;
  headers: (d: Dataset) => Record<string, string>;
  /** The least real/bare req/s ratio we aim for, where one is set. */
  target?: number;
}

// The storefront (channel key) reads the catalogue through the in-memory cache of DATABASE changes
// (src/http/response-cache.ts); staff (admin key) always read the database. Both are measured.
const scenarios: Scenario[] = [
  {
    name: 'sku',
    title: 'GET /v1/skus/{id} (storefront, channel key)',
    route: '/v1/skus/:id',
    path: (d) => `/v1/skus/${d.skuId}`,
    headers: (d) => ({ 'channel-key': d.channelKey }),
    target: 0.5,
  },
  {
    name: 'listing',
    title: 'GET /v1/collections/{id}/products?per_page=20 (10k-product collection, storefront)',
    route: '/v1/collections/:id/products',
    path: (d) => `/v1/collections/${d.collectionId}/products?per_page=20`,
    headers: (d) => ({ 'channel-key': d.channelKey }),
    target: 0.25,
  },
  {
    name: 'sku-admin',
    title: 'GET /v1/skus/{id} (admin key: no cache)',
    route: '/v1/skus/:id',
    path: (d) => `/v1/skus/${d.skuId}`,
    headers: (d) => ({ authorization: `Bearer ${d.adminKey}` }),
  },
  {
    name: 'listing-admin',
    title: 'GET /v1/collections/{id}/products?per_page=20 (10k-product collection, admin key: no cache)',
    route: '/v1/collections/:id/products',
    path: (d) => `/v1/collections/${d.collectionId}/products?per_page=20`,
    headers: (d) => ({ authorization: `Bearer ${d.adminKey}` }),
  },
];

/** The checkout flow: five dependent requests per flow, measured on the real server alone. */
const FLOW = {
  name: 'checkout-flow',
  title: 'cart (3 skus) → checkout → buyer data → methods → payment (test card), channel key',
  /** The issue's aim for later, in completed flows per second on SQLite: printed, not yet required. */
  target: 500,
} as const;

/** Webhook delivery: events one `storefront worker` delivers per second, on its own database. */
const WEBHOOKS = {
  name: 'webhooks',
  title: 'events delivered per second by one `storefront worker` (SQLite, local receiver answering 204)',
} as const;

interface Options {
  products: number;
  duration: number;
  rounds: number;
  warmup: number;
  connections: number;
  /** The read scenarios chosen (autocannon, against the bare route). */
  scenarios: Scenario[];
  /** Whether `checkout-flow` was chosen. */
  flow: boolean;
  /** Whether `webhooks` was chosen, and how many events it delivers. */
  webhooks: boolean;
  webhookEvents: number;
  write: boolean;
  cpuProf: boolean;
}

function options(): Options {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '10000' },
      duration: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '3' },
      warmup: { type: 'string', default: '3' },
      connections: { type: 'string', default: '10' },
      scenarios: { type: 'string', default: [...scenarios.map((s) => s.name), FLOW.name, WEBHOOKS.name].join(',') },
      'webhook-events': { type: 'string', default: '2000' },
      write: { type: 'boolean', default: false },
      'cpu-prof': { type: 'boolean', default: false },
    },
  });
  const positive = (name: string, raw: string, max: number) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${name} must be an integer from 1 to ${max}, got "${raw}"`);
    return n;
  };
  const names = values.scenarios.split(',').map((name) => name.trim()).filter((name) => name !== '');
  if (names.length === 0) throw new Error('--scenarios names no scenario');
  const chosen = names.filter((name) => name !== FLOW.name && name !== WEBHOOKS.name).map((name) => {
    const found = scenarios.find((s) => s.name === name);
    if (!found) throw new Error(`Unknown scenario "${name}"; known: ${[...scenarios.map((s) => s.name), FLOW.name, WEBHOOKS.name].join(', ')}`);
    return found;
  });
  return {
    products: positive('products', values.products, 1_000_000),
    duration: positive('duration', values.duration, 600),
    rounds: positive('rounds', values.rounds, 20),
    warmup: positive('warmup', values.warmup, 60),
    connections: positive('connections', values.connections, 1000),
    scenarios: chosen,
    flow: names.includes(FLOW.name),
    webhooks: names.includes(WEBHOOKS.name),
    webhookEvents: positive('webhook-events', values['webhook-events'], 1_000_000),
    write: values.write,
    cpuProf: values['cpu-prof'],
  };
}

// --- child processes -------------------------------------------------------------------------

const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

function start(label: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim() !== '') process.stderr.write(`[${label}] ${line}\n`);
  };
  child.stdout!.on('data', forward);
  child.stderr!.on('data', forward);
  return child;
}

async function waitForHealth(label: string, child: ChildProcess, base: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${label} exited (${child.exitCode ?? child.signalCode}) before answering /health`);
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

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

async function stopAll(): Promise<void> {
  await Promise.all(children.map(stop));
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: stopping the servers\n`);
    void stopAll().finally(() => process.exit(130));
  });
}

// --- measuring -------------------------------------------------------------------------------

interface Round {
  rps: number;
  p50: number;
  p99: number;
  avg: number;
  requests: number;
}

interface Row {
  scenario: Scenario;
  bodyBytes: number;
  real: Round;
  bare: Round;
  /** Median of the per-round real ÷ bare ratios. */
  ratio: number;
  realRounds: Round[];
  bareRounds: Round[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function medianRound(rounds: Round[]): Round {
  return {
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    avg: median(rounds.map((r) => r.avg)),
    requests: median(rounds.map((r) => r.requests)),
  };
}

/** One autocannon run; throws on any non-2xx answer, socket error or timeout. */
async function load(label: string, url: string, headers: Record<string, string>, seconds: number, connections: number): Promise<Round> {
  const result: Result = await autocannon({ url, headers, connections, duration: seconds, timeout: 10 });
  const codes = Object.entries(result.statusCodeStats).map(([code, { count }]) => `${code}×${count}`).join(', ');
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

async function measure(opts: Options, dataset: Dataset, realBase: string, bareBase: string, scenario: Scenario, bodyBytes: number): Promise<Row> {
  const path = scenario.path(dataset);
  const headers = { ...scenario.headers(dataset), 'x-bench-scenario': scenario.name };
  const log = (text: string) => process.stderr.write(`  ${scenario.name}: ${text}\n`);
  log(`warm-up ${opts.warmup} s each`);
  await load(`${scenario.name} real warm-up`, realBase + path, headers, opts.warmup, opts.connections);
  await load(`${scenario.name} bare warm-up`, bareBase + path, headers, opts.warmup, opts.connections);
  const realRounds: Round[] = [];
  const bareRounds: Round[] = [];
  for (let round = 1; round <= opts.rounds; round++) {
    const real = await load(`${scenario.name} real round ${round}`, realBase + path, headers, opts.duration, opts.connections);
    realRounds.push(real);
    const bare = await load(`${scenario.name} bare round ${round}`, bareBase + path, headers, opts.duration, opts.connections);
    bareRounds.push(bare);
    log(`round ${round}/${opts.rounds}: real ${real.rps.toFixed(0)} req/s, bare ${bare.rps.toFixed(0)} req/s, ratio ${(real.rps / bare.rps).toFixed(3)}`);
  }
  // The ratio is the median of each round's ratio: a round is a real run beside a bare run made
  // moments apart, so load on the machine weighs on both sides of one ratio alike.
  const ratio = median(realRounds.map((real, i) => real.rps / bareRounds[i]!.rps));
  return { scenario, bodyBytes, real: medianRound(realRounds), bare: medianRound(bareRounds), ratio, realRounds, bareRounds };
}

interface FlowRound {
  flowsPerSecond: number;
  requestsPerSecond: number;
  flows: number;
  p50: number;
  p99: number;
  steps: Record<Step, { p50: number; p99: number }>;
}

interface FlowRow {
  /** Medians of the rounds. */
  median: FlowRound;
  rounds: FlowRound[];
}

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

async function measureFlow(opts: Options, dataset: Dataset, realBase: string): Promise<FlowRow> {
  const log = (text: string) => process.stderr.write(`  ${FLOW.name}: ${text}\n`);
  const run = (label: string, seconds: number) =>
    runCheckoutFlow({ base: realBase, dataset, connections: opts.connections, seconds, label: `${FLOW.name} ${label}` });
  log(`warm-up ${opts.warmup} s`);
  await run('warm-up', opts.warmup);
  const rounds: FlowRound[] = [];
  for (let round = 1; round <= opts.rounds; round++) {
    const r = flowRound(await run(`round ${round}`, opts.duration));
    rounds.push(r);
    log(`round ${round}/${opts.rounds}: ${r.flowsPerSecond.toFixed(1)} flows/s (${r.flows} flows), ${r.requestsPerSecond.toFixed(0)} req/s, flow p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`);
  }
  const med = (pick: (r: FlowRound) => number) => median(rounds.map(pick));
  return {
    median: {
      flowsPerSecond: med((r) => r.flowsPerSecond),
      requestsPerSecond: med((r) => r.requestsPerSecond),
      flows: med((r) => r.flows),
      p50: med((r) => r.p50),
      p99: med((r) => r.p99),
      steps: Object.fromEntries(STEPS.map((s) => [s, { p50: med((r) => r.steps[s].p50), p99: med((r) => r.steps[s].p99) }])) as FlowRound['steps'],
    },
    rounds,
  };
}

/** The real answer of a scenario, fetched once: it must be a 200 with a JSON body. */
async function fetchBody(base: string, dataset: Dataset, scenario: Scenario): Promise<Buffer> {
  const response = await fetch(base + scenario.path(dataset), { headers: { ...scenario.headers(dataset), 'x-bench-scenario': scenario.name }, signal: AbortSignal.timeout(10_000) });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${scenario.name}: the real server answered ${response.status}: ${body.toString().slice(0, 500)}`);
  if (!response.headers.get('content-type')?.startsWith('application/json')) throw new Error(`${scenario.name}: not JSON (${response.headers.get('content-type')})`);
  JSON.parse(body.toString());
  return body;
}

// --- reporting -------------------------------------------------------------------------------

function table(rows: Row[]): string {
  const lines = [
    '| scenario | body | real req/s | bare req/s | ratio | target | real p50 / p99 (ms) | bare p50 / p99 (ms) | met |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const row of rows) {
    const ratio = row.ratio;
    const target = row.scenario.target;
    const met = target === undefined ? '—' : ratio >= target ? 'yes' : '**no**';
    lines.push(
      `| ${row.scenario.title} | ${(row.bodyBytes / 1024).toFixed(1)} KiB | ${row.real.rps.toFixed(0)} | ${row.bare.rps.toFixed(0)} | ${ratio.toFixed(3)} | ${target === undefined ? '—' : `≥ ${target.toFixed(2)}`} | ${row.real.p50} / ${row.real.p99} | ${row.bare.p50} / ${row.bare.p99} | ${met} |`,
    );
  }
  return lines.join('\n');
}

function roundsTable(rows: Row[]): string {
  const lines = ['| scenario | round | real req/s | bare req/s | ratio |', '| --- | ---: | ---: | ---: | ---: |'];
  for (const row of rows) {
    row.realRounds.forEach((real, i) => {
      const bare = row.bareRounds[i]!;
      lines.push(`| ${row.scenario.name} | ${i + 1} | ${real.rps.toFixed(0)} | ${bare.rps.toFixed(0)} | ${(real.rps / bare.rps).toFixed(3)} |`);
    });
  }
  return lines.join('\n');
}

function flowTable(row: FlowRow): string {
  const m = row.median;
  const met = m.flowsPerSecond >= FLOW.target ? 'yes' : 'not yet';
  return [
    '| scenario | flows/s | target (later) | flow p50 / p99 (ms) | req/s | met |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    `| \`${FLOW.name}\`: ${FLOW.title} | ${m.flowsPerSecond.toFixed(1)} | ≥ ${FLOW.target} | ${m.p50.toFixed(1)} / ${m.p99.toFixed(1)} | ${m.requestsPerSecond.toFixed(0)} | ${met} |`,
  ].join('\n');
}

function flowStepsTable(row: FlowRow): string {
  const lines = [
    `| step | ${STEPS.join(' | ')} |`,
    `| --- | ${STEPS.map(() => '---:').join(' | ')} |`,
    `| p50 / p99 (ms) | ${STEPS.map((s) => `${row.median.steps[s].p50.toFixed(1)} / ${row.median.steps[s].p99.toFixed(1)}`).join(' | ')} |`,
  ];
  return lines.join('\n');
}

function flowRoundsTable(row: FlowRow): string {
  const lines = ['| round | flows | flows/s | req/s | flow p50 / p99 (ms) |', '| ---: | ---: | ---: | ---: | ---: |'];
  row.rounds.forEach((r, i) => {
    lines.push(`| ${i + 1} | ${r.flows} | ${r.flowsPerSecond.toFixed(1)} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} |`);
  });
  return lines.join('\n');
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

function machine(): string {
  const cpu = cpus();
  const dirty = git(['status', '--porcelain']) !== '' ? ' (working tree has uncommitted changes)' : '';
  return [
    `- date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- git commit: ${git(['rev-parse', '--short', 'HEAD'])}${dirty}`,
    `- CPUs: ${cpu.length} × ${cpu[0]?.model ?? 'unknown'} (the servers and the load generators share them)`,
    `- memory: ${(totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- node: ${process.version}, ${process.platform}/${process.arch}`,
    `- load average at the end (1/5/15 min): ${loadavg().map((l) => l.toFixed(2)).join(' / ')}`,
  ].join('\n');
}

const START_MARK = '<!-- bench:results:start -->';
const END_MARK = '<!-- bench:results:end -->';

function writeResults(section: string): void {
  const file = join(ROOT, 'BENCHMARKS.md');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = `# Benchmarks\n\n${START_MARK}\n${END_MARK}\n`;
  }
  const from = text.indexOf(START_MARK);
  const to = text.indexOf(END_MARK);
  if (from < 0 || to < from) throw new Error(`BENCHMARKS.md lacks the ${START_MARK} … ${END_MARK} markers`);
  writeFileSync(file, `${text.slice(0, from + START_MARK.length)}\n${section}\n${text.slice(to)}`);
  process.stderr.write(`Recorded in ${file}\n`);
}

// --- main ------------------------------------------------------------------------------------

/** The read scenarios and the checkout flow: the catalogue, the real server, and the bare one when needed. */
async function measureOnServer(opts: Options): Promise<{ dataset: Dataset; rows: Row[]; flowRow: FlowRow | undefined }> {
  process.stderr.write(`Generating ${opts.products} products…\n`);
  const dataset = await generateDataset({ products: opts.products });
  process.stderr.write(`  ${dataset.file} in ${dataset.millis} ms\n`);

  const realPort = await freePort();
  const realBase = `http://127.0.0.1:${realPort}`;
  const profile = (name: string) => (opts.cpuProf ? ['--cpu-prof', '--cpu-prof-dir', join(PROFILE_DIR, name)] : []);
  const real = start('server', [...profile('real'), '--import', 'tsx', 'src/cli.ts', 'serve'], {
    DATABASE_URL: `sqlite:${dataset.file}`,
    PORT: String(realPort),
    HOST: '127.0.0.1',
    STOREFRONT_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
    STOREFRONT_DEMO: '0',
    STOREFRONT_ADMIN_KEY: dataset.adminKey,
    STOREFRONT_CHANNEL_KEY: dataset.channelKey,
  });
  await waitForHealth('the real server', real, realBase);
  process.stderr.write(`Real server on ${realBase}\n`);

  const rows: Row[] = [];
  if (opts.scenarios.length > 0) {
    const routes: BareRoute[] = [];
    const bodies = new Map<string, Buffer>();
    for (const scenario of opts.scenarios) {
      const body = await fetchBody(realBase, dataset, scenario);
      const bodyFile = join(DATA_DIR, 'bodies', `${scenario.name}.json`);
      writeFileSync(bodyFile, body);
      routes.push({ url: scenario.route, scenario: scenario.name, bodyFile });
      bodies.set(scenario.name, body);
    }
    const routesFile = join(DATA_DIR, 'bare-routes.json');
    writeFileSync(routesFile, JSON.stringify(routes, null, 2));

    const barePort = await freePort();
    const bareBase = `http://127.0.0.1:${barePort}`;
    const bare = start('bare', [...profile('bare'), '--import', 'tsx', join('bench', 'bare.ts')], { PORT: String(barePort), BARE_ROUTES: routesFile });
    await waitForHealth('the bare server', bare, bareBase);
    for (const scenario of opts.scenarios) {
      const same = await fetchBody(bareBase, dataset, scenario);
      if (!same.equals(bodies.get(scenario.name)!)) throw new Error(`${scenario.name}: the bare server does not serve the real bytes`);
    }
    process.stderr.write(`Bare server on ${bareBase}\n`);

    const total = opts.scenarios.length * (2 * opts.warmup + 2 * opts.rounds * opts.duration);
    process.stderr.write(`Measuring ${opts.scenarios.length} read scenario(s), ${opts.connections} connections, ${opts.rounds} × ${opts.duration} s rounds (about ${total} s)…\n`);
    for (const scenario of opts.scenarios) {
      rows.push(await measure(opts, dataset, realBase, bareBase, scenario, bodies.get(scenario.name)!.length));
    }
  }

  // Last: the flow writes, and every write empties the storefront cache the read scenarios measure.
  let flowRow: FlowRow | undefined;
  if (opts.flow) {
    process.stderr.write(`Measuring ${FLOW.name}, ${opts.connections} buyers, ${opts.rounds} × ${opts.duration} s rounds (about ${opts.warmup + opts.rounds * opts.duration} s)…\n`);
    flowRow = await measureFlow(opts, dataset, realBase);
  }
  // The servers are done: stopped now, so they idle beside no later scenario.
  await stopAll();
  return { dataset, rows, flowRow };
}

async function measureWebhooks(opts: Options): Promise<WebhookBenchResult> {
  process.stderr.write(`Measuring ${WEBHOOKS.name}: ${opts.webhookEvents} events, one worker…\n`);
  const result = await runWebhookBench({
    events: opts.webhookEvents,
    startWorker: (env) => start('worker', ['--import', 'tsx', 'src/cli.ts', 'worker'], env),
    stopWorker: stop,
    log: (text) => process.stderr.write(`  ${WEBHOOKS.name}: ${text}\n`),
  });
  process.stderr.write(`  ${WEBHOOKS.name}: ${result.events} delivered in ${result.seconds.toFixed(2)} s after a ${result.startSeconds.toFixed(2)} s start\n`);
  return result;
}

function webhooksTable(result: WebhookBenchResult): string {
  return [
    '| scenario | events | seconds | events/s | worker start (s) |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| \`${WEBHOOKS.name}\`: ${WEBHOOKS.title} | ${result.events} | ${result.seconds.toFixed(2)} | ${result.eventsPerSecond.toFixed(0)} | ${result.startSeconds.toFixed(2)} |`,
  ].join('\n');
}

async function main(): Promise<void> {
  const opts = options();
  mkdirSync(join(DATA_DIR, 'bodies'), { recursive: true });

  const served = opts.scenarios.length > 0 || opts.flow ? await measureOnServer(opts) : undefined;
  const rows = served?.rows ?? [];
  const flowRow = served?.flowRow;
  // Last, on its own database: it shares nothing with the server's scenarios.
  const webhooks = opts.webhooks ? await measureWebhooks(opts) : undefined;

  const parts: string[] = [];
  const roundParts: string[] = [];
  if (rows.length > 0) {
    parts.push(
      `${table(rows)}\n\n${opts.products} products; autocannon ${opts.connections} connections; ${opts.warmup} s warm-up per server and scenario; ${opts.rounds} alternating rounds of ${opts.duration} s per server; req/s and latencies are medians of the rounds, the ratio the median of the per-round ratios. Latencies are autocannon's, in whole milliseconds.`,
    );
    roundParts.push(roundsTable(rows));
  }
  if (flowRow) {
    parts.push(
      `${flowTable(flowRow)}\n\nLatency of each step (medians of the rounds):\n\n${flowStepsTable(flowRow)}\n\n${opts.connections} concurrent buyers (bench/checkout-flow.ts, Node's fetch with keep-alive), each a new guest buying 3 of ${served!.dataset.flowSkuIds.length} skus whose stock never runs out; ${opts.warmup} s warm-up; ${opts.rounds} round(s) of ${opts.duration} s; figures are medians of the rounds. flows/s counts the flows completed within a round; req/s every answer (all 2xx). The target is the issue's aim for later, not yet required.`,
    );
    roundParts.push(`checkout-flow:\n\n${flowRoundsTable(flowRow)}`);
  }
  if (webhooks) {
    parts.push(
      `${webhooksTable(webhooks)}\n\nbench/webhooks.ts: ${webhooks.events} events queued in one transaction, then one \`storefront worker\` (batches of 50) on the SQLite file; seconds run from the first delivery received to no event pending (every delivery answered 204 and settled), one run.`,
    );
  }
  const report = parts.join('\n\n');
  const perRound = roundParts.join('\n\n');
  process.stdout.write(`\n${report}\n\n${perRound === '' ? '' : `Rounds:\n\n${perRound}\n\n`}${machine()}\n`);
  const failed = rows.filter((r) => r.scenario.target !== undefined && r.ratio < r.scenario.target);
  if (rows.length > 0) {
    process.stdout.write(failed.length === 0 ? '\nAll targets met.\n' : `\nTargets missed: ${failed.map((r) => r.scenario.name).join(', ')}\n`);
  }
  if (flowRow) {
    process.stdout.write(`\n${FLOW.name}: ${flowRow.median.flowsPerSecond.toFixed(1)} flows/s, p99 ${flowRow.median.p99.toFixed(1)} ms; target for later ≥ ${FLOW.target} flows/s on SQLite (not yet required): ${flowRow.median.flowsPerSecond >= FLOW.target ? 'met' : 'not yet met'}.\n`);
  }

  if (opts.write) {
    writeResults(`\n${machine()}\n\n${report}\n${perRound === '' ? '' : `\nEach round:\n\n${perRound}\n`}`);
  }
  if (opts.cpuProf) process.stderr.write(`CPU profiles of the servers go to ${PROFILE_DIR}/{real,bare}/ when they stop; summarise with bench/profile-summary.ts.\n`);
}

main()
  .then(stopAll, async (error: unknown) => {
    process.stderr.write(`\nBENCHMARK FAILED: ${error instanceof Error ? error.stack : String(error)}\n`);
    await stopAll();
    process.exitCode = 1;
  });
