/** How the client retries a request that got no answer, a 5xx or a 429. */
export interface RetryOptions {
  /** Retries after the first attempt; 0 never retries (and sends no automatic Idempotency-Key). Default 2. */
  retries?: number;
  /** The first backoff in milliseconds, doubled on each retry, half of it random. Default 500. */
  minDelayMs?: number;
  /** The longest wait before a retry, `Retry-After` included: an answer asking for more is returned as it is. Default 30,000. */
  maxDelayMs?: number;
}

const DEFAULTS: Required<RetryOptions> = { retries: 2, minDelayMs: 500, maxDelayMs: 30_000 };

/** Answers worth asking again: the server failed or was busy, and said nothing about the request itself. */
const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);

/** Methods that may be sent twice as they are; a POST only with its Idempotency-Key. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** The wait a `Retry-After` header asks for (seconds or an HTTP date), in milliseconds; undefined without a readable one. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  // An HTTP date names its day and month; V8 would also read a bare `-1` as a date.
  const date = /[a-z]/i.test(header) ? Date.parse(header) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The wait before retry number `retry` (0 for the first) after `response` (undefined when the
 * request got no answer), or undefined when the request should not be retried: retries used up, an
 * answer that is final, or a `Retry-After` longer than `maxDelayMs`.
 */
export function retryDelay(retry: number, response: Response | undefined, options: RetryOptions = {}, random = Math.random): number | undefined {
  const { retries, minDelayMs, maxDelayMs } = { ...DEFAULTS, ...options };
  if (retry >= retries) return undefined;
  if (response && !RETRIED_STATUSES.has(response.status)) return undefined;
  const asked = response ? retryAfterMs(response.headers.get('retry-after')) : undefined;
  if (asked !== undefined) return asked <= maxDelayMs ? asked : undefined;
  const backoff = Math.min(maxDelayMs, minDelayMs * 2 ** retry);
  return backoff / 2 + (random() * backoff) / 2;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fetch that retries as `options` say. A POST gets one `Idempotency-Key` (unless it carries its
 * own), sent again on each retry, so the server answers a retry of a request it already ran with the
 * first answer instead of running it again: a payment whose answer was lost is charged once.
 */
export function retryingFetch(fetch: (request: Request) => Promise<Response>, options: RetryOptions = {}): (request: Request) => Promise<Response> {
  const retries = options.retries ?? DEFAULTS.retries;
  return async (request) => {
    if (retries === 0 || !(IDEMPOTENT_METHODS.has(request.method) || request.method === 'POST')) return fetch(request);
    if (request.method === 'POST' && !request.headers.has('idempotency-key')) {
      request.headers.set('idempotency-key', globalThis.crypto.randomUUID());
    }
    for (let retry = 0; ; retry++) {
      let response: Response | undefined;
      let failure: unknown;
      try {
        // Each attempt sends a copy: the body of a sent request cannot be read again.
        response = await fetch(request.clone());
      } catch (error) {
        // A request its caller aborted is not retried.
        if (request.signal.aborted) throw error;
        failure = error;
      }
      const delay = retryDelay(retry, response, options);
      if (delay === undefined) {
        if (response) return response;
        throw failure;
      }
      await response?.body?.cancel();
      await sleep(delay);
    }
  };
}
