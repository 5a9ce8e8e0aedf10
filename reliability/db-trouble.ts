/**
 * Database trouble (`npm run db-trouble`): the database goes away under load and comes back, and the
 * server must neither hang, nor answer 500, nor need a restart.
 *
 * One `storefront serve` (reliability/storefront-processes.ts) on a database of an embedded
 * PostgreSQL of the run's own (reliability/embedded-pg.ts) holding a bench data set, under a moderate
 * load of storefront reads, cart changes, checkout flows and staff reads
 * (reliability/storefront-load.ts), while a prober asks `/ready` every 200 ms. Each round, after a
 * stretch of normal service, PostgreSQL is stopped (fast shutdown: its connections are cut, open
 * transactions rolled back), kept down for `--down` seconds, then started again on the same data
 * directory and port. The rules, each broken one a violation:
 *
 * - every request gets an answer within the client timeout (HANG_MS): a request without one is a hang;
 * - no answer is a 500 (or any 5xx but 503), and the connection is never dropped;
 * - while the database is away, `/ready` answers 503, and API requests answer 503 problems
 *   (`application/problem+json`, code `unavailable`) — or a success the server could give without
 *   the database; a 503 is allowed only for a request that overlapped the outage (sent before the
 *   server recovered, answered after the stop began);
 * - once PostgreSQL is back, the same server process recovers by itself within RECOVERY_DEADLINE_MS:
 *   `/ready` 200 and API requests succeeding again; afterwards every answer is the expected one;
 * - it holds no more connections afterwards than its pool allows (none leaked by the outage);
 * - after the last round the store's invariants hold (test/helpers/invariants.ts, against the stock
 *   baseline taken before the load). A payment claim left on an order whose payment request was cut
 *   by the outage is what the outage leaves by design (the claim could not be released with the
 *   database away; it expires after 120 s, orders.repo.ts) and is reported, not counted.
 *
 * Prints a summary (JSON) and exits 1 on any violation.
 *
 *   npm run db-trouble -- [--rounds 3] [--down 5] [--up 8] [--connections 6] [--products 200]
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { stopAll } from '../bench/servers.js';
import { startReliabilityPostgres } from './embedded-pg.js';
import { preparePgStore } from './pg-store.js';
import { brokenInvariants, takeBaseline } from './store-checks.js';
import { describeAnswer, startLoad, tally, type Answer } from './storefront-load.js';
import { alive, baseEnv, runLogDir, startApi } from './storefront-processes.js';

/** A request without an answer this long is a hang. */
const HANG_MS = 5_000;
/** How soon after PostgreSQL accepts connections again the server must serve again. */
const RECOVERY_DEADLINE_MS = 10_000;
/** After the server has shown it recovered, a 503 already under way may still arrive this late. */
const RECOVERY_GRACE_MS = 1_000;
const READY_EVERY_MS = 200;
/** The server's pool (database.ts, 10) and its change feed's listening connection. */
const SERVER_CONNECTIONS_MAX = 11;
const SHOWN = 10;

const log = (text: string) => process.stderr.write(`[db-trouble] ${text}\n`);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Probe {
  startedAt: number;
  endedAt: number;
  status: number | null;
  failure?: string;
  contentType: string;
  code?: string;
}

interface Round {
  index: number;
  /** performance.now() milliseconds. */
  stopAt: number;
  stoppedAt: number;
  startAt: number;
  startedAt: number;
  readyAt?: number;
  servingAt?: number;
  recoveredAt?: number;
  connectionsAfter?: number;
}

