import { describe, expect, it } from 'vitest';
import { bareNumber, orderSearchTerms, queryTerms, wordsOf, type SearchableOrder } from './order-search.js';

const order: SearchableOrder = {
  number: '#1042',
  payment_method: 'card',
  gateway: 'Stripe-EU',
  email: 'ada.lovelace@example.com',
  customer_first_name: 'Ada',
  customer_last_name: 'Lovelace',
  customer_id: 'cus_01hzx',
  total_price: 12500,
};
const store = { order_prefix: '#', order_suffix: null };

describe('orderSearchTerms', () => {
  it('holds every searchable value once, lowercased and sorted, the number also bare, the email also in its parts', () => {
    const items = [
      { permalink: 'blue-mug', code: 'MUG-1', vendor: 'Acme', product_name: 'Mug' },
      { permalink: 'red-mug', code: null, vendor: 'ACME', product_name: 'mug' },
    ];
    expect(orderSearchTerms(order, items, store)).toEqual([
      '#1042', '1042', 'card', 'stripe-eu', 'ada', 'lovelace', 'cus_01hzx', '12500', 'blue-mug', 'mug-1', 'acme', 'red-mug', 'mug',
      'ada.lovelace@example.com', 'ada.lovelace', 'example.com',
    ].sort());
  });

  it('holds each word of names, product names and vendors, and leaves out missing values and other values holding whitespace', () => {
    const checkingOut = { ...order, number: null, payment_method: null, gateway: null, email: null, customer_first_name: 'Mary Ann', customer_id: null, total_price: 0 };
    const items = [{ permalink: 'mug', code: 'A B', vendor: 'Harbor Goods', product_name: 'Big Mug, Blue' }];
    expect(orderSearchTerms(checkingOut, items, store)).toEqual(
      ['0', 'mary', 'ann', 'lovelace', 'mug', 'harbor', 'goods', 'big', 'mug,', 'blue'].sort(),
    );
  });
});

describe('wordsOf', () => {
  it('splits on whitespace, lowercases, and adds each word without the punctuation at its ends', () => {
    expect(wordsOf('  "Harbor"  Goods, Ltd. ')).toEqual(['"harbor"', 'harbor', 'goods,', 'goods', 'ltd.', 'ltd']);
    expect(wordsOf('T-Shirt ... Ünïcode')).toEqual(['t-shirt', '...', 'ünïcode']);
    expect(wordsOf(null)).toEqual([]);
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
