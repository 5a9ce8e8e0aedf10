import { Type, type Static } from 'typebox';
import { CommaList, DataEnvelope, Id, ListEnvelope, metadataFields, metadataInput, metadataQuery, Nullable, PageQuery, StaffRef, StringEnum, Timestamp } from '../../http/common-schemas.js';
import { Customer, Email } from '../customers/customers.schemas.js';
import { AppliedDiscount } from '../discounts/discounts.schemas.js';
import { Return } from '../returns/returns.schemas.js';

const text = Nullable(Type.String());

export const OrderItem = Type.Object({
  id: Id('itm'),
  object: Type.Literal('order_item'),
  permalink: Type.String(),
  name: Type.String(),
  product_name: Type.String(),
  sku_name: Type.String(),
  vendor: text,
  code: text,
  image: text,
  price: Type.Integer(),
  compared_price: Nullable(Type.Integer()),
  quantity: Type.Integer(),
  discount: Type.Integer({ description: "the line's share of the item discounts, in cents (for the whole line)" }),
  is_taxable: Type.Boolean(),
  tax_rate: Type.Integer({ description: 'basis points: 1900 is 19%' }),
  subtotal: Type.Integer({ description: 'price × quantity' }),
  taxes: Type.Integer({ description: 'the tax on subtotal − discount: included in it or added to it, as the store prices' }),
  total: Type.Integer({ description: 'what the buyer pays for the line: subtotal − discount (+ taxes when prices exclude tax)' }),
  fulfilled: Type.Integer({ description: 'quantity already shipped' }),
  is_shipping_required: Type.Boolean(),
  is_gift_card: Type.Boolean({ description: 'a gift card sold: one card per unit is issued when the order is paid' }),
  weight: Type.Integer({ description: 'unit weight in grams' }),
  stock_id: text,
  stock_manager: Type.Array(Type.String()),
  order_id: Type.String(),
  product_id: Type.String(),
  sku_id: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'OrderItem' });

