import type { Config } from '../../config.js';
import type { Executor } from '../../db/database.js';
import type { NotificationKind } from './kinds.js';
import { checkoutLink, orderLink, shopLink } from './links.js';
import { storeData } from './message-data.js';

/** Made-up data shaped as each kind's real data (docs/api.md), for previews: the store is the real one. */
export async function sampleData(db: Executor, config: Pick<Config, 'shopUrl'>, kind: NotificationKind): Promise<Record<string, unknown>> {
  const store = await storeData(db, config);
  const currency = typeof store.currency === 'string' ? store.currency : 'USD';
  const now = Math.floor(Date.now() / 1000);
  const customer = { id: 'cus_sample', object: 'customer', email: 'jane@example.com', first_name: 'Jane', last_name: 'Doe', name: 'Jane Doe' };
  const item = (id: string, name: string, price: number, quantity: number) => ({
    id, object: 'order_item', name, product_name: name, sku_name: name, price, quantity, discount: 0,
    subtotal: price * quantity, taxes: 0, total: price * quantity, fulfilled: 0, is_shipping_required: true,
  });
  const items = [item('itm_sample1', 'Linen shirt', 4500, 1), item('itm_sample2', 'Canvas tote', 1800, 2)];
  const order = {
    id: 'ord_sample', object: 'order', number: '1001', status: 'placed', financial_status: 'paid', fulfillment_status: 'unfulfilled',
    email: customer.email, customer, items, is_shipping_required: true, shipping_rate: 500,
    shipping: {
      name: 'Jane Doe', first_name: 'Jane', last_name: 'Doe', phone: '+1 555 0100', company: null, references: null,
      address: { address1: '1 Main Street', address2: null, city: 'Springfield', postcode: '62701', country: 'United States', country_code: 'US', state: 'Illinois', state_code: 'IL' },
    },
    total_products: 3, total_discount: 0, subtotal_price: 8100, total_taxes: 0, total_price: 8600, currency,
    cancel_reason: null, placed_at: now, created_at: now, updated_at: now,
  };
  const data: Record<string, unknown> = { store, order_url: orderLink(config, order.id as string) };
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
    case 'abandoned_checkout':
      return { ...data, checkout: { ...order, number: null, status: 'created', financial_status: 'unpaid' }, checkout_url: checkoutLink(config, 'ord_sample') };
  }
}
