/**
 * Database trouble (`npm run db-trouble`): the database goes away under load and comes back, and the
 * server must neither hang, nor answer 500, nor need a restart.
 *
 * One `storefront serve` (reliability/harness.ts) on a database of an embedded PostgreSQL of the
 * run's own (reliability/store.ts) holding a bench data set, under a moderate load of storefront
 * reads, cart changes, checkout flows and staff reads (reliability/storefront-load.ts), while a
 * prober asks `/ready` every 200 ms. Each round, after a
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
import { NetworkError, send, Traffic, type RequestRecord } from './client.js';
import { alive, log as print, positiveInteger, positiveNumber, printSummary, runLogDir, runMain, sleep, startServer, Violations } from './harness.js';
import { brokenInvariants, numberedOrders, prepareStore, splitLeftovers, startThrowawayPostgres, takeBaseline } from './store.js';
import { describeAnswer, startLoad, tally } from './storefront-load.js';

/** A request without an answer this long is a hang. */
const HANG_MS = 5_000;
/** How soon after PostgreSQL accepts connections again the server must serve again. */
const RECOVERY_DEADLINE_MS = 10_000;
/** After the server has shown it recovered, a 503 already under way may still arrive this late. */
const RECOVERY_GRACE_MS = 1_000;
const READY_EVERY_MS = 200;
/** The server's pool (database.ts, 10) and its change feed's listening connection. */
const SERVER_CONNECTIONS_MAX = 11;

const log = (text: string) => print(`[db-trouble] ${text}`);

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

function isProblem503(a: RequestRecord): boolean {
  return a.status === 503 && (a.type ?? '').startsWith('application/problem+json') && a.code === 'unavailable';
}

