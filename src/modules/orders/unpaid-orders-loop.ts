import type { DatabaseHandle } from '../../db/database.js';
import { unixNow } from '../../lib/clock.js';
import { startPollingLoop } from '../../lib/polling-loop.js';
import { releaseExpiredReservations } from '../checkout/reservation.js';
import { forgetSpentMailQuotas } from '../notifications/mail-caps.js';
import { cancelUnpaidOrders } from './unpaid-orders.js';

/** Unpaid orders come due by the hour: looking for them once a minute is soon enough. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Once a minute until stopped: cancels the unpaid offline orders older than `hours`
 * (unpaid-orders.ts; `hours` 0 cancels none) and gives back the reservations of checkouts that
 * expired unplaced (checkout/reservation.ts), and forgets the mail caps' counts that have left
 * every window (notifications/mail-caps.ts). Errors are logged and the loop goes on (the database may come
 * back). `stop` waits for the sweep under way.
 */
export function startUnpaidOrderSweep(
  handle: DatabaseHandle,
  options: { hours: number; log: { info(object: unknown, message: string): void; error(object: unknown, message: string): void } },
): { stop(): Promise<void> } {
  // Every sweep works through all that is due: each tick is followed by the wait.
  return startPollingLoop(async () => {
    const canceled = await cancelUnpaidOrders(handle, options.hours, Date.now(), options.log);
    if (canceled > 0) options.log.info({ canceled }, `canceled ${canceled} unpaid orders older than ${options.hours} h`);
    const released = await releaseExpiredReservations(handle, unixNow());
    if (released > 0) options.log.info({ released }, `gave back the stock and discount uses of ${released} expired checkouts`);
    await forgetSpentMailQuotas(handle.db, unixNow());
    return released;
  }, { batchSize: 1, pollMs: SWEEP_EVERY_MS, onError: (error) => options.log.error({ err: error }, 'unpaid order sweep failed') });
}
