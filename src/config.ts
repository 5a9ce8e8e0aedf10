import ipaddr from 'ipaddr.js';

/** Process configuration, read from the environment once at start-up. */
export interface Config {
  host: string;
  port: number;
  /** `sqlite:PATH`, `sqlite::memory:` or `postgres://…`. */
  databaseUrl: string;
  /**
   * PostgreSQL: a connection straight to the server for what needs a session (the change feed's
   * LISTEN, migrations), when `databaseUrl` is a transaction-pooling pooler's; unset: `databaseUrl`.
   */
  databaseDirectUrl: string | undefined;
  /** Requests per minute per credential (per IP without one); 0 turns rate limiting off. */
  rateLimit: number;
  /**
   * Which proxies in front may tell the client's address (X-Forwarded-For), as Fastify's `trustProxy`:
   * false (none: the socket's address is the client's), true (any), or addresses and CIDRs.
   */
  trustProxy: boolean | string[];
  logLevel: string;
  /** Keys created on first start instead of random ones, so scripts and tests know them. */
  adminKey: string | undefined;
  /** The first owner, made on a store without users (STOREFRONT_OWNER_EMAIL and STOREFRONT_OWNER_PASSWORD, both or neither). */
  ownerEmail: string | undefined;
  ownerPassword: string | undefined;
  channelKey: string | undefined;
  /** Seed the demo catalogue when the database is new. */
  demo: boolean;
  /** Largest request body accepted, in bytes. */
  bodyLimit: number;
  /** How long the storefront's catalogue answers may be kept in memory; 0 keeps none. */
  cacheTtlMs: number;
  /** `internal`: the server delivers webhooks itself; `external`: `storefront worker` processes do. */
  worker: 'internal' | 'external';
  /** Scales the webhook retry schedule (default: a minute, doubling, for 3 days). */
  webhookRetryBaseMs: number;
  /** Lets webhooks reach private and loopback addresses (development, tests). */
  webhooksAllowPrivate: boolean;
  /** Days events are kept (at least 30). */
  eventRetentionDays: number;
  /** Where uploads are kept: a local directory, or `s3://bucket/prefix`. */
  files: string;
  /** Largest upload accepted, in bytes. */
  fileMaxBytes: number;
  /** Types an upload may have (sniffed from its bytes): exact types or families such as `image/*`. */
  fileTypes: string[];
  /** Types served to be shown in place; every other file is served as a download. */
  filesInline: string[];
  /** The server's address as clients reach it; file URLs start with it. */
  publicUrl: string;
  /** Where files are served: `<publicUrl>/files` unless a CDN or the bucket serves them. */
  filesUrl: string;
  /** Hours an open checkout may still be changed and paid; then its cart is checked out afresh. */
  checkoutTtlHours: number;
  /** Serve the staff dashboard at /admin. */
  admin: boolean;
  /** Serve the shop front (shop/, Next.js) at `/` from this process. */
  shop: boolean;
  /** What proves a request comes from the shop, which may then name the buyer's address (made at start when the server serves the shop). */
  shopSecret: string | undefined;
  /** `/metrics` answers anyone (a scraper on a private network); otherwise only admin keys. */
  metrics: boolean;
  /** Where mail is sent (`smtp://user:pass@host:587`, `smtps://…`); none: messages are recorded as not_sent. */
  smtpUrl: string | undefined;
  /** The From of every message; the store's email when unset. */
  mailFrom: string | undefined;
  /** Print every message composed to the log (development). */
  mailLog: boolean;
  /** Hours an open checkout with an email waits unpaid before its buyer is reminded once. */
  abandonedAfterHours: number;
  /** Hours a storefront order placed with an offline method may stay unpaid before it is canceled and its stock given back; 0 never cancels. */
  unpaidOrderTtlHours: number;
  /** The storefront's web address: the links in mails point there. */
  shopUrl: string;
  /** Tests only: a route whose process dies (SIGKILL) between its commit and keeping its idempotent answer. */
  testCrashBeforeAnswer: string | undefined;
}

export class ConfigError extends Error {}

/** Where mail links point when STOREFRONT_SHOP_URL is unset and the server serves no shop: a storefront in development. */
export const DEFAULT_SHOP_URL = 'http://localhost:3000';

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${raw}"`);
}

function key(env: NodeJS.ProcessEnv, name: string, prefix: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!raw.startsWith(prefix) || raw.length < prefix.length + 16) {
    throw new ConfigError(`${name} must start with "${prefix}" and carry at least 16 more characters`);
  }
  return raw;
}

function workerMode(raw: string | undefined): 'internal' | 'external' {
  if (raw === undefined || raw === '' || raw === 'internal') return 'internal';
  if (raw === 'external') return 'external';
  throw new ConfigError(`STOREFRONT_WORKER must be internal or external, got "${raw}"`);
}

function typeList(env: NodeJS.ProcessEnv, name: string, fallback: string[]): string[] {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const types = raw.split(',').map((type) => type.trim().toLowerCase()).filter(Boolean);
  const bad = types.find((type) => !/^[a-z0-9.+-]+\/([a-z0-9.+-]+|\*)$/.test(type));
  if (bad !== undefined) throw new ConfigError(`${name} lists "${bad}", which is not a type such as image/png or image/*`);
  return types;
}

