import type { Executor } from '../../db/database.js';
import type { OrderItemRow, OrderRow, TransactionRow } from '../../db/types.js';
import { metadataView } from '../../lib/metadata.js';
import type { CheckedAddress } from '../customers/address-rules.js';
import { addressCountry } from '../customers/address-rules.js';
import { findCustomers } from '../customers/customers.repo.js';
import { customerViews, fullName } from '../customers/customers.view.js';
import { appliedDiscounts } from '../discounts/discount-pricing.js';
import { amountDue, sharesOf } from '../gift-cards/gift-card-redemption.js';
import { findReturnsOfOrders, type ReturnWithItems } from '../returns/returns.repo.js';
import { returnView } from '../returns/returns.view.js';
import type { OrderView } from './orders.schemas.js';
import * as repo from './orders.repo.js';

export function itemView(row: OrderItemRow): OrderView['items'][number] {
  return {
    id: row.id,
    object: 'order_item',
    permalink: row.permalink,
    name: row.name,
    product_name: row.product_name,
    sku_name: row.sku_name,
    vendor: row.vendor,
    code: row.code,
    image: row.image,
    price: row.price,
    compared_price: row.compared_price,
    quantity: row.quantity,
    discount: row.discount ?? 0,
    is_taxable: row.is_taxable === 1,
    tax_rate: row.tax_rate,
    subtotal: row.subtotal,
    taxes: row.taxes,
    total: row.total,
    fulfilled: row.fulfilled,
    is_shipping_required: row.is_shipping_required === 1,
    is_gift_card: row.is_gift_card === 1,
    weight: row.weight,
    stock_id: row.stock_id,
    stock_manager: [],
    order_id: row.order_id,
    product_id: row.product_id,
    sku_id: row.sku_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function transactionView(row: TransactionRow): OrderView['transactions'][number] {
  return {
    id: row.id,
    object: 'transaction',
    amount: row.amount,
    currency: row.currency,
    authorization: row.authorization,
    code: row.code,
    reference: row.reference,
    gateway: row.gateway,
    source_name: row.source_name,
    kind: row.kind,
    status: row.status,
    credit_card_number: row.credit_card_number,
    credit_card_brand: row.credit_card_brand,
    message: row.message,
    is_test: row.is_test === 1,
    order_id: row.order_id,
    parent_id: row.parent_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function addressView(json: string | null): OrderView['shipping'] {
  if (json === null) return null;
  const a = JSON.parse(json) as CheckedAddress;
  return {
    name: fullName(a.first_name, a.last_name),
    first_name: a.first_name,
    last_name: a.last_name,
    phone: a.phone,
    company: a.company,
    references: a.references,
    address: {
      address1: a.address1,
      address2: a.address2,
      city: a.city,
      postcode: a.postcode,
      country: addressCountry(a.country_code),
      country_code: a.country_code,
      state: a.state,
      state_code: a.state_code,
    },
  };
}

/** Parts of orders the caller holds already (all of these orders'), which orderViews does not read again. */
export interface HeldParts {
  items?: OrderItemRow[];
  transactions?: TransactionRow[];
  /** None for an order placed in the caller's transaction, as for one still being checked out. */
  returns?: ReturnWithItems[];
}

/**
 * Order views with their items, transactions, returns and customers, loaded in one query each for all
 * orders, but for the parts `held`.
 */
export async function orderViews(db: Executor, rows: OrderRow[], held: HeldParts = {}): Promise<OrderView[]> {
  const ids = rows.map((r) => r.id);
  const customerIds = [...new Set(rows.map((r) => r.customer_id).filter((id): id is string => id !== null))];
  const [allItems, transactions, returns, customerRows] = await Promise.all([
    held.items ?? repo.findItems(db, ids),
    held.transactions ?? repo.findTransactions(db, ids),
    // An order being checked out has none: the checkout's answers read no returns.
    held.returns ?? findReturnsOfOrders(db, rows.filter((row) => row.status !== 'created').map((row) => row.id)),
    findCustomers(db, customerIds),
  ]);
  const itemsById = new Map(allItems.map((item) => [item.id, item]));
  const customers = new Map((await customerViews(db, customerRows)).map((c) => [c.id, c]));
  return rows.map((row) => ({
    id: row.id,
    object: 'order',
    number: row.number,
    status: row.status,
    financial_status: row.financial_status,
    fulfillment_status: row.fulfillment_status,
    email: row.email,
    customer: row.customer_id ? (customers.get(row.customer_id) ?? null) : null,
    items: allItems.filter((i) => i.order_id === row.id).map(itemView),
    is_shipping_required: row.is_shipping_required === 1,
    shipping_lines: row.shipping_lines === null ? null : JSON.parse(row.shipping_lines),
    shipping_rate: row.shipping_rate,
    shipping: addressView(row.shipping_address),
    billing: addressView(row.billing_address),
    discount_codes: appliedDiscounts(row.discount_codes),
    is_gift: row.is_gift === 1,
    gift_message: row.gift_message,
    source_name: row.source_name,
    customer_note: row.customer_note,
    order_note: row.order_note,
    cancel_reason: row.cancel_reason,
    browser_ip: row.browser_ip,
    user_agent: row.user_agent,
    landing_site: row.landing_site,
    referring_site: row.referring_site,
    gateway: row.gateway,
    payment_method: row.payment_method,
    total_products: row.total_products,
    total_discount: row.total_discount,
    total_items: row.total_items,
    total_items_price: row.total_items_price,
    subtotal_price: row.subtotal_price,
    total_taxes: row.total_taxes,
    total_price: row.total_price,
    gift_cards: sharesOf(row).map(({ last_four, amount }) => ({ last_four, amount })),
    total_due: amountDue(row),
    currency: row.currency,
    market_id: row.market_id,
    exchange_rate: row.exchange_rate,
    locale: row.locale,
    total_weight: row.total_weight,
    transactions: transactions.filter((t) => t.order_id === row.id).map(transactionView),
    returns: returns.filter((r) => r.row.order_id === row.id).map((r) => returnView(r, itemsById)),
    is_test: row.is_test === null ? null : row.is_test === 1,
    customer_id: row.customer_id,
    channel_id: row.channel_id,
    cart_id: row.cart_id,
    canceler_id: row.canceler_id,
    placed_at: row.placed_at,
    archived_at: row.archived_at,
    canceled_at: row.canceled_at,
    ...metadataView(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }));
}

export async function orderView(db: Executor, row: OrderRow, held: HeldParts = {}): Promise<OrderView> {
  const [view] = await orderViews(db, [row], held);
  return view!;
}
