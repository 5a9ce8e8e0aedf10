import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.js';
import { deliverDue, type DeliveryOptions } from '../../src/modules/webhooks/delivery.js';
import type { TestContext } from './test-app.js';

// ---------------------------------------------------------------------------------------------
// A real HTTP receiver, answering each request as its script says (the last answer repeats).

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A status code, or a status given after a delay and/or with a Location header. */
export type Answer = number | { status: number; delayMs?: number; location?: string };

export interface Receiver {
  url: string;
  requests: Received[];
  /** The requests that carried this event (webhook-id). */
  of(eventId: string): Received[];
  close(): Promise<void>;
}

const openReceivers = new Set<Receiver>();

export async function startReceiver(script: Answer[] = [204], path = '/hook'): Promise<Receiver> {
  const requests: Received[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = script[Math.min(requests.length, script.length - 1)]!;
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const { status, delayMs = 0, location } = typeof answer === 'number' ? { status: answer } : answer;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (location) res.setHeader('location', location);
        res.statusCode = status;
        res.end();
      }, delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let closed = false;
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}${path}`,
    requests,
    of: (eventId) => requests.filter((r) => r.headers['webhook-id'] === eventId),
    close: async () => {
      if (closed) return;
      closed = true;
      openReceivers.delete(receiver);
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  openReceivers.add(receiver);
  return receiver;
}

/** Closes every receiver still open (after each test). */
export async function closeReceivers(): Promise<void> {
  await Promise.all([...openReceivers].map((r) => r.close()));
}

// ---------------------------------------------------------------------------------------------
// Driving delivery.

const BASE_MS = 20;

export function deliveryOptions(options: Partial<DeliveryOptions> = {}): DeliveryOptions {
  return { retryBaseMs: BASE_MS, allowPrivate: true, timeoutMs: 2000, batchSize: 50, ...options };
}

/** Runs delivery rounds until `done` holds; fails after `maxRounds`. */
export async function deliverUntil(
  t: TestContext,
  done: () => boolean | Promise<boolean>,
  options: Partial<DeliveryOptions> = {},
  { maxRounds = 100, sleepMs }: { maxRounds?: number; sleepMs?: number } = {},
): Promise<void> {
  const resolved = deliveryOptions(options);
  for (let round = 0; round < maxRounds; round++) {
    if (await done()) return;
    await deliverDue({ db: t.db, kind: t.kind } as DatabaseHandle, resolved);
    await sleep(sleepMs ?? resolved.retryBaseMs);
  }
  expect(await done(), `condition still false after ${maxRounds} delivery rounds`).toBe(true);
}
