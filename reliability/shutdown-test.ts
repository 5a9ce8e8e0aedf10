/**
 * Graceful shutdown: SIGTERM to the real server under a mixed load (checkout flows, catalogue
 * reads, cart edits, staff reads), N rounds per database. See RELIABILITY.md.
 *
 *   npm run shutdown-test -- [--db sqlite|postgres|both] [--rounds 5] [--buyers 8]
 *
 * Each round: load for 1.5–4 s, SIGTERM, and the clients carry on until the server is gone. The
 * server runs with LOG_LEVEL=debug and every request carries its own X-Request-Id, so the server's
 * log tells which requests it read ("incoming request") and when it took the signal ("shutting
 * down"). Rules:
 *   - no answer of 500 or above but 503, and every 503 is an application/problem+json problem;
 *   - every request the server read gets its answer, whole: none is reset or cut after it was read
 *     (a request still unread when the server took the signal may be reset or refused: it was never
 *     accepted);
 *   - a new connection after the signal (probed every 20 ms from 20 ms after it) is refused, reset
 *     unread, or answered 503 — or answered normally if the server read it before it took the signal;
 *   - the server exits by itself with code 0 within 30 s;
 *   - restarted, the store holds every invariant with nothing left over (no payment claim, no
 *     idempotency key in flight), every flow answered placed is placed with its events; the flows
 *     the shutdown cut are then resumed to their end, and the invariants hold again.
 */
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import type { DatabaseKind } from '../src/db/database.js';
import { outcomes, resumableMix, resumeFlows, type Flow } from './checkout-flows.js';
import { endpointsOf, Traffic, type RequestRecord } from './client.js';
import { databaseKinds, exitOf, log, positiveInteger, runMain, sleep, startServer, terminate } from './harness.js';
import { sampleCatalogue, startMixedLoad } from './mixed-load.js';
import { addAuthorizingGateway, brokenInvariants, checkAcknowledged, prepareStore, restockScarce, takeBaseline } from './store.js';

const LOAD_MS = { min: 1_500, max: 4_000 };
const EXIT_DEADLINE_MS = 30_000;
const PROBE_FROM_MS = 20;
const PROBE_EVERY_MS = 20;

/** What became of requests: answered (below 500, or 503), reset or cut unread, refused. */
interface Fates {
  answered: number;
  unavailable: number;
  unread: number;
  refused: number;
}

interface DatabaseResult {
  kind: DatabaseKind;
  rounds: number;
  traffic: Traffic;
  /** By when they were sent: before the signal, after it. */
  before: Fates;
  after: Fates;
  probes: Fates;
  flows: Flow[];
  drainMillis: number[];
  /** How long after it was sent the server took the signal (its "shutting down" line). */
  signalLagMillis: number[];
  violations: string[];
}

const noFates = (): Fates => ({ answered: 0, unavailable: 0, unread: 0, refused: 0 });

/** What the server's log says: the request ids it read, and when (Unix ms) it took the signal. */
function readServerLog(lines: string[]): { read: Map<string, number>; shutdownAt: number | undefined } {
  const read = new Map<string, number>();
  let shutdownAt: number | undefined;
  for (const line of lines) {
    if (!line.startsWith('{')) continue;
    let entry: { msg?: string; reqId?: string; time?: number };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (entry.msg === 'incoming request' && entry.reqId) read.set(entry.reqId, entry.time ?? 0);
    else if (entry.msg === 'shutting down') shutdownAt = entry.time;
  }
  return { read, shutdownAt };
}

interface Probe {
  id: string;
  /** Unix ms when it connected. */
  at: number;
  status?: number;
  type?: string;
  error?: string;
}

