/** The problem codes of DESIGN.md §3, each with its HTTP status and title. */
export const problemCatalog = {
  invalid_request: { status: 400, title: 'Invalid request' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  payment_declined: { status: 402, title: 'Payment declined' },
  forbidden: { status: 403, title: 'Forbidden' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  invalid_state: { status: 409, title: 'Invalid state' },
  out_of_stock: { status: 409, title: 'Out of stock' },
  conflict: { status: 409, title: 'Conflict' },
  idempotency_conflict: { status: 409, title: 'Idempotency conflict' },
  checkout_changed: { status: 409, title: 'Checkout changed' },
  request_timeout: { status: 408, title: 'Request timeout' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  validation_failed: { status: 422, title: 'Validation failed' },
  rate_limited: { status: 429, title: 'Too many requests' },
  headers_too_large: { status: 431, title: 'Request header fields too large' },
  internal: { status: 500, title: 'Internal error' },
  unavailable: { status: 503, title: 'Service unavailable' },
} as const;

export type ProblemCode = keyof typeof problemCatalog;

/** One invalid field of a request, named with the spec's bracket names (`shipping[postcode]`). */
export interface FieldError {
  field: string;
  code: string;
  message: string;
}

/** An expected failure: services throw it and the error handler turns it into an RFC 9457 body. */
export class Problem extends Error {
  readonly code: ProblemCode;
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  /** Further members of the problem body, such as the current and requested state. */
  readonly extra: Record<string, unknown> | undefined;
  /** Response headers that go with it, such as `retry-after`. */
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ProblemCode,
    detail: string,
    options: { errors?: FieldError[]; extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.code = code;
    this.status = problemCatalog[code].status;
    this.errors = options.errors;
    this.extra = options.extra;
    this.headers = options.headers;
  }

  /** A 422 naming every invalid field; `detail` repeats the first so a human sees it at once. */
  static invalid(errors: FieldError[]): Problem {
    const first = errors[0];
    const detail = first ? `${first.field} ${first.message}` : 'The request is invalid';
    return new Problem('validation_failed', detail, { errors });
  }

  static notFound(what: string, id: string): Problem {
    return new Problem('not_found', `No ${what} with id ${id}`);
  }
}

/** The body the wire carries for a problem. */
export function problemBody(problem: Problem): Record<string, unknown> {
  return {
    type: `/docs/errors#${problem.code}`,
    title: problemCatalog[problem.code].title,
    status: problem.status,
    code: problem.code,
    detail: problem.message,
    ...(problem.errors ? { errors: problem.errors } : {}),
    ...problem.extra,
  };
}

/** Collects field errors so a service can report every invalid field at once. */
export class FieldErrors {
  readonly list: FieldError[] = [];

  add(field: string, code: string, message: string): void {
    this.list.push({ field, code, message });
  }

  /** Throws a 422 listing every error collected, if any. */
  throwIfAny(): void {
    if (this.list.length > 0) throw Problem.invalid(this.list);
  }
}
