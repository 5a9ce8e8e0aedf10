import { Type, type Static } from 'typebox';
import { LOCALE_PATTERN } from '../markets/locales.js';
import { DataEnvelope, Id, metadataFields, metadataInput, Nullable, Timestamp } from '../../http/common-schemas.js';
import { Product } from '../catalog/products.schemas.js';
import { Sku } from '../catalog/skus.schemas.js';
import { AppliedDiscount, DiscountCodesWrite } from '../discounts/discounts.schemas.js';

export const CartItem = Type.Object({
  id: Id('itm'),
  object: Type.Literal('cart_item'),
  cart_id: Type.String(),
  product_id: Type.String(),
  sku_id: Type.String(),
  quantity: Type.Integer(),
  price: Type.Integer({ description: 'unit price now, in cents' }),
  compared_price: Nullable(Type.Integer()),
  discount: Type.Integer({ description: "the line's share of the discounts, in cents" }),
  total: Type.Integer({ description: 'price × quantity − discount' }),
  weight: Type.Integer({ description: 'unit weight in grams' }),
  sku: Sku,
  product: Product,
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'CartItem' });

export const Cart = Type.Object({
  id: Id('crt'),
  object: Type.Literal('cart'),
  items: Type.Array(CartItem),
  is_gift: Type.Boolean(),
  gift_message: Nullable(Type.String()),
  source_name: Nullable(Type.String()),
  customer_note: Nullable(Type.String()),
  browser_ip: Nullable(Type.String()),
  user_agent: Nullable(Type.String()),
  landing_site: Nullable(Type.String()),
  referring_site: Nullable(Type.String()),
  customer_id: Nullable(Type.String()),
  total_products: Type.Integer({ description: 'distinct products' }),
  total_items: Type.Integer({ description: 'sum of the quantities' }),
  discount_codes: Type.Array(AppliedDiscount, { description: 'the discounts that apply now: the code entered and automatic ones (free shipping shows 0 until the checkout knows the shipping)' }),
  total_discount: Type.Integer({ description: 'sum of the item discounts' }),
  total_price: Type.Integer({ description: 'sum of the item totals (after discounts)' }),
  total_compared_price: Type.Integer({ description: 'total before any discount: compared prices where set' }),
  currency: Type.String({ description: "the cart's currency, its market's, kept from start to end" }),
  market_id: Nullable(Type.String({ description: 'the market the cart sells in; null: the primary market (the store currency)' })),
  locale: Nullable(Type.String({ description: 'the language the buyer shops in: the order and its mail keep it' })),
  total_weight: Type.Integer({ description: 'grams' }),
  ...metadataFields,
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Cart' });

const text = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));

export const CartWrite = Type.Object({
  channel_id: Type.Optional(Type.String({ maxLength: 64, description: 'staff orders (admin key) only, when making the cart: its sales channel (default: the first channel)' })),
  customer_id: Type.Optional(Type.String({ maxLength: 64, description: 'staff orders (admin key) only: the customer the cart is for' })),
  is_gift: Type.Optional(Type.Boolean()),
  gift_message: text(1000),
  note: text(5000),
  source_name: Type.Optional(Nullable(Type.String({ maxLength: 255, description: "where the order comes from; `admin` is kept for the carts staff make (and set on them whatever is sent)" }))),
  landing_site: text(2048),
  referring_site: text(2048),
  discount_codes: Type.Optional(DiscountCodesWrite),
  market_id: Type.Optional(Type.String({ maxLength: 64, description: 'the market to sell in (default: the country_code\'s, else the primary market); a cart keeps its currency: a market in another one is refused' })),
  country_code: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$', description: "the buyer's country: its market, when market_id is not sent" })),
  locale: Type.Optional(Nullable(Type.String({ pattern: LOCALE_PATTERN, description: 'the language the buyer shops in' }))),
  ...metadataInput,
  items: Type.Optional(
    Type.Record(Type.String({ maxLength: 64 }), Type.Integer({ minimum: 0, maximum: 100_000 }), {
      maxProperties: 200,
      description: 'sku id → quantity: adds the sku, sets its quantity, or removes it with 0',
    }),
  ),
});
export type CartWriteInput = Static<typeof CartWrite>;

export const CartEnvelope = DataEnvelope(Cart);
