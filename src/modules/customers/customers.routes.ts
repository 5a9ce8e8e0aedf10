import { accepted, created, IdParams, noContent, ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import * as addresses from './customer-addresses.service.js';
import { signIn, signOut } from './customer-tokens.service.js';
import type { Config } from '../../config.js';
import { redeemVerification, sendVerification } from './customer-verification.service.js';
import {
  AddressCreate, AddressEnvelope, AddressList, AddressListQuery, AddressParams, AddressUpdate, CustomerCreate, CustomerEnvelope, CustomerList,
  CustomerListQuery, CustomerTokenEnvelope, CustomerUpdate, PasswordResetAccepted, PasswordResetCreate, PasswordSet, TokenCreate,
  VerificationSentEnvelope, VerifyEmail,
} from './customers.schemas.js';
import * as customers from './customers.service.js';
import { requestPasswordReset, resetPassword } from './password-reset.service.js';

const tags = ['Customers'];
const storefront = { access: 'storefront' as const };
/** Signing in is through a sales channel: an admin key may not. */
const channel = { access: 'channel' as const };
const customer = { access: 'customer' as const };
/** Only a signed-in customer has a token to revoke. */
const signedIn = { access: 'signed-in' as const };

/** The customer routes; `links` says where the links of account mails point. */
export const customersRoutes = (links: Pick<Config, 'shopUrl'>) => async (app: App): Promise<void> => {
  app.get('/v1/customers', {
    config: { action: 'customer.read' },
    schema: { tags, summary: 'List customers', querystring: CustomerListQuery, response: ok(CustomerList) },
  }, async (request) => customers.listCustomers(request.ctx, { email: request.query.email, q: request.query.q, metadata: request.query.metadata, group_id: request.query.group_id }, pageRequest(request.query), request.url));

  app.post('/v1/customers', {
    config: { ...storefront, action: 'customer.create' },
    schema: {
      tags,
      summary: 'Create a customer (admin key), or sign one up (channel key, with a password)',
      body: CustomerCreate,
      response: created(CustomerEnvelope),
    },
  }, async (request, reply) => reply.code(201).send({ data: await customers.createCustomer(request.ctx, request.body) }));

  app.post('/v1/customers/token', {
    config: { ...channel, action: 'account.sign_in' },
    schema: { tags, summary: 'Sign a customer in: the customer and a token for 30 days', body: TokenCreate, response: ok(CustomerTokenEnvelope) },
  }, async (request) => ({ data: await signIn(request.ctx, request.body, request.ip) }));

  app.delete('/v1/customers/token', {
    config: { ...signedIn, action: 'account.sign_out' },
    schema: { tags, summary: 'Revoke the customer token the request carries', response: noContent },
  }, async (request, reply) => {
    await signOut(request.ctx);
    app.credentials.forget();
    return reply.code(204).send(null);
  });

  app.post('/v1/customers/verify', {
    config: { ...channel, action: 'account.verify' },
    schema: {
      tags,
      summary: "Prove a customer's email with a verification token: the customer, verified, with the guest orders of that email joined",
      body: VerifyEmail,
      response: ok(CustomerEnvelope),
    },
  }, async (request) => ({ data: await redeemVerification(request.ctx, request.body.token) }));

  app.post('/v1/customers/:id/verification', {
    config: { ...customer, action: 'customer.update' },
    schema: {
      tags,
      summary: "Mail the customer a link proving its email, valid 48 hours (staff, or the customer itself); the token is only in the mail",
      params: IdParams,
      response: accepted(VerificationSentEnvelope),
    },
  }, async (request, reply) => reply.code(202).send({ data: await sendVerification(request.ctx, links, request.params.id) }));

  app.post('/v1/customers/password_reset', {
    config: { ...channel, action: 'account.reset_password' },
    schema: {
      tags,
      summary: 'Mail a one-hour password reset link to the customer with this email; always 202, whether or not there is one',
      body: PasswordResetCreate,
      response: accepted(PasswordResetAccepted),
    },
  }, async (request, reply) => {
    await requestPasswordReset(request.ctx, links, request.body.email, request.ip);
    return reply.code(202).send({ data: { email: request.body.email } });
  });

  app.post('/v1/customers/password', {
    config: { ...channel, action: 'account.change_password' },
    schema: {
      tags,
      summary: "Set a customer's password with the token of a reset link: the link is used up and every session of the customer ends",
      body: PasswordSet,
      response: ok(CustomerEnvelope),
    },
  }, async (request) => {
    const data = await resetPassword(request.ctx, request.body);
    // The customer's tokens are revoked: this process must not keep accepting them.
    app.credentials.forget();
    return { data };
  });

  app.get('/v1/customers/:id', {
    config: { ...customer, action: 'customer.read' },
    schema: { tags, summary: 'Get a customer (a signed-in customer: itself)', params: IdParams, response: ok(CustomerEnvelope) },
  }, async (request) => ({ data: await customers.getCustomer(request.ctx, request.params.id) }));

  app.post('/v1/customers/:id', {
    config: { ...customer, action: 'customer.update' },
    schema: { tags, summary: 'Update a customer (email required)', params: IdParams, body: CustomerUpdate, response: ok(CustomerEnvelope) },
  }, async (request) => {
    const data = await customers.updateCustomer(request.ctx, request.params.id, request.body);
    // Deactivating and a new password revoked tokens of the customer; this process must not keep accepting them.
    if (request.body.is_active === false || request.body.password !== undefined) app.credentials.forget();
    return { data };
  });

  app.delete('/v1/customers/:id', {
    config: { action: 'customer.delete' },
    schema: { tags, summary: 'Delete a customer with its addresses', params: IdParams, response: noContent },
  }, async (request, reply) => {
    await customers.deleteCustomer(request.ctx, request.params.id);
    app.credentials.forget();
    return reply.code(204).send(null);
  });

  app.get('/v1/customers/:id/addresses', {
    config: { ...customer, action: 'customer.read' },
    schema: { tags, summary: "List a customer's addresses", params: IdParams, querystring: AddressListQuery, response: ok(AddressList) },
  }, async (request) => addresses.listAddresses(request.ctx, request.params.id, pageRequest(request.query), request.url));

  app.post('/v1/customers/:id/addresses', {
    config: { ...customer, action: 'customer.update' },
    schema: { tags, summary: 'Add an address', params: IdParams, body: AddressCreate, response: created(AddressEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await addresses.createAddress(request.ctx, request.params.id, request.body) }));

  app.get('/v1/customers/:id/addresses/:addressId', {
    config: { ...customer, action: 'customer.read' },
    schema: { tags, summary: 'Get an address', params: AddressParams, response: ok(AddressEnvelope) },
  }, async (request) => ({ data: await addresses.getAddress(request.ctx, request.params.id, request.params.addressId) }));

  app.post('/v1/customers/:id/addresses/:addressId', {
    config: { ...customer, action: 'customer.update' },
    schema: { tags, summary: 'Update an address', params: AddressParams, body: AddressUpdate, response: ok(AddressEnvelope) },
  }, async (request) => ({ data: await addresses.updateAddress(request.ctx, request.params.id, request.params.addressId, request.body) }));

  app.delete('/v1/customers/:id/addresses/:addressId', {
    config: { ...customer, action: 'customer.update' },
    schema: { tags, summary: 'Delete an address', params: AddressParams, response: noContent },
  }, async (request, reply) => {
    await addresses.deleteAddress(request.ctx, request.params.id, request.params.addressId);
    return reply.code(204).send(null);
  });
};
