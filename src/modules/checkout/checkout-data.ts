import type { Tx } from '../../db/database.js';
import type { OrderRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { FieldErrors } from '../../lib/problem.js';
import { newId } from '../../lib/ids.js';
import { recordEvent } from '../events/record-event.js';
import { checkAddress, type CheckedAddress } from '../customers/address-rules.js';
import * as customers from '../customers/customers.repo.js';
import { emailKey } from '../customers/customers.service.js';
import { customerView } from '../customers/customers.view.js';
import type { CheckoutWriteInput } from './checkout.schemas.js';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function sent(structure: object | undefined): boolean {
  return structure !== undefined && Object.values(structure).some((value) => value !== undefined);
}

/**
 * The buyer (rule 1 of the spec: evaluated when any member of `customer` is sent). A signed-in
 * customer is the buyer; otherwise the customer with that email, or a new guest (no password).
 */
async function applyBuyer(ctx: Ctx, tx: Tx, input: NonNullable<CheckoutWriteInput['customer']>, errors: FieldErrors): Promise<Partial<OrderRow>> {
  const email = input.email?.trim() ?? '';
  if (email === '') errors.add('customer[email]', 'required', 'is required');
  else if (!EMAIL.test(email)) errors.add('customer[email]', 'invalid_format', 'must be an email address');
  if (errors.list.length > 0) return {};
  const now = ctx.now();
  let customerId: string;
  if (ctx.actor.kind === 'customer') {
    customerId = ctx.actor.customerId;
  } else {
    const existing = await customers.findCustomerByEmail(tx, emailKey(email));
    if (existing) {
      customerId = existing.id;
    } else {
      customerId = newId('cus');
      const guest = {
        id: customerId,
        email,
        email_key: emailKey(email),
        first_name: input.first_name ?? null,
        last_name: input.last_name ?? null,
        is_newsletterable: input.is_newsletterable ? (1 as const) : (0 as const),
        is_active: 1 as const,
        notes: null,
        tags: '[]',
        password_hash: null,
        created_at: now,
        updated_at: now,
      };
      await customers.insertCustomer(tx, guest);
      await recordEvent(tx, now, 'customer.created', await customerView(tx, guest));
    }
  }
  return { customer_id: customerId, email, customer_first_name: input.first_name ?? null, customer_last_name: input.last_name ?? null };
}

/** An address of the checkout: a saved one of the signed-in customer (`id`), or one checked as sent. */
async function resolveAddress(
  ctx: Ctx,
  tx: Tx,
  input: NonNullable<CheckoutWriteInput['shipping']>,
  prefix: 'shipping' | 'billing',
  errors: FieldErrors,
): Promise<CheckedAddress | undefined> {
  if (input.id !== undefined) {
    const saved = ctx.actor.kind === 'customer' ? await customers.findAddress(tx, ctx.actor.customerId, input.id) : undefined;
    if (!saved) {
      errors.add(`${prefix}[id]`, 'not_found', 'names no saved address of the signed-in customer');
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
  if (sent(input.customer)) Object.assign(changes, await applyBuyer(ctx, tx, input.customer!, errors));

  const needsShipping = order.is_shipping_required === 1;
  if (sent(input.shipping)) {
    if (!needsShipping) {
      errors.add('shipping', 'not_allowed', 'this order needs no shipping: send billing with same_address false');
    } else {
      const address = await resolveAddress(ctx, tx, input.shipping!, 'shipping', errors);
      if (address) changes.shipping_address = JSON.stringify(address);
    }
  }

  const separateBilling = input.same_address === false || (!needsShipping && sent(input.billing));
  if (separateBilling) {
    const address = await resolveAddress(ctx, tx, input.billing ?? {}, 'billing', errors);
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
