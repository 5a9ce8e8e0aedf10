import { STATUS_CODES } from 'node:http';
import { problemCatalog } from '../lib/problem.js';
import type { Access } from './auth.js';

/** What decides the problems an operation can answer. */
export interface ProblemSources {
  access: Access;
  method: string;
  hasParams: boolean;
  hasBody: boolean;
  rateLimited: boolean;
  /** Statuses the route declares itself (`402` where a gateway may decline). */
  declared: number[];
}

/**
 * The problem statuses an operation can answer, from what it is: any request can be malformed (400:
 * an unknown query parameter, a NUL, bad percent-encoding), can have a request line and headers
 * larger than the server reads (431: Node's 16 KiB, which long `id` lists in a query can pass) and
 * can meet a failure or an outage (500, 503); a credential can be missing or refused (401) and,
 * where the access allows only some credentials or a read-only key would write, not allowed (403);
 * an id in the path can name nothing (404); the body of a write can be too large or of another
 * type (413, 415) and, where the route reads one, invalid (422); a write can meet a state machine, a
 * concurrent write or a reused Idempotency-Key (409); and requests are counted (429).
 */
export function problemStatuses(sources: ProblemSources): number[] {
  const { access, method, hasParams, hasBody, rateLimited, declared } = sources;
  const reads = method === 'GET' || method === 'HEAD';
  const statuses = new Set([400, 431, 500, 503, ...declared]);
  if (access !== 'public') statuses.add(401);
  if (access !== 'public' && !(access === 'storefront' && reads)) statuses.add(403);
  if (hasParams) statuses.add(404);
  // Any write may arrive with a body, read before the route runs, whether the route takes one or not.
  if (!reads) for (const status of [409, 413, 415]) statuses.add(status);
  if (hasBody) statuses.add(422);
  if (rateLimited) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

const HEADERS = '#/components/headers/';
const RESPONSES = '#/components/responses/';

/** `404` → `NotFound`: the name of a problem response in `components.responses`. */
const responseName = (status: number) => (STATUS_CODES[status] ?? `Status${status}`).replace(/[^A-Za-z]+/g, '');

const codesByStatus = new Map<number, string[]>();
for (const [code, entry] of Object.entries(problemCatalog)) codesByStatus.set(entry.status, [...(codesByStatus.get(entry.status) ?? []), code]);

/** The response headers every answer or some answers carry. */
export const headerComponents = {
  RequestId: {
    description: 'The id of this request, as the server logs it: the X-Request-Id sent when it is 1 to 128 letters, digits and `._:-`, else a new UUID. A 500 body repeats it as request_id.',
    schema: { type: 'string' },
  },
  RetryAfter: { description: 'Seconds to wait before sending the request again.', schema: { type: 'integer', minimum: 0 } },
  IdempotentReplayed: {
    description: 'Present (`true`) when this is the kept answer of an earlier request with the same Idempotency-Key, which was not run again. Problems below 500 are kept and replayed too.',
    schema: { type: 'string', enum: ['true'] },
  },
};

/** `Idempotency-Key`, which any POST may carry (DESIGN.md §5). */
export const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'Makes a retry safe: a repeat with the same key within 24 hours gets the first answer again (Idempotent-Replayed: true) instead of running twice. The same key with another request, or while the first runs, is 409 idempotency_conflict.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/** One problem response per status, naming its codes with a link to each on `/docs/errors`. */
function problemResponse(status: number): Record<string, unknown> {
  const codes = codesByStatus.get(status) ?? [];
  const headers: Record<string, unknown> = { 'x-request-id': { $ref: `${HEADERS}RequestId` } };
  if (status === 429 || status === 503) headers['Retry-After'] = { $ref: `${HEADERS}RetryAfter` };
  const examples = Object.fromEntries(codes.map((code) => {
    const entry = problemCatalog[code as keyof typeof problemCatalog];
    return [code, { summary: entry.title, value: { type: `/docs/errors#${code}`, title: entry.title, status, code, detail: entry.when.split('. ')[0]!.replace(/\.$/, '') } }];
  }));
  return {
    description: `${STATUS_CODES[status]}: ${codes.map((code) => `[${code}](/docs/errors#${code})`).join(', ')}`,
    headers,
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' }, ...(codes.length > 0 ? { examples } : {}) } },
  };
}

type Operation = { responses?: Record<string, Record<string, unknown>>; 'x-problems'?: number[]; parameters?: unknown[] };

/**
 * Gives each operation the problem responses `x-problems` lists (set from `problemStatuses` when the
 * route was documented) as references to `components.responses`, `x-request-id` on every answer,
 * `Idempotent-Replayed` on the answers of a POST and the `Idempotency-Key` it may send.
 */
export function documentResponses(document: { paths: Record<string, Record<string, Operation>>; components?: Record<string, unknown> }): void {
  const used = new Set<number>();
  for (const item of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const responses: Record<string, Record<string, unknown>> = {};
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (/^[45]/.test(status)) continue;
        const headers: Record<string, unknown> = { ...(response.headers as object), 'x-request-id': { $ref: `${HEADERS}RequestId` } };
        if (method === 'post') headers['Idempotent-Replayed'] = { $ref: `${HEADERS}IdempotentReplayed` };
        const description = response.description === 'Default Response' ? STATUS_CODES[Number(status)] : response.description;
        responses[status] = { ...response, description, headers };
      }
      for (const status of operation['x-problems'] ?? []) {
        responses[status] = { $ref: `${RESPONSES}${responseName(status)}` };
        used.add(status);
      }
      delete operation['x-problems'];
      operation.responses = responses;
      if (method === 'post') operation.parameters = [...(operation.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }];
    }
  }
  document.components = {
    ...document.components,
    responses: Object.fromEntries([...used].sort((a, b) => a - b).map((status) => [responseName(status), problemResponse(status)])),
    headers: headerComponents,
    parameters: { IdempotencyKey: idempotencyKeyParameter },
  };
}
