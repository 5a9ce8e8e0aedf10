import { describe, expect, it } from 'vitest';
import { applicableRates, rateApplies, zoneCovers, type RateView } from './shipping-rates.js';

let sequence = 0;

function rate(fields: Partial<RateView> & Pick<RateView, 'kind' | 'from' | 'to' | 'price'>): RateView {
  sequence += 1;
  return {
    id: `shr_${String(sequence).padStart(26, '0')}`,
    object: 'shipping_zone_rate',
    name: `Rate ${sequence}`,
    zone_id: 'shz_00000000000000000000000001',
    translations: {},
    created_at: 1,
    updated_at: 1,
    ...fields,
  };
}

const order = { weight: 1500, subtotal: 4000 };

describe('zoneCovers', () => {
  it('covers every state of a listed country when the zone lists none of its states', () => {
    const zone = { countries: ['US', 'CL'], states: [] };
    expect(zoneCovers(zone, { country_code: 'US', state_code: 'NY' })).toBe(true);
    expect(zoneCovers(zone, { country_code: 'CL', state_code: null })).toBe(true);
    expect(zoneCovers(zone, { country_code: 'AR', state_code: null })).toBe(false);
  });

  it('narrows a country to the states listed for it, and leaves the other countries whole', () => {
    const zone = { countries: ['US', 'CA'], states: [{ country_code: 'US', code: 'WA' }, { country_code: 'US', code: 'OR' }] };
    expect(zoneCovers(zone, { country_code: 'US', state_code: 'WA' })).toBe(true);
    expect(zoneCovers(zone, { country_code: 'US', state_code: 'or' })).toBe(true);
    expect(zoneCovers(zone, { country_code: 'US', state_code: 'NY' })).toBe(false);
    expect(zoneCovers(zone, { country_code: 'US', state_code: null })).toBe(false);
    expect(zoneCovers(zone, { country_code: 'CA', state_code: 'QC' })).toBe(true);
  });

  it('reads the destination country without regard to case', () => {
    expect(zoneCovers({ countries: ['CL'], states: [] }, { country_code: 'cl', state_code: null })).toBe(true);
  });
});

describe('rateApplies', () => {
  it('includes from and excludes to', () => {
    const byWeight = rate({ kind: 'weight', from: 1000, to: 2000, price: 500 });
    expect(rateApplies(byWeight, { weight: 999, subtotal: 0 })).toBe(false);
    expect(rateApplies(byWeight, { weight: 1000, subtotal: 0 })).toBe(true);
    expect(rateApplies(byWeight, { weight: 1999, subtotal: 0 })).toBe(true);
    expect(rateApplies(byWeight, { weight: 2000, subtotal: 0 })).toBe(false);
  });

  it('has no upper bound when to is null', () => {
    const open = rate({ kind: 'price', from: 10_000, to: null, price: 0 });
    expect(rateApplies(open, { weight: 0, subtotal: 9_999 })).toBe(false);
    expect(rateApplies(open, { weight: 0, subtotal: 10_000 })).toBe(true);
    expect(rateApplies(open, { weight: 0, subtotal: Number.MAX_SAFE_INTEGER })).toBe(true);
  });

  it('measures weight rates by grams and price rates by the item subtotal in cents', () => {
    const byWeight = rate({ kind: 'weight', from: 0, to: 2000, price: 500 });
    const byPrice = rate({ kind: 'price', from: 0, to: 2000, price: 500 });
    const heavyCheap = { weight: 5000, subtotal: 1000 };
    expect(rateApplies(byWeight, heavyCheap)).toBe(false);
    expect(rateApplies(byPrice, heavyCheap)).toBe(true);
  });
});

describe('applicableRates', () => {
  it('keeps the rates of covering zones whose range holds the order, cheapest first, then by name', () => {
    const express = rate({ name: 'Express', kind: 'weight', from: 0, to: null, price: 1500 });
    const standard = rate({ name: 'Standard', kind: 'weight', from: 1000, to: 2000, price: 700 });
    const courier = rate({ name: 'Courier', kind: 'price', from: 0, to: 5000, price: 700 });
    const tooHeavy = rate({ name: 'Light parcel', kind: 'weight', from: 0, to: 1000, price: 300 });
    const freeAbove = rate({ name: 'Free', kind: 'price', from: 5000, to: null, price: 0 });
    const elsewhere = rate({ name: 'Elsewhere', kind: 'weight', from: 0, to: null, price: 100 });
    const zones = [
      { countries: ['US'], states: [], rates: [express, standard, tooHeavy, freeAbove] },
      { countries: ['US', 'CA'], states: [{ country_code: 'US', code: 'NY' }], rates: [courier] },
      { countries: ['CA'], states: [], rates: [elsewhere] },
    ];

    const rates = applicableRates(zones, { country_code: 'US', state_code: 'NY' }, order);

    expect(rates.map((r) => r.name)).toEqual(['Courier', 'Standard', 'Express']);
    expect(rates[0]).toBe(courier);
  });

  it('leaves out a zone that narrows the country to other states', () => {
    const local = rate({ name: 'Local', kind: 'weight', from: 0, to: null, price: 200 });
    const zones = [{ countries: ['US'], states: [{ country_code: 'US', code: 'WA' }], rates: [local] }];

    expect(applicableRates(zones, { country_code: 'US', state_code: 'WA' }, order)).toEqual([local]);
    expect(applicableRates(zones, { country_code: 'US', state_code: 'CA' }, order)).toEqual([]);
  });

  it('answers no rate when no zone covers the country', () => {
    const zones = [{ countries: ['CL'], states: [], rates: [rate({ kind: 'weight', from: 0, to: null, price: 100 })] }];
    expect(applicableRates(zones, { country_code: 'AR', state_code: null }, order)).toEqual([]);
    expect(applicableRates([], { country_code: 'CL', state_code: null }, order)).toEqual([]);
  });

  it('orders rates of the same price and name by id, so the order is stable', () => {
    const second = rate({ name: 'Same', kind: 'weight', from: 0, to: null, price: 100 });
    const first = { ...second, id: 'shr_00000000000000000000000000' };
    const zones = [{ countries: ['CL'], states: [], rates: [second, first] }];
    expect(applicableRates(zones, { country_code: 'CL', state_code: null }, order)).toEqual([first, second]);
  });
});
