import type { DatabaseHandle } from '../../db/database.js';
import { startPollingLoop } from '../../lib/polling-loop.js';
import { queueAbandonedCheckouts } from './abandoned-checkouts.js';
import { deliverDueMail, type MailDeliveryOptions } from './mail-delivery.js';

export interface MailLoopOptions extends MailDeliveryOptions {
  /** How often to look for due messages when the last look found few. */
  pollMs: number;
  /** STOREFRONT_ABANDONED_AFTER_HOURS. */
  abandonedAfterHours: number;
  log: { error(object: unknown, message: string): void };
}

/** Checkouts turn abandoned by the hour: looking for them once a minute is soon enough. */
const ABANDONED_SCAN_EVERY_MS = 60_000;

/**
 * Sends the outbox's messages until stopped, beside the webhook loop: a full batch is followed at
 * once by the next, otherwise the loop waits `pollMs`; once a minute it queues the reminders of
 * checkouts that became abandoned. Errors are logged and the loop goes on. `stop` waits for the
 * batch under way.
 */
export function startMailLoop(handle: DatabaseHandle, options: MailLoopOptions): { stop(): Promise<void> } {
  let lastScan = 0;
  return startPollingLoop(async () => {
    if (Date.now() - lastScan >= ABANDONED_SCAN_EVERY_MS) {
      lastScan = Date.now();
      await queueAbandonedCheckouts(handle, options.abandonedAfterHours);
    }
    return deliverDueMail(handle, options);
  }, { batchSize: options.batchSize, pollMs: options.pollMs, onError: (error) => options.log.error({ err: error }, 'mail delivery failed') });
}
