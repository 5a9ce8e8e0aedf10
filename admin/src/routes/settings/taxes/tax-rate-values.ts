import type { TaxRate } from 'storefront/client';
import type { TaxRateInput } from '../../../api/tax-rates';
import { basisPointsToPercent, formatBasisPoints, percentToBasisPoints, type PercentBounds } from '../../../lib/percent';

export interface TaxRateValues {
  country_code: string;
  state_code: string;
  name: string;
  /** Percent as staff type it (19, 8.875); the API counts basis points, to two decimals (887.5). */
  rate: number | string;
}

/** What the API takes for a rate, in percent: 0 to 100, to four decimals (8.875, 7.0625). */
export const RATE_BOUNDS: PercentBounds = { min: 0, max: 100, decimals: 4 };

/** Basis points (1900, 887.5) as a percentage (19%, 8.875%). */
export const formatRate = formatBasisPoints;

export function valuesOf(rate: TaxRate | null): TaxRateValues {
  return rate
    ? { country_code: rate.country_code, state_code: rate.state_code ?? '', name: rate.name ?? '', rate: basisPointsToPercent(rate.rate) }
    : { country_code: '', state_code: '', name: '', rate: '' };
}

export function inputOf(values: TaxRateValues): TaxRateInput {
  return {
    country_code: values.country_code,
    state_code: values.state_code === '' ? null : values.state_code,
    name: values.name.trim() === '' ? null : values.name.trim(),
    // Never rounded here: a rate finer than the API keeps is its to refuse, in words said in percent.
    rate: percentToBasisPoints(values.rate),
  };
}
