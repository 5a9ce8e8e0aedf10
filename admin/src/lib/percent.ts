/**
 * Percentages as staff type them and basis points as the API counts them (1 % = 100 basis points),
 * converted by moving the decimal point in the text, so 8.8751 % is 887.51 basis points and not
 * 887.5099999999999 as `8.8751 * 100` gives. The API's messages about a field in basis points
 * ("at most 10000") are said again in percent for the field staff see.
 */

/** `value` × 10^places, by moving the point of its decimal text (exact for any decimal typed). */
export function shiftDecimal(value: number | string, places: number): number {
  const text = String(value).trim();
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) return Number(text) * 10 ** places;
  const [, sign, whole = '', fraction = ''] = match;
  let digits = whole + fraction;
  let point = whole.length + places;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  digits = digits.padEnd(point, '0');
  return Number(`${sign}${digits.slice(0, point) || '0'}.${digits.slice(point) || '0'}`);
}

/** A percentage as typed (8.875) in basis points (887.5). */
export const percentToBasisPoints = (percent: number | string): number => shiftDecimal(percent, 2);

/** Basis points (887.5) as the percentage staff type (8.875). */
export const basisPointsToPercent = (basisPoints: number): number => shiftDecimal(basisPoints, -2);

const percentFormat = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 4 });

/** Basis points (887.5) as the locale writes a percentage (8.875%), to four decimals of a percent. */
export function formatBasisPoints(basisPoints: number): string {
  return percentFormat.format(shiftDecimal(basisPoints, -4));
}

/** What a field in percent takes, to say the API's refusals in its units. */
export interface PercentBounds {
  /** The least and most percentage the API takes (0 and 100 for a tax rate). */
  min: number;
  max: number;
  /** Decimals of a percent the API keeps (4 for a tax rate: 8.875 %). */
  decimals: number;
}

/** A refusal of a field in basis points said in percent, from what staff typed and the API's code. */
export function percentMessage(fault: { code: string; message: string }, typed: number | string, bounds: PercentBounds): string {
  const percent = Number(typed);
  const format = (value: number) => percentFormat.format(value / 100);
  if (fault.code === 'too_precise') return `Use up to ${bounds.decimals} decimals (${format(8.875)})`;
  if (Number.isFinite(percent) && percent > bounds.max) return `Must be at most ${format(bounds.max)}`;
  if (Number.isFinite(percent) && percent < bounds.min) return `Must be at least ${format(bounds.min)}`;
  return `Must be a percentage from ${format(bounds.min)} to ${format(bounds.max)}`;
}
