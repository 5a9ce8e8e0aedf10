import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { processLog } from './lib/process-log.js';
import { startDeliveryLoop } from './modules/webhooks/delivery-loop.js';

const RECEIVER_TIMEOUT_MS = 10_000;

/** Starts webhook delivery and event pruning on a database, as the server or a worker process runs them. */
export function startWorker(database: DatabaseHandle, config: Config, log: { error(object: unknown, message: string): void }) {
  return startDeliveryLoop(database, {
    retryBaseMs: config.webhookRetryBaseMs,
    allowPrivate: config.webhooksAllowPrivate,
    timeoutMs: RECEIVER_TIMEOUT_MS,
    batchSize: 50,
    pollMs: Math.min(500, config.webhookRetryBaseMs),
    retentionDays: config.eventRetentionDays,
    log,
  });
}

/**
 * `storefront worker`: a process that only delivers webhooks (run several beside the API processes
 * with STOREFRONT_WORKER=external). Stops on SIGTERM or SIGINT after the batch under way.
 */
export async function work(config: Config): Promise<void> {
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database.db);
  const loop = startWorker(database, config, processLog);
  const stop = async () => {
    await loop.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
