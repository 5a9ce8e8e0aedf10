import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import v8 from 'node:v8';
import { buildApp } from './app.js';
import { ensureStore, makeShopKey, type FirstStart } from './bootstrap.js';
import type { Config } from './config.js';
import { openConfiguredDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo, type DemoSeed } from './demo.js';
import { ownUrl, shopOnceListening } from './http/shop.js';
import { gatherClusterMetrics } from './lib/cluster-metrics.js';
import { processLog } from './lib/process-log.js';
import { openConfiguredFiles } from './modules/files/files.service.js';
import { ensureOwnerFromEnvironment, type MadeUser } from './modules/users/owner.js';
import { unixNow } from './lib/clock.js';
import { activeTracing, startTracing } from './tracing/tracing.js';
import { startWorker } from './worker.js';

/** How long the primary waits for its API processes to finish their requests on shutdown. */
const CHILD_STOP_TIMEOUT_MS = 30_000;
/** A process that dies this soon after it started is not restarted at once (a crash loop). */
const RESTART_DELAY_MS = 1_000;

/** How to start again without the demo, for the database the server was started on. */
function emptyStartHint(databaseUrl: string): string {
  if (databaseUrl.startsWith('sqlite::memory:')) return 'To start with an empty store instead, start the server with STOREFRONT_DEMO=0.';
  const file = /^sqlite:(.+)$/.exec(databaseUrl)?.[1];
  const where = file ? `delete ${file}` : 'point DATABASE_URL at an empty database (or empty this one)';
  return `To start with an empty store instead: stop the server, ${where} and start it with STOREFRONT_DEMO=0.`;
}

/** What a new store was given: the demo store (what it holds and how to do without it), or nothing. */
function demoLines(config: Config, seed: DemoSeed | undefined): string[] {
  if (!seed) return ['The store is empty (STOREFRONT_DEMO=0): add a catalogue through the API or the dashboard, or the demo one with `storefront seed --demo`.'];
  const { products, categories, collections, zones } = seed.added;
  const email = seed.storeEmail ? `, and ${seed.storeEmail} as the email its mails come from` : '';
  return [
    `A demo store was made: ${products} products in ${categories} categories and ${collections} collections, ${zones} shipping zones, `
      + `the manual and test payment gateways (test card 4242 4242 4242 4242)${email}.`,
    emptyStartHint(config.databaseUrl),
  ];
}

/** How staff sign in: the owner made from the environment, or how to make one. */
function ownerLine(owner: MadeUser | null): string {
  if (owner) return `Owner:       ${owner.email}   (from STOREFRONT_OWNER_EMAIL; signs in at /admin with that email and password)`;
  return 'Owner:       none yet: make yours with `npx storefront users create --email you@example.com --role owner`, or start once with STOREFRONT_OWNER_EMAIL and STOREFRONT_OWNER_PASSWORD';
}

/** The first start's words: the keys, printed once, the owner, and whether the store is the demo one. */
function announce(config: Config, first: FirstStart, seed: DemoSeed | undefined, owner: MadeUser | null): void {
  if (owner && !first.created) process.stdout.write(`\n${ownerLine(owner)}\n\n`);
  if (!first.created) return;
  const lines = ['A new store was created.'];
  lines.push(config.adminKey ? 'Admin key: from STOREFRONT_ADMIN_KEY' : `Admin key:   ${first.adminKey}   (shown once; keep it)`);
  lines.push(config.channelKey ? 'Channel key: from STOREFRONT_CHANNEL_KEY' : `Channel key: ${first.channelKey}   (shown once)`);
  if (config.shop) lines.push(`Shop:        ${config.publicUrl}/`);
  if (config.admin) lines.push(`Dashboard:   ${config.publicUrl}/admin   (sign in as a user, or with the admin key)`);
  lines.push(ownerLine(owner));
  lines.push('', ...demoLines(config, seed));
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

/** Migrates, and sets up a new store on first start (with the demo catalogue unless STOREFRONT_DEMO=0). */
async function prepare(config: Config): Promise<DatabaseHandle> {
  const database = openConfiguredDatabase(config, { checkpointInBackground: true });
  await database.withDirectConnection(migrateToLatest);
  const first = await ensureStore(database.db, { adminKey: config.adminKey, channelKey: config.channelKey });
  const seed = first.created && config.demo ? await seedDemo(database) : undefined;
  const owner = await ensureOwnerFromEnvironment(database.db, config, unixNow());
  announce(config, first, seed, owner);
  // The shop this server serves speaks to the API with a channel key like any storefront; the
  // processes a cluster forks inherit it.
  if (config.shop) process.env.STOREFRONT_CHANNEL_KEY ||= await makeShopKey(database.db);
  return database;
}

/** The responses not yet sent, kept up to date as requests come and go. */
function trackResponses(server: HttpServer): Set<ServerResponse> {
  const open = new Set<ServerResponse>();
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    open.add(response);
    response.once('close', () => open.delete(response));
  });
  return open;
}

