import { describe, expect, it } from 'vitest';
import { formatLocality } from './address-format.js';

describe('the locality line of an address', () => {
  it('puts the state and the postcode after the city where the post says so', () => {
    expect(formatLocality({ city: 'New York', postcode: '10001', country_code: 'US', state_code: 'NY', state: 'New York' })).toBe('New York, NY 10001');
    expect(formatLocality({ city: 'Toronto', postcode: 'M5V 3L9', country_code: 'CA', state_code: 'ON' })).toBe('Toronto, ON M5V 3L9');
    expect(formatLocality({ city: 'Sydney', postcode: '2000', country_code: 'AU', state_code: 'NSW' })).toBe('Sydney NSW 2000');
    expect(formatLocality({ city: 'London', postcode: 'SW1A 1AA', country_code: 'GB', state: 'England' })).toBe('London SW1A 1AA');
  });

  it('keeps postcode then city for the other countries', () => {
    expect(formatLocality({ city: 'Paris', postcode: '75002', country_code: 'FR', state: null, state_code: null })).toBe('75002 Paris');
    expect(formatLocality({ city: 'Santiago', postcode: '8320000', country_code: 'CL', state_code: 'RM' })).toBe('8320000 Santiago');
  });

  it('leaves out missing parts with their separators, and what is no address', () => {
    expect(formatLocality({ city: 'Albany', postcode: '12207', country_code: 'us', state: 'New York' })).toBe('Albany, New York 12207');
    expect(formatLocality({ city: 'Albany', postcode: null, country_code: 'US', state_code: 'NY' })).toBe('Albany, NY');
    expect(formatLocality({ city: ' ', postcode: '12207', country_code: 'US', state_code: null })).toBe('12207');
    expect(formatLocality({ city: 'Hong Kong', postcode: null, country_code: 'HK' })).toBe('Hong Kong');
    expect(formatLocality(null)).toBe('');
    expect(formatLocality('New York')).toBe('');
  });
});
