/** The retry schedule at its default scale: the first retry after a minute, doubling, at most 12 hours apart. */
export const DEFAULT_RETRY_BASE_MS = 60_000;
const MAX_DELAY_FACTOR = 720;
/** Three days at the default scale: past it a delivery is abandoned, and an endpoint failing that long disabled. */
const GIVE_UP_FACTOR = 4320;

/**
 * How long to wait after the attempt-th failed attempt: base × 2^(attempt-1), capped, with ±20 %
 * jitter so endpoints coming back are not hit by every retry at once. `baseMs` scales the whole
 * schedule (STOREFRONT_WEBHOOK_RETRY_BASE_MS), so tests can run it in milliseconds.
 */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const raw = baseMs * 2 ** Math.min(attempt - 1, 30);
  return Math.round(Math.min(raw, baseMs * MAX_DELAY_FACTOR) * (0.8 + 0.4 * random()));
}

/** How long deliveries are retried, and an endpoint may fail, before giving up: 3 days at the default scale. */
export function giveUpAfterMs(baseMs: number): number {
  return baseMs * GIVE_UP_FACTOR;
}
