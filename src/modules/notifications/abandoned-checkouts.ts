import { encodeTime } from 'ulidx';
import type { DatabaseHandle } from '../../db/database.js';
import { unixNow } from '../../lib/clock.js';
import { takeMailSlot } from './mail-caps.js';
import { isKindEnabled, queueNotification } from './queue.js';

const SCAN = 'abandoned_checkout';
/** Orders looked at per transaction: a backlog (a worker down for a day) is worked through in steps. */
const BATCH = 500;

/** The smallest order id made at `ms` or later: ids start with their creation time (lib/ids.ts). */
function firstOrderIdAt(ms: number): string {
  return `ord_${encodeTime(ms, 10).toLowerCase()}`;
}

/**
 * Queues one `abandoned_checkout` message for each checkout opened `hours` ago or earlier that is
 * still open (not placed, not expired), has an email and has no payment. Each order is looked at
 * once, when it turns `hours` old: a cursor over order ids (creation order) remembers where the
 * last scan stopped, so a scan reads only the orders made since, by primary key — no index on the
 * orders is needed, and nothing is added to the checkout's writes. A checkout paid or expired by
 * then is passed over for good; so "once per checkout" holds with several workers too (the cursor's
 * row is locked while a scan runs). A mailbox is reminded of one checkout a day at most
 * (mail-caps.ts): the others due meanwhile are passed over for good. The first scan starts at the
 * checkouts opened `hours` ago: older ones, made before the server sent these mails, are not
 * reminded. Returns how many it queued.
 */
export async function queueAbandonedCheckouts(handle: DatabaseHandle, hours: number, nowMs = Date.now()): Promise<number> {
  const boundary = firstOrderIdAt(nowMs - hours * 3_600_000);
  await handle.db.insertInto('notification_scans').values({ name: SCAN, cursor: boundary, updated_at: unixNow() }).onConflict((oc) => oc.column('name').doNothing()).execute();
  let queued = 0;
  for (;;) {
    const { count, more } = await handle.db.transaction().execute(async (tx) => {
      // Take the cursor's row first, so two workers scan one after the other.
      await tx.updateTable('notification_scans').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('name', '=', SCAN).execute();
      const { cursor } = await tx.selectFrom('notification_scans').select('cursor').where('name', '=', SCAN).executeTakeFirstOrThrow();
      const orders = await tx
        .selectFrom('orders')
        .select(['id', 'status', 'financial_status', 'email', 'customer_id', 'checkout_expires_at', 'payment_claimed_at'])
        .where('id', '>', cursor)
        .where('id', '<', boundary)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (orders.length === 0) return { count: 0, more: false };
      let count = 0;
      for (const order of orders) {
        const open = order.status === 'created' && order.financial_status === 'unpaid' && order.payment_claimed_at === null && order.checkout_expires_at * 1000 > nowMs;
        if (!open || !order.email || !(await isKindEnabled(tx, 'abandoned_checkout'))) continue;
        // One reminder a day per mailbox: checkouts are free to open, with any address in them.
        if ((await takeMailSlot(tx, 'abandoned_checkout', order.email, Math.floor(nowMs / 1000))) > 0) continue;
        const id = await queueNotification(tx, unixNow(), { kind: 'abandoned_checkout', to: order.email, data: {}, checkout_id: order.id, customer_id: order.customer_id });
        if (id) count++;
      }
      await tx.updateTable('notification_scans').set({ cursor: orders.at(-1)!.id, updated_at: unixNow() }).where('name', '=', SCAN).execute();
      return { count, more: orders.length === BATCH };
    });
    queued += count;
    if (!more) return queued;
  }
}
