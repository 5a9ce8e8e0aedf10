import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { isConstraintRace } from '../db/write-races.js';
import { Problem, problemBody, type ProblemCode } from '../lib/problem.js';
import { validationFieldErrors, type AjvError } from './validation-messages.js';

function fromValidation(error: FastifyError & { validation: AjvError[]; validationContext?: string }): Problem {
  // An unknown member is a 400 before anything else: a typo must not pass for a request that means
  // something else (`activ=false` is no filter on `active`), nor be taken for a wrong value.
  const unknownMembers = error.validation.filter((e) => e.keyword === 'additionalProperties');
  if (unknownMembers.length > 0 && error.validationContext !== 'params') {
    const unknown = validationFieldErrors(unknownMembers, error.validationContext);
    return new Problem('invalid_request', `${unknown[0]!.field} ${unknown[0]!.message}`, { errors: unknown });
  }
  const unique = validationFieldErrors(error.validation, error.validationContext);
  switch (error.validationContext) {
    case 'body':
      // A body that is not an object at all (`null`, `[]`, `"text"`) has no fields to name.
      if (error.validation.some((e) => e.instancePath === '' && e.keyword === 'type')) {
        return new Problem('invalid_request', 'The request body must be an object');
      }
      return Problem.invalid(unique);
    case 'params':
      return new Problem('not_found', 'No such resource');
    default: {
      const first = unique[0];
      return new Problem('invalid_request', first ? `${first.field} ${first.message}` : 'Invalid query', { errors: unique });
    }
  }
}

const codeByStatus: Record<number, ProblemCode> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

/** Any thrown value as a problem; unknown errors become a bare 500 that reveals nothing. */
export function toProblem(error: unknown): Problem {
  if (error instanceof Problem) return error;
  const e = error as FastifyError & { validation?: AjvError[]; validationContext?: string };
  if (e && Array.isArray(e.validation)) return fromValidation(e as FastifyError & { validation: AjvError[] });
  if (isConstraintRace(error)) return new Problem('conflict', 'A concurrent change conflicts with this request; retry it');
  if (isDatabaseUnavailable(error)) return new Problem('unavailable', 'The database is unavailable; retry later');
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = codeByStatus[status] ?? 'invalid_request';
    return new Problem(code, e.message || 'Invalid request');
  }
  if (status === 503) return new Problem('unavailable', 'The service is unavailable; retry later');
  return new Problem('internal', 'An internal error occurred; quote the request id to the operator');
}

/** Every failure leaves as `application/problem+json`; 5xx are logged with the request id. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const problem = toProblem(error);
    // An outage answers every request 503 until the database is back: one warning line each, no stack.
    if (isDatabaseUnavailable(error)) request.log.warn({ code: (error as { code?: unknown }).code, reason: (error as Error).message }, 'database unavailable');
    else if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    const body = problemBody(problem);
    if (problem.status >= 500) body.request_id = request.id;
    const retryAfter = (error as { headers?: Record<string, string> }).headers?.['retry-after'];
    if (retryAfter) reply.header('retry-after', retryAfter);
    return reply.code(problem.status).type('application/problem+json').send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body = problemBody(new Problem('not_found', `No route ${request.method} ${request.url.split('?')[0]}`));
    return reply.code(404).type('application/problem+json').send(body);
  });
}

/**
 * What Fastify's router refuses before any hook runs (its default answer is a bare JSON error):
 * a path that is not valid percent-encoding is a 400, and a path parameter longer than the router
 * reads is a 404, as a path parameter that fails its schema is (no record has such an id).
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const problem = error.code === 'FST_ERR_MAX_PARAM_LENGTH'
    ? new Problem('not_found', 'No such resource')
    : error.code === 'FST_ERR_BAD_URL'
      ? new Problem('invalid_request', 'The request path is not valid percent-encoding')
      : toProblem(error);
  void reply.header('x-request-id', request.id).code(problem.status).type('application/problem+json').send(problemBody(problem));
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers over the size limit, a
 * malformed request, a request too slow to arrive) is answered as a problem too, and the connection
 * closed, as Fastify's default handler does.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const problem = error.code === 'HPE_HEADER_OVERFLOW'
    ? new Problem('headers_too_large', 'The request line and headers are larger than the server accepts')
    : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new Problem('request_timeout', 'The request did not arrive in time')
      : new Problem('invalid_request', 'The request is not valid HTTP');
  const body = JSON.stringify(problemBody(problem));
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\nContent-Type: application/problem+json\r\n`
      + `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
