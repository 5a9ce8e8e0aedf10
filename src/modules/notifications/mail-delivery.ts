import type { Config } from '../../config.js';
import { claimDue } from '../../db/claim-due.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { NotificationRow, StoreRow } from '../../db/types.js';
import { JobThreadError } from '../../lib/job-thread.js';
import { giveUpAfterMs, retryDelayMs } from '../webhooks/retry-schedule.js';
import { isNotificationKind } from './kinds.js';
import { sendMail, type MailSettings, type OutgoingMail } from './mailer.js';
import { messageData, storeDataOf } from './message-data.js';
import type { RenderedMessage } from './render.js';
import { renderMessageInThread } from './render-thread.js';
import { effectiveTemplate } from './templates.service.js';
import { findStore } from '../store/stores.repo.js';

export interface MailDeliveryOptions extends MailSettings, Pick<Config, 'shopUrl'> {
  /** Scales the retry schedule (the webhooks' STOREFRONT_WEBHOOK_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** Messages claimed at once. */
  batchSize: number;
}

/** A worker holds what it claimed this long; a worker that died lets go of it after that. */
const LOCK_MS = 120_000;

/** The message as it goes out: rendered now unless it was rendered before (a retry, a resend sends the same). */
async function compose(handle: DatabaseHandle, row: NotificationRow, batch: Batch, options: MailDeliveryOptions): Promise<RenderedMessage> {
  if (row.subject !== null && row.html !== null && row.text !== null) return { subject: row.subject, html: row.html, text: row.text };
  if (!isNotificationKind(row.kind)) throw new Error(`unknown kind ${row.kind}`);
  const { data, locale } = await messageData(handle.db, row, options, batch.store);
  const written = await effectiveTemplate(handle.db, row.kind, locale);
  const outcome = await renderMessageInThread(written.template, data, written.locale);
  if (!outcome.ok) throw new Error(outcome.errors.map((error) => `${error.field} ${error.message}`).join('; '));
  return outcome.message;
}

/** What every message of a batch shares, read once: the sender, and the store as templates see it. */
interface Batch {
  from: string;
  store: Record<string, unknown>;
}

/** The From of every message: STOREFRONT_MAIL_FROM, else the store's name and email. */
export function fromAddress(store: StoreRow | undefined, options: Pick<MailDeliveryOptions, 'from'>): string {
  if (options.from) return options.from;
  const address = store?.email ?? 'no-reply@localhost';
  return store?.name ? `"${store.name.replace(/["\\\r\n]/g, '')}" <${address}>` : address;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/**
 * Renders, sends and settles one claimed message. Success is saved with `status = sent` before the
 * claim lapses, and only a pending, claimed row is ever sent, so a message is sent once (a worker
 * dying between the server's acceptance and that save is the one case sent again). A failure is
 * retried on the webhooks' schedule until its horizon (3 days by default), then `failed`; a
 * message that cannot be rendered fails at once (a template error, or a template over its limits,
 * would fail every retry).
 */
async function deliverOne(handle: DatabaseHandle, row: NotificationRow, batch: Batch, options: MailDeliveryOptions): Promise<void> {
  const nowMs = Date.now();
  const now = Math.floor(nowMs / 1000);
  let rendered: RenderedMessage;
  try {
    rendered = await compose(handle, row, batch, options);
  } catch (error) {
    // The render thread failing to start is no fault of the message: it stays claimed, and is tried
    // again once the claim lapses.
    if (error instanceof JobThreadError) throw error;
    await settle(handle, row, { status: 'failed', last_error: `could not render: ${errorText(error)}`, attempts: row.attempts, updated_at: now });
    return;
  }
  const mail: OutgoingMail = { id: row.id, from: batch.from, to: row.recipient, ...rendered };
  options.print?.(mail);
  if (!options.smtpUrl) {
    await settle(handle, row, { ...rendered, status: 'not_sent', last_error: null, updated_at: now });
    return;
  }
  const attempts = row.attempts + 1;
  try {
    await sendMail(options.smtpUrl, mail);
    await settle(handle, row, { ...rendered, status: 'sent', attempts, last_error: null, sent_at: Math.floor(Date.now() / 1000), updated_at: now });
  } catch (error) {
    const abandoned = nowMs - row.created_at * 1000 >= giveUpAfterMs(options.retryBaseMs);
    await settle(handle, row, {
      ...rendered,
      status: abandoned ? 'failed' : 'pending',
      attempts,
      last_error: errorText(error),
      next_attempt_at: abandoned ? nowMs : nowMs + retryDelayMs(attempts, options.retryBaseMs),
      updated_at: now,
    });
  }
}

async function settle(handle: DatabaseHandle, row: NotificationRow, changes: Partial<NotificationRow>): Promise<void> {
  await handle.db.updateTable('notifications').set({ ...changes, locked_until: null }).where('id', '=', row.id).where('status', '=', 'pending').execute();
}

/** Sends one batch of due messages; returns how many it handled. Never called in an API request. */
export async function deliverDueMail(handle: DatabaseHandle, options: MailDeliveryOptions): Promise<number> {
  const claimed = await claimDue(handle, 'notifications', options.batchSize, LOCK_MS);
  if (claimed.length === 0) return 0;
  const store = await findStore(handle.db);
  const batch = { from: fromAddress(store, options), store: storeDataOf(store, options) };
  await Promise.all(claimed.map((row) => deliverOne(handle, row, batch, options)));
  return claimed.length;
}