/** GET /health on a new connection (no keep-alive agent). */
function probe(port: number, id: string): Promise<Probe> {
  const at = Date.now();
  return new Promise((resolveProbe) => {
    const req = request({ host: '127.0.0.1', port, path: '/health', agent: false, timeout: 5_000, headers: { 'x-request-id': id } }, (res) => {
      res.resume();
      res.on('end', () => resolveProbe({ id, at, status: res.statusCode, type: res.headers['content-type'] }));
      res.on('error', (error: NodeJS.ErrnoException) => resolveProbe({ id, at, error: error.code ?? 'error' }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) => resolveProbe({ id, at, error: error.code ?? 'error' }));
    req.end();
  });
}

const isProblem = (type: string | undefined) => type?.startsWith('application/problem+json') === true;

function classifyRequests(records: RequestRecord[], signalAt: number, read: Map<string, number>, result: DatabaseResult, round: string): void {
  for (const record of records) {
    const fates = record.startedAt < signalAt ? result.before : result.after;
    const when = `${record.label} sent ${Math.abs(signalAt - record.startedAt).toFixed(0)} ms ${record.startedAt < signalAt ? 'before' : 'after'} the signal`;
    if (record.status !== undefined) {
      if (record.status === 503) {
        fates.unavailable++;
        if (!isProblem(record.type)) result.violations.push(`${round}: ${when} answered 503 as ${record.type}, not a problem: ${record.detail}`);
      } else {
        fates.answered++;
        if (record.status >= 500) result.violations.push(`${round}: ${when} answered ${record.status}: ${record.detail}`);
      }
    } else if (read.has(record.id)) {
      result.violations.push(`${round}: ${when} was read by the server but got no answer (${record.error})`);
    } else if (record.error === 'ECONNREFUSED') {
      fates.refused++;
    } else {
      fates.unread++;
    }
  }
}

function classifyProbes(probes: Probe[], read: Map<string, number>, shutdownAt: number | undefined, result: DatabaseResult, round: string): void {
  for (const p of probes) {
    const readAt = read.get(p.id);
    if (p.status === 503) {
      result.probes.unavailable++;
      if (!isProblem(p.type)) result.violations.push(`${round}: a new connection got a 503 as ${p.type}, not a problem`);
    } else if (p.status !== undefined) {
      // Served normally: only right if the server read it before it took the signal.
      if (readAt !== undefined && shutdownAt !== undefined && readAt < shutdownAt) result.probes.answered++;
      else result.violations.push(`${round}: a new connection ${p.at - (shutdownAt ?? p.at)} ms after the server took the signal answered ${p.status}`);
    } else if (readAt !== undefined) {
      result.violations.push(`${round}: a new connection was read by the server but got no answer (${p.error})`);
    } else if (p.error === 'ECONNREFUSED') {
      result.probes.refused++;
    } else {
      // Connected in the listen queue, reset unread when the server stopped listening.
      result.probes.unread++;
    }
  }
}

async function shutdownDatabase(kind: DatabaseKind, rounds: number, buyers: number): Promise<DatabaseResult> {
  log(`\n== graceful shutdown on ${kind}: ${rounds} rounds, ${buyers} buyers ==`);
  const store = await prepareStore(kind, `shutdown_${kind}`, { scarce: 5 });
  // Debug: the server writes "incoming request" lines only then (info has one line per answer).
  const serverOptions = { logLevel: 'debug', keepLog: true };
  let server = await startServer(store, serverOptions);
  const { port } = server;
  // The same port after every restart: the clients carry on against the same base.
  const endpoints = endpointsOf(server.base, store.dataset);
  const mix = resumableMix(store, await addAuthorizingGateway(server.base, store), 0.3);
  const catalogue = await sampleCatalogue(store);
  const result: DatabaseResult = {
    kind, rounds: 0, traffic: new Traffic(), before: noFates(), after: noFates(), probes: noFates(), flows: [], drainMillis: [], signalLagMillis: [], violations: [],
  };

  for (let round = 1; round <= rounds; round++) {
    const name = `${kind} round ${round}/${rounds}`;
    await restockScarce(server.base, store, 3);
    const baseline = await takeBaseline(store);
    const traffic = new Traffic({ keepRecords: true });
    const load = startMixedLoad(traffic, endpoints, store, mix, catalogue, { buyers, browsers: 3, cartEditors: 1, staff: 2 });
    await sleep(LOAD_MS.min + Math.random() * (LOAD_MS.max - LOAD_MS.min));

    const signalAt = performance.now();
    const signalSentAt = Date.now();
    const exit = exitOf(server.child, EXIT_DEADLINE_MS);
    server.child.kill('SIGTERM');
    // New connections while it drains, until it is gone.
    let gone = false;
    const probes: Probe[] = [];
    const probing = (async () => {
      await sleep(PROBE_FROM_MS);
      for (let n = 0; !gone; n++) {
        probes.push(await probe(port, `probe-${round}-${n}`));
        await sleep(PROBE_EVERY_MS);
      }
    })();
    let exited: Awaited<typeof exit>;
    try {
      exited = await exit;
    } catch (error) {
      result.violations.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      server.child.kill('SIGKILL');
      exited = await exitOf(server.child);
    }
    const drain = performance.now() - signalAt;
    gone = true;
    await probing;
    await load.ended;
    const unfinished = await load.stop();
    result.drainMillis.push(drain);
    if (exited.code !== 0) result.violations.push(`${name}: the server exited with ${exited.code ?? exited.signal}, not 0`);

    const { read, shutdownAt } = readServerLog(server.lines);
    if (shutdownAt === undefined) result.violations.push(`${name}: the server never logged "shutting down"`);
    else result.signalLagMillis.push(shutdownAt - signalSentAt);
    classifyRequests(traffic.records!, signalAt, read, result, name);
    classifyProbes(probes, read, shutdownAt, result, name);

    server = await startServer(store, { ...serverOptions, port });
    // A graceful stop leaves nothing behind: no claim, no key in flight, nothing to expire.
    result.violations.push(...(await brokenInvariants(store, baseline)).map((line) => `${name}, after the shutdown: ${line}`));
    result.violations.push(...(await checkAcknowledged(store, load.buyers.finished)).map((line) => `${name}, after the shutdown: ${line}`));
    await resumeFlows(traffic, endpoints.storefront, store, unfinished);
    // A resumed step that finds its work done means the server ran it but its answer never came.
    for (const flow of unfinished.filter((f) => f.answerLost)) result.violations.push(`${name}: flow ${flow.tag} was run by the server but its answer was lost`);
    result.violations.push(...(await brokenInvariants(store, baseline)).map((line) => `${name}, after resuming: ${line}`));
    result.violations.push(...(await checkAcknowledged(store, unfinished)).map((line) => `${name}, after resuming: ${line}`));

    const flows = [...load.buyers.finished, ...unfinished];
    result.flows.push(...flows);
    result.traffic.add(traffic);
    result.rounds++;
    const o = outcomes(flows);
    const probeSummary = probes.map((p) => p.status ?? p.error).join(' ') || 'none';
    log(`${name}: ${traffic.sent} requests (${traffic.summary()}); the server took the signal after ${result.signalLagMillis.at(-1) ?? '?'} ms, `
      + `exited ${exited.code ?? exited.signal} after ${drain.toFixed(0)} ms; new connections: ${probeSummary}; `
      + `flows: ${load.buyers.finished.length} ended, ${unfinished.length} resumed, placed ${o.placed}`);
  }

  await terminate(server);
  for (const finding of result.traffic.firstFindings) result.violations.push(`${kind}: ${finding}`);
  const unlisted = result.traffic.findings - result.traffic.firstFindings.length;
  if (unlisted > 0) result.violations.push(`${kind}: ${unlisted} more unexpected answers`);
  return result;
}

function report(results: DatabaseResult[]): boolean {
  const fates = (f: Fates) => `${f.answered} / ${f.unavailable} / ${f.unread} / ${f.refused}`;
  const lines = ['', 'graceful shutdown summary (answered / 503 / reset unread / refused)', ''];
  lines.push('| database | rounds | requests | sent before the signal | sent after it | new connections after it | signal taken after (max) | exit after (max) | flows (placed) | violations |');
  lines.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    const drain = Math.max(...r.drainMillis, 0);
    const lag = Math.max(...r.signalLagMillis, 0);
    lines.push(`| ${r.kind} | ${r.rounds} | ${r.traffic.sent} | ${fates(r.before)} | ${fates(r.after)} | ${fates(r.probes)} | ${lag} ms | ${drain.toFixed(0)} ms | ${r.flows.length} (${outcomes(r.flows).placed}) | ${r.violations.length} |`);
  }
  const violations = results.flatMap((r) => r.violations);
  if (violations.length > 0) lines.push('', 'violations:', ...violations.slice(0, 50).map((v) => `  - ${v}`));
  lines.push('', violations.length === 0 ? 'PASS: no violation' : `FAIL: ${violations.length} violation(s)`);
  process.stdout.write(`${lines.join('\n')}\n`);
  return violations.length === 0;
}

async function main(): Promise<boolean> {
  const { values } = parseArgs({ options: { db: { type: 'string' }, rounds: { type: 'string' }, buyers: { type: 'string' } } });
  const rounds = positiveInteger('--rounds', values.rounds, 5);
  const buyers = positiveInteger('--buyers', values.buyers, 8);
  const results: DatabaseResult[] = [];
  for (const kind of databaseKinds(values.db)) results.push(await shutdownDatabase(kind, rounds, buyers));
  return report(results);
}

runMain(main);
