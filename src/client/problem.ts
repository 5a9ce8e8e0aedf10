import type { Problem } from './schema.js';

/** A problem answer as an error: thrown by `unwrap` and by `paginate`. */
export class StorefrontProblem extends Error {
  override readonly name = 'StorefrontProblem';
  readonly status: number;
  readonly code: string;

  constructor(readonly problem: Problem, readonly response: Response) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
    this.status = problem.status;
    this.code = problem.code;
  }
}

/** The problem of an error answer; an answer that is no problem (a proxy's HTML page) is described as one. */
export function problemOf(error: unknown, response: Response): Problem {
  if (error && typeof error === 'object' && typeof (error as Problem).code === 'string') return error as Problem;
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
