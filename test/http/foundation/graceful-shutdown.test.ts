import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, stop } from '../../helpers/server-process.js';
import { createTestApp, freshDatabaseUrl, testDatabases } from '../../helpers/test-app.js';

/** A raw HTTP/1.1 connection: what was written is exactly what the server reads, and every byte it sends is kept. */
interface RawConnection {
  socket: Socket;
  /** Resolves once the bytes received match `pattern`. */
  received(pattern: RegExp): Promise<string>;
  /** Resolves once the server has closed the connection, with everything it sent. */
  closed: Promise<string>;
}

async function rawConnection(port: number): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let text = '';
  const waiters: Array<() => void> = [];
  socket.on('data', (chunk) => {
    text += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(text)));
  socket.on('error', () => {});
  return {
    socket,
    closed,
    received: (pattern) => new Promise((resolve, reject) => {
      const check = () => {
        if (pattern.test(text)) resolve(text);
        else if (socket.destroyed) reject(new Error(`the connection closed before ${pattern}; received: ${text}`));
        else waiters.push(check);
      };
      socket.once('close', check);
      check();
    }),
  };
}

/** Resolves once a new connection to the port is refused: the server has stopped listening. */
async function refused(base: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      await fetch(`${base}/health`, { headers: { connection: 'close' } });
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${base} still accepts connections`);
}

const headerOf = (response: string, name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(response)?.[1]?.trim();

for (const kind of testDatabases()) {
  describe(`graceful shutdown [${kind}]`, () => {
    const folder = mkdtempSync(join(tmpdir(), 'storefront-shutdown-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('answers a request already read at SIGTERM in full, with Connection: close, then stops listening and exits 0', async () => {
      const channelKey = `ck_${randomBytes(16).toString('hex')}`;
      const url = await freshDatabaseUrl(kind, `sqlite:${join(folder, `store-${randomBytes(4).toString('hex')}.db`)}`);
      const server = await startServer({ DATABASE_URL: url, STOREFRONT_DEMO: '0', STOREFRONT_CHANNEL_KEY: channelKey, STOREFRONT_RATE_LIMIT: '0' });
      const port = Number(new URL(server.base).port);
      try {
        // Given a request whose headers the server has read (it answered 100 Continue) and whose body is still to come,
        const body = '{}';
        const held = await rawConnection(port);
        held.socket.write(`POST /v1/carts HTTP/1.1\r\nHost: 127.0.0.1\r\nChannel-Key: ${channelKey}\r\nContent-Type: application/json\r\n`
          + `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`);
        await held.received(/^HTTP\/1\.1 100 Continue\r\n\r\n/);

        // when the server is told to stop, and has stopped taking new connections,
        const exited = stop(server.child);
        await refused(server.base);
        held.socket.write(body);

        // then that request gets its whole answer, which ends the connection, and the process exits 0.
        const answer = (await held.closed).replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
        expect(answer).toMatch(/^HTTP\/1\.1 201 /);
        expect(headerOf(answer, 'connection')).toBe('close');
        const cart = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { data: { id: string } };
        expect(cart.data.id).toMatch(/^crt_/);
        expect(await exited).toBe(0);
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      }
    });

    it('refuses a request that arrives on an open connection while the app closes with a 503 problem', async () => {
      const t = await createTestApp(kind);
      try {
        await t.app.listen({ host: '127.0.0.1', port: 0 });
        const address = t.app.server.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        // Given a connection on which the server has read the start of a request,
        const readSome = new Promise<void>((resolve) => t.app.server.once('connection', (socket: Socket) => socket.once('data', () => resolve())));
        const open = await rawConnection(port);
        open.socket.write(`GET /v1/store HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${t.adminKey}\r\n`);
        await readSome;

        // when the app closes and the rest of the request arrives,
        const closing = t.app.close();
        open.socket.write('\r\n');

        // then it is refused as a problem (DESIGN.md §3), not served, and the connection ends.
        const answer = await open.closed;
        expect(answer).toMatch(/^HTTP\/1\.1 503 /);
        expect(headerOf(answer, 'content-type')).toMatch(/^application\/problem\+json/);
        expect(headerOf(answer, 'connection')).toBe('close');
        expect(headerOf(answer, 'retry-after')).toBe('1');
        expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 503, code: 'unavailable' });
        await closing;
      } finally {
        await t.close();
      }
    });
  });
}
