import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/common-schemas.js';
import { addressFields } from '../customers/address-rules.js';
import { Customer } from '../customers/customers.schemas.js';
import { DiscountCodesWrite } from '../discounts/discounts.schemas.js';
import { Order } from '../orders/orders.schemas.js';
import { Gateway } from '../payments/gateways.schemas.js';
import { GIFT_CARD_CODE_PATTERN } from '../gift-cards/gift-card-codes.js';
import { MAX_GIFT_CARDS } from '../gift-cards/gift-card-redemption.js';

const CheckoutAddress = Type.Object({
  ...addressFields,
  id: Type.Optional(Type.String({ maxLength: 64, description: 'a saved address of the signed-in customer; the other members are then ignored' })),
});

export const CheckoutWrite = Type.Object({
  customer: Type.Optional(Type.Object({
    email: Type.Optional(Type.String({ maxLength: 254 })),
    first_name: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
    last_name: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
    is_newsletterable: Type.Optional(Type.Boolean()),
  })),
  shipping: Type.Optional(CheckoutAddress),
  billing: Type.Optional(CheckoutAddress),
  same_address: Type.Optional(Type.Boolean({ description: 'the shipping address is also the billing address (default true)' })),
  discount_codes: Type.Optional(DiscountCodesWrite),
  gift_cards: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64, pattern: GIFT_CARD_CODE_PATTERN }), {
    maxItems: MAX_GIFT_CARDS,
    description: 'gift card codes entered by the buyer (case, spaces and dashes aside), in the order they pay: replaces the list, [] removes them. Each pays what is left of the total after discounts (shipping and taxes included), up to its balance',
  })),
});
export type CheckoutWriteInput = Static<typeof CheckoutWrite>;

export const MethodsWrite = Type.Object({
  shipping: Type.Optional(Type.Object({ method: Type.Optional(Type.String({ maxLength: 64 })) })),
  payment: Type.Optional(Type.Object({ gateway: Type.Optional(Type.String({ maxLength: 64 })) })),
});
export type MethodsWriteInput = Static<typeof MethodsWrite>;

export const PaymentWrite = Type.Object({
  payment: Type.Object(
    {
      method: Type.String({ maxLength: 64 }),
      mark_paid: Type.Optional(Type.Boolean({
        description: 'staff orders only (admin key), with a manual gateway: the money was received (cash at the counter, a transfer seen), so the order is placed paid instead of pending',
      })),
    },
    { additionalProperties: Type.Unknown(), description: 'method, plus what the gateway needs (test gateway: card_number; stripe gateway: payment_method_id, the pm_… Stripe.js made); gift_card when the gift cards pay the whole total (total_due 0), no gateway needed' },
  ),
});
export type PaymentWriteInput = Static<typeof PaymentWrite>;

const ShippingMethod = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('shipping_zone_rate'),
    kind: Type.String(),
    name: Type.String(),
    from: Type.Integer(),
    to: Nullable(Type.Integer()),
    price: Type.Integer(),
    store: Type.Object({}, { additionalProperties: true }),
  },
  { title: 'ShippingMethod', additionalProperties: true },
);

/** The stored customer for that customer signed in; for anyone else the buyer as sent, with a null id. */
const CheckoutBuyer = Type.Object({
  ...Customer.properties,
  id: Nullable(Type.String({ pattern: '^cus_[0-9a-z]{26}$', description: 'null unless the caller is this customer or staff: anyone else sees the buyer as sent, never a stored customer' })),
}, { title: 'CheckoutBuyer' });
const CheckoutOrder = Type.Object({
  ...Order.properties,
  customer: Nullable(CheckoutBuyer),
  customer_id: Nullable(Type.String({ description: 'null unless the caller is this customer or staff' })),
}, { title: 'Checkout' });

export const CheckoutEnvelope = Type.Object({
  meta: Type.Object({
    is_shipping_required: Type.Boolean(),
    selected_shipping_method: Nullable(Type.String()),
    selected_payment_gateway: Nullable(Type.String()),
    expires_at: Type.Integer({ description: 'Unix seconds: from then on the checkout can no longer change or be paid (409 invalid_state); check the cart out again' }),
    shipping_methods: Type.Array(ShippingMethod),
    payment_gateways: Type.Array(Gateway, { description: 'the gateways the buyer may pay with, as a storefront sees them' }),
    next_action: Type.Optional(Type.Object({
      type: Type.String({ description: 'requires_action: confirm with the card issuer (3-D Secure) in the browser; processing: wait' }),
      gateway: Type.String({ description: 'the driver: stripe' }),
      payment_intent: Type.String({ description: "Stripe's PaymentIntent id" }),
      client_secret: Nullable(Type.String({ description: 'for Stripe.js handleNextAction; never stored, shown only in this answer' })),
    }, {
      additionalProperties: true,
      description: 'only on the answer of a payment the buyer must still confirm: the order stays created (unplaced) until the gateway\'s webhook settles it',
    })),
  }, { title: 'CheckoutMeta' }),
  data: CheckoutOrder,
});
