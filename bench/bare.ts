/**
 * The baseline: a bare Fastify server (no plugins, no hooks, no schemas, no logger) answering each
 * route with fixed bytes as application/json. The harness fetches the real server's answer once per
 * scenario and writes a routes file of `{ method, url (a Fastify route pattern), scenario, bodyFile }`;
 * this server reads it at start, registers one route per method and pattern and sends the body file's
 * bytes verbatim, with the real answer's status. A request body (PUT, POST) is parsed as Fastify
 * parses any JSON body, and ignored. The checkout flow's five steps are routes of their own
 * (bench/run.ts), so a flow against this server gets the real server's answers to one flow.
 *
 * A cold run (bench/cold.ts) gives a scenario a pool file instead: a JSON object of the real
 * answers by request path (path and query string, as sent); each request gets the bytes of its own
 * path, and a path outside the pool a 404 (which fails the run).
 *
 *   BARE_ROUTES=bench/.data/bare-routes.json PORT=8081 node --import tsx bench/bare.ts
 *
 * Listens on 127.0.0.1 only; stops on SIGTERM or SIGINT.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

export interface BareRoute {
  /** The real route's method. */
  method: 'GET' | 'PUT' | 'POST';
  /** A Fastify route pattern, the same one the real route uses (`/v1/skus/:id`). */
  url: string;
  /** Scenarios sharing a method and route pattern are told apart by the `x-bench-scenario` request header. */
  scenario: string;
  /** The file holding the exact response bytes. */
  bodyFile?: string;
  /** Or a cold pool's file: `{ "<path?query>": "<answer>" }`, each path answered with its own bytes. */
  poolFile?: string;
  /** The real answer's status, when not 200 (a cart made: 201). */
  status?: number;
  /** The real answer's content type, when not JSON (a page of the shop front: text/html). */
  contentType?: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';

async function main(): Promise<void> {
  const routesFile = process.env.BARE_ROUTES;
  const port = Number(process.env.PORT);
  if (!routesFile || !Number.isInteger(port) || port <= 0) throw new Error('BARE_ROUTES and PORT must be set');
  const routes = JSON.parse(readFileSync(routesFile, 'utf8')) as BareRoute[];

  const app = Fastify({ logger: false });
  type Answer = { status: number; contentType: string } & ({ body: Buffer } | { byPath: Map<string, Buffer> });
  const answers = new Map<string, { method: BareRoute['method']; url: string; byScenario: Map<string, Answer> }>();
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const entry = answers.get(key) ?? { method: route.method, url: route.url, byScenario: new Map<string, Answer>() };
    const sent = { status: route.status ?? 200, contentType: route.contentType ?? JSON_TYPE };
    if (route.poolFile) {
      const pool = JSON.parse(readFileSync(route.poolFile, 'utf8')) as Record<string, string>;
      entry.byScenario.set(route.scenario, { ...sent, byPath: new Map(Object.entries(pool).map(([path, body]) => [path, Buffer.from(body)])) });
    } else if (route.bodyFile) {
      entry.byScenario.set(route.scenario, { ...sent, body: readFileSync(route.bodyFile) });
    } else {
      throw new Error(`${route.scenario}: a route needs a bodyFile or a poolFile`);
    }
    answers.set(key, entry);
  }
  for (const { method, url, byScenario } of answers.values()) {
    const only = byScenario.size === 1 ? [...byScenario.values()][0] : undefined;
    app.route({
      method,
      url,
      handler: (request, reply) => {
        const answer = only ?? byScenario.get(String(request.headers['x-bench-scenario']))!;
        const body = 'body' in answer ? answer.body : answer.byPath.get(request.url);
        if (body === undefined) {
          reply.code(404).send();
          return;
        }
        reply.code(answer.status).header('content-type', answer.contentType).send(body);
      },
    });
  }
  app.get('/health', (_request, reply) => {
    reply.header('content-type', JSON_TYPE).send('{"status":"ok"}');
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
