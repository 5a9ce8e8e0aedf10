/**
 * A local webhook endpoint: a 127.0.0.1 HTTP server answering 204 to every POST at once, counting
 * deliveries by `webhook-id` (the event id, DESIGN.md §7). It never fails a delivery, so a run can
 * tell every repeat it sees is the sender's. The `webhooks` scenario (bench/webhooks.ts) times the
 * deliveries with it; the scale-out run (reliability/scale-out.ts) also checks each one's Standard
 * Webhooks signature against the endpoint's secret (`verify`, the secret given once the endpoint
 * exists: `setSecret`).
 */
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { listenOnLoopback } from './servers.js';

export interface Receiver {
  /** `http://127.0.0.1:PORT/hooks` */
  url: string;
  /** Deliveries received by event id. */
  counts: Map<string, number>;
  /** Event kind by event id (the `Storefront-Event-Kind` header). */
  kinds: Map<string, string>;
  /** With `verify`: deliveries whose signature did not verify (or came before the secret was set), with the reason. */
  badSignatures: string[];
  /** performance.now() when the first delivery was read; 0 before. */
  firstAt(): number;
  /** Deliveries received in all. */
  total(): number;
  setSecret(secret: string): void;
  close(): Promise<void>;
}

export async function startReceiver(options: { verify: boolean }): Promise<Receiver> {
  const counts = new Map<string, number>();
  const kinds = new Map<string, string>();
  const badSignatures: string[] = [];
  let total = 0;
  let firstAt = 0;
  let verifier: Webhook | undefined;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      firstAt ||= performance.now();
      const id = String(request.headers['webhook-id'] ?? '');
      total++;
      counts.set(id, (counts.get(id) ?? 0) + 1);
      kinds.set(id, String(request.headers['storefront-event-kind'] ?? ''));
      if (options.verify) {
        try {
          if (!verifier) throw new Error('no secret yet');
          verifier.verify(Buffer.concat(chunks).toString('utf8'), {
            'webhook-id': id,
            'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
            'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
          });
        } catch (error) {
          if (badSignatures.length < 100) badSignatures.push(`${id}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      response.writeHead(204).end();
    });
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    counts,
    kinds,
    badSignatures,
    firstAt: () => firstAt,
    total: () => total,
    setSecret(secret) {
      verifier = new Webhook(secret);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
