import { staffScope } from './lib/context.js';
import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import fastQuerystring from 'fast-querystring';
import qs from 'qs';
import { DEFAULT_SHOP_URL, type Config } from './config.js';
import { provideCatalogueStamp } from './db/catalogue-stamp.js';
import type { DatabaseHandle } from './db/database.js';
import { adminRoutes } from './http/admin.js';
import { registerAuth } from './http/auth.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './http/error-handler.js';
import { registerHealth } from './http/health.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerMethodNotAllowed } from './http/method-not-allowed.js';
import { registerMetrics } from './http/metrics.js';
import { MAX_JSON_DEPTH, nestsDeeperThan, registerInputGuards } from './http/input-guards.js';
import { registerOpenApi } from './http/openapi.js';
import { buildRequestValidator, closeRequestSchemas, formBodyParser } from './http/request-validation.js';
import { loggerOptions, RequestLog } from './http/request-log.js';
import { registerResponseCache } from './http/response-cache.js';
import { mountShop, registerShopClientAddress, type ShopHandler } from './http/shop.js';
import { buildResponseSerializer } from './http/response-serialization.js';
import { registerPrivateMetadata } from './http/private-metadata.js';
import { registerLocaleAnswers } from './http/locale-answers.js';
import { registerStorefrontBodyLimit, storefrontJsonProblem } from './http/storefront-body-limit.js';
import type { App } from './http/types.js';
import { Problem, problemBody } from './lib/problem.js';
import { apiKeysRoutes, channelsRoutes } from './modules/access/api-keys.routes.js';
import { registerAuditLog } from './modules/audit/audit-recording.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { cartsRoutes } from './modules/carts/carts.routes.js';
import { checkoutRoutes } from './modules/checkout/checkout.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { fulfillmentsRoutes } from './modules/fulfillments/fulfillments.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { returnsRoutes } from './modules/returns/returns.routes.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { customersRoutes } from './modules/customers/customers.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { discountsRoutes } from './modules/discounts/discounts.routes.js';
import { giftCardsRoutes } from './modules/gift-cards/gift-cards.routes.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { countriesRoutes } from './modules/geo/countries.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { importsRoutes } from './modules/imports/imports.routes.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import type { FilesSettings } from './modules/files/files.service.js';
import { gatewaysRoutes } from './modules/payments/gateways.routes.js';
import { gatewayWebhooksRoutes } from './modules/payments/gateway-webhooks.routes.js';
import { shippingZonesRoutes } from './modules/shipping/shipping-zones.routes.js';
import { storesRoutes } from './modules/store/stores.routes.js';
import { taxRatesRoutes } from './modules/taxes/tax-rates.routes.js';
import { marketsRoutes } from './modules/markets/markets.routes.js';
import { customerGroupsRoutes } from './modules/price-lists/customer-groups.routes.js';
import { priceListsRoutes } from './modules/price-lists/price-lists.routes.js';
import { activeTracing } from './tracing/tracing.js';

export interface BuildOptions {
  database: DatabaseHandle;
  config: Pick<Config, 'rateLimit' | 'logLevel' | 'bodyLimit' | 'cacheTtlMs' | 'webhooksAllowPrivate' | 'checkoutTtlHours'> & Partial<Pick<Config, 'testCrashBeforeAnswer' | 'trustProxy' | 'admin' | 'shopUrl' | 'metrics' | 'shopSecret' | 'smtpUrl' | 'mailFrom' | 'mailLog' | 'publicUrl'>>;
  /** Where uploads go and how they are checked. */
  files: FilesSettings;
  /** Where the built dashboard is (default admin/dist); served only when `config.admin` is true. */
  adminBuild?: string;
  /** The shop front's request handler, served at `/` (src/http/shop.ts). */
  shop?: ShopHandler;
  /** Fastify logger options; tests pass false. */
  logger?: FastifyServerOptions['logger'];
}

