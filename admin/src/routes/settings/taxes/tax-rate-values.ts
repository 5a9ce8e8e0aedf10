import type { TaxRate } from 'storefront/client';
import type { TaxRateInput } from '../../../api/tax-rates';

export interface TaxRateValues {
  country_code: string;
  state_code: string;
  name: string;
  /** Percent as staff type it (19, 7.25); the API counts basis points. */
  rate: number | string;
}

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 2 });

/** Basis points (1900) as a percentage (19%). */
export function formatRate(basisPoints: number): string {
  return percent.format(basisPoints / 10_000);
}

export function valuesOf(rate: TaxRate | null): TaxRateValues {
  return rate
    ? { country_code: rate.country_code, state_code: rate.state_code ?? '', name: rate.name ?? '', rate: rate.rate / 100 }
    : { country_code: '', state_code: '', name: '', rate: '' };
}

export function inputOf(values: TaxRateValues): TaxRateInput {
  return {
    country_code: values.country_code,
    state_code: values.state_code === '' ? null : values.state_code,
    name: values.name.trim() === '' ? null : values.name.trim(),
    rate: Math.round(Number(values.rate) * 100),
  };
}
