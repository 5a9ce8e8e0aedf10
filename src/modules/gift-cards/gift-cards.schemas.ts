import { Type, type Static } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, Nullable, PageQuery, StringEnum, Timestamp } from '../../http/common-schemas.js';
import { GIFT_CARD_CODE_PATTERN } from './gift-card-codes.js';

export const GiftCardMovement = Type.Object({
  id: Id('gfm'),
  kind: StringEnum(['issue', 'redeem', 'refund'] as const, { description: 'issue: the card made; redeem: an order paid with it; refund: given back to it' }),
  amount: Type.Integer({ description: 'minor units of the card currency: positive for issue and refund, negative for redeem' }),
  order_id: Nullable(Type.String({ description: 'the order of a redeem or refund' })),
  created_at: Timestamp,
}, { title: 'GiftCardMovement' });

export const GiftCard = Type.Object({
  id: Id('gft'),
  object: Type.Literal('gift_card'),
  code: Type.Optional(Type.String({ description: 'the whole code: only in the answer that creates the card, never again' })),
  last_four: Type.String({ description: 'the last four characters of the code' }),
  initial_value: Type.Integer({ description: 'minor units of currency the card was issued with' }),
  balance: Type.Integer({ description: 'minor units left; never below 0' }),
  currency: Type.String({ description: 'ISO 4217: the card pays only for orders in this currency' }),
  customer_id: Nullable(Type.String({ description: 'the customer the card was issued to, if any' })),
  expires_at: Nullable(Timestamp),
  is_enabled: Type.Boolean({ description: 'false once disabled: the card pays for nothing' }),
  note: Nullable(Type.String()),
  movements: Type.Optional(Type.Array(GiftCardMovement, { description: 'the history of the balance, oldest first: on single reads' })),
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'GiftCard' });
export type GiftCardView = Static<typeof GiftCard>;

const customerId = Type.Optional(Nullable(Type.String({ maxLength: 64, description: 'a customer (cus_) the card is issued to' })));
const expiresAt = Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 32_503_680_000, description: 'Unix seconds after which the card pays for nothing; null: never' })));
const note = Type.Optional(Nullable(Type.String({ maxLength: 1000, description: "staff's note, never shown to the buyer" })));

export const GiftCardCreate = Type.Object({
  code: Type.Optional(Type.String({
    minLength: 8, maxLength: 64, pattern: GIFT_CARD_CODE_PATTERN,
    description: 'a code of your own (letters, digits; spaces and dashes are ignored when compared, and so is case): at least 8 characters; left out, the server makes one of 16',
  })),
  initial_value: Type.Integer({ minimum: 1, maximum: 1e12, description: 'minor units of currency' }),
  currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3, description: "ISO 4217; left out, the store's currency" })),
  customer_id: customerId,
  expires_at: expiresAt,
  note,
});
export type GiftCardCreateInput = Static<typeof GiftCardCreate>;

/** Members left out keep their value. The balance moves only through orders. */
export const GiftCardUpdate = Type.Object({
  customer_id: customerId,
  expires_at: expiresAt,
  note,
  is_enabled: Type.Optional(Type.Boolean({ description: 'true enables a disabled card again' })),
});
export type GiftCardUpdateInput = Static<typeof GiftCardUpdate>;

export const GiftCardListQuery = Type.Object({
  ...PageQuery,
  code: Type.Optional(Type.String({ maxLength: 64, description: 'the whole code: finds its card' })),
  customer_id: Type.Optional(Type.String({ maxLength: 64 })),
  currency: Type.Optional(Type.String({ maxLength: 3 })),
  is_enabled: Type.Optional(Type.Boolean()),
});
export type GiftCardListFilter = Omit<Static<typeof GiftCardListQuery>, 'page' | 'per_page'>;

/** A buyer's question: what is left on the card of this code. */
export const GiftCardBalanceCheck = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 64, description: 'the whole code, as printed or mailed (case, spaces and dashes do not matter)' }),
});

export const GiftCardBalance = Type.Object({
  last_four: Type.String({ description: 'the last four characters of the code' }),
  balance: Type.Integer({ description: 'minor units of currency left' }),
  currency: Type.String({ description: 'ISO 4217' }),
  expires_at: Nullable(Timestamp),
  is_enabled: Type.Boolean({ description: 'false once staff disabled it: it pays for nothing' }),
}, { title: 'GiftCardBalance' });
export type GiftCardBalanceView = Static<typeof GiftCardBalance>;

export const GiftCardEnvelope = DataEnvelope(GiftCard);
export const GiftCardBalanceEnvelope = DataEnvelope(GiftCardBalance);
export const GiftCardList = ListEnvelope(GiftCard);
