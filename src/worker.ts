import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { openConfiguredDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { processLog } from './lib/process-log.js';
import { startDocumentWriting } from './modules/catalog/document-writing-loop.js';
import { startExportLoop } from './modules/exports/export-runner.js';
import { openConfiguredFiles, type FilesSettings } from './modules/files/files.service.js';
import { DEFAULT_IMPORT_BATCH_ROWS, DEFAULT_IMPORT_LOCK_MS, startImportRunner } from './modules/imports/import-runner.js';
import { startMailLoop } from './modules/notifications/mail-loop.js';
import { startSearchIndexing } from './modules/orders/search-indexing-loop.js';
import { startUnpaidOrderSweep } from './modules/orders/unpaid-orders-loop.js';
import { startDeliveryLoop } from './modules/webhooks/delivery-loop.js';

const RECEIVER_TIMEOUT_MS = 10_000;
/** How long an image named by an import may take to arrive. */
const IMAGE_TIMEOUT_MS = 30_000;
/** How often an idle worker looks for a queued import. */
const IMPORT_POLL_MS = 1_000;
/** How often the worker indexes the orders queued for search: a placed order is found by its terms within this time. */
const SEARCH_INDEXING_POLL_MS = 200;
/** How often an idle worker looks for a queued export: a merchant waits at most this long for it to start. */
const EXPORT_POLL_MS = 1000;
/** How often the worker writes the product documents a write left queued: a storefront reads them built from their sources meanwhile. */
const DOCUMENT_POLL_MS = 1000;

/**
 * Starts webhook delivery with the pruning of events and audit log entries, mail delivery with the abandoned-checkout scan,
 * order search indexing, the sweep of unpaid offline orders, bulk imports (into `files`), CSV exports (written to `files`) and the product documents left queued on a database, as the server or a
 * worker process runs them.
 */
export function startWorker(database: DatabaseHandle, config: Config, files: FilesSettings, log: { info(object: unknown, message: string): void; error(object: unknown, message: string): void }) {
  const pollMs = Math.min(500, config.webhookRetryBaseMs);
  const webhooks = startDeliveryLoop(database, {
    retryBaseMs: config.webhookRetryBaseMs,
    allowPrivate: config.webhooksAllowPrivate,
    timeoutMs: RECEIVER_TIMEOUT_MS,
    batchSize: 50,
    pollMs,
    retentionDays: config.eventRetentionDays,
    log,
  });
  const mail = startMailLoop(database, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    shopUrl: config.shopUrl,
    retryBaseMs: config.webhookRetryBaseMs,
    batchSize: 20,
    pollMs,
    abandonedAfterHours: config.abandonedAfterHours,
    print: config.mailLog ? (message) => log.info({ mail: message }, `mail ${message.id} to ${message.to}: ${message.subject}`) : undefined,
    log,
  });
  const search = startSearchIndexing(database.db, { pollMs: SEARCH_INDEXING_POLL_MS, log });
  const unpaid = startUnpaidOrderSweep(database, { hours: config.unpaidOrderTtlHours, log });
  const imports = startImportRunner(database, {
    files, allowPrivate: config.webhooksAllowPrivate, timeoutMs: IMAGE_TIMEOUT_MS,
    lockMs: DEFAULT_IMPORT_LOCK_MS, batchRows: DEFAULT_IMPORT_BATCH_ROWS, pollMs: IMPORT_POLL_MS, log,
  });
  const exports = startExportLoop(database, { storage: files.storage, pollMs: EXPORT_POLL_MS, log });
  const documents = startDocumentWriting(database.db, { pollMs: DOCUMENT_POLL_MS, log });
  return {
    stop: async () => {
      await Promise.all([webhooks.stop(), mail.stop(), search.stop(), unpaid.stop(), imports.stop(), exports.stop(), documents.stop()]);
    },
  };
}

/**
 * `storefront worker`: a process that only delivers webhooks and mail, indexes orders for search, cancels unpaid offline orders, runs imports and writes exports (run several beside the API processes
 * with STOREFRONT_WORKER=external). Stops on SIGTERM or SIGINT after the batch under way.
 */
export async function work(config: Config): Promise<void> {
  const database = openConfiguredDatabase(config);
  await database.withDirectConnection(migrateToLatest);
  const files = await openConfiguredFiles(config);
  const loop = startWorker(database, config, files, processLog);
  const stop = async () => {
    await loop.stop();
    files.storage.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
