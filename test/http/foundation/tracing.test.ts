import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../helpers/ports.js';
import { startServer, stop } from '../../helpers/server-process.js';
import { freshDatabaseUrl, testDatabases } from '../../helpers/test-app.js';

/** A span as OTLP/HTTP JSON carries it, with its attributes made into a plain object. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  service: unknown;
}

type OtlpAttributes = Array<{ key: string; value: Record<string, unknown> }> | undefined;

const attributesOf = (list: OtlpAttributes) => Object.fromEntries((list ?? []).map(({ key, value }) => [key, Object.values(value)[0]]));

/** A stand-in for an OpenTelemetry collector: takes OTLP/HTTP JSON trace exports on 127.0.0.1 and keeps their spans. */
async function startCollector(): Promise<{ url: string; spans: ReceivedSpan[]; server: Server }> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces' && request.headers['content-type'] === 'application/json') {
        for (const resourceSpans of JSON.parse(body).resourceSpans ?? []) {
          const service = attributesOf(resourceSpans.resource?.attributes)['service.name'];
          for (const scope of resourceSpans.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) spans.push({ ...span, attributes: attributesOf(span.attributes), service });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, spans, server };
}

/**
 * POSTs JSON in two parts with a pause between them, so the server reads the rest of the body from
 * the connection's events after its request hooks have run; resolves with the status.
 */
async function postSlowly(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sending = request(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' } }, (response) => {
      response.resume();
      resolve(response.statusCode!);
    });
    sending.on('error', reject);
    sending.write(body.slice(0, 5));
    void sleep(200).then(() => sending.end(body.slice(5)));
  });
}

const SYSTEMS = { sqlite: 'sqlite', postgres: 'postgresql' } as const;

for (const kind of testDatabases()) {
  describe(`OpenTelemetry traces [${kind}]`, () => {
    const folder = mkdtempSync(join(tmpdir(), 'storefront-tracing-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('sends a span per request, its database statements as its children, when the server stops', async () => {
      const collector = await startCollector();
      const adminKey = `sk_${randomBytes(16).toString('hex')}`;
      const channelKey = `ck_${randomBytes(16).toString('hex')}`;
      // The SQLite run keeps the default service name, the PostgreSQL one names it.
      const serviceName: Record<string, string> = kind === 'sqlite' ? {} : { OTEL_SERVICE_NAME: 'shop-api' };
      const server = await startServer({
        DATABASE_URL: await freshDatabaseUrl(kind, `sqlite:${join(folder, 'store.db')}`),
        STOREFRONT_ADMIN_KEY: adminKey,
        STOREFRONT_CHANNEL_KEY: channelKey,
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        // Nothing is sent on a timer during the test: what arrives was flushed by the shutdown.
        OTEL_BSP_SCHEDULE_DELAY: '600000',
        ...serviceName,
      });
      const callerTrace = randomBytes(16).toString('hex');
      const callerSpan = randomBytes(8).toString('hex');
      try {
        const products = await fetch(`${server.base}/v1/products`, {
          headers: { authorization: `Bearer ${adminKey}`, traceparent: `00-${callerTrace}-${callerSpan}-01` },
        });
        expect(products.status).toBe(200);
        const skus = (await (await fetch(`${server.base}/v1/skus`, { headers: { 'channel-key': channelKey } })).json()) as { data: Array<{ id: string }> };
        const cart = await postSlowly(`${server.base}/v1/carts`, { 'channel-key': channelKey }, JSON.stringify({ items: { [skus.data[0]!.id]: 1 } }));
        expect(cart).toBe(201);
        expect(collector.spans).toEqual([]);
      } finally {
        expect(await stop(server.child)).toBe(0);
      }

      const requestSpan = (name: string) => {
        const found = collector.spans.filter((span) => span.name === name);
        expect(found, `${name} among ${collector.spans.map((s) => s.name).join(', ')}`).toHaveLength(1);
        return found[0]!;
      };
      const childrenOf = (parent: ReceivedSpan) => collector.spans.filter((span) => span.parentSpanId === parent.spanId);

      const list = requestSpan('GET /v1/products');
      expect(list).toMatchObject({ kind: 2, traceId: callerTrace, parentSpanId: callerSpan, service: kind === 'sqlite' ? 'storefront' : 'shop-api' });
      expect(list.attributes).toMatchObject({ 'http.request.method': 'GET', 'http.route': '/v1/products', 'url.path': '/v1/products' });
      expect(Number(list.attributes['http.response.status_code'])).toBe(200);
      const reads = childrenOf(list).filter((span) => span.attributes['db.system.name'] === SYSTEMS[kind]);
      expect(reads.some((span) => span.name === 'SELECT' && /from "products"/i.test(String(span.attributes['db.query.text'])))).toBe(true);
      for (const read of reads) expect(read).toMatchObject({ kind: 3, traceId: callerTrace });

      // The body's end came from the connection's events: the handler and its statements stay in the span all the same.
      const made = requestSpan('POST /v1/carts');
      expect(Number(made.attributes['http.response.status_code'])).toBe(201);
      expect(made.parentSpanId ?? '').toBe('');
      const writes = childrenOf(made).filter((span) => span.attributes['db.operation.name'] === 'INSERT');
      expect(writes.some((span) => /into "carts"/i.test(String(span.attributes['db.query.text'])))).toBe(true);
      collector.server.close();
    }, 120_000);
  });
}
