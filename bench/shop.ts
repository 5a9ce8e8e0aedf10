/**
 * `npm run bench:shop`: the shop front (shop/, Next.js, served at `/` by `storefront serve`) on the
 * benchmark's catalogue, with nothing cached anywhere:
 *
 * 1. Pages per second, cold. The built server runs as `npm start` runs it, with the shop on
 *    (STOREFRONT_SHOP=1) and its response cache off (STOREFRONT_CACHE_TTL_MS=0); the shop renders every
 *    page when asked (its layout is `force-dynamic`) and reads the API over HTTP each time. Three pools
 *    of distinct requests, drawn by a seeded PRNG as bench/cold.ts draws its pools: product pages
 *    (`/products/{permalink}`), listing pages of 24 (a big collection's `?page=N`, else `/search?page=N`),
 *    and for comparison the API's own product read (`GET /v1/products/{permalink}`, channel key) on the
 *    product pages' pool. Every path's real answer is captured once first; bench/bare.ts then answers
 *    each path with those bytes, and autocannon sends both servers the pool in the same order
 *    (connection k of n walking it from its k/n), `--rounds` alternating rounds of `--duration` s each.
 *    The server's CPU time (its process and children, from /proc) is sampled around each real round.
 * 2. Paint: one product page in the headless Chromium of the browser tests, a fresh window each run:
 *    time to first byte, first and largest contentful paint (a buffered PerformanceObserver read after
 *    `load`), medians of `--rounds`; and the gzipped size of the scripts the page's HTML names.
 *
 * Prints a markdown section; `--write` adds it to BENCHMARKS.md (or replaces the one of the same title).
 *
 *   npm run bench:shop -- [--products 10000] [--rounds 3] [--duration 10] [--warmup 3] [--pool 300]
 *                         [--connections 10] [--fresh] [--write]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon, { type Client } from 'autocannon';
import { launchChromium } from '../test/helpers/chromium.js';
import { prepareData } from './bench-data.js';
import type { BareRoute } from './bare.js';
import { distinctPaths, picker } from './cold.js';
import { BENCH_ADMIN_KEY, BENCH_CHANNEL_KEY, DATA_DIR, productPermalink } from './dataset.js';
import { median } from './measure.js';
import { checkHtml, checkListingPage, checkProductPage, collectionListing, collectionPagePath, COLLECTION_PAGE_ROUTE, PER_PAGE, productPagePath, PRODUCT_PAGE_ROUTE } from './shop-pages.js';
import { ROOT, sampleRss, startBareServer, startRealServer, stop, stopAll, treeCpuMs } from './servers.js';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    pool: { type: 'string', default: '300' },
    connections: { type: 'string', default: '10' },
    fresh: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});
const products = Number(values.products);
const rounds = Number(values.rounds);
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const poolSize = Number(values.pool);
const connections = Number(values.connections);
const SECTION = '## The shop front: pages per second and paint (issue 35, 2026-11-29)';
const log = (text: string) => process.stderr.write(`${text}\n`);
const channel = { 'channel-key': BENCH_CHANNEL_KEY };

/** A pool of distinct requests, what its answers must be, and where bench/bare.ts serves them. */
interface Target {
  name: string;
  title: string;
  /** The Fastify route pattern the bare server answers the pool on. */
  route: string;
  paths: string[];
  headers: Record<string, string>;
  /** Throws when the answer to `path` is not what the pool means to ask for. */
  check: (path: string, body: string, contentType: string) => void;
}

interface Round {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** CPU time of the server's process (and its children) per answer during the round, in ms. */
  cpuMs?: number;
}

interface Measured {
  target: Target;
  real: Round[];
  bare: Round[];
  meanBytes: number;
  meanGzipBytes: number;
  /** The share of the answers' bytes in inline scripts (the React payload a page repeats for hydration). */
  inlineScriptShare: number;
  rss?: number;
}

/** Each connection walks the pool from its own place in it (as bench/measure.ts does), the same for either server. */
function poolClients(paths: string[]): (client: Client) => void {
  let started = 0;
  return (client) => {
    const from = Math.floor((started++ * paths.length) / connections) % paths.length;
    client.setRequests([...paths.slice(from), ...paths.slice(0, from)].map((path) => ({ path })));
  };
}

