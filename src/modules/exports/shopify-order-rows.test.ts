import { describe, expect, it } from 'vitest';
import type { OrderView } from '../orders/orders.schemas.js';
import { shopifyOrderRows } from './shopify-order-rows.js';

const address = {
  name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', phone: '+44 20 7946 0000', company: null, references: null,
  address: { address1: '12 St James Sq', address2: 'Flat 2', city: 'London', postcode: 'SW1Y 4JH', country: 'United Kingdom', country_code: 'GB', state: null, state_code: null },
};

function item(overrides: Partial<OrderView['items'][number]>): OrderView['items'][number] {
  return {
    name: 'Tea Towel', code: 'TT-1', price: 1250, compared_price: null, quantity: 2, discount: 0, is_taxable: true,
    is_shipping_required: true, fulfilled: 0, vendor: 'Acme', ...overrides,
  } as OrderView['items'][number];
}

const order = {
  id: 'ord_01jd0000000000000000000000', number: '#1001', email: 'ada@example.com', financial_status: 'paid', fulfillment_status: 'partially_fulfilled',
  currency: 'JPY', subtotal_price: 3000, shipping_rate: 500, total_taxes: 0, total_price: 3500, total_discount: 200,
  discount_codes: [{ code: 'WELCOME' }, { code: null }], shipping_lines: { title: 'Standard' }, placed_at: 1_764_454_145, created_at: 1_764_454_000,
  canceled_at: null, billing: address, shipping: address, customer_note: '=1+1', customer: { is_newsletterable: true }, gateway: 'test', payment_method: null,
  items: [item({ fulfilled: 2 }), item({ name: 'Apron', code: null, price: 500, quantity: 1, vendor: null })],
} as unknown as OrderView;

describe('shopifyOrderRows', () => {
  it('writes a row per line item, the order on the first, amounts in the currency\'s decimals', () => {
    const [first, second] = shopifyOrderRows(order);
    expect(first).toMatchObject({
      Name: '#1001', Email: 'ada@example.com', 'Financial Status': 'paid', 'Fulfillment Status': 'partially_fulfilled', 'Accepts Marketing': 'yes',
      Currency: 'JPY', Subtotal: '3000', Shipping: '500', Total: '3500', 'Discount Code': 'WELCOME', 'Discount Amount': '200', 'Shipping Method': 'Standard',
      'Created at': '2025-11-29 22:09:05 +0000', 'Lineitem quantity': '2', 'Lineitem price': '1250', 'Lineitem fulfillment status': 'fulfilled',
      'Billing Street': '12 St James Sq, Flat 2', 'Billing Country': 'GB', 'Shipping Zip': 'SW1Y 4JH', Notes: '=1+1', 'Payment Method': 'test', Id: order.id,
    });
    expect(second).toMatchObject({ Name: '#1001', Email: 'ada@example.com', 'Lineitem name': 'Apron', 'Lineitem sku': '', 'Lineitem fulfillment status': 'pending', Total: '', 'Billing Name': '', Id: '' });
  });

  it('writes an order without items as one row', () => {
    expect(shopifyOrderRows({ ...order, items: [] })).toHaveLength(1);
  });
});
