import type { DatabaseHandle } from '../../db/database.js';
import type { Ctx } from '../../lib/context.js';
import { Problem } from '../../lib/problem.js';
import { findOrdersAwaitingOfflinePayment, type UnpaidOrderCursor } from './orders.repo.js';
import { cancelUnpaidOrder } from './orders.service.js';

/** Orders read per query: a backlog (a worker down for a week) is worked through in steps. */
const BATCH = 100;

/** Shopify's cancel reason for an order whose payment did not go through. */
export const UNPAID_CANCEL_REASON = 'declined';

/** Where the sweep tells of the orders it leaves to staff. */
type SweepLog = { info(object: unknown, message: string): void };
// The cancel path logs nothing of its own.
const quiet: Ctx['log'] = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Cancels the storefront orders placed with an offline method (the `manual` gateway: financial
 * status `pending`) that are still unpaid `hours` after their placement, as staff would
 * (orders.service cancelUnpaidOrder): their stock goes back (`sku.updated`), `order.canceled` and
 * `order.updated` are recorded, the buyer is told, with reason `declined` and no canceler. Orders
 * staff placed (source_name `admin`: payment terms) and orders shipped are left to staff. Each order
 * is canceled in its own transaction by a conditional move, so several processes sweeping at once
 * cancel it once, and an order paid (or being paid) before its turn is left alone. `hours` 0 cancels
 * nothing. Answers how many orders this sweep canceled.
 */
export async function cancelUnpaidOrders(handle: DatabaseHandle, hours: number, nowMs = Date.now(), log: SweepLog = quiet): Promise<number> {
  if (hours <= 0) return 0;
  const now = Math.floor(nowMs / 1000);
  const ctx: Ctx = { db: handle.db, dbKind: handle.kind, actor: { kind: 'system' }, now: () => now, log: quiet };
  const placedBefore = now - hours * 3600;
  let canceled = 0;
  let cursor: UnpaidOrderCursor | undefined;
  for (;;) {
    const due = await findOrdersAwaitingOfflinePayment(handle.db, placedBefore, cursor, BATCH);
    for (const order of due) {
      try {
        if (await cancelUnpaidOrder(ctx, order.id, UNPAID_CANCEL_REASON)) canceled++;
      } catch (error) {
        // Returned items, or a shipment made since the read: staff decide; the sweep goes on.
        if (!(error instanceof Problem) || error.code !== 'invalid_state') throw error;
        log.info({ order: order.id, detail: error.message }, 'unpaid order left as it is');
      }
    }
    if (due.length < BATCH) return canceled;
    cursor = due.at(-1);
  }
}
