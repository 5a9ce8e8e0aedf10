import { timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import ipaddr from 'ipaddr.js';
import { SERVER_ROOT } from '../server-root.js';

/** Where the shop front's sources and build (shop/.next, by scripts/build-if-changed.js) are, beside src/ and dist/. */
export const SHOP_DIR = fileURLToPath(new URL('../shop', SERVER_ROOT));

export type ShopHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

const NOT_BUILT = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Shop not built</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}code{background:#f2f2f2;padding:0 .25em}</style></head>
<body>
<h1>The shop is not built</h1>
<p><code>npm start</code> builds it when its sources change. To build it by hand, run <code>npm run build:shop</code>
in the project's folder (after <code>npm install</code>), then start the server again. The API is at <code>/v1</code> and the dashboard at <code>/admin</code>.</p>
</body>
</html>
`;

/**
 * The shop's request handler: Next.js in this process, production mode, on the build in shop/.next,
 * told where the server listens (a server action's redirect is fetched from there). Next is loaded
 * from the shop's own workspace, so a server without the shop never loads it. Without a build, every
 * shop page says how to make one.
 */
async function prepareShop(dir: string, at: { hostname: string; port: number }): Promise<ShopHandler> {
  if (!existsSync(join(dir, '.next', 'BUILD_ID'))) {
    return async (_request, response) => {
      response.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(NOT_BUILT);
    };
  }
  const load = createRequire(join(dir, 'package.json'));
  const nextModule = load('next') as { default?: unknown };
  const createNext = (nextModule.default ?? nextModule) as (options: { dev: boolean; dir: string; quiet: boolean; hostname: string; port: number }) => {
    prepare(): Promise<void>;
    getRequestHandler(): ShopHandler;
  };
  const next = createNext({ dev: false, dir, quiet: true, ...at });
  await next.prepare();
  return next.getRequestHandler();
}

/** Where a listening server is, as Next names it: an address it can fetch from. */
function listeningAt(server: HttpServer): { hostname: string; port: number } {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The server listens on no TCP port');
  const hostname = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return { hostname, port: address.port };
}

/** The address the shop served by this process calls the API at: the server itself. */
export function ownUrl(server: HttpServer): string {
  const { hostname, port } = listeningAt(server);
  return `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`;
}

/**
 * The shop of a server that is about to listen: its handler, which holds the requests until Next is
 * ready, and `start`, which prepares Next once the server listens (Next needs the port; a start takes
 * some 0.3 s).
 */
export function shopOnceListening(dir: string = SHOP_DIR): { handle: ShopHandler; start(server: HttpServer): Promise<void> } {
  let started: (handler: Promise<ShopHandler>) => void = () => {};
  const ready = new Promise<ShopHandler>((resolve) => {
    started = (handler) => resolve(handler);
  });
  return {
    handle: async (request, response) => (await ready)(request, response),
    start: async (server) => {
      const handler = prepareShop(dir, listeningAt(server));
      started(handler);
      await handler;
    },
  };
}

/** The header in which the shop names the buyer it calls the API for, and the one proving it is the shop. */
export const CLIENT_ADDRESS_HEADER = 'x-storefront-client-ip';
export const SHOP_SECRET_HEADER = 'x-storefront-shop';

function sameSecret(sent: string, secret: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A request from the shop, proven by the shop's secret (STOREFRONT_SHOP_SECRET), is the buyer's own
 * for the API: its address is the one the shop names. The shop's calls all come from its own
 * address, so without this every buyer would share one rate limit and one sign-in limit, and every
 * order would record the shop's address as the buyer's. Without the secret the header is ignored.
 */
export function registerShopClientAddress(app: FastifyInstance, secret: string): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const proof = request.headers[SHOP_SECRET_HEADER];
    const named = request.headers[CLIENT_ADDRESS_HEADER];
    if (typeof proof === 'string' && typeof named === 'string' && ipaddr.isValid(named) && sameSecret(proof, secret)) {
      Object.defineProperty(request, 'ip', { value: ipaddr.process(named).toString(), configurable: true });
    }
    done();
  });
}

/**
 * Serves the shop at `/`: every path whose first segment is none of the server's own (`/v1`,
 * `/admin`, `/docs`, `/files`, `/health`, …) goes to the shop before anything else reads the
 * request (its body included: a server action's form). The shop is a client of the API like any
 * other: it calls the API over HTTP with its own channel key, so the API's rules and limits apply to
 * it unchanged. A request for an unknown API path stays a problem, never the shop's 404 page.
 */
export function mountShop(app: FastifyInstance, handle: ShopHandler): void {
  const serverSegments = new Set<string>();
  app.addHook('onRoute', (route) => {
    serverSegments.add(route.url.split('/')[1] ?? '');
  });
  app.addHook('onRequest', (request, reply, done) => {
    const segment = /^\/([^/?#]*)/.exec(request.url)?.[1] ?? '';
    if (serverSegments.has(segment)) return done();
    // The buyer's address as this server knows it (its trusted proxies' word included), for the shop
    // to pass on to the API with its calls; whatever the browser sent under that name is replaced.
    request.raw.headers[CLIENT_ADDRESS_HEADER] = request.ip;
    void reply.hijack();
    handle(request.raw, reply.raw).catch((error: unknown) => {
      request.log.error({ err: error }, 'the shop failed to answer');
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      reply.raw.end('The shop could not answer this request.');
    });
  });
}
