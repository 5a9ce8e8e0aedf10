/** One part of what a refund is shared among, by weight. */
export interface Weighed<K> {
  key: K;
  weight: number;
}

/**
 * `amount` shared among parts in proportion to their weights, out of `whole` (at least their sum: what
 * is over it, the shipping of an order, takes its share and is left out). Shares are whole minor units
 * that add up to the parts' rounded share, the cents left by rounding going to the largest remainders.
 */
export function shareAmount<K>(amount: number, parts: Array<Weighed<K>>, whole: number): Array<{ key: K; amount: number }> {
  const weights = parts.reduce((sum, part) => sum + part.weight, 0);
  const total = Math.max(whole, weights);
  if (total <= 0 || parts.length === 0) return [];
  const toShare = Math.round((amount * weights) / total);
  const exact = parts.map((part) => (toShare * part.weight) / (weights || 1));
  const shares = exact.map((value) => Math.floor(value));
  let left = toShare - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return parts.map((part, index) => ({ key: part.key, amount: shares[index]! }));
}
