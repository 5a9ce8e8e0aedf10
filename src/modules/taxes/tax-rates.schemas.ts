import { Type } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, Nullable, PageQuery, Timestamp } from '../../http/common-schemas.js';

export const TaxRate = Type.Object({
  id: Id('txr'),
  object: Type.Literal('tax_rate'),
  country_code: Type.String({ description: 'ISO 3166-1 alpha-2' }),
  state_code: Nullable(Type.String({ description: 'ISO 3166-2 code after the country (WA for US-WA); null for the whole country' })),
  name: Nullable(Type.String({ description: 'a label for staff, such as "VAT"' })),
  rate: Type.Number({ description: 'basis points with up to two decimals, as stored: 1900 is 19 %, 887.5 is 8.875 %' }),
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'TaxRate' });

const countryCode = Type.String({ maxLength: 8, description: 'ISO 3166-1 alpha-2 (case-insensitive)' });
const stateCode = Nullable(Type.String({
  maxLength: 8, description: 'a subdivision of the country (GET /v1/countries/{code}/states); null or left out for the whole country',
}));
const name = Nullable(Type.String({ maxLength: 255 }));
const rate = Type.Number({
  minimum: 0, maximum: 10_000, description: 'basis points, 0 to 10000, with up to two decimals: 1900 is 19 %, 887.5 is 8.875 %; finer is 422 too_precise',
});

export const TaxRateCreate = Type.Object({
  country_code: countryCode,
  state_code: Type.Optional(stateCode),
  name: Type.Optional(name),
  rate,
});

/** Members left out keep their value. */
export const TaxRateUpdate = Type.Object({
  country_code: Type.Optional(countryCode),
  state_code: Type.Optional(stateCode),
  name: Type.Optional(name),
  rate: Type.Optional(rate),
});

export const TaxRateListQuery = Type.Object(PageQuery);
export const TaxRateEnvelope = DataEnvelope(TaxRate);
export const TaxRateList = ListEnvelope(TaxRate);
