/**
 * The problem codes of DESIGN.md §3, each with its HTTP status, its title, when it happens and what a
 * client should do about it. `GET /docs/errors` is written from this table (a problem's `type` links
 * there), so a new code is documented where it is declared.
 */
export const problemCatalog = {
  invalid_request: {
    status: 400,
    title: 'Invalid request',
    when: 'The request cannot be read as sent: a body that is not valid JSON (or nests deeper than 64 levels) or not an object, a query parameter that is unknown, of the wrong type or out of range (per_page above 250), a NUL character anywhere, a path that is not valid percent-encoding. errors[] names each parameter at fault.',
    action: "Fix the request as the detail and errors[] say and send it again; the document at /openapi.json lists each operation's parameters.",
  },
  unauthorized: {
    status: 401,
    title: 'Unauthorized',
    when: 'No credential was sent, or the one sent is unknown, revoked or expired, or Authorization is not exactly "Bearer <token>", or a customer token came without the Channel-Key of its channel, or a payment provider webhook is not signed with the webhook secret of its gateway.',
    action: 'Send Authorization: Bearer <admin key> or Channel-Key: <channel key> (with Authorization: Bearer <customer token> for a signed-in customer). A customer whose token expired or was revoked signs in again (POST /v1/customers/token); a lost admin key is replaced with storefront keys create.',
  },
  payment_declined: {
    status: 402,
    title: 'Payment declined',
    when: 'The payment gateway refused the charge, capture or refund (a declined card, insufficient funds). A failed transaction is recorded; the order stays payable.',
    action: 'Ask the buyer for another card or payment method and pay the checkout again; decline_code says why when the gateway told.',
  },
  forbidden: {
    status: 403,
    title: 'Forbidden',
    when: "The credential is valid but may not call this operation: a channel key on an admin route, an admin key on a sales channel's sign-in, a read-only key (rk_) writing, a channel key without a customer token where one is needed, a storefront sending what only staff taking an order may (channel_id, customer_id, payment[mark_paid]) or private_metadata, which is staff's alone.",
    action: "Call it with the credential the operation's security in /openapi.json names; retrying with the same one will not help.",
  },
  not_found: {
    status: 404,
    title: 'Not found',
    when: "No record with this id is visible to this credential (another customer's records and another channel's carts answer this too), or no route has this path.",
    action: 'Check the id and the path; list the records to find the right id. Do not retry unchanged.',
  },
  method_not_allowed: {
    status: 405,
    title: 'Method not allowed',
    when: 'The path exists but does not take this HTTP method (PATCH where the API updates with POST, say). The Allow header lists the methods it takes.',
    action: 'Use one of the methods in Allow: records are updated with POST to their path (carts and checkouts with PUT).',
  },
  invalid_state: {
    status: 409,
    title: 'Invalid state',
    when: "The record's state forbids this move: paying an order already placed, cancelling one that shipped, capturing more than was authorized, revoking the last admin key, or another move of the same record happened meanwhile. current and requested name the states when known.",
    action: 'Read the record again and decide from its current state; the move will not succeed by retrying it unchanged.',
  },
  out_of_stock: {
    status: 409,
    title: 'Out of stock',
    when: 'Not enough stock for the quantities asked for; errors[] names each sku short of stock. Nothing was charged or taken.',
    action: 'Lower the quantities (or drop the items) errors[] names and try again.',
  },
  conflict: {
    status: 409,
    title: 'Conflict',
    when: 'A concurrent change conflicts with this request: another write took the same unique value (a permalink, an email) at the same moment, or a record still holds others (a blog with posts).',
    action: 'Read the records involved again; retry a race as it is, and for a record that still holds others, move or delete those first as the detail says.',
  },
  idempotency_conflict: {
    status: 409,
    title: 'Idempotency conflict',
    when: 'The Idempotency-Key was already used by this credential with a different request (another path or body), or the first request with it is still running.',
    action: "Wait for the first request's answer and retry with the same key; for a different request, send a new key.",
  },
  checkout_changed: {
    status: 409,
    title: 'Checkout changed',
    when: 'At payment, a price, a discount or a shipping rate changed since the checkout was priced. The checkout is re-priced and nothing was charged.',
    action: 'Read the checkout again, show the buyer its new total and pay again.',
  },
  request_timeout: {
    status: 408,
    title: 'Request timeout',
    when: 'The request did not arrive completely in time (a slow or stalled client). The connection is closed.',
    action: 'Send the request again, whole; check the network between the client and the server.',
  },
  payload_too_large: {
    status: 413,
    title: 'Payload too large',
    when: 'The body is larger than the server accepts (STOREFRONT_BODY_LIMIT, 1 MiB by default; uploads: STOREFRONT_FILE_MAX_BYTES; from a channel key or a customer token: 64 KiB, and a JSON body of at most 1,000 members and list items).',
    action: 'Send a smaller body: fewer items per request, or a smaller file.',
  },
  unsupported_media_type: {
    status: 415,
    title: 'Unsupported media type',
    when: "The body's Content-Type is not one the operation reads: bodies are application/json or application/x-www-form-urlencoded, uploads multipart/form-data; an uploaded file of a type the store does not accept is refused too.",
    action: 'Send the body as JSON with Content-Type: application/json (or form-encoded); upload files as multipart/form-data in a part named file.',
  },
  validation_failed: {
    status: 422,
    title: 'Validation failed',
    when: 'The body is well-formed but fields are invalid: missing, of the wrong type, out of range, unknown ids or rules of the record broken. errors[] lists every field at fault (the first 100 when there are more), by its bracket name (shipping[postcode]), with a code and a message.',
    action: 'Correct each field errors[] names and send the request again.',
  },
  rate_limited: {
    status: 429,
    title: 'Too many requests',
    when: 'This credential (or client address, for channel keys and anonymous calls) sent more requests per minute than STOREFRONT_RATE_LIMIT allows.',
    action: 'Wait the seconds Retry-After says before the next request, and spread requests out.',
  },
  headers_too_large: {
    status: 431,
    title: 'Request header fields too large',
    when: 'The request line and headers together are larger than the server reads (128 KiB, as sent: text outside ASCII counts once percent-encoded). The connection is closed.',
    action: 'Send shorter headers and a shorter URL: fewer cookies, or filters in fewer parameters.',
  },
  internal: {
    status: 500,
    title: 'Internal error',
    when: "The server failed unexpectedly. Nothing about the failure is in the answer; the server's log has it under the request_id of the body.",
    action: 'Retry later; if it persists, give the operator the request_id (also in the x-request-id header).',
  },
  unavailable: {
    status: 503,
    title: 'Service unavailable',
    when: 'The server cannot answer now: its database or file storage is unreachable, a payment gateway did not answer, or the server is shutting down. A write answered 503 may have committed just before.',
    action: 'Retry after the seconds Retry-After says, with the same Idempotency-Key for a POST; read the record first when a write may have committed.',
  },
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
