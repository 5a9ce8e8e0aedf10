import { isBusy } from './sqlite-write-lock.js';

/** Socket errors of a connection to the database that could not be made or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL's SQLSTATEs for a server that is not there for us: the whole class 08 (connection
 * exception), admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down) and
 * too_many_connections.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What node-postgres says, without a code, of a connection that ended or could not be had in time. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * Whether an error means the database cannot be reached right now (down, restarting, refusing
 * connections, cut off; on SQLite, locked by another process for longer than sqlite-write-lock.ts
 * waits) rather than that the request or the code is wrong: such a request is worth retrying later,
 * and answers 503 (DESIGN.md §3), not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (isBusy(e)) return true;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (CONNECTION_MESSAGES.some((message) => e instanceof Error && e.message.startsWith(message))) return true;
  }
  return false;
}
