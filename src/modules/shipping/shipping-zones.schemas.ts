import { Type } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, Nullable, PageQuery, StringEnum, Timestamp } from '../../http/common-schemas.js';
import { localeQuery, translationFields, translationsInput } from '../translations/translations.schemas.js';

const RATE_KINDS = ['weight', 'price'] as const;
// Weights, prices and bounds are stored as BIGINT and read as JS numbers: keep them exact.
const amount = (description: string) => Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description });

export const ShippingRate = Type.Object({
  id: Id('shr'),
  object: Type.Literal('shipping_zone_rate'),
  name: Type.String(),
  kind: StringEnum(RATE_KINDS, { description: 'weight: from and to are grams of the order; price: cents of its item subtotal' }),
  from: Type.Integer({ description: 'inclusive lower bound' }),
  to: Nullable(Type.Integer({ description: 'exclusive upper bound; null for none' })),
  price: Type.Integer({ description: 'in cents' }),
  zone_id: Id('shz'),
  ...translationFields,
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'ShippingRate' });

const ZoneState = Type.Object({
  country_code: Type.String({ description: 'ISO 3166-1 alpha-2; one of the zone countries' }),
  code: Type.String({ description: 'ISO 3166-2 code after the country: WA for US-WA' }),
}, { title: 'ShippingZoneState' });

export const ShippingZone = Type.Object({
  id: Id('shz'),
  object: Type.Literal('shipping_zone'),
  name: Type.String(),
  countries: Type.Array(Type.String(), { description: 'ISO 3166-1 alpha-2 codes' }),
  states: Type.Array(ZoneState, { description: 'when it lists states of a country, the zone covers only those states of it' }),
  rates: Type.Array(ShippingRate, { description: 'in the order they were sent' }),
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'ShippingZone' });

const name = Type.String({ minLength: 1, maxLength: 255 });

export const RateInput = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 64, description: 'on update: a rate of this zone, which keeps its id' })),
  name,
  kind: StringEnum(RATE_KINDS),
  from: Type.Optional(amount('inclusive lower bound, grams or cents; default 0')),
  to: Type.Optional(Nullable(amount('exclusive upper bound, above from; null or left out for none'))),
  price: amount('in cents'),
  ...translationsInput,
});

const countries = Type.Array(Type.String({ maxLength: 8 }), {
  minItems: 1, maxItems: 250, description: 'ISO 3166-1 alpha-2 codes (case-insensitive)',
});
const states = Type.Array(
  Type.Object({ country_code: Type.String({ maxLength: 8 }), code: Type.String({ maxLength: 8 }) }),
  { maxItems: 2_000, description: 'narrows a listed country to these of its ISO 3166-2 subdivisions' },
);
const rates = Type.Array(RateInput, { maxItems: 200, description: 'the zone rates; on update, the whole new list' });

export const ShippingZoneCreate = Type.Object({
  name,
  countries,
  states: Type.Optional(states),
  rates: Type.Optional(rates),
});

/** Members left out keep their value; `rates`, when sent, replaces every rate. */
export const ShippingZoneUpdate = Type.Object({
  name: Type.Optional(name),
  countries: Type.Optional(countries),
  states: Type.Optional(states),
  rates: Type.Optional(rates),
});

export const ShippingZoneListQuery = Type.Object({ ...PageQuery, ...localeQuery });
export const ShippingZoneEnvelope = DataEnvelope(ShippingZone);
export const ShippingZoneList = ListEnvelope(ShippingZone);
