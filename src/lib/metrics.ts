import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The metrics of this process, whatever database or app it serves: Node's own (event-loop lag, heap,
 * CPU, garbage collection), requests, payments and SQLite lock waits. Each metric is made once, at
 * import; what depends on one database (its pool, its outboxes) is the app's (http/metrics.ts).
 */
export const processMetrics = new Registry();

/** Every answer, by route pattern (`/v1/products/:id`; `unmatched` for unknown paths), method and status. */
export const httpRequests = new Counter({
  name: 'storefront_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [processMetrics],
});

/** From the request's arrival to its answer's last byte (Fastify's reply.elapsedTime). */
export const httpDuration = new Histogram({
  name: 'storefront_http_request_duration_seconds',
  help: 'Time from receiving an HTTP request to finishing its answer, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  // Most answers take a millisecond or two: the low buckets tell them apart.
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
});

/** Gateway calls (payments/drivers/registry.ts), by what the provider answered. */
export const payments = new Counter({
  name: 'storefront_payments_total',
  help: 'Payment gateway calls by driver, operation (authorize, capture, refund, void) and outcome (succeeded, pending, failed; error when the call threw)',
  labelNames: ['gateway', 'operation', 'outcome'] as const,
  registers: [processMetrics],
});

/** Statements that found SQLite's write lock taken by another process (db/sqlite-write-lock.ts). */
export const sqliteLockWaits = new Histogram({
  name: 'storefront_sqlite_lock_wait_seconds',
  help: "Waits for SQLite's write lock held by another process: acquired, or failed (503 after the wait limit)",
  labelNames: ['outcome'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [processMetrics],
});

let measuringNode = false;

/** Starts measuring Node itself (event-loop lag among them) into processMetrics, once per process. */
export function measureNode(): void {
  if (measuringNode) return;
  measuringNode = true;
  collectDefaultMetrics({ register: processMetrics });
}
