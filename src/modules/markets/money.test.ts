import { describe, expect, it } from 'vitest';
import { convertAmount, convertBack, currencyDecimals, isUsableRate, roundByRule } from './money.js';

describe('currencyDecimals', () => {
  it('knows the currencies without minor units and those with three', () => {
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('CLP')).toBe(0);
    expect(currencyDecimals('KRW')).toBe(0);
    expect(currencyDecimals('KWD')).toBe(3);
    expect(currencyDecimals('EUR')).toBe(2);
    expect(currencyDecimals('usd')).toBe(2);
  });
});

describe('isUsableRate', () => {
  it('takes positive decimal strings only', () => {
    expect(isUsableRate('0.9235')).toBe(true);
    expect(isUsableRate('150')).toBe(true);
    expect(isUsableRate('0')).toBe(false);
    expect(isUsableRate('0.000')).toBe(false);
    expect(isUsableRate('-1')).toBe(false);
    expect(isUsableRate('1e3')).toBe(false);
    expect(isUsableRate('1.')).toBe(false);
    expect(isUsableRate('0.1234567890123')).toBe(false);
  });
});

describe('roundByRule', () => {
  it('none: to the nearest minor unit, halves away from zero', () => {
    expect(roundByRule(18_424n, 1000n, 2, 'none')).toBe(18);
    expect(roundByRule(18_500n, 1000n, 2, 'none')).toBe(19);
    expect(roundByRule(-18_500n, 1000n, 2, 'none')).toBe(-19);
  });
  it('whole: to the nearest whole unit', () => {
    expect(roundByRule(1842n, 1n, 2, 'whole')).toBe(1800);
    expect(roundByRule(1850n, 1n, 2, 'whole')).toBe(1900);
    expect(roundByRule(1849_9n, 10n, 2, 'whole')).toBe(1800);
  });
  it('ninety_nine: the least n.99 at or above the amount', () => {
    expect(roundByRule(1842n, 1n, 2, 'ninety_nine')).toBe(1899);
    expect(roundByRule(1899n, 1n, 2, 'ninety_nine')).toBe(1899);
    expect(roundByRule(1900n, 1n, 2, 'ninety_nine')).toBe(1999);
    expect(roundByRule(18_991n, 10n, 2, 'ninety_nine')).toBe(1899);
    expect(roundByRule(18_995n, 10n, 2, 'ninety_nine')).toBe(1999);
    expect(roundByRule(1n, 1n, 2, 'ninety_nine')).toBe(99);
  });
  it('ninety_nine without minor units ends in 99', () => {
    expect(roundByRule(2180n, 1n, 0, 'ninety_nine')).toBe(2199);
    expect(roundByRule(2199n, 1n, 0, 'ninety_nine')).toBe(2199);
    expect(roundByRule(2200n, 1n, 0, 'ninety_nine')).toBe(2299);
  });
  it('keeps zero at zero under every rule', () => {
    for (const rule of ['none', 'whole', 'ninety_nine'] as const) expect(roundByRule(0n, 7n, 2, rule)).toBe(0);
  });
});

describe('convertAmount', () => {
  it('converts between currencies with two decimals', () => {
    expect(convertAmount(1999, 'USD', 'EUR', '0.92', 'none')).toBe(1839);
    expect(convertAmount(1999, 'USD', 'EUR', '0.92', 'whole')).toBe(1800);
    expect(convertAmount(1999, 'USD', 'EUR', '0.92', 'ninety_nine')).toBe(1899);
  });
  it('converts to a currency without minor units in whole units', () => {
    expect(convertAmount(1999, 'USD', 'JPY', '150.5', 'none')).toBe(3008);
    expect(convertAmount(1999, 'USD', 'JPY', '150.5', 'whole')).toBe(3008);
    expect(convertAmount(1999, 'USD', 'JPY', '150.5', 'ninety_nine')).toBe(3099);
    expect(convertAmount(1000, 'USD', 'CLP', '950', 'none')).toBe(9500);
  });
  it('converts from a currency without minor units', () => {
    expect(convertAmount(9500, 'CLP', 'USD', '0.00105', 'none')).toBe(998);
  });
  it('converts to a currency with three decimals', () => {
    expect(convertAmount(1000, 'USD', 'KWD', '0.307', 'none')).toBe(3070);
  });
  it('is exact where a float is not', () => {
    // 0.1 × 3 as floats is 0.30000000000000004.
    expect(convertAmount(3, 'USD', 'EUR', '0.1', 'none')).toBe(0);
    expect(convertAmount(5, 'USD', 'EUR', '0.1', 'none')).toBe(1);
    expect(convertAmount(1005, 'USD', 'EUR', '1.0', 'none')).toBe(1005);
  });
});

describe('convertBack', () => {
  it('divides by the kept rate to the nearest minor unit of the store currency', () => {
    expect(convertBack(1839, 'EUR', 'USD', '0.92')).toBe(1999);
    expect(convertBack(3008, 'JPY', 'USD', '150.5')).toBe(1999);
    expect(convertBack(9500, 'CLP', 'USD', '950')).toBe(1000);
  });
});
