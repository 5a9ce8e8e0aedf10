/**
 * The baseline: a bare Fastify server (no plugins, no hooks, no schemas, no logger) answering each
 * route with fixed bytes as application/json. The harness fetches the real server's answer once per
 * scenario and writes a routes file of `{ method, url (a Fastify route pattern), scenario, bodyFile }`;
 * this server reads it at start, registers one route per method and pattern and sends the body file's
 * bytes verbatim. A request body (PUT) is parsed as Fastify parses any JSON body, and ignored.
 *
 *   BARE_ROUTES=bench/.data/bare-routes.json PORT=8081 node --import tsx bench/bare.ts
 *
 * Listens on 127.0.0.1 only; stops on SIGTERM or SIGINT.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

export interface BareRoute {
  /** The real route's method. */
  method: 'GET' | 'PUT';
  /** A Fastify route pattern, the same one the real route uses (`/v1/skus/:id`). */
  url: string;
  /** Scenarios sharing a method and route pattern are told apart by the `x-bench-scenario` request header. */
  scenario: string;
  /** The file holding the exact response bytes. */
  bodyFile: string;
}

async function main(): Promise<void> {
  const routesFile = process.env.BARE_ROUTES;
  const port = Number(process.env.PORT);
  if (!routesFile || !Number.isInteger(port) || port <= 0) throw new Error('BARE_ROUTES and PORT must be set');
  const routes = JSON.parse(readFileSync(routesFile, 'utf8')) as BareRoute[];

  const app = Fastify({ logger: false });
  const bodies = new Map<string, { method: BareRoute['method']; url: string; byScenario: Map<string, Buffer> }>();
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const entry = bodies.get(key) ?? { method: route.method, url: route.url, byScenario: new Map<string, Buffer>() };
    entry.byScenario.set(route.scenario, readFileSync(route.bodyFile));
    bodies.set(key, entry);
  }
  for (const { method, url, byScenario } of bodies.values()) {
    const only = byScenario.size === 1 ? [...byScenario.values()][0] : undefined;
    app.route({
      method,
      url,
      handler: (request, reply) => {
        const body = only ?? byScenario.get(String(request.headers['x-bench-scenario']));
        reply.header('content-type', 'application/json; charset=utf-8').send(body);
      },
    });
  }
  app.get('/health', (_request, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8').send('{"status":"ok"}');
  });

  const stop = () => {
    void app.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await app.listen({ host: '127.0.0.1', port });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
