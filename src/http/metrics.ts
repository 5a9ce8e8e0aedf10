import cluster from 'node:cluster';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import type { DatabaseHandle, PoolStats } from '../db/database.js';
import { readOutboxDepths, type OutboxDepth } from '../db/outbox-depth.js';
import { clusterMetricsOf } from '../lib/cluster-metrics.js';
import { httpDuration, httpRequests, measureNode, processMetrics } from '../lib/metrics.js';
import { Problem } from '../lib/problem.js';

/** The route label of requests no route matched: one label, whatever the path, so a scan cannot grow the series. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The route pattern a request matched (`/v1/products/:id`), never its URL. */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/** What this app's database holds for the worker and how its pool is doing, read at each scrape. */
function databaseMetrics(database: DatabaseHandle): Registry {
  const registry = new Registry();
  // The gauges of one scrape are collected together: they share one read. A database that does not
  // answer leaves them out rather than failing the scrape: the rest is what tells why.
  let reading: Promise<OutboxDepth[]> | undefined;
  const outboxes = () => (reading ??= readOutboxDepths(database.db, Date.now()).catch(() => []).finally(() => (reading = undefined)));
  const outboxGauge = (name: string, help: string, value: (read: OutboxDepth) => number | null) => new Gauge({
    name,
    help,
    labelNames: ['outbox'] as const,
    registers: [registry],
    // Every API process reads the same tables: across a cluster, one reading is the answer, not their sum.
    aggregator: 'max',
    async collect() {
      const read = await outboxes();
      this.reset();
      for (const outbox of read) {
        const measured = value(outbox);
        if (measured !== null) this.set({ outbox: outbox.outbox }, measured);
      }
    },
  });
  outboxGauge('storefront_outbox_depth', 'Items waiting for the worker: webhook deliveries and mails pending, orders queued for search indexing', (read) => read.depth);
  outboxGauge('storefront_outbox_age_seconds', 'Seconds the longest-waiting due webhook delivery or mail has waited since it fell due (0 when none is due)', (read) => read.age);
  const poolStats = database.poolStats;
  if (poolStats) {
    const pool = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({ name, help, registers: [registry], collect() { this.set(read(poolStats())); } });
    pool('storefront_db_pool_clients', 'PostgreSQL clients open in the pool, busy or idle', (stats) => stats.total);
    pool('storefront_db_pool_idle_clients', 'PostgreSQL clients open and idle', (stats) => stats.idle);
    pool('storefront_db_pool_waiting_requests', 'Queries waiting for a PostgreSQL client of the pool', (stats) => stats.waiting);
    pool('storefront_db_pool_max_clients', 'The most PostgreSQL clients the pool opens', (stats) => stats.max);
  }
  return registry;
}

/**
 * Counts every answer by route pattern and status with its latency (process-wide metrics, made
 * once), and serves them with the database's at `GET /metrics` in Prometheus' text format: to anyone
 * when `open` (STOREFRONT_METRICS=1), otherwise to admin keys (read-only ones too) as any admin route,
 * 401 without a credential and 403 for a channel key. In a cluster's API process the answer covers
 * every process of the cluster (lib/cluster-metrics.ts).
 */
export function registerMetrics(app: FastifyInstance, database: DatabaseHandle, { open }: { open: boolean }): void {
  measureNode();
  const registry = Registry.merge([processMetrics, databaseMetrics(database)]);
  const read = cluster.isWorker ? clusterMetricsOf(registry) : () => registry.metrics();

  // Synchronous (callback style): it runs on every answer (prom-client: about half a microsecond for both).
  app.addHook('onResponse', (request, reply, done) => {
    const method = request.method;
    const route = routeOf(request);
    httpRequests.inc({ method, route, status: reply.statusCode });
    httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { config: { access: open ? 'public' : 'admin', action: 'metrics.read' }, schema: { hide: true } }, async (request, reply) => {
    let text: string;
    try {
      text = await read();
    } catch (error) {
      request.log.warn({ err: error }, 'metrics unavailable');
      throw new Problem('unavailable', 'The metrics could not be gathered; retry the scrape');
    }
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
