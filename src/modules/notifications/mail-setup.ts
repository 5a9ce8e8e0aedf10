import type { Ctx } from '../../lib/context.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { newId } from '../../lib/ids.js';
import { checkEmail, normalizedEmail } from '../customers/emails.js';
import { findStore } from '../store/stores.repo.js';
import { fromAddress } from './mail-delivery.js';
import { sendMail } from './mailer.js';
import { countNotSent } from './notifications.repo.js';

/** How this process sends mail: the worker reads the same settings (STOREFRONT_SMTP_URL, STOREFRONT_MAIL_FROM). */
export interface MailSetup {
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /** STOREFRONT_MAIL=log: every message is printed to the log too. */
  mailLog: boolean;
}

export interface MailerView {
  object: 'mailer';
  is_configured: boolean;
  host: string | null;
  is_secure: boolean;
  from: string;
  is_logged: boolean;
  not_sent_count: number;
}

/** The SMTP server's host and port, without the user and password the URL may carry. */
function hostOf(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return url.port ? `${url.hostname}:${url.port}` : url.hostname;
}

/** Whether mail goes out, to which server (never its credentials), from whom, and how many messages were recorded unsent. */
export async function describeMailer(ctx: Ctx, setup: MailSetup): Promise<MailerView> {
  const store = await findStore(ctx.db);
  return {
    object: 'mailer',
    is_configured: setup.smtpUrl !== undefined,
    host: setup.smtpUrl ? hostOf(setup.smtpUrl) : null,
    is_secure: setup.smtpUrl?.startsWith('smtps:') ?? false,
    from: fromAddress(store, { from: setup.mailFrom }),
    is_logged: setup.mailLog,
    not_sent_count: await countNotSent(ctx.db),
  };
}

export interface MailTestView {
  object: 'mail_test';
  status: 'sent' | 'failed';
  to: string;
  from: string;
  host: string;
  error: string | null;
  created_at: number;
}

/**
 * Sends one test message now, straight through the configured SMTP server (not the outbox: nothing is
 * retried), to `to` or else the store's email, and answers whether the server accepted it and, if
 * not, its answer.
 * @throws Problem invalid_state when no SMTP server is configured; validation_failed naming `to` when
 * it is no email address, or when none is given and the store has no email.
 */
export async function sendTestMail(ctx: Ctx, setup: MailSetup, input: { to?: string }): Promise<MailTestView> {
  if (!setup.smtpUrl) {
    throw new Problem('invalid_state', 'Mail is not configured: set STOREFRONT_SMTP_URL (smtp://user:password@host:587 or smtps://…) for the server and the worker, then restart them', {
      extra: { field: 'mailer', current: 'not_configured', requested: 'sent' },
    });
  }
  const store = await findStore(ctx.db);
  const errors = new FieldErrors();
  const to = input.to ?? store?.email ?? undefined;
  if (to === undefined || to.trim() === '') errors.add('to', 'required', "is required: the store has no email to send to");
  else checkEmail(to, 'to', errors);
  errors.throwIfAny();
  const recipient = normalizedEmail(to!);
  const from = fromAddress(store, { from: setup.mailFrom });
  const name = store?.name || 'your store';
  const text = `This is a test message from ${name}, sent by Storefront through ${hostOf(setup.smtpUrl)}.\n\nIf you can read it, the store's mail (order confirmations, shipping notices, password resets) reaches its recipients.`;
  const html = `<p>This is a test message from <strong>${escapeHtml(name)}</strong>, sent by Storefront through ${escapeHtml(hostOf(setup.smtpUrl))}.</p><p>If you can read it, the store's mail (order confirmations, shipping notices, password resets) reaches its recipients.</p>`;
  let error: string | null = null;
  try {
    await sendMail(setup.smtpUrl, { id: newId('ntf'), from, to: recipient, subject: `Test mail from ${name}`, text, html });
  } catch (failure) {
    error = (failure instanceof Error ? failure.message : String(failure)).slice(0, 1000);
    ctx.log.warn({ err: failure }, 'the test mail was refused');
  }
  return { object: 'mail_test', status: error === null ? 'sent' : 'failed', to: recipient, from, host: hostOf(setup.smtpUrl), error, created_at: ctx.now() };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
