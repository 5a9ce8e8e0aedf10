import { describe, expect, it } from 'vitest';
import { allCountries, countryName, subdivisionName, subdivisionsOf } from './countries.js';

describe('reference data', () => {
  it('names assigned countries, and only those', () => {
    expect(countryName('US')).toBe('United States');
    expect(countryName('KR')).toBe('South Korea');
    expect(countryName('CL', 'es')).toBe('Chile');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    for (const code of ['EU', 'ZZ', 'UK', 'XX', 'us', 'USA']) expect(countryName(code)).toBeUndefined();
  });

  it('lists every assigned country once', () => {
    const codes = allCountries().map((c) => c.code);
    expect(codes.length).toBe(249);
    expect(new Set(codes).size).toBe(249);
  });

  it('lists subdivisions by their code after the country, and none for countries without', () => {
    const us = subdivisionsOf('US')!;
    expect(us).toContainEqual({ code: 'NY', name: 'New York' });
    expect(us.every((s) => /^[A-Z0-9]{1,3}$/.test(s.code))).toBe(true);
    expect(subdivisionsOf('MO')).toEqual([]);
    expect(subdivisionsOf('ZZ')).toBeUndefined();
    expect(subdivisionName('CL', 'RM')).toBe('Región Metropolitana de Santiago');
  });
});
