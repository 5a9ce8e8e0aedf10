import { describe, expect, it } from 'vitest';
import { basisPointsToPercent, percentMessage, percentToBasisPoints, shiftDecimal } from '../../admin/src/lib/percent.js';

// The dashboard's conversions between percent typed by staff and basis points sent to the API.
describe('percent and basis points', () => {
  it('moves the decimal point in the text, so no float error creeps in', () => {
    expect(percentToBasisPoints('8.875')).toBe(887.5);
    expect(percentToBasisPoints(8.8751)).toBe(887.51);
    expect(percentToBasisPoints('4.35')).toBe(435);
    expect(4.35 * 100).not.toBe(435);
    expect(percentToBasisPoints('7.0625')).toBe(706.25);
    expect(percentToBasisPoints(19)).toBe(1900);
    expect(percentToBasisPoints('0.01')).toBe(1);
    expect(percentToBasisPoints('8.87512')).toBe(887.512);
    expect(basisPointsToPercent(887.51)).toBe(8.8751);
    expect(basisPointsToPercent(5)).toBe(0.05);
    expect(shiftDecimal('-1.5', 2)).toBe(-150);
    expect(shiftDecimal(1e-7, 2)).toBeCloseTo(1e-5);
  });

  it('says the API’s refusals in percent, from its code and what was typed', () => {
    const bounds = { min: 0, max: 100, decimals: 4 };
    expect(percentMessage({ code: 'out_of_range', message: 'must be at most 10000' }, '150', bounds)).toBe('Must be at most 100%');
    expect(percentMessage({ code: 'out_of_range', message: 'must be at least 0' }, -1, bounds)).toBe('Must be at least 0%');
    expect(percentMessage({ code: 'too_precise', message: 'has at most two decimals of a basis point' }, '8.87512', bounds)).toMatch(/^Use up to 4 decimals/);
    expect(percentMessage({ code: 'invalid_type', message: 'must be a number' }, 'x', bounds)).toBe('Must be a percentage from 0% to 100%');
  });
});
