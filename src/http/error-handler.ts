import type { FastifyError, FastifyInstance } from 'fastify';
import { Problem, problemBody, type FieldError, type ProblemCode } from '../lib/problem.js';

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** `/shipping/postcode` → `shipping[postcode]`, the spec's bracket names. */
export function bracketName(pointer: string, child?: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  const [head = '', ...rest] = parts;
  return head + rest.map((p) => `[${p}]`).join('');
}

function fieldError(error: AjvError): FieldError {
  switch (error.keyword) {
    case 'required':
      return { field: bracketName(error.instancePath, String(error.params.missingProperty)), code: 'required', message: 'is required' };
    case 'additionalProperties':
      return { field: bracketName(error.instancePath, String(error.params.additionalProperty)), code: 'unknown', message: 'is not a known field' };
    case 'type':
      return { field: bracketName(error.instancePath), code: 'invalid_type', message: `must be ${String(error.params.type).replace(',', ' or ')}` };
    case 'enum':
      return { field: bracketName(error.instancePath), code: 'invalid_value', message: `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}` };
    case 'minimum': case 'maximum': case 'exclusiveMinimum': case 'exclusiveMaximum':
      return { field: bracketName(error.instancePath), code: 'out_of_range', message: error.message ?? 'is out of range' };
    case 'minLength': case 'maxLength': case 'minItems': case 'maxItems': case 'minProperties': case 'maxProperties':
      return { field: bracketName(error.instancePath), code: 'invalid_length', message: error.message ?? 'has an invalid length' };
    default:
      return { field: bracketName(error.instancePath), code: 'invalid', message: error.message ?? 'is invalid' };
  }
}

function fromValidation(error: FastifyError & { validation: AjvError[]; validationContext?: string }): Problem {
  const errors = error.validation.map(fieldError);
  // Drop repeats (anyOf branches report the same field several times).
  const unique = errors.filter((e, i) => errors.findIndex((o) => o.field === e.field && o.code === e.code) === i);
  switch (error.validationContext) {
    case 'body':
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

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e.code === '23505';
}

/** Any thrown value as a problem; unknown errors become a bare 500 that reveals nothing. */
export function toProblem(error: unknown): Problem {
  if (error instanceof Problem) return error;
  const e = error as FastifyError & { validation?: AjvError[]; validationContext?: string };
  if (e && Array.isArray(e.validation)) return fromValidation(e as FastifyError & { validation: AjvError[] });
  if (isUniqueViolation(error)) return new Problem('conflict', 'The record conflicts with one that exists; retry the request');
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
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
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