// Bracket names in query strings and form bodies (`price[min]=1`, `items[sku_1]=2`) become nested
// objects. The limits keep a hostile query from building huge structures. A query without brackets
// (most of them: `?page=2&per_page=20`) takes Fastify's own fast parser, which reads it the same way.
const parseBrackets = (text: string) => qs.parse(text, { depth: 5, arrayLimit: 100, parameterLimit: 1000 });
const parseQuery = (text: string) => (text.includes('[') || text.includes('%5B') || text.includes('%5b') ? parseBrackets(text) : fastQuerystring.parse(text));

/**
 * The request line and headers the server reads, in bytes; more is `431 headers_too_large`. Node's
 * default of 16 KiB refused requests the document allows: a sku listing may filter on 10,000
 * characters of ids, 10,000 of permalinks and 10 options of 20 values (some 95 KB of query in all),
 * beside a credential, an Idempotency-Key (255) and whatever cookies a browser sends. 128 KiB holds the
 * longest such query written in ASCII with over 30 KiB to spare, and still bounds what a slow client
 * can make the server hold per connection (a body may be 1 MiB). Text outside ASCII takes 3 to 12
 * bytes a character once percent-encoded, so a query of long non-ASCII values can still pass it
 * (docs/api.md says so); test/http/foundation/header-size.test.ts sends the longest of each route.
 */
export const MAX_HEADER_BYTES = 128 * 1024;

/** How long start-up waits for the change feed before serving without in-memory caches until it works. */
const FEED_WAIT_MS = 5_000;

/** The caller's `X-Request-Id` when it is a sane token (so logs can join both sides), else a new UUID. */
function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(sent) ? sent : randomUUID();
}

