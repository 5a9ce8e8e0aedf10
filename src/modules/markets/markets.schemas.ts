import { Type } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, NonBlank, Nullable, PageQuery, StringEnum, Timestamp } from '../../http/common-schemas.js';
import { LOCALE_PATTERN } from './locales.js';
import { EXCHANGE_RATE_PATTERN, roundings } from './money.js';

export const Market = Type.Object({
  id: Id('mkt'),
  object: Type.Literal('market'),
  name: Type.String(),
  country_codes: Type.Array(Type.String(), { description: 'ISO 3166-1 alpha-2; a country is in one market at most' }),
  currency: Type.String({ description: 'ISO 4217' }),
  locales: Type.Array(Type.String(), { description: 'the first is the default' }),
  exchange_rate: Nullable(Type.String({ description: 'store currency → market currency, a decimal string; null: fixed prices only' })),
  rounding: StringEnum(roundings),
  is_active: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Market' });

const name = NonBlank(255);
const countryCodes = Type.Array(Type.String({ maxLength: 8, description: 'ISO 3166-1 alpha-2 (case-insensitive)' }), { maxItems: 250 });
const currency = Type.String({ maxLength: 8, description: 'ISO 4217 (case-insensitive)' });
const locales = Type.Array(Type.String({ pattern: LOCALE_PATTERN, maxLength: 5 }), {
  minItems: 1, maxItems: 10, description: 'fr or fr-CA; the first is the default; no duplicates',
});
const exchangeRate = Nullable(Type.String({
  pattern: EXCHANGE_RATE_PATTERN, maxLength: 22, description: 'store currency → market currency, above 0 (such as "0.92"); null: fixed prices only',
}));
const rounding = StringEnum(roundings, {
  description: 'none: the nearest minor unit; whole: the nearest whole unit; ninety_nine: the least n.99 at or above',
});

export const MarketCreate = Type.Object({
  name,
  country_codes: countryCodes,
  currency,
  locales,
  exchange_rate: Type.Optional(exchangeRate),
  rounding: Type.Optional(rounding),
  is_active: Type.Optional(Type.Boolean()),
});

/** Members left out keep their value; lists given replace the current ones. */
export const MarketUpdate = Type.Object({
  name: Type.Optional(name),
  country_codes: Type.Optional(countryCodes),
  currency: Type.Optional(currency),
  locales: Type.Optional(locales),
  exchange_rate: Type.Optional(exchangeRate),
  rounding: Type.Optional(rounding),
  is_active: Type.Optional(Type.Boolean()),
});

export type MarketCreateInput = import('typebox').Static<typeof MarketCreate>;
export type MarketUpdateInput = import('typebox').Static<typeof MarketUpdate>;

export const MarketListQuery = Type.Object(PageQuery);
export const MarketEnvelope = DataEnvelope(Market);
export const MarketList = ListEnvelope(Market);

/** The query parameters that read the catalogue in a market (market-views.ts). */
export const marketQuery = {
  market: Type.Optional(Type.String({ maxLength: 64, description: 'a market id (mkt_…): prices in its currency, what it does not sell left out; unknown or inactive is 422' })),
  country: Type.Optional(Type.String({ maxLength: 8, description: 'ISO 3166-1 alpha-2: the active market of that country, else the primary market' })),
};