/** One autocannon run over the pool; any non-2xx answer, error or timeout fails the benchmark. */
async function load(label: string, base: string, target: Target, seconds: number, pid?: number): Promise<Round> {
  const cpuBefore = treeCpuMs(pid);
  const result = await autocannon({
    url: base + target.paths[0],
    headers: target.headers,
    connections,
    duration: seconds,
    timeout: 10,
    setupClient: poolClients(target.paths),
  });
  const cpuAfter = treeCpuMs(pid);
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0 || result['2xx'] === 0) {
    const codes = Object.entries(result.statusCodeStats).map(([code, { count }]) => `${code}×${count}`).join(', ');
    throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts (${codes || 'no answers'})`);
  }
  const cpuMs = cpuBefore !== undefined && cpuAfter !== undefined ? (cpuAfter - cpuBefore) / result['2xx'] : undefined;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result['2xx'], cpuMs };
}

/** Waits until the server answers /health: requests left under way when a run stopped must not weigh on the next. */
async function settle(base: string): Promise<void> {
  const response = await fetch(`${base}/health`, { signal: AbortSignal.timeout(60_000) });
  await response.arrayBuffer();
}

async function getJson(base: string, path: string): Promise<any> {
  const response = await fetch(base + path, { headers: channel, signal: AbortSignal.timeout(60_000) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The listing pool: pages of the data set's collection when it holds half the catalogue or more, else of `/search`. */
async function listingTarget(base: string, collectionId: string): Promise<Target> {
  const collection = await collectionListing((path) => getJson(base, path), collectionId);
  const big = collection.total * 2 >= products && collection.total >= 2 * PER_PAGE;
  const total = big ? collection.total : ((await getJson(base, '/v1/products?per_page=1')).meta.pagination.total_items as number);
  const fullPages = Math.floor(total / PER_PAGE);
  if (fullPages < 1) throw new Error(`the catalogue holds ${total} products: not one full page of ${PER_PAGE}`);
  const pick = picker();
  const pagePath = (page: number) => (big ? collectionPagePath(collection.permalink, page) : `/search?page=${page}`);
  const paths = await distinctPaths(Math.min(poolSize, fullPages), () => pagePath(pick.int(1, fullPages)));
  return {
    name: 'listing',
    title: big
      ? `Listing page: \`/collections/${collection.permalink}?page=N\`, 24 of the collection's ${total.toLocaleString('en-US')} products`
      : `Listing page: \`/search?page=N\`, 24 of ${total.toLocaleString('en-US')} products`,
    route: big ? COLLECTION_PAGE_ROUTE : '/search',
    paths,
    headers: {},
    check: (path, body, contentType) => {
      checkHtml(path, contentType);
      checkListingPage(path, body);
    },
  };
}