/** Names proxy-addr (Fastify's trustProxy) knows for whole ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustProxy(raw: string | undefined): boolean | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  // Fastify 5 refuses hop counts likewise: they cannot tell the balancer from a client connecting directly.
  if (/^\d+$/.test(value)) {
    throw new ConfigError(`STOREFRONT_TRUST_PROXY takes the proxies' addresses or CIDRs (or true), not a hop count such as "${value}": a count cannot tell the balancer from a client that connects directly`);
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.find((entry) => !PROXY_RANGE_NAMES.has(entry) && !ipaddr.isValid(entry) && !ipaddr.isValidCIDR(entry));
  if (bad !== undefined) {
    throw new ConfigError(`STOREFRONT_TRUST_PROXY must be true, or addresses and CIDRs separated by commas; "${bad}" is neither`);
  }
  return entries;
}

function directUrl(raw: string | undefined, databaseUrl: string): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) throw new ConfigError('DATABASE_DIRECT_URL goes with a postgres:// DATABASE_URL only');
  if (!/^postgres(ql)?:\/\//.test(raw)) throw new ConfigError('DATABASE_DIRECT_URL must start with postgres://');
  return raw;
}

function smtpUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^smtps?:\/\/[^/]+/.test(raw)) throw new ConfigError('STOREFRONT_SMTP_URL must be an smtp:// or smtps:// URL');
  return raw;
}

function mailMode(raw: string | undefined): boolean {
  if (raw === undefined || raw === '') return false;
  if (raw === 'log') return true;
  throw new ConfigError(`STOREFRONT_MAIL must be log or unset, got "${raw}"`);
}

function owner(env: NodeJS.ProcessEnv): Pick<Config, 'ownerEmail' | 'ownerPassword'> {
  const ownerEmail = env.STOREFRONT_OWNER_EMAIL || undefined;
  const ownerPassword = env.STOREFRONT_OWNER_PASSWORD || undefined;
  if ((ownerEmail === undefined) !== (ownerPassword === undefined)) {
    throw new ConfigError('STOREFRONT_OWNER_EMAIL and STOREFRONT_OWNER_PASSWORD go together: set both to make the first owner, or neither');
  }
  return { ownerEmail, ownerPassword };
}

function baseUrl(name: string, raw: string): string {
  if (!/^https?:\/\/[^/]+/.test(raw)) throw new ConfigError(`${name} must be an http or https URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || 'sqlite:./data/storefront.db';
  if (!/^(sqlite:|postgres(ql)?:\/\/)/.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with sqlite: or postgres://');
  }
  const host = env.HOST || '127.0.0.1';
  const port = integer(env, 'PORT', 8080, 0);
  const publicUrl = baseUrl('STOREFRONT_PUBLIC_URL', env.STOREFRONT_PUBLIC_URL || `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`);
  return {
    host,
    port,
    databaseUrl,
    databaseDirectUrl: directUrl(env.DATABASE_DIRECT_URL, databaseUrl),
    rateLimit: integer(env, 'STOREFRONT_RATE_LIMIT', 1200, 0),
    trustProxy: trustProxy(env.STOREFRONT_TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    adminKey: key(env, 'STOREFRONT_ADMIN_KEY', 'sk_'),
    ...owner(env),
    channelKey: key(env, 'STOREFRONT_CHANNEL_KEY', 'ck_'),
    demo: flag(env, 'STOREFRONT_DEMO', true),
    bodyLimit: integer(env, 'STOREFRONT_BODY_LIMIT', 1024 * 1024, 1024),
    cacheTtlMs: integer(env, 'STOREFRONT_CACHE_TTL_MS', 2000, 0),
    worker: workerMode(env.STOREFRONT_WORKER),
    webhookRetryBaseMs: integer(env, 'STOREFRONT_WEBHOOK_RETRY_BASE_MS', 60_000, 1),
    webhooksAllowPrivate: flag(env, 'STOREFRONT_WEBHOOKS_ALLOW_PRIVATE', false),
    eventRetentionDays: integer(env, 'STOREFRONT_EVENT_RETENTION_DAYS', 30, 30),
    files: env.STOREFRONT_FILES || './data/files',
    fileMaxBytes: integer(env, 'STOREFRONT_FILE_MAX_BYTES', 20 * 1024 * 1024, 1),
    fileTypes: typeList(env, 'STOREFRONT_FILE_TYPES', ['image/*', 'application/pdf', 'video/*']),
    filesInline: typeList(env, 'STOREFRONT_FILES_INLINE', ['image/*', 'video/*']),
    publicUrl,
    filesUrl: baseUrl('STOREFRONT_FILES_URL', env.STOREFRONT_FILES_URL || `${publicUrl}/files`),
    checkoutTtlHours: integer(env, 'STOREFRONT_CHECKOUT_TTL_HOURS', 72, 1),
    admin: flag(env, 'STOREFRONT_ADMIN', true),
    shop: flag(env, 'STOREFRONT_SHOP', true),
    shopSecret: env.STOREFRONT_SHOP_SECRET || undefined,
    metrics: flag(env, 'STOREFRONT_METRICS', false),
    smtpUrl: smtpUrl(env.STOREFRONT_SMTP_URL),
    mailFrom: env.STOREFRONT_MAIL_FROM || undefined,
    mailLog: mailMode(env.STOREFRONT_MAIL),
    abandonedAfterHours: integer(env, 'STOREFRONT_ABANDONED_AFTER_HOURS', 4, 1),
    unpaidOrderTtlHours: integer(env, 'STOREFRONT_UNPAID_ORDER_TTL_HOURS', 72, 0),
    // The shop this server serves at `/`, unless it serves none or the shop is elsewhere.
    shopUrl: baseUrl('STOREFRONT_SHOP_URL', env.STOREFRONT_SHOP_URL || (flag(env, 'STOREFRONT_SHOP', true) ? publicUrl : DEFAULT_SHOP_URL)),
    testCrashBeforeAnswer: env.STOREFRONT_TEST_CRASH_BEFORE_ANSWER || undefined,
  };
}
