import { randomInt } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import pg from 'pg';
import { freePort } from './ports.js';

/**
 * A transaction-mode connection pooler for tests, in the spirit of PgBouncer's pool_mode=transaction:
 * clients connect to it as to PostgreSQL, and each of their transactions (or statements outside one)
 * runs on whichever of its few server connections it hands out. Session state a client leaves on a
 * server connection (a LISTEN, a SET, a session advisory lock) stays with that server connection and
 * is met by the next client, never by this one's next transaction: what relies on it breaks, as it does
 * behind PgBouncer. To make that certain rather than likely, a client's next transaction never gets the
 * server connection its last one had. Nothing is refused: a statement that would keep session state
 * is recorded (sessionStatements) and forwarded, so a test can assert that none came through, and
 * show what goes wrong when one does (a LISTEN's notifications reach no one).
 *
 * Protocol: after the untyped SSLRequest and StartupMessage, every message is one type byte and an
 * int32 length that counts itself. Each simple Query ('Q') and each Sync ('S') is answered by exactly
 * one ReadyForQuery ('Z'), whose status byte is 'I' once no transaction is open.
 */
export interface TransactionPooler {
  /** A postgres:// URL for the pooler (any password is accepted). */
  url: string;
  /** The transactions served, in order: which client connection, on which server backend (pid). */
  transactions: Array<{ client: number; backendPid: number }>;
  /** Statements that would leave session state on a server connection (LISTEN, SET without LOCAL, …), as sent. */
  sessionStatements: string[];
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

/**
 * What only a session keeps: a LISTEN, a SET that is not LOCAL (nor a transaction's), session
 * advisory locks (the _xact_ ones end with their transaction), set_config(…, false), a prepared
 * statement, a cursor, a temporary table.
 */
const SESSION_STATEMENT = new RegExp(
  [
    String.raw`\blisten\s`,
    String.raw`(^|;)\s*set\s+(?!local\b|transaction\b|constraints\b)`,
    String.raw`\bpg_(try_)?advisory_(un)?lock(_shared)?\s*\(`,
    String.raw`\bset_config\s*\([^)]*,\s*false\s*\)`,
    String.raw`(^|;)\s*(prepare|declare|discard|reset)\s`,
    String.raw`\bcreate\s+(temp|temporary)\s`,
  ].join('|'),
  'i',
);

interface ServerConnection {
  socket: Socket;
  backendPid: number;
  client: PooledClient | null;
}

interface PooledClient {
  id: number;
  socket: Socket;
  server: ServerConnection | null;
  /** ReadyForQuery answers still due for what was forwarded. */
  pending: number;
  /** Extended-query messages forwarded since the last Sync: their Sync must follow them to the same server. */
  unsynced: boolean;
  /** Messages that wait for a server connection. */
  queued: Buffer[];
  lastBackendPid: number | null;
}

/** One frame splitter per socket: calls `onMessage` with each whole typed message. */
function frames(onMessage: (type: string, message: Buffer) => void): (chunk: Buffer) => void {
  let buffered: Buffer = Buffer.alloc(0);
  return (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    while (buffered.length >= 5) {
      const length = buffered.readInt32BE(1) + 1;
      if (buffered.length < length) break;
      const message = buffered.subarray(0, length);
      buffered = buffered.subarray(length);
      onMessage(String.fromCharCode(message[0]!), message);
    }
  };
}

function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

function cstrings(...values: string[]): Buffer {
  return Buffer.concat(values.map((value) => Buffer.from(`${value}\0`, 'utf8')));
}

function int32s(...values: number[]): Buffer {
  const body = Buffer.alloc(4 * values.length);
  values.forEach((value, i) => body.writeInt32BE(value, 4 * i));
  return body;
}

/** The SQL a Query or Parse message carries, and a Parse's statement name. */
function statementOf(type: string, frame: Buffer): { name: string; text: string } | undefined {
  const body = frame.subarray(5);
  if (type === 'Q') return { name: '', text: body.toString('utf8', 0, body.indexOf(0)) };
  if (type !== 'P') return undefined;
  const nameEnd = body.indexOf(0);
  return { name: body.toString('utf8', 0, nameEnd), text: body.toString('utf8', nameEnd + 1, body.indexOf(0, nameEnd + 1)) };
}

/** Starts a pooler on 127.0.0.1 with `size` (at least 2) server connections to `databaseUrl`. */
export async function startTransactionPooler(databaseUrl: string, size = 4): Promise<TransactionPooler> {
  const transactions: TransactionPooler['transactions'] = [];
  const sessionStatements: string[] = [];
  const servers: ServerConnection[] = [];
  const clients = new Set<PooledClient>();
  const waiting: PooledClient[] = [];
  /** What the server told its first connection of itself, told to every client in turn. */
  const parameters = new Map<string, string>();
  let turn = 0;
  let closing = false;

  /**
   * A server connection of the pooler's own, opened by node-postgres (which knows every way to sign
   * in) and then taken from it: from here on its bytes are the pooler's to read and forward.
   */
  async function openServer(): Promise<void> {
    // processID and connection.stream are node-postgres's own, not in its types.
    const client = new pg.Client({ connectionString: databaseUrl }) as pg.Client & { processID: number; connection: pg.Connection & { stream: Socket } };
    client.connection.on('parameterStatus', (status: { parameterName: string; parameterValue: string }) => {
      parameters.set(status.parameterName, status.parameterValue);
    });
    await client.connect();
    const socket = client.connection.stream;
    for (const event of ['data', 'end', 'close', 'error']) socket.removeAllListeners(event);
    // Messages are forwarded one by one: Nagle's algorithm would hold each small one back for an ACK.
    socket.setNoDelay(true);
    const server: ServerConnection = { socket, backendPid: client.processID, client: null };
    socket.on('data', frames((type, frame) => fromServer(server, type, frame)));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      if (servers.includes(server)) servers.splice(servers.indexOf(server), 1);
      server.client?.socket.destroy();
    });
    servers.push(server);
  }

  function fromServer(server: ServerConnection, type: string, frame: Buffer): void {
    const client = server.client;
    // A notification to a LISTEN some earlier client left on this connection, or a notice, with no
    // one to tell: lost, as behind PgBouncer.
    if (!client) return;
    client.socket.write(frame);
    if (type !== 'Z') return;
    client.pending -= 1;
    // Status 'I': the transaction is over, and so is the client's hold on the connection.
    if (client.pending === 0 && !client.unsynced && frame[5] === 'I'.charCodeAt(0)) {
      client.server = null;
      server.client = null;
      serveWaiting();
    }
  }

  /** An idle server connection that is not the one the client's last transaction ran on, taken in turn. */
  function idleServerFor(client: PooledClient): ServerConnection | undefined {
    for (let i = 0; i < servers.length; i += 1) {
      const server = servers[(turn + i) % servers.length]!;
      if (server.client === null && server.backendPid !== client.lastBackendPid) {
        turn = (turn + i + 1) % servers.length;
        return server;
      }
    }
    return undefined;
  }

  function assign(client: PooledClient, server: ServerConnection): void {
    client.server = server;
    server.client = client;
    client.lastBackendPid = server.backendPid;
    transactions.push({ client: client.id, backendPid: server.backendPid });
    for (const frame of client.queued.splice(0)) server.socket.write(frame);
  }

  function serveWaiting(): void {
    for (const client of [...waiting]) {
      const server = idleServerFor(client);
      if (!server) continue;
      waiting.splice(waiting.indexOf(client), 1);
      assign(client, server);
    }
  }

  function fromClient(client: PooledClient, type: string, frame: Buffer): void {
    if (type === 'X') {
      client.socket.end();
      return;
    }
    const statement = statementOf(type, frame);
    if (statement && (statement.name !== '' || SESSION_STATEMENT.test(statement.text))) {
      sessionStatements.push(statement.name === '' ? statement.text : `named statement ${statement.name}: ${statement.text}`);
    }
    if (type === 'Q' || type === 'S') client.pending += 1;
    client.unsynced = type !== 'Q' && type !== 'S';
    if (client.server) {
      client.server.socket.write(frame);
      return;
    }
    client.queued.push(frame);
    if (client.queued.length > 1) return;
    const server = idleServerFor(client);
    if (server) assign(client, server);
    else waiting.push(client);
  }

  /** The untyped start: SSL refused, then the client let in at once (the pooler checks no password). */
  function welcome(client: PooledClient): void {
    let buffered: Buffer = Buffer.alloc(0);
    const onStart = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 8 && buffered.length >= buffered.readInt32BE(0)) {
        const length = buffered.readInt32BE(0);
        const code = buffered.readInt32BE(4);
        buffered = buffered.subarray(length);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          client.socket.write('N');
          continue;
        }
        client.socket.off('data', onStart);
        if (code === CANCEL_REQUEST) {
          client.socket.destroy();
          return;
        }
        client.socket.write(Buffer.concat([
          message('R', int32s(0)),
          ...[...parameters].map(([name, value]) => message('S', cstrings(name, value))),
          message('K', int32s(client.id, randomInt(2 ** 31))),
          message('Z', Buffer.from('I')),
        ]));
        const onFrame = frames((type, frame) => fromClient(client, type, frame));
        client.socket.on('data', onFrame);
        if (buffered.length > 0) onFrame(buffered);
        return;
      }
    };
    client.socket.on('data', onStart);
  }

  let nextClientId = 1;
  const listener = createServer((socket) => {
    const client: PooledClient = { id: nextClientId++, socket, server: null, pending: 0, unsynced: false, queued: [], lastBackendPid: null };
    clients.add(client);
    socket.setNoDelay(true);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      clients.delete(client);
      const at = waiting.indexOf(client);
      if (at >= 0) waiting.splice(at, 1);
      // Gone in the middle of a transaction: its server connection is in an unknown state, so it is
      // closed (PgBouncer does the same) and another opened in its place.
      if (client.server) {
        client.server.client = null;
        client.server.socket.destroy();
        if (!closing) void openServer().then(serveWaiting, () => {});
      }
    });
    welcome(client);
  });

  for (let i = 0; i < Math.max(2, size); i += 1) await openServer();
  const port = await freePort();
  await new Promise<void>((resolve) => listener.listen(port, '127.0.0.1', resolve));
  const target = new URL(databaseUrl);
  target.host = `127.0.0.1:${port}`;
  return {
    url: target.toString(),
    transactions,
    sessionStatements,
    close: async () => {
      closing = true;
      for (const client of clients) client.socket.destroy();
      for (const server of [...servers]) server.socket.destroy();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}
