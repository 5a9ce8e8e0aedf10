/** An RFC 9457 problem as the server answers every 4xx and 5xx (docs/api.md, Errors). */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  /** The stable code to branch on: `validation_failed`, `out_of_stock`, `payment_declined`… */
  code: string;
  detail?: string;
  /** Each invalid field by its bracket name (`shipping[postcode]`), on 422 and some 409s. */
  errors?: Array<{ field: string; code: string; message: string }>;
  [member: string]: unknown;
}

/** A problem answer as an error: thrown by `unwrap` and by `paginate`. */
export class StorefrontProblem extends Error {
  override readonly name = 'StorefrontProblem';
  readonly status: number;
  readonly code: string;

  constructor(readonly problem: ProblemBody, readonly response: Response) {
    super(`${problem.status} ${problem.code}: ${problem.detail ?? problem.title}`);
    this.status = problem.status;
    this.code = problem.code;
  }
}

/** The problem of an error answer; an answer that is no problem (a proxy's HTML page) is described as one. */
export function problemOf(error: unknown, response: Response): ProblemBody {
  if (error && typeof error === 'object' && typeof (error as ProblemBody).code === 'string') return error as ProblemBody;
  return {
    type: 'about:blank',
    title: response.statusText || 'Unexpected answer',
    status: response.status,
    code: 'unexpected_answer',
    detail: typeof error === 'string' && error !== '' ? error.slice(0, 500) : `HTTP ${response.status} without a problem body`,
  };
}

/**
 * The data of a call's result, or its problem thrown as a `StorefrontProblem`:
 * `const { data: cart } = unwrap(await client.POST('/v1/carts', { body }))`.
 */
export function unwrap<R extends { data?: unknown; error?: unknown; response: Response }>(result: R): NonNullable<R['data']> {
  if (result.response.ok) return result.data as NonNullable<R['data']>;
  throw new StorefrontProblem(problemOf(result.error, result.response), result.response);
}