/** Sends each path of the pool once to the real server and keeps its answer, checked. */
async function capture(base: string, target: Target): Promise<string[]> {
  const bodies: string[] = [];
  for (const path of target.paths) {
    const response = await fetch(base + path, { headers: target.headers, signal: AbortSignal.timeout(60_000) });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${path}: the server answered ${response.status}: ${body.slice(0, 300)}`);
    target.check(path, body, response.headers.get('content-type') ?? '');
    bodies.push(body);
  }
  return bodies;
}

/** A warm-up on each server, then the alternating rounds: real (its CPU and RSS sampled), then bare. */
async function measure(target: Target, realBase: string, realPid: number | undefined, bareBase: string, barePid: number | undefined): Promise<Omit<Measured, 'meanBytes' | 'meanGzipBytes' | 'inlineScriptShare'>> {
  const say = (text: string) => log(`  ${target.name}: ${text}`);
  say(`warm-up ${warmup} s each`);
  await load(`${target.name} real warm-up`, realBase, target, warmup);
  await settle(realBase);
  await load(`${target.name} bare warm-up`, bareBase, target, warmup);
  const real: Round[] = [];
  const bare: Round[] = [];
  let rss: number | undefined;
  for (let round = 1; round <= rounds; round++) {
    const probe = sampleRss(realPid);
    try {
      real.push(await load(`${target.name} real round ${round}`, realBase, target, duration, realPid));
    } finally {
      const sampled = probe.stop();
      if (sampled !== undefined) rss = Math.max(rss ?? 0, sampled);
    }
    await settle(realBase);
    bare.push(await load(`${target.name} bare round ${round}`, bareBase, target, duration, barePid));
    const r = real[round - 1]!;
    const b = bare[round - 1]!;
    say(`round ${round}/${rounds}: real ${r.rps.toFixed(0)} req/s (p50 ${r.p50} ms, p99 ${r.p99} ms, CPU ${r.cpuMs?.toFixed(2) ?? '?'} ms a request), bare ${b.rps.toFixed(0)} req/s, ratio ${(r.rps / b.rps).toFixed(3)}`);
  }
  return { target, real, bare, rss };
}

interface Paint {
  ttfb: number;
  fcp: number;
  lcp: number;
  lcpElement: string;
  domContentLoaded: number;
  load: number;
  /** What the browser received, as sent (Next compresses): the document, its scripts, its style sheets. */
  documentBytes: number;
  scriptBytes: number;
  scriptCount: number;
  styleBytes: number;
}

/** One navigation in a fresh window of `browser`: the page's timings, read after `load`. */
async function paintOnce(browser: Awaited<ReturnType<typeof launchChromium>>, url: string): Promise<Paint> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', timezoneId: 'UTC' });
  try {
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: 'load' });
    if (response?.status() !== 200) throw new Error(`${url}: ${response?.status()}`);
    // No named functions in here: tsx compiles them with a `__name` helper the page does not have.
    return await page.evaluate(() => new Promise<Paint>((resolve) => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const timings: Paint = {
        ttfb: nav.responseStart,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        lcp: Number.NaN,
        lcpElement: 'none',
        domContentLoaded: nav.domContentLoadedEventEnd,
        load: nav.loadEventEnd,
        documentBytes: nav.encodedBodySize,
        scriptBytes: resources.filter((r) => /\.js(\?|$)/.test(r.name)).reduce((total, r) => total + r.encodedBodySize, 0),
        scriptCount: resources.filter((r) => /\.js(\?|$)/.test(r.name)).length,
        styleBytes: resources.filter((r) => /\.css(\?|$)/.test(r.name)).reduce((total, r) => total + r.encodedBodySize, 0),
      };
      // The buffered entries come at once, in a task of their own; the last is the largest paint.
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null; size?: number }) | undefined;
        const element = last?.element;
        const where = element?.closest('[class]');
        timings.lcp = last?.startTime ?? Number.NaN;
        if (element) {
          const inside = where && where !== element ? ` in \`.${String(where.getAttribute('class')).split(' ')[0]}\`` : '';
          timings.lcpElement = `\`<${element.tagName.toLowerCase()}>\`${inside}, ${Math.round(last?.size ?? 0).toLocaleString('en-US')} px²`;
        }
        resolve(timings);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(() => resolve(timings), 5_000);
    }));
  } finally {
    await context.close();
  }
}

interface Script {
  src: string;
  bytes: number;
  gzip: number;
  /** Named by a `<script src>` of the HTML; else by the React payload inline in it (a chunk loaded as the page hydrates). */
  tag: boolean;
}

/**
 * The scripts a page's HTML names, each with its size and gzip size: its `<script src>` (nomodule ones
 * left out), and the chunks its inline React payload names, which the browser loads as the page
 * hydrates (the page's own code among them).
 */