function onSignals(shutdown: (signal: string) => Promise<void>): void {
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * Serves HTTP on an open database until a signal: stops taking connections, lets in-flight requests
 * finish, then closes the database. `deliver` runs webhook delivery in this process too.
 */
async function serveHttp(config: Config, database: DatabaseHandle, deliver: boolean): Promise<void> {
  const files = await openConfiguredFiles(config);
  const storage = files.storage;
  const shop = config.shop ? shopOnceListening() : undefined;
  const app = await buildApp({ database, config, files, shop: shop?.handle });
  const worker = deliver ? startWorker(database, config, files, app.log) : undefined;
  const answering = trackResponses(app.server);
  let closing = false;
  onSignals(async (signal) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // The answers still under way end their connection. Node closes only the connections idle when
    // close() is called: one kept alive after its answer would hold the process until its keep-alive
    // timeout (72 s), and its client would send its next request on it rather than on a new (refused) one.
    for (const response of answering) if (!response.headersSent) response.setHeader('connection', 'close');
    await app.close();
    await worker?.stop();
    storage.close();
    await database.close();
    await activeTracing()?.shutdown();
    process.exit(0);
  });
  await app.listen({ host: config.host, port: config.port });
  if (shop) {
    process.env.STOREFRONT_API_URL ||= ownUrl(app.server);
    await shop.start(app.server);
  }
}

/**
 * The primary of `serve --workers N`: prepares the database once, forks N API processes that share
 * the port (node:cluster), restarts any that dies, and delivers webhooks itself (unless
 * STOREFRONT_WORKER=external) so that work is done once, not N times. On a signal it asks every API
 * process to finish its requests, then stops.
 */
async function superviseCluster(config: Config, count: number): Promise<void> {
  const database = await prepare(config);
  const files = config.worker === 'internal' ? await openConfiguredFiles(config) : undefined;
  const delivery = files ? startWorker(database, config, files, processLog) : undefined;
  // A scrape of /metrics reaches one API process; it asks here for all of theirs.
  gatherClusterMetrics();
  let closing = false;
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (closing) return;
    processLog.error({ worker_pid: worker.process.pid, code, signal }, 'an API process stopped; starting another');
    setTimeout(fork, lived < RESTART_DELAY_MS ? RESTART_DELAY_MS : 0);
  });
  // A forked process serves only once it listens, which can take seconds after the fork: say when.
  cluster.on('listening', (worker) => processLog.info({ worker_pid: worker.process.pid }, 'an API process is listening'));
  for (let i = 0; i < count; i++) fork();
  processLog.info({ workers: count, host: config.host, port: config.port }, 'serving with several API processes');

  onSignals(async (signal) => {
    if (closing) return;
    closing = true;
    processLog.info({ signal }, 'shutting down');
    const children = [...startedAt.keys()];
    const exited = children.map((worker) => new Promise<void>((resolve) => {
      if (worker.isDead()) resolve();
      else worker.once('exit', () => resolve());
    }));
    for (const worker of children) worker.process.kill('SIGTERM');
    const timer = setTimeout(() => children.forEach((worker) => worker.process.kill('SIGKILL')), CHILD_STOP_TIMEOUT_MS);
    await Promise.all(exited);
    clearTimeout(timer);
    await delivery?.stop();
    files?.storage.close();
    await database.close();
    process.exit(0);
  });
}

/**
 * Lets the heap grow to 1.5 times what survives a full collection, not V8's default of up to 4 times:
 * under 100 connections, requests that wait hold their objects past two scavenges, and that garbage
 * piled up in the old space (38 MB live, 100 MB of old space, 240 MB resident) until a collection;
 * with 1.5 the resident set stays under 190 MB, with no change in throughput (BENCHMARKS.md).
 */
function keepHeapNearLiveData(): void {
  v8.setFlagsFromString('--heap-growing-percent=50');
}

/**
 * `storefront serve [--workers N]`: the API until SIGTERM or SIGINT. With one process it prepares the
 * database, serves and delivers webhooks (unless STOREFRONT_WORKER=external). With several, the
 * cluster's primary prepares and delivers, and its forks only serve.
 */
export async function serve(config: Config, workers = 1): Promise<void> {
  keepHeapNearLiveData();
  if (config.shop && !config.shopSecret) {
    // The shop served here proves its calls with it; the processes a cluster forks inherit it.
    process.env.STOREFRONT_SHOP_SECRET = randomBytes(24).toString('base64url');
    config = { ...config, shopSecret: process.env.STOREFRONT_SHOP_SECRET };
  }
  // Before the database is opened and the app built: both look for it.
  await startTracing();
  if (workers <= 1) return serveHttp(config, await prepare(config), config.worker === 'internal');
  if (cluster.isPrimary) return superviseCluster(config, workers);
  return serveHttp(config, openConfiguredDatabase(config), false);
}
