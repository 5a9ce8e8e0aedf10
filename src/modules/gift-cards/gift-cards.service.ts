import type { Executor } from '../../db/database.js';
import type { GiftCardMovementRow, GiftCardRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { findCustomer } from '../customers/customers.repo.js';
import { recordEvent } from '../events/record-event.js';
import { isCurrencyCode } from '../markets/money.js';
import { findStore } from '../store/stores.repo.js';
import { generateGiftCardCode, giftCardCodeHash, lastFourOf, normalizeGiftCardCode } from './gift-card-codes.js';
import { admitBalanceCheck, forgiveBalanceCheck } from './balance-throttle.js';
import * as repo from './gift-cards.repo.js';
import type { GiftCardBalanceView, GiftCardCreateInput, GiftCardListFilter, GiftCardUpdateInput, GiftCardView } from './gift-cards.schemas.js';

/** A card as the API shows it: `code` only when given (the answer that creates it), `movements` on single reads. */
export function giftCardView(row: GiftCardRow, extra: { code?: string; movements?: GiftCardMovementRow[] } = {}): GiftCardView {
  return {
    id: row.id,
    object: 'gift_card',
    ...(extra.code !== undefined ? { code: extra.code } : {}),
    last_four: row.last_four,
    initial_value: row.initial_value,
    balance: row.balance,
    currency: row.currency,
    customer_id: row.customer_id,
    expires_at: row.expires_at,
    is_enabled: row.is_enabled === 1,
    note: row.note,
    ...(extra.movements !== undefined
      ? { movements: extra.movements.map((m) => ({ id: m.id, kind: m.kind, amount: m.amount, order_id: m.order_id, created_at: m.created_at })) }
      : {}),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function checkCustomer(db: Executor, customerId: string | null | undefined, errors: FieldErrors): Promise<void> {
  if (customerId && !(await findCustomer(db, customerId))) errors.add('customer_id', 'not_found', 'names no customer');
}

function checkExpiry(expiresAt: number | null | undefined, now: number, errors: FieldErrors): void {
  if (expiresAt !== undefined && expiresAt !== null && expiresAt <= now) errors.add('expires_at', 'invalid_value', 'must be in the future');
}

function takenProblem(): Problem {
  return Problem.invalid([{ field: 'code', code: 'taken', message: 'is already the code of another gift card (codes compare without case, spaces or dashes)' }]);
}

async function findOrFail(db: Executor, id: string): Promise<GiftCardRow> {
  const row = await repo.findGiftCard(db, id);
  if (!row) throw Problem.notFound('gift card', id);
  return row;
}

/** Cards by creation, filtered by whole code, customer, currency and whether they are enabled. */
export async function listGiftCards(ctx: Ctx, filter: GiftCardListFilter, page: PageRequest, url: string): Promise<Page<GiftCardView>> {
  const [rows, total] = await Promise.all([
    repo.listGiftCards(ctx.db, filter, offsetOf(page), page.perPage),
    repo.countGiftCards(ctx.db, filter),
  ]);
  return toPage(rows.map((row) => giftCardView(row)), page, total, url);
}

/** A card with its history. @throws Problem not_found. */
export async function getGiftCard(ctx: Ctx, id: string): Promise<GiftCardView> {
  const row = await findOrFail(ctx.db, id);
  return giftCardView(row, { movements: await repo.listMovements(ctx.db, id) });
}

/**
 * What is left on the card of a whole code, for a buyer (the shop's balance page). Each client may
 * miss a limited number of codes (balance-throttle.ts), so codes cannot be found by guessing.
 * @throws Problem not_found when the code names no card (the same whatever the reason); rate_limited.
 */
export async function checkGiftCardBalance(ctx: Ctx, code: string, client: string): Promise<GiftCardBalanceView> {
  await admitBalanceCheck(ctx.db, client, ctx.now());
  const card = await repo.findGiftCardByCode(ctx.db, code);
  if (!card) throw new Problem('not_found', 'No gift card has this code');
  await forgiveBalanceCheck(ctx.db, client);
  return { last_four: card.last_four, balance: card.balance, currency: card.currency, expires_at: card.expires_at, is_enabled: card.is_enabled === 1 };
}

/**
 * Issues a card with its whole value as balance, records its `issue` movement and gift_card.created.
 * The answer carries the whole code; no later read does.
 * @throws Problem validation_failed: an unknown currency or customer, an expiry not in the future, a
 * code already taken (code `taken`) or shorter than 8 characters once spaces and dashes are left out.
 */
export async function createGiftCard(ctx: Ctx, input: GiftCardCreateInput): Promise<GiftCardView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const errors = new FieldErrors();
    const code = input.code === undefined ? generateGiftCardCode() : input.code.trim();
    if (normalizeGiftCardCode(code).length < 8) errors.add('code', 'invalid_value', 'must have at least 8 letters or digits');
    const currency = input.currency === undefined ? (await findStore(tx))?.currency ?? 'USD' : input.currency.toUpperCase();
    if (!isCurrencyCode(currency)) errors.add('currency', 'invalid_value', 'is not an ISO 4217 currency code');
    await checkCustomer(tx, input.customer_id, errors);
    checkExpiry(input.expires_at, now, errors);
    errors.throwIfAny();
    const row: GiftCardRow = {
      id: newId('gft'),
      code_hash: giftCardCodeHash(code),
      last_four: lastFourOf(code),
      initial_value: input.initial_value,
      balance: input.initial_value,
      currency,
      customer_id: input.customer_id ?? null,
      expires_at: input.expires_at ?? null,
      is_enabled: 1,
      note: input.note ?? null,
      order_item_id: null,
      order_item_unit: null,
      created_at: now,
      updated_at: now,
    };
    if (!(await repo.insertGiftCard(tx, row))) throw takenProblem();
    const movement: GiftCardMovementRow = { id: newId('gfm'), gift_card_id: row.id, kind: 'issue', amount: row.initial_value, order_id: null, created_at: now };
    await repo.insertMovement(tx, movement);
    await recordEvent(tx, now, 'gift_card.created', giftCardView(row));
    return giftCardView(row, { code, movements: [movement] });
  });
}