/** Builds the HTTP application on an open database; the caller listens and closes. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(options.logger, options.config.logLevel),
    // One line per request instead of Fastify's two, and none that logs a URL (http/request-log.ts).
    logController: new RequestLog(),
    bodyLimit: options.config.bodyLimit,
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    // request.ip (rate limits, an order's browser_ip) reads X-Forwarded-For only from the proxies
    // STOREFRONT_TRUST_PROXY names; by default it is the socket's address, which no client can forge.
    trustProxy: options.config.trustProxy ?? false,
    requestIdHeader: false,
    genReqId: requestId,
    routerOptions: { querystringParser: parseQuery, ignoreTrailingSlash: true },
    // A request arriving while the app closes is refused by the hook below, as a problem.
    return503OnClosing: false,
    // Errors raised before routing (a bad URL, an oversized header) leave as problems too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // Query strings and form bodies are coerced from text; JSON bodies are checked as sent. Both
    // compilers keep what they compiled for the next app the process builds.
    schemaController: { compilersFactory: { buildValidator: buildRequestValidator, buildSerializer: buildResponseSerializer } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // First, so the request's span holds all the rest of it.
  activeTracing()?.traceRequests(app);
  registerErrorHandler(app);
  const refuseOtherMethods = registerMethodNotAllowed(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Once the app closes (SIGTERM), a request still arriving on a kept-alive connection is a 503
  // problem (with Connection: close, set by Fastify) rather than Fastify's bare JSON 503. Answered
  // here, not thrown: it is no failure to log.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    const problem = new Problem('unavailable', 'The server is shutting down; retry the request');
    void reply.code(503).header('retry-after', '1').type('application/problem+json').send(problemBody(problem));
  });
  // Before the API's own hooks (limits, credentials, bodies): the shop's pages are not API requests,
  // and the shop's calls count against the buyer they are made for.
  if (options.shop) mountShop(app, options.shop);
  if (options.config.shopSecret) registerShopClientAddress(app, options.config.shopSecret);
  // Bodies are JSON or form-encoded (DESIGN.md §2): a text/plain body is 415, not a confusing 422.
  app.removeContentTypeParser('text/plain');
  // An empty body sent as JSON is no body (`POST /v1/carts` makes an empty cart), not a parse error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const tooManyEntries = body === '' ? undefined : storefrontJsonProblem(request, body as string);
    if (body === '') done(null, undefined);
    else if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) done(new Problem('invalid_request', `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    else if (tooManyEntries) done(tooManyEntries, undefined);
    else parseJson(request, body as string, done);
  });
  // A write without a body is a write of `{}`: its schema then names what is missing.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined && (request.method === 'POST' || request.method === 'PUT')) request.body = {};
    done();
  });
  registerInputGuards(app);
  registerStorefrontBodyLimit(app);
  registerPrivateMetadata(app);
  registerLocaleAnswers(app);
  await app.register(formbody, { parser: formBodyParser(parseBrackets) });
  // Before the OpenAPI plugin's hook, which reads the same schemas: the document says what is refused.
  app.addHook('onRoute', closeRequestSchemas);
  await registerOpenApi(app);
  // One change feed per process tells its in-memory caches (credentials, storefront answers) of the
  // changes committed through other processes.
  const feed = options.database.openChangeFeed();
  app.addHook('onClose', async () => feed.close());
  // Nothing is kept until the feed works; waiting a little for it at start lets the first reads be kept.
  app.addHook('onReady', async () => {
    await Promise.race([feed.ready(), new Promise((resolve) => setTimeout(resolve, FEED_WAIT_MS).unref())]);
  });
  const authorise = registerAuth(app, options.database, feed);
  if (options.config.rateLimit > 0) {
    await app.register(rateLimit, {
      global: false,
      max: options.config.rateLimit,
      timeWindow: 60_000,
      keyGenerator: (request) => (request.ctx.actor.kind === 'admin' ? staffScope(request.ctx.actor.by) : `ip:${request.ip}`),
      errorResponseBuilder: (_request, context) =>
        new Problem('rate_limited', `Rate limit of ${context.max} requests per minute reached; retry in ${Math.ceil(context.ttl / 1000)} s`),
    });
    const limit = app.rateLimit();
    // Every request counts, refused credentials included; health checks never do.
    app.addHook('onRequest', async function (request, reply) {
      if (request.routeOptions.config.rateLimit === false) return;
      await limit.call(this, request, reply);
    });
  }
  app.addHook('onRequest', refuseOtherMethods);
  app.addHook('onRequest', authorise);
  registerIdempotency(app, options.database.db, { crashBeforeKeeping: options.config.testCrashBeforeAnswer });
  registerAuditLog(app, options.database.db);
  if (options.config.cacheTtlMs > 0) {
    const cache = registerResponseCache(app, feed, options.config.cacheTtlMs);
    provideCatalogueStamp(options.database.db, () => cache.stamp());
  }

  registerMetrics(app, options.database, { open: options.config.metrics ?? false });
  registerHealth(app, options.database);
  await app.register(storesRoutes);
  await app.register(apiKeysRoutes);
  await app.register(channelsRoutes);
  await app.register(catalogRoutes);
  await app.register(contentRoutes);
  await app.register(eventsRoutes);
  await app.register(auditRoutes);
  await app.register(customersRoutes({ shopUrl: options.config.shopUrl ?? DEFAULT_SHOP_URL }));
  await app.register(usersRoutes({ publicUrl: options.config.publicUrl ?? DEFAULT_SHOP_URL }));
  await app.register(countriesRoutes);
  await app.register(shippingZonesRoutes);
  await app.register(taxRatesRoutes);
  await app.register(marketsRoutes);
  await app.register(customerGroupsRoutes);
  await app.register(priceListsRoutes);
  await app.register(discountsRoutes);
  await app.register(giftCardsRoutes);
  await app.register(gatewaysRoutes);
  await app.register(gatewayWebhooksRoutes);
  await app.register(cartsRoutes);
  await app.register(checkoutRoutes({ ttlSeconds: options.config.checkoutTtlHours * 3600 }));
  await app.register(ordersRoutes);
  await app.register(reportsRoutes);
  await app.register(fulfillmentsRoutes);
  await app.register(returnsRoutes);
  await app.register(webhooksRoutes(options.config.webhooksAllowPrivate));
  await app.register(notificationsRoutes({
    shopUrl: options.config.shopUrl ?? DEFAULT_SHOP_URL, smtpUrl: options.config.smtpUrl, mailFrom: options.config.mailFrom, mailLog: options.config.mailLog ?? false,
  }));
  await app.register(filesRoutes(options.files));
  await app.register(importsRoutes(options.files));
  await app.register(exportsRoutes(options.files.storage));
  if (options.config.admin) await app.register(adminRoutes(options.adminBuild));
  return app;
}
