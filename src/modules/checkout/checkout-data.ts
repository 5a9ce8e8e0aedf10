import type { Tx } from '../../db/database.js';
import type { CustomerRow, OrderRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { boolFlag } from '../../lib/flags.js';
import { FieldErrors } from '../../lib/problem.js';
import { newId } from '../../lib/ids.js';
import { NO_METADATA } from '../../lib/metadata.js';
import { recordEvent } from '../events/record-event.js';
import { checkAddress, type CheckedAddress } from '../customers/address-rules.js';
import { findCartCustomer } from '../carts/carts.repo.js';
import * as customers from '../customers/customers.repo.js';
import { customerView, fullName } from '../customers/customers.view.js';
import { checkEmail, emailKey, normalizedEmail } from '../customers/emails.js';
import { currencyOfCountry } from '../markets/market-pricing.js';
import type { OrderView } from '../orders/orders.schemas.js';
import type { CheckoutWriteInput } from './checkout.schemas.js';

function sent(structure: object | undefined): boolean {
  return structure !== undefined && Object.values(structure).some((value) => value !== undefined);
}

type BuyerInput = NonNullable<CheckoutWriteInput['customer']>;

/**
 * The customer an anonymous buyer's order belongs to, by the email sent: an account only once it has
 * proved it owns the email (`is_verified`; anyone may type anyone's email), a guest record (no
 * password) with that email, or a new guest (`customer.created`). With an unproven account's email
 * the order belongs to no customer: it keeps the email, and joins the account when it verifies.
 */
async function anonymousBuyer(ctx: Ctx, tx: Tx, input: BuyerInput, email: string, locale: string | null): Promise<string | null> {
  const key = emailKey(email);
  const now = ctx.now();
  const guest: CustomerRow = {
    id: newId('cus'),
    email,
    email_key: key,
    first_name: input.first_name ?? null,
    last_name: input.last_name ?? null,
    is_newsletterable: boolFlag(input.is_newsletterable === true),
    is_active: 1,
    is_verified: 0,
    notes: null,
    tags: '[]',
    password_hash: null,
    // A new guest is written to in the language they shopped in.
    locale,
    ...NO_METADATA,
    created_at: now,
    updated_at: now,
  };
  // Made unless the email is a customer's already: one statement for a new buyer, and no race between a look and an insert.
  if (await customers.insertCustomerUnlessEmailTaken(tx, guest)) {
    await recordEvent(tx, now, 'customer.created', await customerView(tx, guest, []));
    return guest.id;
  }
  const existing = (await customers.findCustomerByEmail(tx, key))!;
  return existing.password_hash === null || existing.is_verified === 1 ? existing.id : null;
}

/**
 * For staff, the customer the order's cart belongs to (attached by staff, or the signed-in customer
 * who made it); null for anyone else, and for a guest's cart.
 */
async function attachedCustomer(ctx: Ctx, tx: Tx, order: OrderRow): Promise<string | null> {
  return ctx.actor.kind === 'admin' && order.cart_id !== null ? findCartCustomer(tx, order.cart_id) : null;
}

/**
 * The checkout payload staff send for a customer's order (attachedCustomer), filled with that
 * customer's email and names while the order has no buyer yet and none is sent, so staff need not
 * type them again. Anyone else's payload is returned as it is.
 */
export async function withAttachedBuyer(ctx: Ctx, tx: Tx, order: OrderRow, input: CheckoutWriteInput): Promise<CheckoutWriteInput> {
  if (order.email !== null || sent(input.customer)) return input;
  const id = await attachedCustomer(ctx, tx, order);
  const customer = id === null ? undefined : await customers.findCustomer(tx, id);
  if (!customer) return input;
  const { email, first_name, last_name } = customer;
  return { ...input, customer: { email, first_name, last_name, is_newsletterable: customer.is_newsletterable === 1 } };
}

/**
 * The buyer (rule 1 of the spec: evaluated when any member of `customer` is sent). A signed-in
 * customer is the buyer, and so is the customer staff attached to the cart; otherwise anonymousBuyer
 * decides. The order keeps what was sent.
 */
async function applyBuyer(ctx: Ctx, tx: Tx, order: OrderRow, input: BuyerInput, errors: FieldErrors): Promise<Partial<OrderRow>> {
  checkEmail(input.email, 'customer[email]', errors);
  if (errors.list.length > 0) return {};
  const email = normalizedEmail(input.email!);
  return {
    customer_id: ctx.actor.kind === 'customer'
      ? ctx.actor.customerId
      : (await attachedCustomer(ctx, tx, order)) ?? await anonymousBuyer(ctx, tx, input, email, order.locale),
    email,
    email_key: emailKey(email),
    customer_first_name: input.first_name ?? null,
    customer_last_name: input.last_name ?? null,
    customer_is_newsletterable: boolFlag(input.is_newsletterable === true),
  };
}

/**
 * The checkout's `customer` for anyone but the order's customer signed in (and staff): the buyer as
 * sent with the checkout (email, names, newsletter consent), no id, nothing stored; null before any
 * buyer data was sent.
 */
export function buyerAsSent(order: OrderRow): BuyerView | null {
  if (order.email === null) return null;
  return {
    id: null,
    object: 'customer',
    name: fullName(order.customer_first_name, order.customer_last_name),
    first_name: order.customer_first_name,
    last_name: order.customer_last_name,
    email: order.email,
    is_newsletterable: order.customer_is_newsletterable === 1,
    is_active: true,
    is_verified: false,
    locale: order.locale,
    notes: null,
    tags: [],
    group_ids: [],
    default_address: null,
    addresses: [],
    metadata: {},
    created_at: order.created_at,
    updated_at: order.updated_at,
  };
}

/** A checkout's customer: the stored one, or the buyer as sent (no id). */
export type BuyerView = Omit<NonNullable<OrderView['customer']>, 'id'> & { id: string | null };

/**
 * An address of the checkout: a saved one (`id`) of `owner` (the signed-in customer, or for staff the
 * order's customer), or one checked as sent.
 */
async function resolveAddress(
  owner: string | null,
  tx: Tx,
  input: NonNullable<CheckoutWriteInput['shipping']>,
  prefix: 'shipping' | 'billing',
  errors: FieldErrors,
): Promise<CheckedAddress | undefined> {
  if (input.id !== undefined) {
    const saved = owner !== null ? await customers.findAddress(tx, owner, input.id) : undefined;
    if (!saved) {
      errors.add(`${prefix}[id]`, 'not_found', 'names no saved address of the customer checking out (signed in, or attached by staff)');
      return undefined;
    }
    const { id: _id, customer_id: _c, is_primary: _p, created_at: _ca, updated_at: _ua, ...address } = saved;
    return address;
  }
  const before = errors.list.length;
  for (const name of ['first_name', 'last_name'] as const) {
    if (!input[name]?.trim()) errors.add(`${prefix}[${name}]`, 'required', 'is required');
  }
  const address = checkAddress(input, prefix, errors);
  return errors.list.length > before ? undefined : address;
}

/**
 * Applies the checkout payload to an order, by the spec's rules: buyer data when any `customer`
 * member is sent; the shipping address when any `shipping` member is (never for an order that needs
 * no shipping); the billing address when `same_address` is false (or, for an order without
 * shipping, whenever billing is sent), else the shipping address serves as billing too.
 * Every invalid member is collected into `errors`; returns the columns to save.
 */
export async function applyCheckoutData(ctx: Ctx, tx: Tx, order: OrderRow, input: CheckoutWriteInput, errors: FieldErrors): Promise<Partial<OrderRow>> {
  const changes: Partial<OrderRow> = {};
  if (sent(input.customer)) Object.assign(changes, await applyBuyer(ctx, tx, order, input.customer!, errors));

  const actor = ctx.actor;
  const owner = actor.kind === 'customer' ? actor.customerId : actor.kind === 'admin' ? (changes.customer_id ?? order.customer_id) : null;
  const needsShipping = order.is_shipping_required === 1;
  if (sent(input.shipping)) {
    if (!needsShipping) {
      errors.add('shipping', 'not_allowed', 'this order needs no shipping: send billing with same_address false');
    } else {
      const address = await resolveAddress(owner, tx, input.shipping!, 'shipping', errors);
      // Shipping there would move the order to another market's currency mid-checkout.
      if (address && (await currencyOfCountry(tx, address.country_code)) !== order.currency) {
        errors.add('shipping[country_code]', 'currency_locked', `buys in another currency than this checkout's ${order.currency}: a cart keeps its currency; make a new cart in that country's market`);
      } else if (address) {
        changes.shipping_address = JSON.stringify(address);
      }
    }
  }

  const separateBilling = input.same_address === false || (!needsShipping && sent(input.billing));
  if (separateBilling) {
    const address = await resolveAddress(owner, tx, input.billing ?? {}, 'billing', errors);
    if (address) changes.billing_address = JSON.stringify(address);
    changes.same_address = 0;
  } else if (input.same_address === true || changes.shipping_address !== undefined) {
    const shipping = changes.shipping_address ?? order.shipping_address;
    if (order.same_address === 1 || input.same_address === true) {
      changes.same_address = 1;
      changes.billing_address = shipping;
    }
  }
  return changes;
}
