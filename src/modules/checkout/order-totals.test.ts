import { describe, expect, it } from 'vitest';
import { areTaxesIncluded, computeTotals, taxOf, type LineInput } from './order-totals.js';

const mug: LineInput = { productId: 'prd_a', price: 1999, quantity: 3, isTaxable: true, weight: 350 };
const book: LineInput = { productId: 'prd_b', price: 1000, quantity: 1, isTaxable: false, weight: 500 };

describe('computeTotals', () => {
  it('adds taxes to prices that exclude them, rounding each line', () => {
    const totals = computeTotals([mug, book], 1900, false, 500);
    expect(totals.lines).toEqual([
      { tax_rate: 1900, subtotal: 5997, discount: 0, taxes: 1139, total: 7136 },
      { tax_rate: 0, subtotal: 1000, discount: 0, taxes: 0, total: 1000 },
    ]);
    expect(totals).toMatchObject({
      total_products: 2, total_items: 4, total_items_price: 6997, total_discount: 0, subtotal_price: 6997,
      total_taxes: 1139, total_price: 6997 + 500 + 1139, total_weight: 1550,
    });
  });

  it('extracts taxes from prices that include them, leaving the total as priced', () => {
    const totals = computeTotals([mug, book], 1900, true, 500);
    expect(totals.lines[0]).toEqual({ tax_rate: 1900, subtotal: 5997, discount: 0, taxes: 958, total: 5997 });
    expect(totals.total_taxes).toBe(958);
    expect(totals.total_price).toBe(6997 + 500);
  });

  it('counts products once however many skus of them are bought', () => {
    const totals = computeTotals([mug, { ...mug, price: 2500, quantity: 1 }], 0, false, 0);
    expect(totals.total_products).toBe(1);
    expect(totals.total_items).toBe(4);
    expect(totals.total_price).toBe(5997 + 2500);
  });

  it('taxes what the line costs after its discount, and takes a shipping discount off the total', () => {
    const excluded = computeTotals([{ ...mug, discount: 997 }, book], 1900, false, 500, 500);
    expect(excluded.lines[0]).toEqual({ tax_rate: 1900, subtotal: 5997, discount: 997, taxes: 950, total: 5950 });
    expect(excluded).toMatchObject({ total_discount: 1497, subtotal_price: 6000, total_taxes: 950, total_price: 6000 + 950 });
    const included = computeTotals([{ ...mug, discount: 997 }], 1900, true, 500, 0);
    expect(included.lines[0]).toEqual({ tax_rate: 1900, subtotal: 5997, discount: 997, taxes: 798, total: 5000 });
    expect(included).toMatchObject({ total_discount: 997, subtotal_price: 5000, total_price: 5500 });
  });

  it('is all zeros for no lines', () => {
    expect(computeTotals([], 1900, false, 0)).toMatchObject({ total_price: 0, total_items: 0, total_weight: 0, lines: [] });
  });

  it('applies a rate with decimals of a basis point exactly, and the item tax_rate is its nearest basis point', () => {
    // 8.875 %: 20000 × 8.875 % = 1775 exactly (887 basis points would be 1774, 888 would be 1776).
    const excluded = computeTotals([{ ...mug, price: 20_000, quantity: 1 }], 887.5, false, 0);
    expect(excluded.lines[0]).toEqual({ tax_rate: 888, subtotal: 20_000, discount: 0, taxes: 1775, total: 21_775 });
    const included = computeTotals([{ ...mug, price: 20_000, quantity: 1 }], 887.5, true, 0);
    expect(included.lines[0]).toMatchObject({ tax_rate: 888, taxes: 1630, total: 20_000 });
    expect(computeTotals([{ ...mug, price: 10_000, quantity: 1 }], 706.25, false, 0).lines[0]).toMatchObject({ tax_rate: 706, taxes: 706 });
  });
});

describe('taxOf', () => {
  it('rounds half up to the cent, exactly, on amounts a float would blur', () => {
    // 200 × 8.875 % = 17.75 → 18; 40 × 8.875 % = 3.55 → 4; 10 × 5 % = 0.5 → 1.
    expect(taxOf(200, 88_750, false)).toBe(18);
    expect(taxOf(40, 88_750, false)).toBe(4);
    expect(taxOf(10, 50_000, false)).toBe(1);
    expect(taxOf(9, 50_000, false)).toBe(0);
    // 1 000 000 000 000 cents at 7.0625 %: beyond a float's exact integers once multiplied.
    expect(taxOf(1_000_000_000_000, 70_625, false)).toBe(70_625_000_000);
    expect(taxOf(0, 190_000, true)).toBe(0);
    // 1100 × 10 % / 110 % = 100 exactly.
    expect(taxOf(1100, 100_000, true)).toBe(100);
  });
});

describe('areTaxesIncluded', () => {
  const facts = (totals: ReturnType<typeof computeTotals>, shipping_rate: number) => ({ ...totals, shipping_rate });

  it('reads from an order\'s figures whether its taxes were added to its total, discounts and free shipping aside', () => {
    const discounted = [{ ...mug, discount: 1200 }, book];
    expect(areTaxesIncluded(facts(computeTotals(discounted, 1900, true, 500), 500))).toBe(true);
    expect(areTaxesIncluded(facts(computeTotals(discounted, 1900, false, 500), 500))).toBe(false);
    expect(areTaxesIncluded(facts(computeTotals(discounted, 1900, true, 500, 500), 500))).toBe(true);
    expect(areTaxesIncluded(facts(computeTotals(discounted, 1900, false, 500, 500), 500))).toBe(false);
  });

  it('finds no taxes to include in an order without any', () => {
    expect(areTaxesIncluded(facts(computeTotals([book], 1900, true, 500), 500))).toBe(false);
  });
});
