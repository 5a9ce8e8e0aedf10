import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { DatabaseHandle } from '../../src/db/database.js';
import { deliverDueMail, type MailDeliveryOptions } from '../../src/modules/notifications/mail-delivery.js';
import { freePort } from './ports.js';
import { TEST_SHOP_URL, type TestContext } from './test-app.js';

// ---------------------------------------------------------------------------------------------
// A real SMTP server on 127.0.0.1 that keeps every message it accepts, parsed.

export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO as the client sent them. */
  from: string;
  to: string[];
  /** The user the client authenticated as, if it did. */
  user: string | undefined;
  parsed: ParsedMail;
  raw: string;
}

export interface SmtpServer {
  /** `smtp://user:pass@127.0.0.1:<port>` (smtps:// for a TLS server). */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** The messages received for this recipient. */
  to(recipient: string): ReceivedMail[];
  /**
   * The first message for `recipient` received from now on (or already received, with `received`
   * true): for a test app running the mail loop (`createTestApp(kind, { mail: { smtpUrl } })`).
   */
  waitFor(recipient: string, options?: { received?: boolean }): Promise<ReceivedMail>;
  /** The next `count` messages are refused with `code` (5xx: the server refuses; 4xx: try later). */
  refuse(count: number, code?: number, message?: string): void;
  /**
   * Holds the next message at the end of DATA (its client waits for the answer) until `release` is
   * called, while later ones pass: a slow server, without timing anything. `held` resolves once the
   * message waits.
   */
  hold(): { held: Promise<void>; release(): void };
  /** Stops listening (the port stays reserved by the test); `start` listens again on it. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

const openServers = new Set<SmtpServer>();

export async function startSmtpServer(options: { secure?: boolean; user?: string; pass?: string } = {}): Promise<SmtpServer> {
  const port = await freePort();
  const user = options.user ?? 'shop';
  const pass = options.pass ?? 'secret';
  const received: ReceivedMail[] = [];
  const waiting: Array<{ recipient: string; resolve(mail: ReceivedMail): void }> = [];
  let refusals: Array<{ code: number; message: string }> = [];
  let gate: { wait: Promise<void>; arrived(): void } | undefined;
  let server: SMTPServer | undefined;

  const settings: SMTPServerOptions = {
    secure: options.secure ?? false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: options.secure ? [] : ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (async () => {
          const current = gate;
          if (current) {
            gate = undefined;
            current.arrived();
            await current.wait;
          }
          const refusal = refusals.shift();
          if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            parsed: await simpleParser(raw),
            raw,
          };
          received.push(mail);
          callback();
          for (const waiter of waiting.filter((w) => mail.to.includes(w.recipient))) {
            waiting.splice(waiting.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        })();
      });
    },
  };

  const listen = async () => {
    server = new SMTPServer(settings);
    server.on('error', () => {});
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', () => resolve()));
  };
  await listen();
  const scheme = options.secure ? 'smtps' : 'smtp';
  // The TLS server has smtp-server's own test certificate, which no client trusts.
  const query = options.secure ? '?tls.rejectUnauthorized=false' : '';
  const smtp: SmtpServer = {
    url: `${scheme}://${user}:${pass}@127.0.0.1:${port}/${query}`,
    port,
    received,
    to: (recipient) => received.filter((mail) => mail.to.includes(recipient)),
    waitFor: (recipient, { received: already = false } = {}) => {
      const found = already ? received.find((mail) => mail.to.includes(recipient)) : undefined;
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiting.push({ recipient, resolve }));
    },
    refuse(count, code = 550, message = 'Mailbox unavailable') {
      refusals = Array.from({ length: count }, () => ({ code, message }));
    },
    hold() {
      let release!: () => void;
      let arrived!: () => void;
      const wait = new Promise<void>((resolve) => (release = resolve));
      const held = new Promise<void>((resolve) => (arrived = resolve));
      gate = { wait, arrived };
      return {
        held,
        release,
      };
    },
    async stop() {
      const current = server;
      server = undefined;
      if (!current) return;
      for (const connection of current.connections) connection.close();
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
  };
  openServers.add(smtp);
  return smtp;
}

/** Stops every SMTP server still running (after the tests of a file). */
export async function stopSmtpServers(): Promise<void> {
  await Promise.all([...openServers].map((s) => s.stop()));
  openServers.clear();
}

// ---------------------------------------------------------------------------------------------
// Driving mail delivery in a test, as the worker's loop does.

const BASE_MS = 20;

export function mailOptions(smtp: SmtpServer | undefined, options: Partial<MailDeliveryOptions> = {}): MailDeliveryOptions {
  return { smtpUrl: smtp?.url, from: undefined, shopUrl: TEST_SHOP_URL, retryBaseMs: BASE_MS, batchSize: 50, ...options };
}

/** Runs one round of mail delivery on the test app's database. */
export function deliverMailOnce(t: TestContext, smtp: SmtpServer | undefined, options: Partial<MailDeliveryOptions> = {}): Promise<number> {
  return deliverDueMail({ db: t.db, kind: t.kind } as DatabaseHandle, mailOptions(smtp, options));
}

/** Runs delivery rounds until `done` holds (retries come due every few ms); fails after `maxRounds`. */
export async function deliverMailUntil(
  t: TestContext,
  smtp: SmtpServer | undefined,
  done: () => boolean | Promise<boolean>,
  options: Partial<MailDeliveryOptions> = {},
  maxRounds = 200,
): Promise<void> {
  for (let round = 0; round < maxRounds; round++) {
    if (await done()) return;
    await deliverMailOnce(t, smtp, options);
    await new Promise((resolve) => setTimeout(resolve, BASE_MS));
  }
  if (!(await done())) throw new Error(`mail condition still false after ${maxRounds} delivery rounds`);
}

/** Delivers until a message for `recipient` reached the server; answers the last one received. */
export async function mailTo(t: TestContext, smtp: SmtpServer, recipient: string, options: Partial<MailDeliveryOptions> = {}): Promise<ReceivedMail> {
  await deliverMailUntil(t, smtp, () => smtp.to(recipient).length > 0, options);
  return smtp.to(recipient).at(-1)!;
}