export const Transaction = Type.Object({
  id: Id('tra'),
  object: Type.Literal('transaction'),
  amount: Type.Integer(),
  currency: Type.String(),
  authorization: text,
  code: text,
  reference: text,
  gateway: text,
  source_name: text,
  kind: Type.String({ description: 'charge, authorization, capture, refund, void; dispute (a buyer disputed the payment with the card issuer: pending)' }),
  status: Type.String({ description: 'pending, succeeded, failed' }),
  credit_card_number: text,
  credit_card_brand: text,
  message: text,
  is_test: Type.Boolean(),
  order_id: Type.String(),
  parent_id: text,
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Transaction' });

export const OrderAddress = Nullable(
  Type.Object({
    name: text,
    first_name: text,
    last_name: text,
    phone: Type.String(),
    company: text,
    references: text,
    address: Type.Object({
      address1: Type.String(),
      address2: text,
      city: Type.String(),
      postcode: Type.String(),
      country: Type.String(),
      country_code: Type.String(),
      state: text,
      state_code: text,
    }),
  }, { title: 'OrderAddress' }),
);

export const ShippingLines = Nullable(
  Type.Object({
    id: Type.String(),
    kind: Type.String(),
    price: Type.Integer(),
    source: Type.String(),
    title: Type.String(),
    reference: text,
  }, { title: 'ShippingLine' }),
);

const amount = Type.Integer();

export const Order = Type.Object({
  id: Id('ord'),
  object: Type.Literal('order'),
  number: Nullable(Type.String({ description: 'null until the order is placed' })),
  status: Type.String(),
  financial_status: Type.String(),
  fulfillment_status: Type.String(),
  email: text,
  customer: Nullable(Customer),
  items: Type.Array(OrderItem),
  is_shipping_required: Type.Boolean(),
  shipping_lines: ShippingLines,
  shipping_rate: amount,
  shipping: OrderAddress,
  billing: OrderAddress,
  discount_codes: Type.Array(AppliedDiscount, { description: 'the discounts applied: the code entered and automatic ones; a free shipping one takes its amount off shipping' }),
  is_gift: Type.Boolean(),
  gift_message: text,
  source_name: text,
  customer_note: text,
  order_note: text,
  cancel_reason: text,
  browser_ip: text,
  user_agent: text,
  landing_site: text,
  referring_site: text,
  gateway: Nullable(Type.String({ description: 'source of the payment gateway chosen' })),
  payment_method: text,
  total_products: amount,
  total_discount: Type.Integer({ description: 'the item discounts plus the shipping discount (free shipping)' }),
  total_items: amount,
  total_items_price: amount,
  subtotal_price: amount,
  total_taxes: amount,
  total_price: amount,
  gift_cards: Type.Array(Type.Object({
    last_four: Type.String({ description: "the last four characters of the card's code (never the code)" }),
    amount: Type.Integer({ description: 'what the card pays of the order, minor units of its currency: up to its balance (0 when the cards before it pay everything)' }),
  }, { title: 'OrderGiftCard' }), { description: 'the gift cards entered at checkout, in the order they pay: after discounts, of the whole total (shipping and taxes included)' }),
  total_due: Type.Integer({ description: 'total_price less what the gift cards pay: what the payment gateway charges (0: pay with payment[method] gift_card)' }),
  currency: Type.String({ description: "the order's currency, its cart's, in which it is paid" }),
  market_id: Nullable(Type.String({ description: 'the market the order sold in; null: the primary market (the store currency)' })),
  exchange_rate: Nullable(Type.String({ description: "store currency → order currency when it was checked out (a decimal string); null in the store's currency" })),
  locale: Nullable(Type.String({ description: 'the language the buyer shopped in: mail about the order is written in it' })),
  total_weight: Type.Integer({ description: 'grams' }),
  transactions: Type.Array(Transaction),
  returns: Type.Array(Return, { description: 'oldest first' }),
  is_test: Nullable(Type.Boolean()),
  customer_id: text,
  channel_id: Type.String(),
  cart_id: text,
  canceler_id: text,
  placed_at: Nullable(Timestamp),
  archived_at: Nullable(Timestamp),
  canceled_at: Nullable(Timestamp),
  ...metadataFields,
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Order' });
export type OrderView = Static<typeof Order>;

export const OrderListQuery = Type.Object({
  ...PageQuery,
  q: Type.Optional(Type.String({ maxLength: 200 })),
  id: Type.Optional(CommaList),
  status: Type.Optional(StringEnum(['created', 'placed', 'canceled', 'archived'] as const)),
  financial_status: Type.Optional(StringEnum(['unpaid', 'pending', 'authorized', 'partially_paid', 'paid', 'partially_refunded', 'refunded', 'voided'] as const)),
  fulfillment_status: Type.Optional(StringEnum(['unfulfilled', 'not_required', 'partially_fulfilled', 'fulfilled'] as const)),
  ...metadataQuery,
});

export const OrderUpdate = Type.Object({
  order_note: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  email: Type.Optional(Email),
  customer_id: Type.Optional(Nullable(Type.String({ maxLength: 64, description: 'attaches the order to this customer (null detaches it)' }))),
  ...metadataInput,
});
export const OrderCancel = Type.Object({ reason: Type.Optional(Type.String({ maxLength: 1000 })) });
export const TransactionCreate = Type.Object({
  kind: StringEnum(['capture', 'refund', 'void'] as const),
  amount: Type.Optional(Type.Integer({ minimum: 1, maximum: 1e12, description: 'cents; default: all that can be' })),
});

export const OrderEnvelope = DataEnvelope(Order);
export const OrderList = ListEnvelope(Order);
export const TransactionEnvelope = DataEnvelope(Transaction);
export const TransactionList = ListEnvelope(Transaction);

/** A comment staff added to an order's timeline. */
export const OrderComment = Type.Object({
  id: Id('ocm'),
  object: Type.Literal('order_comment'),
  order_id: Type.String(),
  body: Type.String(),
  author: Nullable(StaffRef),
  created_at: Timestamp,
}, { title: 'OrderComment' });
export type OrderCommentView = Static<typeof OrderComment>;
export const OrderCommentCreate = Type.Object({ body: Type.String({ minLength: 1, maxLength: 5000 }) });
export const OrderCommentEnvelope = DataEnvelope(OrderComment);
export const OrderCommentList = ListEnvelope(OrderComment);
