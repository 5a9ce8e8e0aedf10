import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateDiscounts, splitByWeight, type DiscountLine, type Offer } from './discount-allocation.js';

const line = (subtotal: number, extra: Partial<DiscountLine> = {}): DiscountLine => ({
  skuId: `sku_${subtotal}`, productId: `prd_${subtotal}`, collectionIds: [], subtotal, isShippingRequired: true, ...extra,
});
const offer = (extra: Partial<Offer>): Offer => ({
  id: 'dsc_a', code: null, kind: 'percentage', value: 1000, scope: 'all', scopeIds: [], minimumSubtotal: null, ...extra,
});

const lineArb = fc.record({
  skuId: fc.constantFrom('sku_1', 'sku_2', 'sku_3', 'sku_4'),
  productId: fc.constantFrom('prd_1', 'prd_2', 'prd_3'),
  collectionIds: fc.subarray(['col_1', 'col_2']),
  subtotal: fc.integer({ min: 0, max: 5_000_000 }),
  isShippingRequired: fc.boolean(),
});
const offerArb = fc.record({
  id: fc.constantFrom('dsc_1', 'dsc_2', 'dsc_3', 'dsc_4'),
  code: fc.constant(null),
  kind: fc.constantFrom('percentage' as const, 'fixed_amount' as const, 'free_shipping' as const),
  value: fc.integer({ min: 1, max: 10_000 }),
  scope: fc.constantFrom('all' as const, 'collections' as const, 'products' as const, 'skus' as const),
  scopeIds: fc.subarray(['col_1', 'col_2', 'prd_1', 'prd_2', 'sku_1', 'sku_3']),
  minimumSubtotal: fc.option(fc.integer({ min: 0, max: 3_000_000 })),
});

describe('allocateDiscounts', () => {
  it('splits item discounts over random carts so they add up exactly, no line below zero, within each kind\'s bounds', () => {
    fc.assert(fc.property(
      fc.array(lineArb, { minLength: 1, maxLength: 12 }),
      fc.option(offerArb.map((o) => ({ ...o, id: 'dsc_code', code: 'SAVE' }))),
      fc.uniqueArray(offerArb, { maxLength: 4, selector: (o) => o.id }),
      fc.integer({ min: 0, max: 100_000 }),
      (lines, code, automatic, shipping) => {
        const result = allocateDiscounts(lines, code, automatic, shipping);
        const itemApplied = result.applied.filter((a) => a.kind !== 'free_shipping');
        expect(result.lineDiscounts.reduce((a, b) => a + b, 0)).toBe(itemApplied.reduce((a, b) => a + b.amount, 0));
        result.lineDiscounts.forEach((discount, i) => {
          expect(Number.isInteger(discount)).toBe(true);
          expect(discount).toBeGreaterThanOrEqual(0);
          expect(discount).toBeLessThanOrEqual(lines[i]!.subtotal);
        });
        const all = [...(code ? [code] : []), ...automatic];
        for (const applied of result.applied) {
          const source = all.find((o) => o.id === applied.discount_id)!;
          if (applied.kind === 'percentage') expect(applied.amount).toBeLessThanOrEqual(Math.round(lines.reduce((a, l) => a + l.subtotal, 0) * source.value / 10_000));
          if (applied.kind === 'fixed_amount') expect(applied.amount).toBeLessThanOrEqual(source.value);
          if (applied.kind === 'free_shipping') expect(applied.amount).toBe(shipping);
        }
        for (const kind of ['percentage', 'fixed_amount', 'free_shipping']) {
          expect(result.applied.filter((a) => a.kind === kind).length).toBeLessThanOrEqual(1);
        }
        expect(result.shippingDiscount).toBe(result.applied.find((a) => a.kind === 'free_shipping')?.amount ?? 0);
      },
    ), { numRuns: 2000, seed: 24 });
  });

  it('takes a percentage of the eligible lines only, rounded half up, split by largest remainder', () => {
    const lines = [line(333, { productId: 'prd_a' }), line(333, { productId: 'prd_b' }), line(334, { productId: 'prd_c' })];
    const result = allocateDiscounts(lines, offer({ value: 1000, scope: 'products', scopeIds: ['prd_a', 'prd_c'] }), [], 0);
    expect(result.applied).toEqual([{ code: null, discount_id: 'dsc_a', kind: 'percentage', amount: 67 }]);
    expect(result.lineDiscounts).toEqual([33, 0, 34]);
  });

  it('caps a fixed amount at what the eligible lines cost', () => {
    const result = allocateDiscounts([line(500), line(300)], offer({ kind: 'fixed_amount', value: 5000 }), [], 0);
    expect(result.lineDiscounts).toEqual([500, 300]);
  });

  it('lets the better of a code and an automatic discount of the same kind apply, and stacks other kinds', () => {
    const code = offer({ id: 'dsc_code', code: 'TEN', value: 1000 });
    const better = offer({ id: 'dsc_auto', value: 2000 });
    const fixed = offer({ id: 'dsc_fixed', kind: 'fixed_amount', value: 100 });
    const outdone = allocateDiscounts([line(1000)], code, [better, fixed], 0);
    expect(outdone.code).toBe('outdone');
    expect(outdone.applied.map((a) => [a.discount_id, a.amount])).toEqual([['dsc_auto', 200], ['dsc_fixed', 100]]);
    const wins = allocateDiscounts([line(1000)], code, [offer({ id: 'dsc_auto', value: 1000 })], 0);
    expect(wins.code).toBe('applied');
    expect(wins.applied.map((a) => a.discount_id)).toEqual(['dsc_code']);
  });

  it('names why a code does not apply: no line in its scope, or the minimum not reached by its lines', () => {
    expect(allocateDiscounts([line(1000)], offer({ code: 'X', scope: 'skus', scopeIds: ['sku_other'] }), [], 0).code).toBe('not_applicable');
    expect(allocateDiscounts([line(1000)], offer({ code: 'X', minimumSubtotal: 1001 }), [], 0).code).toBe('minimum_not_met');
    expect(allocateDiscounts([line(1000, { isShippingRequired: false })], offer({ code: 'X', kind: 'free_shipping' }), [], 500).code).toBe('not_applicable');
  });
});

describe('splitByWeight', () => {
  it('adds up exactly and never gives a line more than its weight', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 20 }), fc.nat(), (weights, seed) => {
      const total = weights.reduce((a, b) => a + b, 0) === 0 ? 0 : seed % (weights.reduce((a, b) => a + b, 0) + 1);
      const shares = splitByWeight(total, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      shares.forEach((share, i) => expect(share).toBeLessThanOrEqual(weights[i]!));
    }), { seed: 24 });
  });
});