async function main(): Promise<boolean> {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string' },
      down: { type: 'string' },
      up: { type: 'string' },
      connections: { type: 'string' },
      products: { type: 'string' },
    },
  });
  const rounds = positiveInteger('--rounds', values.rounds, 3);
  const downSeconds = positiveNumber('--down', values.down, 5);
  const upSeconds = positiveNumber('--up', values.up, 8);
  const connections = positiveInteger('--connections', values.connections, 6);
  const products = positiveInteger('--products', values.products, 200);

  const postgres = await startThrowawayPostgres();
  const store = await prepareStore('postgres', 'db_trouble', { postgres, products, scarce: 0 });
  const checker = store.database;
  log(`data set: ${products} products; logs in ${runLogDir()}`);
  const api = await startServer(store, { label: 'api', logFile: true });
  log(`server on ${api.base} (pid ${api.pid})`);

  const baseline = await takeBaseline(store);
  const load = startLoad({
    bases: [api.base],
    store,
    connections,
    timeoutMs: HANG_MS,
    mix: { flow: 4, cart: 2, read: 3, admin: 1 },
    flowItems: (random) => {
      const items: Record<string, number> = {};
      while (Object.keys(items).length < 2) items[store.plentySkuIds[Math.floor(random() * store.plentySkuIds.length)]!] = 1;
      return items;
    },
    thinkMs: 20,
  });

  // /ready on its own, every READY_EVERY_MS.
  const readiness = new Traffic({ keepRecords: true });
  const probes = readiness.records!;
  let probing = true;
  const prober = (async () => {
    while (probing) {
      try {
        await send(readiness, { base: api.base, headers: {}, timeoutMs: HANG_MS }, 'GET', '/ready');
      } catch (error) {
        // A probe without an answer is recorded as such.
        if (!(error instanceof NetworkError)) throw error;
      }
      await sleep(READY_EVERY_MS);
    }
  })();

  const violations = new Violations();

  const serverConnections = async () => {
    const row = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(checker.db);
    // Less the checker's other connection, when it has one open.
    return Math.max(0, Number(row.rows[0]!.n) - 1);
  };

  const done: Round[] = [];
  log(`load: ${connections} users; ${upSeconds} s of service before each of ${rounds} outages of ${downSeconds} s`);
  await sleep(upSeconds * 1000);
  for (let index = 1; index <= rounds; index++) {
    const stopAt = performance.now();
    await postgres.stop();
    const stoppedAt = performance.now();
    log(`round ${index}: PostgreSQL stopped (${Math.round(stoppedAt - stopAt)} ms)`);
    await sleep(downSeconds * 1000);
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
      round.servingAt ??= load.answers.find((a) => a.startedAt >= startedAt && a.status !== undefined && a.status < 300)?.endedAt;
      if (round.readyAt !== undefined && round.servingAt !== undefined) round.recoveredAt = Math.max(round.readyAt, round.servingAt);
    }
    if (round.recoveredAt === undefined) {
      violations.add(`round ${index}: no recovery within ${RECOVERY_DEADLINE_MS / 1000} s of PostgreSQL's start (/ready 200: ${round.readyAt !== undefined}, API success: ${round.servingAt !== undefined})`);
    } else {
      log(`round ${index}: the server serves again ${Math.round(round.recoveredAt - startedAt)} ms after PostgreSQL's start`);
    }
    await sleep(upSeconds * 1000);
    round.connectionsAfter = await serverConnections();
  }
  await load.stop();
  probing = false;
  await prober;

  // Judge every answer against the outages.
  const answers = load.answers;
  const overlapsOutage = (startedAt: number, endedAt: number) =>
    done.some((r) => endedAt >= r.stopAt && startedAt < (r.recoveredAt ?? r.startedAt + RECOVERY_DEADLINE_MS) + RECOVERY_GRACE_MS);
  const withinDown = (a: { startedAt: number; endedAt: number }) => done.some((r) => a.startedAt >= r.stoppedAt && a.endedAt <= r.startAt);
  const hangs = answers.filter((a) => a.failure === 'timeout');
  const dropped = answers.filter((a) => a.failure === 'network');
  const serverErrors = answers.filter((a) => a.status !== undefined && a.status >= 500 && a.status !== 503);
  const bad503 = answers.filter((a) => a.status === 503 && !isProblem503(a));
  const stray503 = answers.filter((a) => isProblem503(a) && !overlapsOutage(a.startedAt, a.endedAt));
  const otherUnexpected = answers.filter((a) => a.status !== undefined && a.status < 500 && !a.expected);
  violations.cases('hangs (no answer within the client timeout)', hangs.map(describeAnswer));
  violations.cases('connections dropped without an answer', dropped.map(describeAnswer));
  violations.cases('5xx other than 503', serverErrors.map(describeAnswer));
  violations.cases('503 answers that are not `unavailable` problems', bad503.map(describeAnswer));
  violations.cases('503 answers while the database was up', stray503.map(describeAnswer));
  violations.cases('unexpected answers', otherUnexpected.map(describeAnswer));

  const describeProbe = (p: RequestRecord) => `/ready at ${Math.round(p.startedAt)} ms: ${p.failure ?? `${p.status} ${p.code ?? ''}`} in ${Math.round(p.endedAt - p.startedAt)} ms`;
  violations.cases('/ready without an answer', probes.filter((p) => p.status === undefined).map(describeProbe));
  violations.cases('/ready 200 while the database was down', probes.filter((p) => p.status === 200 && withinDown(p)).map(describeProbe));
  violations.cases('/ready answers other than 200 or a 503 `unavailable` problem', probes.filter((p) => p.status !== undefined && p.status !== 200 && !isProblem503(p)).map(describeProbe));
  violations.cases('/ready 503 while the database was up', probes.filter((p) => p.status === 503 && !overlapsOutage(p.startedAt, p.endedAt)).map(describeProbe));

  for (const round of done) {
    const down = probes.filter((p) => withinDown(p));
    if (!down.some((p) => p.status === 503 && p.startedAt >= round.stoppedAt && p.endedAt <= round.startAt)) {
      violations.add(`round ${round.index}: /ready never answered 503 while the database was down`);
    }
    if (!answers.some((a) => a.status === 503 && a.startedAt >= round.stoppedAt && a.endedAt <= round.startAt)) {
      violations.add(`round ${round.index}: no API request answered 503 while the database was down`);
    }
    if ((round.connectionsAfter ?? 0) > SERVER_CONNECTIONS_MAX) {
      violations.add(`round ${round.index}: the server holds ${round.connectionsAfter} connections after recovering (at most ${SERVER_CONNECTIONS_MAX} expected)`);
    }
  }
  if (!alive(api) || api.child.pid !== api.pid) violations.add(`the server exited (${api.child.exitCode ?? api.child.signalCode}); see ${api.logFile}`);

  // The store: what the outage may leave by design is a payment claim on an order whose payment it cut.
  const cutPayments = new Set(answers
    .filter((a) => a.label === 'flow/payment' && (a.status === 503 || a.failure !== undefined))
    .map((a) => /\/v1\/checkouts\/([^/]+)\/payment/.exec(a.path)?.[1])
    .filter((id): id is string => id !== undefined));
  const { leftovers, violations: brokenForReal } = splitLeftovers(await brokenInvariants(store, baseline), { orderIds: cutPayments });
  violations.cases('store invariants broken', brokenForReal);

  const inOutage = answers.filter((a) => done.some((r) => a.startedAt >= r.stopAt && a.startedAt < (r.recoveredAt ?? r.startAt)));
  const downAnswers = answers.filter(withinDown);
  const latencies = downAnswers.map((a) => a.endedAt - a.startedAt).sort((x, y) => x - y);
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
      answered_2xx_while_down: downAnswers.filter((a) => a.startedAt >= r.stoppedAt && a.endedAt <= r.startAt && a.status !== undefined && a.status < 300).length,
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
    orders_placed: await numberedOrders(store),
    flows_placed: load.placed(),
    server_restarted: !alive(api) || api.child.pid !== api.pid,
    invariant_violations: brokenForReal.length,
    outage_leftovers: leftovers,
    violations: violations.count,
    answers: tally(answers),
  };
  return printSummary('db-trouble', summary, violations);
}

runMain(main);
