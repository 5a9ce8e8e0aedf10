import { describe, expect, it } from 'vitest';
import { bareNumber, orderSearchTerms, queryTerms, type SearchableOrder } from './order-search.js';

const order: SearchableOrder = {
  number: '#1042',
  payment_method: 'card',
  gateway: 'Stripe-EU',
  customer_first_name: 'Ada',
  customer_last_name: 'Lovelace',
  customer_id: 'cus_01hzx',
  total_price: 12500,
};
const store = { order_prefix: '#', order_suffix: null };

describe('orderSearchTerms', () => {
  it('holds every searchable value once, lowercased and sorted, the number also bare', () => {
    const items = [
      { permalink: 'blue-mug', code: 'MUG-1', vendor: 'Acme' },
      { permalink: 'red-mug', code: null, vendor: 'ACME' },
    ];
    expect(orderSearchTerms(order, items, store)).toEqual(
      ['#1042', '1042', 'card', 'stripe-eu', 'ada', 'lovelace', 'cus_01hzx', '12500', 'blue-mug', 'mug-1', 'acme', 'red-mug'].sort(),
    );
  });

  it('leaves out missing values and values holding whitespace (no term of q can equal them)', () => {
    const checkingOut = { ...order, number: null, payment_method: null, gateway: null, customer_first_name: 'Mary Ann', customer_id: null, total_price: 0 };
    expect(orderSearchTerms(checkingOut, [{ permalink: 'mug', code: '', vendor: 'Big Brand' }], store)).toEqual(['0', 'lovelace', 'mug']);
  });
});

describe('bareNumber', () => {
  it("strips the store's prefix and suffix when the number carries them", () => {
    expect(bareNumber('#1042', store)).toBe('1042');
    expect(bareNumber('SO-7-X', { order_prefix: 'SO-', order_suffix: '-X' })).toBe('7');
    expect(bareNumber('1042-B', { order_prefix: null, order_suffix: '-B' })).toBe('1042');
  });

  it('is null without affixes, or for a number placed with other ones', () => {
    expect(bareNumber('1042', { order_prefix: null, order_suffix: null })).toBeNull();
    expect(bareNumber('1042', undefined)).toBeNull();
    expect(bareNumber('#1042', { order_prefix: 'A-', order_suffix: null })).toBeNull();
    expect(bareNumber('#', store)).toBeNull();
  });
});

describe('queryTerms', () => {
  it('lowercases the terms of a search and drops repeats', () => {
    expect(queryTerms(['Ada', 'ADA', 'Lovelace'])).toEqual(['ada', 'lovelace']);
  });
});