function isProblem503(status: number | null, contentType: string, code: string | undefined): boolean {
  return status === 503 && contentType.startsWith('application/problem+json') && code === 'unavailable';
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '3' },
      down: { type: 'string', default: '5' },
      up: { type: 'string', default: '8' },
      connections: { type: 'string', default: '6' },
      products: { type: 'string', default: '200' },
    },
  });
  const rounds = Number(values.rounds);
  const downSeconds = Number(values.down);
  const upSeconds = Number(values.up);
  const connections = Number(values.connections);
  const products = Number(values.products);
  for (const [name, value] of Object.entries({ rounds, downSeconds, upSeconds, connections, products })) {
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a number above 0, got ${value}`);
  }

  const postgres = await startReliabilityPostgres(log);
  const store = await preparePgStore(postgres, 'db_trouble', { products, scarce: 0, stock: 0 });
  const { dataset, database: checker } = store;
  log(`data set: ${products} products; logs in ${runLogDir()}`);
  const api = await startApi('api', baseEnv({ url: dataset.url, adminKey: dataset.adminKey, channelKey: dataset.channelKey }));
  log(`server on ${api.base} (pid ${api.pid})`);

  const baseline = await takeBaseline(store);
  let phase = 'up';
  const load = startLoad({
    bases: [api.base],
    channelKey: dataset.channelKey,
    adminKey: dataset.adminKey,
    connections,
    timeoutMs: HANG_MS,
    mix: { flow: 4, cart: 2, read: 3, admin: 1 },
    flowItems: (random) => {
      const items: Record<string, number> = {};
      while (Object.keys(items).length < 2) items[store.plentySkuIds[Math.floor(random() * store.plentySkuIds.length)]!] = 1;
      return items;
    },
    plentySkus: store.plentySkuIds,
    shippingRateId: dataset.shippingRateId,
    gatewayId: dataset.gatewayId,
    thinkMs: 20,
    tag: () => phase,
  });

  const probes: Probe[] = [];
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const startedAt = performance.now();
      const probe: Probe = { startedAt, endedAt: startedAt, status: null, contentType: '' };
      try {
        const response = await fetch(`${api.base}/ready`, { signal: AbortSignal.timeout(HANG_MS) });
        const text = await response.text();
        probe.status = response.status;
        probe.contentType = response.headers.get('content-type') ?? '';
        try {
          probe.code = (JSON.parse(text) as { code?: string }).code;
        } catch {
          // not JSON
        }
      } catch (error) {
        probe.failure = error instanceof Error ? error.name : String(error);
      }
      probe.endedAt = performance.now();
      probes.push(probe);
      await sleep(READY_EVERY_MS);
    }
  })();

  const violations: string[] = [];
  const say = (what: string, lines: string[]) => {
    if (lines.length === 0) return;
    violations.push(`${what}: ${lines.length}`);
    for (const line of lines.slice(0, SHOWN)) violations.push(`  - ${line}`);
    if (lines.length > SHOWN) violations.push(`  - … ${lines.length - SHOWN} more`);
  };

  const serverConnections = async () => {
    const row = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(checker.db);
    // Less the checker's other connection, when it has one open.
    return Math.max(0, Number(row.rows[0]!.n) - 1);
  };

  const done: Round[] = [];
  log(`load: ${connections} users; ${upSeconds} s of service before each of ${rounds} outages of ${downSeconds} s`);
  await sleep(upSeconds * 1000);
  for (let index = 1; index <= rounds; index++) {
    phase = `down ${index}`;
    const stopAt = performance.now();
    await postgres.stop();
    const stoppedAt = performance.now();
    log(`round ${index}: PostgreSQL stopped (${Math.round(stoppedAt - stopAt)} ms)`);
    await sleep(downSeconds * 1000);
    phase = `recovering ${index}`;
    const startAt = performance.now();
    await postgres.start();
    const startedAt = performance.now();
    const round: Round = { index, stopAt, stoppedAt, startAt, startedAt };
    done.push(round);
    log(`round ${index}: PostgreSQL started again (${Math.round(startedAt - startAt)} ms)`);

    // The server recovers by itself: /ready 200 and an API request sent after the start succeeding.
    while (performance.now() - startedAt < RECOVERY_DEADLINE_MS && round.recoveredAt === undefined) {
      await sleep(100);
      round.readyAt ??= probes.find((p) => p.startedAt >= startedAt && p.status === 200)?.endedAt;
      round.servingAt ??= load.answers.find((a) => a.startedAt >= startedAt && a.status !== null && a.status < 300)?.endedAt;
      if (round.readyAt !== undefined && round.servingAt !== undefined) round.recoveredAt = Math.max(round.readyAt, round.servingAt);
    }
    phase = `up ${index}`;
    if (round.recoveredAt === undefined) {
      violations.push(`round ${index}: no recovery within ${RECOVERY_DEADLINE_MS / 1000} s of PostgreSQL's start (/ready 200: ${round.readyAt !== undefined}, API success: ${round.servingAt !== undefined})`);
    } else {
      log(`round ${index}: the server serves again ${Math.round(round.recoveredAt - startedAt)} ms after PostgreSQL's start`);
    }
    await sleep(upSeconds * 1000);
    round.connectionsAfter = await serverConnections();
  }
  await load.stop();
  probing = false;
  await prober;
  phase = 'after';

  // Judge every answer against the outages.
  const answers = load.answers;
  const overlapsOutage = (startedAt: number, endedAt: number) =>
    done.some((r) => endedAt >= r.stopAt && startedAt < (r.recoveredAt ?? r.startedAt + RECOVERY_DEADLINE_MS) + RECOVERY_GRACE_MS);
  const withinDown = (a: { startedAt: number; endedAt: number }) => done.some((r) => a.startedAt >= r.stoppedAt && a.endedAt <= r.startAt);
  const hangs = answers.filter((a) => a.failure === 'timeout');
  const dropped = answers.filter((a) => a.failure === 'network');
  const serverErrors = answers.filter((a) => a.status !== null && a.status >= 500 && a.status !== 503);
  const bad503 = answers.filter((a) => a.status === 503 && !isProblem503(a.status, a.contentType, a.code));
  const stray503 = answers.filter((a) => isProblem503(a.status, a.contentType, a.code) && !overlapsOutage(a.startedAt, a.endedAt));
  const otherUnexpected = answers.filter((a) => a.status !== null && a.status < 500 && !a.expected);
  say('hangs (no answer within the client timeout)', hangs.map(describeAnswer));
  say('connections dropped without an answer', dropped.map(describeAnswer));
  say('5xx other than 503', serverErrors.map(describeAnswer));
  say('503 answers that are not `unavailable` problems', bad503.map(describeAnswer));
  say('503 answers while the database was up', stray503.map(describeAnswer));
  say('unexpected answers', otherUnexpected.map(describeAnswer));

  const describeProbe = (p: Probe) => `/ready at ${Math.round(p.startedAt)} ms: ${p.failure ?? `${p.status} ${p.code ?? ''}`} in ${Math.round(p.endedAt - p.startedAt)} ms`;
  say('/ready without an answer', probes.filter((p) => p.status === null).map(describeProbe));
  say('/ready 200 while the database was down', probes.filter((p) => p.status === 200 && withinDown(p)).map(describeProbe));
  say('/ready answers other than 200 or a 503 `unavailable` problem', probes.filter((p) => p.status !== null && p.status !== 200 && !isProblem503(p.status, p.contentType, p.code)).map(describeProbe));
  say('/ready 503 while the database was up', probes.filter((p) => p.status === 503 && !overlapsOutage(p.startedAt, p.endedAt)).map(describeProbe));

  for (const round of done) {
    const down = probes.filter((p) => withinDown(p));
    if (!down.some((p) => p.status === 503 && p.startedAt >= round.stoppedAt && p.endedAt <= round.startAt)) {
      violations.push(`round ${round.index}: /ready never answered 503 while the database was down`);
    }
    if (!answers.some((a) => a.status === 503 && a.startedAt >= round.stoppedAt && a.endedAt <= round.startAt)) {
      violations.push(`round ${round.index}: no API request answered 503 while the database was down`);
    }
    if ((round.connectionsAfter ?? 0) > SERVER_CONNECTIONS_MAX) {
      violations.push(`round ${round.index}: the server holds ${round.connectionsAfter} connections after recovering (at most ${SERVER_CONNECTIONS_MAX} expected)`);
    }
  }
  if (!alive(api) || api.child.pid !== api.pid) violations.push(`the server exited (${api.child.exitCode ?? api.child.signalCode}); see ${api.logFile}`);

  // The store: what the outage may leave by design is a payment claim on an order whose payment it cut.
  const cutPayments = new Set(answers
    .filter((a) => a.step === 'payment' && (a.status === 503 || a.failure !== undefined))
    .map((a) => /\/v1\/checkouts\/([^/]+)\/payment/.exec(a.path)?.[1])
    .filter((id): id is string => id !== undefined));
  const broken = await brokenInvariants(store, baseline);
  const leftovers = broken.filter((line) => {
    const claim = /^order (\S+): a payment claim \(payment_claimed_at \d+\) was left behind$/.exec(line);
    return claim !== null && cutPayments.has(claim[1]!);
  });
  const brokenForReal = broken.filter((line) => !leftovers.includes(line));
  say('store invariants broken', brokenForReal);

  const inOutage = answers.filter((a) => done.some((r) => a.startedAt >= r.stopAt && a.startedAt < (r.recoveredAt ?? r.startAt)));
  const downAnswers = answers.filter(withinDown);
  const latencies = downAnswers.map((a) => a.endedAt - a.startedAt).sort((x, y) => x - y);
  const placed = await checker.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('number', 'is not', null).executeTakeFirstOrThrow();
  const summary = {
    scenario: 'db-trouble',
    database: 'embedded PostgreSQL, stopped (fast shutdown) and started again on the same data',
    connections,
    requests: answers.length,
    ready_probes: probes.length,
    faults_injected: done.length,
    down_seconds_each: downSeconds,
    rounds: done.map((r) => ({
      round: r.index,
      stop_ms: Math.round(r.stoppedAt - r.stopAt),
      down_ms: Math.round(r.startAt - r.stoppedAt),
      start_ms: Math.round(r.startedAt - r.startAt),
      recovered_ms_after_start: r.recoveredAt === undefined ? null : Math.round(r.recoveredAt - r.startedAt),
      requests_during_outage: inOutage.filter((a) => a.startedAt >= r.stopAt && a.startedAt < (r.recoveredAt ?? r.startAt)).length,
      answered_503_while_down: downAnswers.filter((a) => a.startedAt >= r.stoppedAt && a.endedAt <= r.startAt && a.status === 503).length,
      answered_2xx_while_down: downAnswers.filter((a) => a.startedAt >= r.stoppedAt && a.endedAt <= r.startAt && a.status !== null && a.status < 300).length,
      server_connections_after: r.connectionsAfter,
    })),
    latency_while_down_ms: latencies.length === 0 ? null : {
      p50: Math.round(latencies[Math.floor(latencies.length / 2)]!),
      p99: Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]!),
      max: Math.round(latencies[latencies.length - 1]!),
    },
    hangs: hangs.length,
    answers_500: serverErrors.length,
    answers_503: answers.filter((a) => a.status === 503).length,
    orders_placed: Number(placed.n),
    flows_placed: load.placed(),
    server_restarted: !alive(api) || api.child.pid !== api.pid,
    invariant_violations: brokenForReal.length,
    outage_leftovers: leftovers,
    violations: violations.filter((v) => !v.startsWith('  ')).length,
    answers: tally(answers as Answer[]),
  };
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  if (violations.length > 0) {
    process.stdout.write(`\nVIOLATIONS\n${violations.join('\n')}\n`);
    return 1;
  }
  process.stdout.write(`\ndb-trouble: OK (logs in ${runLogDir()})\n`);
  return 0;
}

main()
  .then(async (code) => {
    await stopAll();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    await stopAll();
    process.exit(2);
  });
