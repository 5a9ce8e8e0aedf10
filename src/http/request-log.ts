import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { routeOf } from './metrics.js';

/** The credential a request was served under, by kind only: never the key or token itself. */
export type CredentialKind = 'admin' | 'read_only' | 'channel' | 'customer' | 'none';

function credentialOf(request: FastifyRequest): CredentialKind {
  // No ctx: answered before authentication (a refusal while shutting down). Public routes read no credential.
  const actor = request.ctx?.actor;
  switch (actor?.kind) {
    case 'admin':
      return actor.role === 'read_only' ? 'read_only' : 'admin';
    case 'channel':
    case 'customer':
      return actor.kind;
    default:
      return 'none';
  }
}

/** Pino's levels, most verbose first. */
const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];

/** Whether a logger at `level` writes lines of `wanted` (`silent` writes none). */
function logsAt(level: string, wanted: 'debug' | 'info'): boolean {
  const at = LEVELS.indexOf(level);
  return at !== -1 && at <= LEVELS.indexOf(wanted);
}

/**
 * Fastify's request log lines, made one per request: `request completed`, when the answer is sent,
 * with `reqId`, `method`, `route` (the pattern; `unmatched` for unknown paths), `status`,
 * `response_time_ms` and `credential`. No URL (a query string may carry a token) and no header.
 * At LOG_LEVEL=debug an `incoming request` line also tells when each request was read
 * (reliability/shutdown-test.ts reads it). Fastify's lines that would log the URL say less.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    // Checked first: a line not written should cost nothing to build.
    if (!logsAt(request.log.level, 'debug')) return;
    request.log.debug({ method: request.method, route: routeOf(request) }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!logsAt(request.log.level, 'info')) return;
    const line = {
      method: request.method,
      route: routeOf(request),
      status: reply.statusCode,
      response_time_ms: Math.round(reply.elapsedTime * 100) / 100,
      credential: credentialOf(request),
    };
    // An error here is the connection's (the answer could not be written whole), not the request's.
    if (error) request.log.warn({ ...line, err: { message: error.message } }, 'request completed');
    else request.log.info(line, 'request completed');
  }

  override routeNotFound(): void {
    // The not-found handler answers a problem, and requestCompleted logs it as `unmatched`.
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) request.log.error({ err: error }, error?.message);
  }

  override writeHeadError(error: Error, request: FastifyRequest): void {
    request.log.warn({ err: error }, error?.message);
  }
}

/**
 * Headers that carry credentials, censored wherever a log line would hold them (no line logs
 * headers today; one added by hand still shows none).
 */
const REDACTED = ['authorization', '"channel-key"', 'cookie', '"set-cookie"'].flatMap((header) => [`req.headers.${header}`, `headers.${header}`]);

/**
 * The logger options the app runs with: the caller's (tests give a stream), or LOG_LEVEL's, with the
 * credential headers redacted. `false` stays false (no logging).
 */
export function loggerOptions(given: FastifyServerOptions['logger'], level: string): FastifyServerOptions['logger'] {
  if (given === false) return false;
  const options = typeof given === 'object' && given !== null ? given : { level };
  return { redact: { paths: REDACTED, censor: '[redacted]' }, ...options };
}
