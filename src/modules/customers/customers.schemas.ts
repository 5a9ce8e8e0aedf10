import { Type, type Static } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, metadataFields, metadataInput, metadataQuery, Nullable, PageQuery, Timestamp } from '../../http/common-schemas.js';
import { LOCALE_PATTERN } from '../markets/locales.js';
import { addressFields } from './address-rules.js';
import { MIN_PASSWORD_LENGTH } from './passwords.js';

export const CustomerAddress = Type.Object({
  id: Id('adr'),
  object: Type.Literal('customer_address'),
  customer_id: Type.String(),
  first_name: Nullable(Type.String()),
  last_name: Nullable(Type.String()),
  address1: Type.String(),
  address2: Nullable(Type.String()),
  country: Type.String({ description: 'country name' }),
  country_code: Type.String({ description: 'ISO 3166-1 alpha-2' }),
  state: Nullable(Type.String()),
  state_code: Nullable(Type.String({ description: 'ISO 3166-2 code after the country: NY for US-NY' })),
  city: Type.String(),
  postcode: Type.String(),
  phone: Type.String(),
  company: Nullable(Type.String()),
  references: Nullable(Type.String()),
  is_primary: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Address' });

export const Customer = Type.Object({
  id: Id('cus'),
  object: Type.Literal('customer'),
  name: Nullable(Type.String({ description: 'first and last name' })),
  first_name: Nullable(Type.String()),
  last_name: Nullable(Type.String()),
  email: Type.String(),
  is_newsletterable: Type.Boolean(),
  is_active: Type.Boolean(),
  is_verified: Type.Boolean({ description: 'the customer proved it owns its email (POST /v1/customers/verify); false again when the email changes' }),
  locale: Nullable(Type.String({ description: "the language mail to the customer is written in (fr, fr-CH); null: the store's. An order's mail is in the order's locale first" })),
  notes: Nullable(Type.String({ description: 'store notes; staff only' })),
  tags: Type.Array(Type.String()),
  group_ids: Type.Array(Type.String(), { description: 'the customer groups it is in (cgr_…), set by staff' }),
  default_address: Nullable(CustomerAddress),
  addresses: Type.Array(CustomerAddress),
  ...metadataFields,
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Customer' });

export const CustomerWithToken = Type.Object({
  ...Customer.properties,
  token: Type.String({ description: 'ctk_…: send as Authorization: Bearer with the Channel-Key' }),
  expires_at: Timestamp,
}, { title: 'CustomerWithToken' });

/** Checked by emails.ts checkEmail, which names the failure (`invalid_format`) for whitespace and invisible characters alike. */
export const Email = Type.String({ minLength: 3, maxLength: 254, description: 'an address with one @; no whitespace, control or invisible characters' });
export const Password = Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: 256 });
const text = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));

export const AddressCreate = Type.Object({ ...addressFields, is_primary: Type.Optional(Type.Boolean()) });
export const AddressUpdate = AddressCreate;

const customerFields = {
  email: Email,
  first_name: text(255),
  last_name: text(255),
  is_newsletterable: Type.Optional(Type.Boolean()),
  locale: Type.Optional(Nullable(Type.String({ pattern: LOCALE_PATTERN, description: "the language mail to the customer is written in: fr, fr-CH; null: the store's" }))),
  is_active: Type.Optional(Type.Boolean({ description: 'staff only' })),
  notes: text(10_000),
  tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100, description: 'staff only' })),
  group_ids: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100, description: 'customer group ids (cgr_…): replaces its groups; staff only' })),
  password: Type.Optional(Password),
  ...metadataInput,
};

export const CustomerCreate = Type.Object({
  ...customerFields,
  addresses: Type.Optional(Type.Array(AddressCreate, { maxItems: 20 })),
});
export const CustomerUpdate = Type.Object({
  ...customerFields,
  current_password: Type.Optional(Type.String({ maxLength: 256, description: 'needed when a customer changes its own password or sign-in email' })),
});
export type CustomerCreateInput = Static<typeof CustomerCreate>;
export type CustomerUpdateInput = Static<typeof CustomerUpdate>;
export type AddressCreateInput = Static<typeof AddressCreate>;

export const VerificationSent = Type.Object({
  email: Type.String({ description: 'where the verification link was mailed; the token is only in the mail' }),
  expires_at: Timestamp,
}, { title: 'EmailVerificationSent' });
export const VerificationSentEnvelope = DataEnvelope(VerificationSent);
export const VerifyEmail = Type.Object({ token: Type.String({ maxLength: 256 }) });

export const PasswordResetCreate = Type.Object({ email: Type.String({ maxLength: 254 }) });
export const PasswordResetAccepted = DataEnvelope(Type.Object({
  email: Type.String({ description: 'the email as sent; a link goes to it only if it is an active customer\'s' }),
}, { title: 'PasswordResetRequested' }));
export const PasswordSet = Type.Object({
  token: Type.String({ maxLength: 256, description: 'cpr_…: from the reset link mailed by POST /v1/customers/password_reset' }),
  password: Type.String({ maxLength: 256 }),
});

export const TokenCreate = Type.Object({ email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 256 }) });

export const CustomerListQuery = Type.Object({
  ...PageQuery,
  email: Type.Optional(Type.String({ maxLength: 254 })),
  q: Type.Optional(Type.String({ maxLength: 200, description: 'words (at most 5), each the start of the email, the first name or the last name; case-insensitive' })),
  group_id: Type.Optional(Type.String({ maxLength: 64, description: 'members of this customer group (cgr_…) only' })),
  ...metadataQuery,
});
export const AddressListQuery = Type.Object(PageQuery);
export const AddressParams = Type.Object({ id: Type.String({ maxLength: 64 }), addressId: Type.String({ maxLength: 64 }) });

export const CustomerEnvelope = DataEnvelope(Customer);
export const CustomerList = ListEnvelope(Customer);
export const CustomerTokenEnvelope = DataEnvelope(CustomerWithToken);
export const AddressEnvelope = DataEnvelope(CustomerAddress);
export const AddressList = ListEnvelope(CustomerAddress);
