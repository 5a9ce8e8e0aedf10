import { storeDate } from '../../lib/clock.js';
import type { OrderView } from '../orders/orders.schemas.js';
import { enteredCodes } from '../discounts/discount-pricing.js';
import { formatAmount } from '../imports/shopify-product-rows.js';

/**
 * The core of Shopify's order export, in its order: the order's name, buyer, states and totals, a
 * line item, the billing and shipping addresses, notes, cancellation and payment.
 */
export const SHOPIFY_ORDER_COLUMNS = [
  'Name', 'Email', 'Financial Status', 'Fulfillment Status', 'Accepts Marketing', 'Currency', 'Subtotal', 'Shipping', 'Taxes',
  'Total', 'Discount Code', 'Discount Amount', 'Shipping Method', 'Created at', 'Lineitem quantity', 'Lineitem name',
  'Lineitem price', 'Lineitem compare at price', 'Lineitem sku', 'Lineitem requires shipping', 'Lineitem taxable',
  'Lineitem fulfillment status', 'Billing Name', 'Billing Street', 'Billing Address1', 'Billing Address2', 'Billing Company',
  'Billing City', 'Billing Zip', 'Billing Province', 'Billing Country', 'Billing Phone', 'Shipping Name', 'Shipping Street',
  'Shipping Address1', 'Shipping Address2', 'Shipping Company', 'Shipping City', 'Shipping Zip', 'Shipping Province',
  'Shipping Country', 'Shipping Phone', 'Notes', 'Cancelled at', 'Payment Method', 'Id', 'Vendor', 'Lineitem discount',
] as const;

export type ShopifyOrderRow = Record<(typeof SHOPIFY_ORDER_COLUMNS)[number], string>;

/** A time as Shopify's exports write it: `2026-11-29 22:09:05 +0000`. */
function exportDate(seconds: number | null): string {
  return seconds === null ? '' : `${storeDate(seconds)} +0000`;
}

const bool = (value: boolean) => (value ? 'true' : 'false');

function addressCells(prefix: 'Billing' | 'Shipping', address: OrderView['billing']): Partial<ShopifyOrderRow> {
  if (address === null) return {};
  const { address1, address2, city, postcode, state_code, country_code } = address.address;
  return {
    [`${prefix} Name`]: address.name ?? '',
    [`${prefix} Street`]: [address1, address2].filter((part) => part).join(', '),
    [`${prefix} Address1`]: address1,
    [`${prefix} Address2`]: address2 ?? '',
    [`${prefix} Company`]: address.company ?? '',
    [`${prefix} City`]: city,
    [`${prefix} Zip`]: postcode,
    [`${prefix} Province`]: state_code ?? '',
    [`${prefix} Country`]: country_code,
    [`${prefix} Phone`]: address.phone,
  };
}

/** How much of a line is shipped, in Shopify's words. */
function lineFulfillment(item: OrderView['items'][number]): string {
  if (item.fulfilled >= item.quantity) return 'fulfilled';
  return item.fulfilled > 0 ? 'partial' : 'pending';
}

function emptyRow(order: OrderView): ShopifyOrderRow {
  const row = Object.fromEntries(SHOPIFY_ORDER_COLUMNS.map((column) => [column, ''])) as ShopifyOrderRow;
  row.Name = order.number ?? order.id;
  row.Email = order.email ?? '';
  return row;
}

/**
 * A placed order as the rows of Shopify's order export: one per line item, the order's name and email
 * on each so a row is known by itself, and the order's own fields (states, totals, addresses, notes)
 * on the first row only, as Shopify writes them. Amounts are in the order's currency.
 */
export function shopifyOrderRows(order: OrderView): ShopifyOrderRow[] {
  const money = (minor: number) => formatAmount(minor, order.currency);
  const rows = (order.items.length > 0 ? order.items : [undefined]).map((item) => {
    const row = emptyRow(order);
    if (!item) return row;
    row['Lineitem quantity'] = String(item.quantity);
    row['Lineitem name'] = item.name;
    row['Lineitem price'] = money(item.price);
    row['Lineitem compare at price'] = item.compared_price === null ? '' : money(item.compared_price);
    row['Lineitem sku'] = item.code ?? '';
    row['Lineitem requires shipping'] = bool(item.is_shipping_required);
    row['Lineitem taxable'] = bool(item.is_taxable);
    row['Lineitem fulfillment status'] = lineFulfillment(item);
    row.Vendor = item.vendor ?? '';
    row['Lineitem discount'] = money(item.discount);
    return row;
  });
  Object.assign(rows[0]!, {
    'Financial Status': order.financial_status,
    'Fulfillment Status': order.fulfillment_status,
    'Accepts Marketing': order.customer?.is_newsletterable ? 'yes' : 'no',
    Currency: order.currency,
    Subtotal: money(order.subtotal_price),
    Shipping: money(order.shipping_rate),
    Taxes: money(order.total_taxes),
    Total: money(order.total_price),
    'Discount Code': enteredCodes(order.discount_codes).join(', '),
    'Discount Amount': money(order.total_discount),
    'Shipping Method': order.shipping_lines?.title ?? '',
    'Created at': exportDate(order.placed_at ?? order.created_at),
    ...addressCells('Billing', order.billing),
    ...addressCells('Shipping', order.shipping),
    Notes: order.customer_note ?? '',
    'Cancelled at': exportDate(order.canceled_at),
    'Payment Method': order.gateway ?? order.payment_method ?? '',
    Id: order.id,
  });
  return rows;
}