/**
 * Changes a card's customer, expiry, note or whether it is enabled; members left out keep their
 * value. The balance moves only through orders. Records gift_card.updated.
 * @throws Problem not_found; validation_failed: an unknown customer, an expiry not in the future.
 */
export async function updateGiftCard(ctx: Ctx, id: string, input: GiftCardUpdateInput): Promise<GiftCardView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    await findOrFail(tx, id);
    const errors = new FieldErrors();
    await checkCustomer(tx, input.customer_id, errors);
    checkExpiry(input.expires_at, now, errors);
    errors.throwIfAny();
    const changes: Partial<GiftCardRow> = { updated_at: now };
    if (input.customer_id !== undefined) changes.customer_id = input.customer_id;
    if (input.expires_at !== undefined) changes.expires_at = input.expires_at;
    if (input.note !== undefined) changes.note = input.note;
    if (input.is_enabled !== undefined) changes.is_enabled = input.is_enabled ? 1 : 0;
    return saveChanges(tx, id, changes, now);
  });
}

/**
 * Disables a card: it pays for nothing from now on (a placement in flight that already took from it
 * keeps what it took). Disabling a disabled card changes nothing. Records gift_card.updated.
 * @throws Problem not_found.
 */
export async function disableGiftCard(ctx: Ctx, id: string): Promise<GiftCardView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const current = await findOrFail(tx, id);
    if (current.is_enabled === 0) return giftCardView(current, { movements: await repo.listMovements(tx, id) });
    return saveChanges(tx, id, { is_enabled: 0, updated_at: now }, now);
  });
}

async function saveChanges(tx: Executor, id: string, changes: Partial<GiftCardRow>, now: number): Promise<GiftCardView> {
  await repo.updateGiftCard(tx, id, changes);
  // Read back rather than merge: the balance may have moved since this transaction read the card.
  const row = await findOrFail(tx, id);
  await recordEvent(tx, now, 'gift_card.updated', giftCardView(row));
  return giftCardView(row, { movements: await repo.listMovements(tx, id) });
}
