/**
 * A local webhook endpoint for the reliability runs: a 127.0.0.1 HTTP server answering 204 to every
 * POST at once, counting deliveries by `webhook-id` (the event id, DESIGN.md §7) and checking each
 * one's Standard Webhooks signature against the endpoint's secret (given once the endpoint exists,
 * `setSecret`). It never fails a delivery, so a run can tell every repeat it sees is the sender's.
 */
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

export interface Receiver {
  /** `http://127.0.0.1:PORT/hooks` */
  url: string;
  /** Deliveries received by event id. */
  counts: Map<string, number>;
  /** Event kind by event id (the `Storefront-Event-Kind` header). */
  kinds: Map<string, string>;
  /** Deliveries whose signature did not verify (or came before the secret was set), with the reason. */
  badSignatures: string[];
  /** Deliveries received in all. */
  total(): number;
  setSecret(secret: string): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const counts = new Map<string, number>();
  const kinds = new Map<string, string>();
  const badSignatures: string[] = [];
  let total = 0;
  let verifier: Webhook | undefined;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = String(request.headers['webhook-id'] ?? '');
      total++;
      counts.set(id, (counts.get(id) ?? 0) + 1);
      kinds.set(id, String(request.headers['storefront-event-kind'] ?? ''));
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        if (!verifier) throw new Error('no secret yet');
        verifier.verify(body, {
          'webhook-id': id,
          'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
          'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
        });
      } catch (error) {
        if (badSignatures.length < 100) badSignatures.push(`${id}: ${error instanceof Error ? error.message : String(error)}`);
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    counts,
    kinds,
    badSignatures,
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
