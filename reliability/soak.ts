/**
 * Soak: one server on SQLite under a steady mixed load for a long while (10 minutes by default),
 * its memory sampled throughout. See RELIABILITY.md.
 *
 *   npm run soak -- [--minutes 10] [--buyers 4] [--browsers 3] [--cart-editors 2] [--staff 2] [--sample-seconds 5] [--products 10000]
 *
 * The load (reliability/mixed-load.ts): checkout flows (some out of stock, some declined first, some
 * only authorized), catalogue reads and filtered listings, cart edits, staff reading and searching
 * orders and events and capturing authorizations. The server's resident set (with its children) is
 * sampled every few seconds. Rules:
 *   - no 5xx, no request without an answer, no answer a request does not expect;
 *   - memory flat: the mean RSS of the last window is at most 20 % above the mean of the first
 *     window after the warm-up (window and warm-up: a minute each, or a fifth of a shorter run);
 *   - at the end, the store's invariants hold against the baseline taken before the load, and every
 *     flow answered placed is placed with its events.
 * Prints the RSS series and the figures; exits 1 on any violation.
 */
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { treeRss } from '../bench/servers.js';
import { outcomes, resumableMix, resumeFlows } from './checkout-flows.js';
import { endpointsOf, Traffic } from './client.js';
import { log, positiveInteger, positiveNumber, runMain, sleep, startServer, terminate } from './harness.js';
import { sampleCatalogue, startMixedLoad } from './mixed-load.js';
import { addAuthorizingGateway, brokenInvariants, checkAcknowledged, prepareStore, restockScarce, takeBaseline } from './store.js';

/** Mean RSS of the last window over that of the first window after the warm-up, at most. */
const MAX_GROWTH = 0.2;

interface Sample {
  /** Seconds since the load started. */
  at: number;
  rss: number;
  /** Requests sent since the previous sample. */
  requests: number;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

async function main(): Promise<boolean> {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string' },
      buyers: { type: 'string' },
      browsers: { type: 'string' },
      'cart-editors': { type: 'string' },
      staff: { type: 'string' },
      'sample-seconds': { type: 'string' },
      products: { type: 'string' },
    },
  });
  const minutes = positiveNumber('--minutes', values.minutes, 10);
  const sampleSeconds = positiveNumber('--sample-seconds', values['sample-seconds'], 5);
  const workers = {
    buyers: positiveInteger('--buyers', values.buyers, 4),
    browsers: positiveInteger('--browsers', values.browsers, 3),
    cartEditors: positiveInteger('--cart-editors', values['cart-editors'], 2),
    staff: positiveInteger('--staff', values.staff, 2),
  };
  const products = positiveInteger('--products', values.products, 10_000);
  const seconds = minutes * 60;
  const window = Math.min(60, seconds / 5);

  const store = await prepareStore('sqlite', 'soak', { products, scarce: 5 });
  const server = await startServer(store);
  const mix = resumableMix(store, await addAuthorizingGateway(server.base, store), 0.2);
  await restockScarce(server.base, store, 200);
  const catalogue = await sampleCatalogue(store);
  const baseline = await takeBaseline(store);
  const endpoints = endpointsOf(server.base, store.dataset);

  log(`soak: ${minutes} min on SQLite (${products} products), ${JSON.stringify(workers)}, RSS every ${sampleSeconds} s; warm-up and windows of ${window} s`);
  const traffic = new Traffic();
  const started = performance.now();
  const load = startMixedLoad(traffic, endpoints, store, mix, catalogue, workers);
  const samples: Sample[] = [];
  let sentBefore = 0;
  while ((performance.now() - started) / 1000 < seconds) {
    await sleep(sampleSeconds * 1000);
    const at = (performance.now() - started) / 1000;
    samples.push({ at, rss: treeRss(server.child.pid!), requests: traffic.sent - sentBefore });
    sentBefore = traffic.sent;
    if (samples.length % Math.max(1, Math.round(60 / sampleSeconds)) === 0) {
      log(`  ${at.toFixed(0)} s: ${traffic.sent} requests, RSS ${mb(samples.at(-1)!.rss)} MB, ${load.buyers.finished.length} flows, ${traffic.findings} findings`);
    }
    if (load.cut.length > 0) break;
  }
  const unfinished = await load.stop();
  const elapsed = (performance.now() - started) / 1000;

  const violations: string[] = [];
  for (const error of load.cut) violations.push(`no answer: ${error.message}`);
  violations.push(...traffic.firstFindings);
  if (traffic.findings > traffic.firstFindings.length) violations.push(`${traffic.findings - traffic.firstFindings.length} more unexpected answers`);

  await resumeFlows(traffic, endpoints.storefront, store, unfinished);
  const flows = [...load.buyers.finished, ...unfinished];
  violations.push(...(await brokenInvariants(store, baseline)).map((line) => `invariant: ${line}`));
  violations.push(...(await checkAcknowledged(store, flows)).map((line) => `acknowledged: ${line}`));

  // Memory: the first window after the warm-up against the last one.
  const first = samples.filter((s) => s.at >= window && s.at < 2 * window).map((s) => s.rss);
  const last = samples.filter((s) => s.at > elapsed - window).map((s) => s.rss);
  const firstMean = mean(first);
  const lastMean = mean(last);
  const growth = firstMean > 0 ? lastMean / firstMean - 1 : Number.NaN;
  if (samples.every((s) => s.rss === 0)) violations.push('RSS could not be read (/proc): the memory rule was not checked');
  else if (!(growth <= MAX_GROWTH)) violations.push(`RSS grew ${(growth * 100).toFixed(1)} % (${mb(firstMean)} → ${mb(lastMean)} MB), above ${MAX_GROWTH * 100} %`);

  const exit = await terminate(server);
  if (exit.code !== 0) violations.push(`the server exited with ${exit.code ?? exit.signal} on SIGTERM`);

  const file = store.url.slice('sqlite:'.length);
  const dbBytes = statSync(file).size + (() => { try { return statSync(`${file}-wal`).size; } catch { return 0; } })();
  const o = outcomes(flows);
  const series = samples.map((s) => `${s.at.toFixed(0).padStart(4)} s ${mb(s.rss).padStart(6)} MB ${String(s.requests).padStart(6)} req`);
  const lines = [
    '',
    'soak: RSS series (time since the load started, RSS, requests in the interval)',
    ...Array.from({ length: Math.ceil(series.length / 4) }, (_, i) => `  ${series.slice(i * 4, i * 4 + 4).join('   |   ')}`),
    '',
    'soak summary',
    '',
    '| minutes | requests | answers | requests by worker | flows (placed, out of stock) | RSS first window after warm-up | RSS last window | growth | database at the end | violations |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    `| ${(elapsed / 60).toFixed(1)} | ${traffic.sent} | ${traffic.summary()} | ${Object.entries(load.requestsByWorker).map(([k, n]) => `${k} ${n}`).join(', ')} | ${flows.length} (${o.placed}, ${Object.values(o.outOfStock).reduce((a, b) => a + b, 0)}) | ${mb(firstMean)} MB | ${mb(lastMean)} MB | ${(growth * 100).toFixed(1)} % | ${mb(dbBytes)} MB | ${violations.length} |`,
  ];
  if (violations.length > 0) lines.push('', 'violations:', ...violations.slice(0, 50).map((v) => `  - ${v}`));
  lines.push('', violations.length === 0 ? 'PASS: no violation' : `FAIL: ${violations.length} violation(s)`);
  process.stdout.write(`${lines.join('\n')}\n`);
  return violations.length === 0;
}

runMain(main);
