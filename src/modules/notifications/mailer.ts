import nodemailer from 'nodemailer';
import type { RenderedMessage } from './render.js';

export interface MailSettings {
  /** `smtp://…` or `smtps://…`; none: messages are rendered and recorded as not_sent. */
  smtpUrl: string | undefined;
  /** The From header; the store's email when unset. */
  from: string | undefined;
  /** Prints each message composed (STOREFRONT_MAIL=log). */
  print?: (message: OutgoingMail) => void;
}

export interface OutgoingMail extends RenderedMessage {
  id: string;
  from: string;
  to: string;
}

// An SMTP server that accepts the connection and then says nothing must not hold a worker's batch:
// these bound each step; a timed-out message is retried like any failure.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

type Transport = ReturnType<typeof nodemailer.createTransport>;
const transports = new Map<string, Transport>();

function transportOf(url: string): Transport {
  let transport = transports.get(url);
  if (!transport) transports.set(url, (transport = nodemailer.createTransport({ url, ...TIMEOUTS })));
  return transport;
}

/**
 * Hands a message to the SMTP server; resolves once the server accepted it for every recipient and
 * throws (with the server's answer) otherwise. The message id header carries the outbox id, so a
 * message sent again after a crash can be told apart by the receiving side.
 */
export async function sendMail(smtpUrl: string, mail: OutgoingMail): Promise<void> {
  const info = await transportOf(smtpUrl).sendMail({
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: { 'X-Storefront-Notification-Id': mail.id },
  });
  if (info.rejected.length > 0) throw new Error(`the server refused ${info.rejected.length} recipient(s): ${info.response}`);
}
