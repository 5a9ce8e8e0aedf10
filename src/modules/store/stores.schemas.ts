import { Type } from 'typebox';
import { DataEnvelope, Nullable, StringEnum } from '../../http/common-schemas.js';
import { weightUnits } from '../../lib/weight.js';

const text = Nullable(Type.String());

export const Store = Type.Object({
  id: Type.String(),
  object: Type.Literal('store'),
  subdomain: text,
  domain: text,
  name: Type.String(),
  description: text,
  image: text,
  store_status: Type.String(),
  email: text,
  address1: text,
  address2: text,
  postcode: text,
  city: text,
  country: text,
  country_code: text,
  state: text,
  state_code: text,
  references: text,
  phone: text,
  tax_id: text,
  business_name: text,
  fiscal_address: text,
  contact_email: text,
  lang: Type.String(),
  currency: Type.String(),
  timezone: Type.String(),
  weight_unit: Type.String(),
  order_prefix: text,
  order_suffix: text,
  is_tax_included: Type.Boolean(),
  billing_gateway_source: text,
  billing_customer_id: text,
  billing_card_brand: text,
  billing_card_last_four: text,
  billing_card_exp_month: text,
  billing_card_exp_year: text,
  billing_invoice_custom_data: text,
  next_billing_at: Nullable(Type.String({ description: 'YYYY-MM-DD HH:MM:SS (UTC)' })),
  created_at: Type.String({ description: 'YYYY-MM-DD HH:MM:SS (UTC)' }),
  updated_at: Type.String({ description: 'YYYY-MM-DD HH:MM:SS (UTC)' }),
}, { title: 'Store' });

const optionalText = (maxLength = 255) => Type.Optional(Nullable(Type.String({ maxLength })));

export const StoreUpdate = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  email: optionalText(),
  contact_email: optionalText(),
  description: optionalText(10_000),
  domain: optionalText(),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code' })),
  weight_unit: Type.Optional(StringEnum(weightUnits)),
  order_prefix: optionalText(20),
  order_suffix: optionalText(20),
  is_tax_included: Type.Optional(Type.Boolean()),
  timezone: Type.Optional(Type.String({ maxLength: 64 })),
  lang: Type.Optional(Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$' })),
  address1: optionalText(),
  address2: optionalText(),
  postcode: optionalText(),
  city: optionalText(),
  country_code: optionalText(2),
  state: optionalText(),
  state_code: optionalText(),
  references: optionalText(),
  phone: optionalText(),
  tax_id: optionalText(),
  business_name: optionalText(),
  fiscal_address: optionalText(),
});

export const StoreEnvelope = DataEnvelope(Store);
