/**
 * Crash test: the real server under checkout load, killed with SIGKILL at a random moment, then
 * restarted on the same database, N times in a row per database. See RELIABILITY.md.
 *
 *   npm run crash-test -- [--db sqlite|postgres|both] [--rounds 10] [--buyers 8] [--products 2000]
 *
 * Each round: the scarce skus are restocked and the stock baseline taken; buyers run checkout flows
 * (some out of stock, some declined first, some only authorized); after 1.5–5 s the server is killed
 * and the buyers stop (the requests under way fail: expected); the server restarts on the same
 * port and database. Then, before any new request:
 *   - the invariants (test/helpers/invariants.ts) hold against the baseline, apart from what a kill
 *     leaves by design on the requests it cut: a payment claim, an idempotency key in flight;
 *   - every flow answered placed is placed with its order.placed (and order.paid) events, every
 *     flow refused out of stock at payment is not placed; a few are read back through the API;
 * then the time those leftovers need to expire is simulated, the cut flows are resumed to their end
 * (retried with the same idempotency keys), and the invariants must hold with nothing left over.
 * After the last round a short load without a kill must run clean.
 *
 * Any 5xx, any answer a flow does not expect, any request failing before the kill or after the
 * restart, and any broken invariant is a violation: the summary counts them and the exit code is 1.
 */
import { parseArgs } from 'node:util';
import type { DatabaseKind } from '../src/db/database.js';
import { outcomes, resumableMix, resumeFlows, startBuyers, type Flow } from './checkout-flows.js';
import { endpointsOf, Traffic } from './client.js';
import { databaseKinds, exitOf, log, positiveInteger, runMain, sleep, startServer, terminate } from './harness.js';
import {
  addAuthorizingGateway, brokenInvariants, checkAcknowledged, checkThroughApi, letKillLeftoversExpire, prepareStore, restockScarce,
  splitKillLeftovers, takeBaseline,
} from './store.js';

/** Stock of each scarce sku at the start of a round: a few flows take it all, the rest are refused. */
const SCARCE_STOCK = 3;
const SCARCE_SKUS = 5;
const KILL_AFTER_MS = { min: 1_500, max: 5_000 };
const FINAL_LOAD_MS = 3_000;

interface DatabaseResult {
  kind: DatabaseKind;
  rounds: number;
  kills: number;
  traffic: Traffic;
  flows: Flow[];
  cutRequests: number;
  leftovers: { claims: number; keys: number };
  restartMillis: number[];
  /** Payments given back (refunded, voided) because the stock ran out between the check and the placement. */
  givenBack: number;
  violations: string[];
}

