import type { DiscountKind, DiscountScope } from '../../db/types.js';

/** One line of a cart or order as the discounts see it. */
export interface DiscountLine {
  skuId: string;
  productId: string;
  /** The collections (of those some discount is scoped to) holding the line's product. */
  collectionIds: readonly string[];
  /** price × quantity, in cents. */
  subtotal: number;
  isShippingRequired: boolean;
}

/** A discount that may apply: its dates, activity and usage were already checked. */
export interface Offer {
  id: string;
  /** Null for an automatic discount. */
  code: string | null;
  kind: DiscountKind;
  /** Basis points (percentage) or cents (fixed_amount); unused for free_shipping. */
  value: number;
  scope: DiscountScope;
  scopeIds: readonly string[];
  minimumSubtotal: number | null;
}

export interface AppliedDiscount {
  code: string | null;
  discount_id: string;
  kind: DiscountKind;
  /** Cents taken off: from the items, or from shipping for free_shipping. */
  amount: number;
}

/** Why an offered code does not apply to these lines. */
export type CodeOutcome = 'applied' | 'not_applicable' | 'minimum_not_met' | 'outdone';

export interface Allocation {
  applied: AppliedDiscount[];
  /** Each line's share of the item discounts, in the order of the lines: they add up to the item discounts exactly. */
  lineDiscounts: number[];
  /** The part of the discount taken off shipping. */
  shippingDiscount: number;
  /** What became of the code offered (undefined without one). */
  code: CodeOutcome | undefined;
}

function isEligible(offer: Offer, line: DiscountLine): boolean {
  switch (offer.scope) {
    case 'all': return true;
    case 'products': return offer.scopeIds.includes(line.productId);
    case 'skus': return offer.scopeIds.includes(line.skuId);
    case 'collections': return line.collectionIds.some((id) => offer.scopeIds.includes(id));
  }
}

/** Whether the offer applies to these lines at all: some line in its scope (needing shipping, for free shipping), the minimum reached by those lines. */
function fitness(offer: Offer, lines: readonly DiscountLine[]): 'fits' | 'not_applicable' | 'minimum_not_met' {
  const eligible = lines.filter((line) => isEligible(offer, line));
  if (eligible.length === 0 || (offer.kind === 'free_shipping' && !eligible.some((line) => line.isShippingRequired))) return 'not_applicable';
  const subtotal = eligible.reduce((sum, line) => sum + line.subtotal, 0);
  return offer.minimumSubtotal !== null && subtotal < offer.minimumSubtotal ? 'minimum_not_met' : 'fits';
}

/**
 * Splits `total` cents over lines in proportion to their weights, by largest remainder: each share
 * is the floor of its exact part, and the cents left go to the largest fractions (the earlier line
 * on a tie). The shares add up to `total` exactly, and none exceeds its weight when total ≤ Σ weights.
 */
export function splitByWeight(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  // BigInt: total × weight can pass 2^53 for large amounts.
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  const parts = weights.map((weight, index) => {
    const exact = bigTotal * BigInt(weight);
    return { index, share: Number(exact / bigSum), remainder: exact % bigSum };
  });
  let left = total - parts.reduce((a, p) => a + p.share, 0);
  const byRemainder = [...parts].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const part of byRemainder) {
    if (left === 0) break;
    part.share += 1;
    left -= 1;
  }
  return parts.map((p) => p.share);
}

/** What an item discount takes from each line given what the lines still cost. */
function sharesOf(offer: Offer, lines: readonly DiscountLine[], remaining: readonly number[]): number[] {
  const weights = lines.map((line, i) => (isEligible(offer, line) ? remaining[i]! : 0));
  const base = weights.reduce((a, b) => a + b, 0);
  // Percentages round half up on the eligible amount; a fixed amount never exceeds it.
  const total = offer.kind === 'percentage' ? Math.min(base, Number((BigInt(base) * BigInt(offer.value) + 5000n) / 10_000n)) : Math.min(offer.value, base);
  return splitByWeight(total, weights);
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * The discounts that apply to these lines and how they split. The rule: for each kind (percentage,
 * then fixed amount on what remains, then free shipping), one discount applies, the one that takes
 * the most off — the buyer's code or an automatic discount; on a tie the code, then the older
 * discount. So a code stacks with automatic discounts of other kinds, never with one of its own kind.
 * No line goes below zero; the line shares add up to the item discounts exactly.
 */
export function allocateDiscounts(lines: readonly DiscountLine[], code: Offer | null, automatic: readonly Offer[], shippingPrice: number): Allocation {
  const remaining = lines.map((line) => line.subtotal);
  const lineDiscounts = lines.map(() => 0);
  const applied: AppliedDiscount[] = [];
  let shippingDiscount = 0;
  const codeFitness = code ? fitness(code, lines) : undefined;
  let outcome: CodeOutcome | undefined = codeFitness === 'fits' ? 'outdone' : codeFitness;
  const fitting = [...(code && codeFitness === 'fits' ? [code] : []), ...[...automatic].sort((a, b) => (a.id < b.id ? -1 : 1)).filter((offer) => fitness(offer, lines) === 'fits')];

  for (const kind of ['percentage', 'fixed_amount', 'free_shipping'] as const) {
    const candidates = fitting.filter((offer) => offer.kind === kind);
    if (candidates.length === 0) continue;
    if (kind === 'free_shipping') {
      // Every free shipping discount takes the same off: the code's wins, else the oldest.
      const best = candidates[0]!;
      shippingDiscount = shippingPrice;
      applied.push({ code: best.code, discount_id: best.id, kind, amount: shippingPrice });
      if (best === code) outcome = 'applied';
      continue;
    }
    let best = { offer: candidates[0]!, shares: sharesOf(candidates[0]!, lines, remaining) };
    for (const offer of candidates.slice(1)) {
      const shares = sharesOf(offer, lines, remaining);
      if (sum(shares) > sum(best.shares)) best = { offer, shares };
    }
    best.shares.forEach((share, i) => {
      remaining[i] = remaining[i]! - share;
      lineDiscounts[i] = lineDiscounts[i]! + share;
    });
    applied.push({ code: best.offer.code, discount_id: best.offer.id, kind, amount: sum(best.shares) });
    if (best.offer === code) outcome = 'applied';
  }
  return { applied, lineDiscounts, shippingDiscount, code: outcome };
}
