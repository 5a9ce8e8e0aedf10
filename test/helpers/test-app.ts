import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { ensureStore } from '../../src/bootstrap.js';
import { openDatabase, type DatabaseHandle, type DatabaseKind, type Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { seedDemo } from '../../src/demo.js';
import { shopOnceListening } from '../../src/http/shop.js';
import type { App } from '../../src/http/types.js';
import { hashNewPasswordsAtCost } from '../../src/modules/customers/passwords.js';
import type { FilesSettings } from '../../src/modules/files/files.service.js';
import { LocalStorage } from '../../src/modules/files/local-storage.js';
import { startMailLoop } from '../../src/modules/notifications/mail-loop.js';

export interface TestResponse<T = any> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded instead of JSON. */
  form?: string;
  headers?: Record<string, string>;
  /** The client's address as the server sees it (default 127.0.0.1). */
  remoteAddress?: string;
}

/** A client bound to one credential. */
export interface Client {
  get<T = any>(url: string, options?: RequestOptions): Promise<TestResponse<T>>;
  post<T = any>(url: string, body?: unknown, options?: RequestOptions): Promise<TestResponse<T>>;
  put<T = any>(url: string, body?: unknown, options?: RequestOptions): Promise<TestResponse<T>>;
  delete<T = any>(url: string, options?: RequestOptions): Promise<TestResponse<T>>;
}

export interface TestContext {
  kind: DatabaseKind;
  app: App;
  db: Db;
  adminKey: string;
  channelKey: string;
  channelId: string;
  /** Sends the admin key. */
  admin: Client;
  /** Sends the channel key only: the storefront's view. */
  storefront: Client;
  /** Sends no credential. */
  anonymous: Client;
  /** A client that sends the given headers on every request. */
  as(headers: Record<string, string>): Client;
  /** Where uploads go (a temporary directory unless the test gave its own storage). */
  files: FilesSettings;
}

// Customers' passwords are hashed at scrypt N=2^10 here, not the server's 2^15 (120 ms of a core a
// hash, thousands of them in the suite): src/modules/customers/passwords.test.ts checks the server's
// cost, and the servers the tests start as processes hash at it.
hashNewPasswordsAtCost(2 ** 10);

/** The storefront's address in tests: mail links start with it. */
export const TEST_SHOP_URL = 'http://shop.test';

/** Uploads served from this base URL in tests. */
export const TEST_FILES_URL = 'http://localhost:8080/files';

function client(app: App, baseHeaders: Record<string, string>): Client {
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, options: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...baseHeaders, ...options.headers };
    let payload: string | undefined;
    if (options.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = options.form;
    } else if (body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const response = await app.inject({ method, url, headers, payload, ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}) });
    let parsed: unknown = undefined;
    if (response.body !== '') {
      try {
        parsed = JSON.parse(response.body);
      } catch {
        parsed = undefined;
      }
    }
    return { status: response.statusCode, headers: response.headers, body: parsed as any, text: response.body };
  };
  return {
    get: (url, options) => send('GET', url, undefined, options),
    post: (url, body, options) => send('POST', url, body, options),
    put: (url, body, options) => send('PUT', url, body, options),
    delete: (url, options) => send('DELETE', url, undefined, options),
  };
}

/** The databases this run tests: both, unless TEST_DATABASE names one. */
export function testDatabases(): DatabaseKind[] {
  const only = process.env.TEST_DATABASE;
  if (only === 'sqlite' || only === 'postgres') return [only];
  return ['sqlite', 'postgres'];
}

/** A fresh, migrated database of the given kind, private to the caller. */
export async function freshDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  // On PostgreSQL, a copy of the template global-setup.ts migrated once; migrating it again finds
  // nothing to do, and says so if the template were behind.
  const handle = openDatabase(kind === 'sqlite' ? 'sqlite::memory:' : await newPostgresDatabase(inject('postgresTemplate')));
  await migrateToLatest(handle.db);
  return handle;
}

/**
 * The URL of a new, empty database that several handles (or processes) can open: a new PostgreSQL
 * database on the embedded server, or the given SQLite URL.
 */
export async function freshDatabaseUrl(kind: DatabaseKind, sqliteUrl: string): Promise<string> {
  return kind === 'sqlite' ? sqliteUrl : newPostgresDatabase();
}