async function crashDatabase(kind: DatabaseKind, rounds: number, buyers: number, products: number): Promise<DatabaseResult> {
  log(`\n== crash test on ${kind}: ${rounds} kills, ${buyers} buyers ==`);
  const store = await prepareStore(kind, `crash_${kind}`, { products, scarce: SCARCE_SKUS });
  let server = await startServer(store);
  // The same port after every restart: the clients carry on against the same base.
  const endpoints = endpointsOf(server.base, store.dataset);
  const mix = resumableMix(store, await addAuthorizingGateway(server.base, store), 0.3);
  const result: DatabaseResult = {
    kind, rounds: 0, kills: 0, traffic: new Traffic(), flows: [], cutRequests: 0, leftovers: { claims: 0, keys: 0 }, restartMillis: [], givenBack: 0, violations: [],
  };
  const violate = (round: string, lines: string[]) => result.violations.push(...lines.map((line) => `${kind} ${round}: ${line}`));

  for (let round = 1; round <= rounds; round++) {
    const name = `round ${round}/${rounds}`;
    const traffic = new Traffic();
    await restockScarce(server.base, store, SCARCE_STOCK);
    const baseline = await takeBaseline(store);

    const load = startBuyers(traffic, endpoints.storefront, store, mix, buyers);
    const loadMillis = KILL_AFTER_MS.min + Math.random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min);
    await sleep(loadMillis);
    // The kill and the buyers' stop in one tick: no request starts after the kill.
    const killedAt = performance.now();
    const gone = exitOf(server.child);
    server.child.kill('SIGKILL');
    const stopping = load.stop();
    await gone;
    const unfinished = await stopping;
    result.kills++;
    const cut = load.cut.filter((error) => error.endedAt >= killedAt);
    const early = load.cut.filter((error) => error.endedAt < killedAt);
    violate(name, early.map((error) => `before the kill: ${error.message}`));
    result.cutRequests += cut.length;

    const restarting = performance.now();
    server = await startServer(store, { port: server.port });
    result.restartMillis.push(performance.now() - restarting);

    // Before any new request: the database as the kill left it.
    const { leftovers, violations } = splitKillLeftovers(await brokenInvariants(store, baseline), unfinished);
    violate(`${name}, after the restart`, violations);
    violate(`${name}, after the restart`, await checkAcknowledged(store, load.finished));
    violate(`${name}, after the restart`, await checkThroughApi(traffic, endpoints.admin, load.finished, 3));

    // The cut flows, resumed as their buyers would once the leftovers have expired.
    const expired = await letKillLeftoversExpire(store);
    result.leftovers.claims += expired.claims;
    result.leftovers.keys += expired.keys;
    await resumeFlows(traffic, endpoints.storefront, store, unfinished);
    violate(`${name}, after resuming`, await brokenInvariants(store, baseline));
    violate(`${name}, after resuming`, await checkAcknowledged(store, unfinished));

    const flows = [...load.finished, ...unfinished];
    result.flows.push(...flows);
    result.traffic.add(traffic);
    result.rounds++;
    const o = outcomes(flows);
    log(`${kind} ${name}: killed after ${(loadMillis / 1000).toFixed(1)} s; ${traffic.sent} requests (${traffic.summary()}); `
      + `${load.finished.length} flows ended before the kill, ${unfinished.length} resumed (${cut.length} requests cut); `
      + `placed ${o.placed} (answers lost ${o.lostAnswers}), out of stock ${JSON.stringify(o.outOfStock)}, failed ${o.failed}; `
      + `left by the kill: ${leftovers.length} (expired ${expired.claims} claims, ${expired.keys} keys); restart ${(result.restartMillis.at(-1)! / 1000).toFixed(1)} s`);
  }

  // After the last restart: a load without a kill runs clean.
  const traffic = new Traffic();
  await restockScarce(server.base, store, SCARCE_STOCK);
  const baseline = await takeBaseline(store);
  const load = startBuyers(traffic, endpoints.storefront, store, mix, buyers);
  await sleep(FINAL_LOAD_MS);
  const unfinished = await load.stop();
  violate('final load', load.cut.map((error) => error.message));
  await resumeFlows(traffic, endpoints.storefront, store, unfinished);
  violate('final load', await brokenInvariants(store, baseline));
  violate('final load', await checkAcknowledged(store, [...load.finished, ...unfinished]));
  if (!load.finished.some((flow) => flow.outcome === 'placed')) violate('final load', ['no flow was placed']);
  result.flows.push(...load.finished, ...unfinished);
  result.traffic.add(traffic);
  log(`${kind} final load: ${traffic.sent} requests (${traffic.summary()}), ${load.finished.length + unfinished.length} flows`);

  const givenBack = await store.database.db.selectFrom('transactions').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('source_name', '=', 'storefront').where('parent_id', 'is not', null).executeTakeFirstOrThrow();
  result.givenBack = Number(givenBack.n);

  const exit = await terminate(server);
  if (exit.code !== 0) violate('stop', [`the server exited with ${exit.code ?? exit.signal} on SIGTERM`]);

  for (const finding of result.traffic.firstFindings) result.violations.push(`${kind}: ${finding}`);
  // Findings beyond those kept are still counted.
  const unlisted = result.traffic.findings - result.traffic.firstFindings.length;
  if (unlisted > 0) result.violations.push(`${kind}: ${unlisted} more unexpected answers`);
  const unavailable = result.traffic.count(503);
  if (unavailable > 0) result.violations.push(`${kind}: ${unavailable} answers of 503`);
  return result;
}

function report(results: DatabaseResult[]): boolean {
  const lines = ['', 'crash test summary', ''];
  lines.push('| database | rounds | kills | requests | answers | requests cut by the kills | flows ended | placed (answers lost) | out of stock (by step) | payments given back | leftovers expired (claims, keys) | restart (max) | violations |');
  lines.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    const o = outcomes(r.flows);
    const oos = Object.values(o.outOfStock).reduce((a, b) => a + b, 0);
    const restart = Math.max(...r.restartMillis, 0) / 1000;
    lines.push(`| ${r.kind} | ${r.rounds} | ${r.kills} | ${r.traffic.sent} | ${r.traffic.summary()} | ${r.cutRequests} | ${r.flows.length} | ${o.placed} (${o.lostAnswers}) | ${oos} ${JSON.stringify(o.outOfStock)} | ${r.givenBack} | ${r.leftovers.claims}, ${r.leftovers.keys} | ${restart.toFixed(1)} s | ${r.violations.length} |`);
  }
  const violations = results.flatMap((r) => r.violations);
  if (violations.length > 0) lines.push('', 'violations:', ...violations.map((v) => `  - ${v}`));
  lines.push('', violations.length === 0 ? 'PASS: no violation' : `FAIL: ${violations.length} violation(s)`);
  process.stdout.write(`${lines.join('\n')}\n`);
  return violations.length === 0;
}

async function main(): Promise<boolean> {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      rounds: { type: 'string' },
      buyers: { type: 'string' },
      products: { type: 'string' },
    },
  });
  const rounds = positiveInteger('--rounds', values.rounds, 10);
  const buyers = positiveInteger('--buyers', values.buyers, 8);
  const products = positiveInteger('--products', values.products, 2_000);
  const results: DatabaseResult[] = [];
  for (const kind of databaseKinds(values.db)) results.push(await crashDatabase(kind, rounds, buyers, products));
  return report(results);
}

runMain(main);