async function namedScripts(base: string, html: string): Promise<Script[]> {
  const tags = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
  const noModule = new Set(tags.filter((attributes) => /\bnomodule\b/i.test(attributes)).flatMap((attributes) => /\bsrc="([^"]+)"/.exec(attributes)?.[1] ?? []));
  const tagged = tags.filter((attributes) => !/\bnomodule\b/i.test(attributes)).flatMap((attributes) => /\bsrc="([^"]+)"/.exec(attributes)?.[1] ?? []);
  const inPayload = [...html.matchAll(/(?<![\w/])(?:\/_next\/)?(static\/chunks\/[\w%.\/-]+?\.js)/g)].map((match) => `/_next/${match[1]}`);
  const sources = [...new Set([...tagged, ...inPayload])].filter((src) => !noModule.has(src));
  const scripts: Script[] = [];
  for (const src of sources) {
    const response = await fetch(new URL(src, base), { signal: AbortSignal.timeout(60_000) });
    if (!response.ok) throw new Error(`${src}: ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    scripts.push({ src, bytes: bytes.length, gzip: gzipSync(bytes).length, tag: tagged.includes(src) });
  }
  return scripts;
}

/** The share of the machine's CPU time left idle over `millis` (from /proc/stat); undefined off Linux. */
async function idleShare(millis: number): Promise<number | undefined> {
  const read = () => {
    try {
      const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
      return { idle: fields[3]! + fields[4]!, total: fields.reduce((a, b) => a + b, 0) };
    } catch {
      return undefined;
    }
  };
  const before = read();
  await new Promise((r) => setTimeout(r, millis));
  const after = read();
  return before && after && after.total > before.total ? (after.idle - before.idle) / (after.total - before.total) : undefined;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (Number.isNaN(n) ? '—' : `${Math.round(n)} ms`);

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/** Adds the section at the end of BENCHMARKS.md, or replaces the one of the same title (up to the next `## `). */
function writeSection(section: string): void {
  const file = join(ROOT, 'BENCHMARKS.md');
  const text = readFileSync(file, 'utf8');
  const from = text.indexOf(`${SECTION}\n`);
  if (from < 0) {
    writeFileSync(file, `${text.replace(/\n*$/, '')}\n\n${section}\n`);
  } else {
    const next = text.indexOf('\n## ', from + SECTION.length);
    writeFileSync(file, `${text.slice(0, from)}${section}\n${next < 0 ? '' : text.slice(next)}`);
  }
  log(`Recorded in ${file}`);
}

async function main(): Promise<void> {
  const data = await prepareData({ db: 'sqlite', products, orders: 0, events: 0 }, { fresh: values.fresh, log });
  // Built first when their sources changed (startRealServer); the server passes its environment to the shop it mounts; this one is asked for it explicitly.
  const server = await startRealServer({ url: data.url, adminKey: BENCH_ADMIN_KEY, channelKey: BENCH_CHANNEL_KEY, workers: 1, cacheTtlMs: 0, shop: true });
  const realPid = server.child.pid;

  const pick = picker();
  const permalinks = (await distinctPaths(Math.min(poolSize, products), () => productPermalink(pick.int(0, products - 1))));
  const targets: Target[] = [
    {
      name: 'product',
      title: 'Product page: `/products/{permalink}`',
      route: PRODUCT_PAGE_ROUTE,
      paths: permalinks.map(productPagePath),
      headers: {},
      check: (path, body, contentType) => {
        checkHtml(path, contentType);
        checkProductPage(path, body);
      },
    },
    await listingTarget(server.base, data.collectionId),
    {
      name: 'api-product',
      title: 'For comparison, the API: `GET /v1/products/{permalink}` (channel key)',
      route: '/v1/products/:id',
      paths: permalinks.map((permalink) => `/v1/products/${permalink}`),
      headers: channel,
      check: (path, body, contentType) => {
        if (!contentType.startsWith('application/json')) throw new Error(`${path}: not JSON (${contentType})`);
        const permalink = (JSON.parse(body) as { data?: { permalink?: string } }).data?.permalink;
        if (`/v1/products/${permalink}` !== path) throw new Error(`${path}: answered product ${permalink}`);
      },
    },
  ];

  // Every path's real answer, once, for the bare route to serve byte for byte.
  const dir = join(DATA_DIR, 'shop');
  mkdirSync(dir, { recursive: true });
  const routes: BareRoute[] = [];
  const sizes = new Map<string, Pick<Measured, 'meanBytes' | 'meanGzipBytes' | 'inlineScriptShare'>>();
  for (const target of targets) {
    log(`capturing the ${target.paths.length} answers of the ${target.name} pool…`);
    const bodies = await capture(server.base, target);
    const poolFile = join(dir, `${target.name}-pool.json`);
    writeFileSync(poolFile, JSON.stringify(Object.fromEntries(target.paths.map((path, i) => [path, bodies[i]]))));
    routes.push({ method: 'GET', url: target.route, scenario: target.name, poolFile });
    const bytes = bodies.map((body) => Buffer.byteLength(body));
    const inline = bodies.map((body) => [...body.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)].reduce((sum, match) => sum + Buffer.byteLength(match[1]!), 0));
    const total = bytes.reduce((a, b) => a + b, 0);
    sizes.set(target.name, {
      meanBytes: total / bodies.length,
      meanGzipBytes: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0) / bodies.length,
      inlineScriptShare: inline.reduce((a, b) => a + b, 0) / total,
    });
  }
  const routesFile = join(dir, 'bare-routes.json');
  writeFileSync(routesFile, JSON.stringify(routes, null, 2));
  const bare = await startBareServer(routesFile);

  const idleAtStart = await idleShare(3_000);
  const loadAtStart = loadavg();
  const measured: Measured[] = [];
  for (const target of targets) {
    log(`${target.title} (${target.paths.length} distinct requests)`);
    measured.push({ ...(await measure(target, server.base, realPid, bare.base, bare.child.pid)), ...sizes.get(target.name)! });
  }
  await stop(bare.child);

  // Paint: the same server, alone now, on a product in the middle of the catalogue.
  const paintServer = server;
  const paintPath = productPagePath(productPermalink(Math.floor(products / 2)));
  const html = await (await fetch(paintServer.base + paintPath)).text();
  const scripts = await namedScripts(paintServer.base, html);
  const paints: Paint[] = [];
  const browser = await launchChromium();
  try {
    // Not counted: the server's first render of the page after its start, and Chromium's first window.
    await paintOnce(browser, paintServer.base + paintPath);
    for (let round = 1; round <= rounds; round++) {
      const p = await paintOnce(browser, paintServer.base + paintPath);
      paints.push(p);
      log(`  paint ${round}/${rounds}: TTFB ${p.ttfb.toFixed(1)} ms, FCP ${p.fcp.toFixed(1)} ms, LCP ${p.lcp.toFixed(1)} ms (${p.lcpElement}), DOMContentLoaded ${p.domContentLoaded.toFixed(1)} ms, load ${p.load.toFixed(1)} ms`);
    }
  } finally {
    await browser.close();
  }
  const loadAtEnd = loadavg();
  const med = (pickOf: (p: Paint) => number) => median(paints.map(pickOf));

  const rows = measured.map((m) => {
    const real = (f: (r: Round) => number) => median(m.real.map(f));
    const bareRps = median(m.bare.map((r) => r.rps));
    const ratio = median(m.real.map((r, i) => r.rps / m.bare[i]!.rps));
    const cpu = m.real.every((r) => r.cpuMs !== undefined) ? `${real((r) => r.cpuMs!).toFixed(2)} ms` : '—';
    const bareCpu = m.bare.every((r) => r.cpuMs !== undefined) ? `${median(m.bare.map((r) => r.cpuMs!)).toFixed(2)} ms` : '—';
    const size = m.target.name === 'api-product' ? kb(m.meanBytes) : `${kb(m.meanBytes)} (${kb(m.meanGzipBytes)} gzipped; ${Math.round(m.inlineScriptShare * 100)} % inline scripts)`;
    return `| ${m.target.title} | ${m.target.paths.length} | ${int(real((r) => r.rps))} | ${int(bareRps)} | ${ratio.toFixed(3)} | ${real((r) => r.p50)} / ${real((r) => r.p99)} | ${size} | ${cpu} (bare ${bareCpu}) |`;
  });
  const total = (list: Script[], size: (s: Script) => number) => kb(list.reduce((sum, s) => sum + size(s), 0));
  const tagged = scripts.filter((s) => s.tag);
  const cpu = cpus();
  const dirty = git(['status', '--porcelain']) !== '' ? ', with uncommitted changes in the working tree' : '';
  const rss = Math.max(...measured.map((m) => m.rss ?? 0));
  const section = [
    SECTION,
    '',
    '| cold, each request a different one | pool | real req/s | bare req/s | ratio | real p50 / p99 (ms) | mean answer | server CPU a request |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
    ...rows,
    '',
    `| product page \`${paintPath}\` in headless Chromium, median of ${rounds} fresh windows | |`,
    '| --- | ---: |',
    `| time to first byte | ${ms(med((p) => p.ttfb))} |`,
    `| first contentful paint | ${ms(med((p) => p.fcp))} |`,
    `| largest contentful paint (${paints[paints.length - 1]?.lcpElement ?? 'none'}) | ${ms(med((p) => p.lcp))} |`,
    `| DOMContentLoaded / load | ${ms(med((p) => p.domContentLoaded))} / ${ms(med((p) => p.load))} |`,
    `| JavaScript its HTML names in \`<script src>\` (${tagged.length} scripts, nomodule left out), gzipped | ${total(tagged, (s) => s.gzip)} (${total(tagged, (s) => s.bytes)} raw) |`,
    `| the same with the chunks its React payload names, loaded as it hydrates (${scripts.length} scripts), gzipped | ${total(scripts, (s) => s.gzip)} (${total(scripts, (s) => s.bytes)} raw) |`,
    `| received as sent (Next's compression): document / ${paints[0]?.scriptCount ?? 0} scripts / style sheets | ${kb(med((p) => p.documentBytes))} / ${kb(med((p) => p.scriptBytes))} / ${kb(med((p) => p.styleBytes))} |`,
    '',
    `\`npm run bench:shop\` (bench/shop.ts) on ${products.toLocaleString('en-US')} products (bench/dataset.ts, SQLite, no orders), the built \`storefront serve\` (1 API process) with the shop on`
      + ' (STOREFRONT_SHOP=1, Next.js in the same process, reading the API over loopback HTTP with its channel key) and its response cache off (STOREFRONT_CACHE_TTL_MS=0): nothing is cached —'
      + " not the API's answers, not the pages (the shop's layout is `force-dynamic`, and its fetches are not kept), not the browser's (a fresh window for each paint run)."
      + ` Throughput: autocannon, ${connections} connections, a pool of distinct requests per row drawn by a seeded PRNG (products anywhere in the catalogue; listing pages among the full ones), each connection walking the pool from its own place in it, alike for both servers;`
      + ` ${warmup} s warm-up per server and row, then ${rounds} alternating round(s) of ${duration} s per server; req/s and latencies (autocannon's, whole ms) are medians of the rounds, the ratio the median of the per-round ratios.`
      + " The bare side is bench/bare.ts, a Fastify route answering each path with the bytes the real server gave it (captured once first; it labels them application/json), so the ratio is what making the page costs beside sending it."
      + ` Requests carry no Accept-Encoding, so the HTML is sent uncompressed (a browser would get it gzipped, at some more CPU); "mean answer" is the pool's mean body, "inline scripts" the share of it that is the React payload repeated for hydration.`
      + ` Server CPU: user + system time of the server's process and its children (/proc) during each real round over the answers of the round, median of the rounds (the bare route's beside it); the server's largest RSS during its rounds was ${rss > 0 ? `${Math.round(rss / 1024 ** 2)} MB` : 'not sampled'}.`
      + ` Paint: Chromium of the browser tests (@sparticuz/chromium, software rendering, 1440×900), a fresh window per run after one navigation not counted, timings from the page's Navigation Timing and paint entries, LCP the last buffered \`largest-contentful-paint\` entry read after \`load\`, the server idle otherwise (the bare one stopped).`
      + ` Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.version}, commit ${git(['rev-parse', '--short', 'HEAD'])}${dirty};`
      + ` the load generator, both servers and Chromium share the cores; ${idleAtStart === undefined ? '' : `${Math.round(idleAtStart * 100)} % of the CPU time was idle in the 3 s before the rounds (the server started, nothing asked of it); `}load average ${loadAtStart.map((l) => l.toFixed(2)).join(' / ')} as the rounds started and ${loadAtEnd.map((l) => l.toFixed(2)).join(' / ')} at the end (1/5/15 min).`,
  ].join('\n');
  process.stdout.write(`\n${section}\n`);
  process.stdout.write(`\nScripts the page names: ${scripts.map((s) => `${s.src} ${kb(s.gzip)}${s.tag ? '' : ' (payload)'}`).join(', ')}\n`);
  if (values.write) writeSection(section);
}

main()
  .then(stopAll, async (error: unknown) => {
    process.stderr.write(`\nBENCHMARK FAILED: ${error instanceof Error ? error.stack : String(error)}\n`);
    await stopAll();
    process.exit(1);
  });