/** A new database on the embedded PostgreSQL server, empty or a copy of `template`: its URL. */
async function newPostgresDatabase(template?: string): Promise<string> {
  const adminUrl = inject('postgresUrl');
  if (!adminUrl) throw new Error('PostgreSQL tests need the embedded server of test/helpers/global-setup.ts');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

export interface TestAppOptions {
  rateLimit?: number;
  /** The storefront cache's time to live; on by default, as in production. */
  cacheTtlMs?: number;
  /** Whether webhooks may point at loopback receivers (the tests' own): yes by default. */
  webhooksAllowPrivate?: boolean;
  /** Upload settings; by default a local storage in a temporary directory, 20 MiB, images, PDF and video. */
  files?: Partial<FilesSettings>;
  /** Which proxies may tell the client's address (STOREFRONT_TRUST_PROXY): none by default. Injected requests come from 127.0.0.1. */
  trustProxy?: Config['trustProxy'];
  /** How long checkouts stay open (STOREFRONT_CHECKOUT_TTL_HOURS): 72 by default, as in production. */
  checkoutTtlHours?: number;
  /** Serve the dashboard at /admin (from `adminBuild`, by default admin/dist): off by default. */
  admin?: boolean;
  adminBuild?: string;
  /**
   * Runs the worker's mail loop beside the app (retries every few ms), sending to `smtpUrl` (a
   * test SMTP server's url: test/helpers/smtp.ts) or, without it, recording messages as not_sent.
   */
  mail?: { smtpUrl?: string };
  /** The storefront's address mail links point to (STOREFRONT_SHOP_URL). */
  shopUrl?: string;
  /** `/metrics` open to anyone (STOREFRONT_METRICS=1): off by default, so only admin keys read it. */
  metrics?: boolean;
  /** Fastify logger options (a `stream` to read the log lines); no logging by default. */
  logger?: FastifyServerOptions['logger'];
  /** Serve the shop front at `/` (its build in shop/.next): off by default. */
  shop?: boolean;
  /** The demo catalogue, shipping zones and gateways of a first `npm start`: none by default. */
  demo?: boolean;
}


/** What proves the shop's calls to the test apps that serve one (STOREFRONT_SHOP_SECRET). */
export const TEST_SHOP_SECRET = 'test-shop-secret-0123456789';

/** Builds the real app on a fresh database with a store, a channel and known keys. */
export async function createTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestContext & { close(): Promise<void> }> {
  return createTestAppOn(await freshDatabase(kind), options);
}

/** Builds the real app on an open, migrated database, giving it a store with known keys; closing the app closes the database. */
export async function createTestAppOn(handle: DatabaseHandle, options: TestAppOptions = {}): Promise<TestContext & { close(): Promise<void> }> {
  const adminKey = `sk_test_${randomBytes(16).toString('hex')}`;
  const channelKey = `ck_test_${randomBytes(16).toString('hex')}`;
  const first = await ensureStore(handle.db, { adminKey, channelKey });
  if (options.demo) await seedDemo(handle);
  const directory = mkdtempSync(join(tmpdir(), 'storefront-files-'));
  const files: FilesSettings = {
    storage: new LocalStorage(directory),
    maxBytes: 20 * 1024 * 1024,
    types: ['image/*', 'application/pdf', 'video/*'],
    inline: ['image/*', 'video/*'],
    baseUrl: TEST_FILES_URL,
    ...options.files,
  };
  const shop = options.shop ? shopOnceListening() : undefined;
  const app = await buildApp({
    database: handle,
    files,
    config: { trustProxy: options.trustProxy, rateLimit: options.rateLimit ?? 0, logLevel: 'silent', bodyLimit: 1024 * 1024, cacheTtlMs: options.cacheTtlMs ?? 2000, webhooksAllowPrivate: options.webhooksAllowPrivate ?? true,
      checkoutTtlHours: options.checkoutTtlHours ?? 72, admin: options.admin ?? false, shopUrl: options.shopUrl ?? TEST_SHOP_URL, metrics: options.metrics ?? false,
      shopSecret: options.shop ? TEST_SHOP_SECRET : undefined, smtpUrl: options.mail?.smtpUrl },
    adminBuild: options.adminBuild,
    logger: options.logger ?? false,
    shop: shop?.handle,
  });
  // The shop starts when a test has the app listen (test/helpers/shop.ts); a shop that cannot start
  // answers its pages with 500 and the error in the log.
  app.server.once('listening', () => void shop?.start(app.server).catch(() => {}));
  await app.ready();
  const mail = options.mail
    ? startMailLoop(handle, {
      smtpUrl: options.mail.smtpUrl, from: undefined, shopUrl: options.shopUrl ?? TEST_SHOP_URL, retryBaseMs: 20, batchSize: 50, pollMs: 20,
      abandonedAfterHours: 4, log: { error: () => {} },
    })
    : undefined;
  return {
    kind: handle.kind,
    app,
    db: handle.db,
    adminKey,
    channelKey,
    channelId: first.channelId!,
    admin: client(app, { authorization: `Bearer ${adminKey}` }),
    storefront: client(app, { 'channel-key': channelKey }),
    anonymous: client(app, {}),
    as: (headers) => client(app, headers),
    files,
    close: async () => {
      await mail?.stop();
      await app.close();
      await handle.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Declares the same tests once per database. The app is built before the tests of that database
 * and closed after them; each test still makes the data it needs.
 */
export function describeEachDatabase(name: string, body: (t: TestContext) => void, options: TestAppOptions = {}): void {
  describeOnDatabases(testDatabases(), name, body, options);
}

/** Declares the same tests once per database named. */
export function describeOnDatabases(kinds: DatabaseKind[], name: string, body: (t: TestContext) => void, options: TestAppOptions = {}): void {
  for (const kind of kinds) {
    describe(`${name} [${kind}]`, () => {
      const t = {} as TestContext & { close(): Promise<void> };
      beforeAll(async () => {
        Object.assign(t, await createTestApp(kind, options));
      });
      afterAll(async () => {
        await t.close?.();
      });
      body(t);
    });
  }
}
