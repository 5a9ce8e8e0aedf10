import { describe, expect, it } from 'vitest';
import { fromStripeAmount, stripeCurrency, toStripeAmount } from './stripe-amounts.js';

describe('Stripe amounts', () => {
  it('sends two-decimal and zero-decimal currencies as the store keeps them (minor units)', () => {
    expect(toStripeAmount(1999, 'USD')).toBe(1999);
    expect(toStripeAmount(1500, 'JPY')).toBe(1500);
    expect(toStripeAmount(12990, 'CLP')).toBe(12990);
    expect(toStripeAmount(12345, 'KWD')).toBe(12345);
  });

  it('sends ISK and UGX with the two decimals Stripe still expects', () => {
    expect(toStripeAmount(500, 'ISK')).toBe(50000);
    expect(toStripeAmount(7, 'ugx')).toBe(700);
    expect(fromStripeAmount(50000, 'isk')).toBe(500);
  });

  it('reads Stripe amounts back in minor units', () => {
    expect(fromStripeAmount(1999, 'usd')).toBe(1999);
    expect(fromStripeAmount(1500, 'jpy')).toBe(1500);
  });

  it('names currencies in lower case', () => {
    expect(stripeCurrency('JPY')).toBe('jpy');
  });
});
