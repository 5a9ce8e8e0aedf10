import type { Db } from '../../db/database.js';
import { startPollingLoop } from '../../lib/polling-loop.js';
import { DOCUMENTS_PER_TRANSACTION, writeDueProductDocuments } from './product-documents.js';

/**
 * Writes the product documents still queued (product-documents.ts) every `pollMs` until stopped:
 * those a transaction left (a change to more products than it writes, a write outside a
 * transaction) and, after migration 050, every product's. A full batch is followed by the next at once.
 */
export function startDocumentWriting(db: Db, options: { pollMs: number; log: { error(object: unknown, message: string): void } }): { stop(): Promise<void> } {
  return startPollingLoop(() => db.transaction().execute((tx) => writeDueProductDocuments(tx)), {
    batchSize: DOCUMENTS_PER_TRANSACTION,
    pollMs: options.pollMs,
    onError: (error) => options.log.error({ err: error }, 'writing product documents failed'),
  });
}
