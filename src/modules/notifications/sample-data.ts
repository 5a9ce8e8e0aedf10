import type { Config } from '../../config.js';
import type { Executor } from '../../db/database.js';
import { computeTotals } from '../checkout/order-totals.js';
import type { NotificationKind } from './kinds.js';
import { checkoutLink, orderLink, shopLink } from './links.js';
import { mailOrder, storeData } from './message-data.js';

/** Made-up data shaped as each kind's real data (docs/api.md), for previews: the store is the real one. */
export async function sampleData(db: Executor, config: Pick<Config, 'shopUrl'>, kind: NotificationKind): Promise<Record<string, unknown>> {
  const store = await storeData(db, config);
  const currency = typeof store.currency === 'string' ? store.currency : 'USD';
  const now = Math.floor(Date.now() / 1000);
  const customer = { id: 'cus_sample', object: 'customer', email: 'jane@example.com', first_name: 'Jane', last_name: 'Doe', name: 'Jane Doe' };
  // Priced as the shop prices orders, so a preview's money adds up as a real mail's does: 10 % off
  // with a code, shipping, and 8 % taxes, within the prices or on top as the store keeps them.
  const lines = [
    { id: 'itm_sample1', name: 'Linen shirt', price: 4500, quantity: 1, discount: 450 },
    { id: 'itm_sample2', name: 'Canvas tote', price: 1800, quantity: 2, discount: 360 },
  ];
  const shippingRate = 500;
  const totals = computeTotals(
    lines.map((line) => ({ productId: `prd_${line.id}`, price: line.price, quantity: line.quantity, isTaxable: true, weight: 300, discount: line.discount })),
    800, store.is_tax_included === true, shippingRate,
  );
  const items = lines.map((line, i) => ({
    id: line.id, object: 'order_item', name: line.name, product_name: line.name, sku_name: line.name, price: line.price, quantity: line.quantity,
    ...totals.lines[i]!, fulfilled: 0, is_shipping_required: true,
  }));
  const { lines: _lines, ...sums } = totals;
  const order = mailOrder({
    id: 'ord_sample', object: 'order', number: '1001', status: 'placed', financial_status: 'paid', fulfillment_status: 'unfulfilled',
    email: customer.email, customer, items, is_shipping_required: true, shipping_rate: shippingRate,
    shipping_lines: { id: 'shr_sample', kind: 'weight', price: shippingRate, source: 'shipping_zone', title: 'Standard', reference: 'shz_sample' },
    shipping: {
      name: 'Jane Doe', first_name: 'Jane', last_name: 'Doe', phone: '+1 555 0100', company: null, references: null,
      address: { address1: '1 Main Street', address2: null, city: 'Springfield', postcode: '62701', country: 'United States', country_code: 'US', state: 'Illinois', state_code: 'IL' },
    },
    discount_codes: [{ code: 'WELCOME10', discount_id: 'dis_sample', kind: 'percentage', amount: sums.total_discount }],
    is_gift: true, gift_message: 'Happy birthday!',
    ...sums, currency, cancel_reason: null, placed_at: now, created_at: now, updated_at: now,
  });
  const data: Record<string, unknown> = { store, order_url: orderLink(config, order.id) };
  switch (kind) {
    case 'order_confirmation':
    case 'order_canceled':
      return { ...data, order: kind === 'order_canceled' ? { ...order, status: 'canceled', cancel_reason: 'customer' } : order };
    case 'shipping_confirmation':
      return { ...data, order, fulfillment: { id: 'ful_sample', object: 'fulfillment', status: 'succeeded', tracking_code: '1Z999AA10123456784', carrier: 'UPS', is_customer_notified: true, items: [] } };
    case 'refund':
      return { ...data, order, refund: { amount: 1800, currency } };
    case 'password_reset':
      return { ...data, customer, reset_url: shopLink(config, '/account/reset', { token: 'sample' }), expires_at: now + 3600 };
    case 'email_verification':
      return { ...data, customer, verify_url: shopLink(config, '/account/verify', { token: 'sample' }) };
    case 'staff_invitation':
      return {
        ...data,
        user: { email: 'alex@example.com', name: 'Alex Example', role: 'fulfillment' },
        inviter: { name: 'Sam Owner' },
        invitation_url: shopLink(config, '/admin/accept-invitation', { token: 'sample' }),
        expires_at: now + 7 * 24 * 3600,
      };
    case 'gift_card_issued':
      return {
        ...data, order,
        gift_cards: [{ code: 'ABCD-EFGH-JKMN-PQRS', last_four: 'PQRS', initial_value: 5000, currency, expires_at: now + 365 * 24 * 3600 }],
      };
    case 'abandoned_checkout':
      return { ...data, checkout: { ...order, number: null, status: 'created', financial_status: 'unpaid' }, checkout_url: checkoutLink(config, order.id) };
  }
}
