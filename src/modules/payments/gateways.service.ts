import type { Static } from 'typebox';
import { announceChange } from '../../db/change-feed.js';
import type { Executor } from '../../db/database.js';
import type { GatewayRow } from '../../db/types.js';
import { isStorefront, type Ctx } from '../../lib/context.js';
import { boolFlag } from '../../lib/flags.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem, type FieldError } from '../../lib/problem.js';
import { ProviderSilent, type GatewayDriver } from './drivers/driver.js';
import { allDrivers, driverFor, driverNames } from './drivers/registry.js';
import type { GatewayCreate, GatewayDriver as GatewayDriverSchema, GatewayUpdate } from './gateways.schemas.js';
import * as repo from './gateways.repo.js';

export { findGateway } from './gateways.repo.js';

/** What a secret setting that is set shows as; sent back on update, it keeps the stored value. */
export const SECRET_MASK = '********';

/**
 * Who an answer is for: staff see every gateway, its settings and which secrets are set; buyers see
 * enabled ones with only the settings a storefront needs (the driver's storefrontSettings).
 */
export type GatewayAudience = 'admin' | 'storefront';

export interface GatewayView {
  id: string;
  object: 'gateway';
  name: string;
  display_name: string | null;
  source: string;
  driver: string;
  is_enabled: boolean;
  settings: Record<string, unknown>;
  methods: string[];
  created_at: number;
  updated_at: number;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The settings as stored, secrets included: what a driver call takes. */
export function gatewaySettings(row: GatewayRow): Record<string, unknown> {
  const parsed: unknown = JSON.parse(row.settings);
  return isPlainObject(parsed) ? parsed : {};
}

function isSecret(driver: GatewayDriver | undefined, name: string): boolean {
  // A driver no longer known cannot say which settings are secret: treat them all as secret.
  return driver === undefined || driver.secretSettings.includes(name);
}

function isForStorefront(driver: GatewayDriver | undefined, name: string): boolean {
  return driver !== undefined && driver.storefrontSettings.includes(name) && !isSecret(driver, name);
}

/**
 * The gateway as the wire shows it. Secrets never leave: for staff a secret that is set shows as
 * SECRET_MASK (an empty one as it is, so they can tell it is missing). The storefront sees only the
 * settings its driver gives buyers: where the server calls the provider, how it captures and the
 * like are staff's business.
 */
export function gatewayView(row: GatewayRow, audience: GatewayAudience): GatewayView {
  const driver = driverFor(row.driver);
  const stored = gatewaySettings(row);
  const settings: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(stored)) {
    if (audience === 'storefront') {
      if (isForStorefront(driver, name)) settings[name] = value;
    } else {
      settings[name] = !isSecret(driver, name) || value === null || value === '' ? value : SECRET_MASK;
    }
  }
  return {
    id: row.id,
    object: 'gateway',
    name: row.name,
    display_name: row.display_name,
    source: row.source,
    driver: row.driver,
    is_enabled: row.is_enabled === 1,
    settings,
    methods: driver ? driver.methods(stored) : [],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function audienceOf(ctx: Ctx): GatewayAudience {
  return isStorefront(ctx) ? 'storefront' : 'admin';
}

/**
 * The drivers a gateway may have, each with the settings it takes and which are secrets, for a form
 * to ask for them (`GET /v1/gateway_drivers`).
 */
export function listGatewayDrivers(page: PageRequest, url: string): Page<Static<typeof GatewayDriverSchema>> {
  const drivers = allDrivers().map((driver) => ({
    object: 'gateway_driver' as const,
    name: driver.name,
    description: driver.description,
    methods: driver.methods({}),
    settings: driver.settings.map((setting) => ({
      name: setting.name,
      kind: setting.kind,
      options: setting.options ? [...setting.options] : null,
      secret: driver.secretSettings.includes(setting.name),
      description: setting.description,
    })),
    takes_webhooks: driver.readWebhook !== undefined,
  }));
  const offset = offsetOf(page);
  return toPage(drivers.slice(offset, offset + page.perPage), page, drivers.length, url);
}

/** Gateways in creation order; the storefront sees only enabled ones. */
export async function listGateways(ctx: Ctx, page: PageRequest, url: string): Promise<Page<GatewayView>> {
  const audience = audienceOf(ctx);
  const filter = { enabledOnly: audience === 'storefront' };
  const [rows, total] = await Promise.all([
    repo.listGateways(ctx.db, filter, offsetOf(page), page.perPage),
    repo.countGateways(ctx.db, filter),
  ]);
  return toPage(rows.map((row) => gatewayView(row, audience)), page, total, url);
}

async function findOrFail(db: Executor, id: string, audience: GatewayAudience): Promise<GatewayRow> {
  const row = await repo.findGateway(db, id);
  // A disabled gateway does not exist for buyers.
  if (!row || (audience === 'storefront' && row.is_enabled !== 1)) throw Problem.notFound('gateway', id);
  return row;
}

/** @throws Problem not_found, also for a disabled gateway asked for by the storefront. */
export async function getGateway(ctx: Ctx, id: string): Promise<GatewayView> {
  const audience = audienceOf(ctx);
  return gatewayView(await findOrFail(ctx.db, id, audience), audience);
}

// Field checks beyond the schema. The request may have failed its schema already (`named` holds the
// fields it named, so they are not checked again): every member is looked at with its type in doubt.

function checkName(errors: FieldErrors, named: Set<string>, name: unknown): void {
  if (!named.has('name') && typeof name === 'string' && name.trim() === '') errors.add('name', 'blank', 'must not be blank');
}

async function checkSource(db: Executor, errors: FieldErrors, named: Set<string>, source: unknown, exceptId?: string): Promise<void> {
  if (named.has('source') || typeof source !== 'string') return;
  if (await repo.isSourceTaken(db, source, exceptId)) errors.add('source', 'taken', 'is already the source of another gateway');
}

/** The driver's own verdict on the settings, each error named `settings[name]`. */
function checkSettings(errors: FieldErrors, driver: GatewayDriver, settings: Record<string, unknown>): void {
  for (const [name, message] of Object.entries(driver.checkSettings(settings))) errors.add(`settings[${name}]`, 'invalid_value', message);
}

/**
 * The provider's verdict on credentials new to it (a gateway created, a secret or the address it goes
 * to changed), asked outside any database transaction, before anything is stored; each refusal named
 * `settings[name]`. A provider that does not answer refuses nothing: the settings are saved unchecked
 * (logged), as a shop set up while the provider is unreachable must still be able to save them.
 */
async function verifySettings(
  ctx: Ctx, errors: FieldErrors, driver: GatewayDriver, settings: Record<string, unknown>, stored?: Record<string, unknown>,
): Promise<void> {
  if (!driver.verifySettings || errors.list.length > 0) return;
  // What the provider judges: the secrets it is sent and the address they go to.
  const destination = driver.secretDestination;
  const watched = destination ? [...destination.secrets, ...destination.settings] : driver.secretSettings;
  if (stored && watched.every((name) => stored[name] === settings[name])) return;
  try {
    for (const [name, message] of Object.entries(await driver.verifySettings(settings))) errors.add(`settings[${name}]`, 'invalid_value', message);
  } catch (error) {
    if (!(error instanceof ProviderSilent)) throw error;
    ctx.log.warn({ driver: driver.name, reason: error.message }, 'gateway settings saved without the provider checking them');
  }
}

/**
 * The settings to store: `sent` merged over `stored`. A member sent as null is removed; a secret sent
 * as SECRET_MASK (as a read showed it) keeps its stored value, and is an error when none is stored.
 */
function mergeSettings(
  errors: FieldErrors, driver: GatewayDriver, stored: Record<string, unknown>, sent: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...stored };
  for (const [name, value] of Object.entries(sent)) {
    if (value === null) {
      delete merged[name];
    } else if (value === SECRET_MASK && isSecret(driver, name)) {
      if (stored[name] === undefined || stored[name] === null) errors.add(`settings[${name}]`, 'invalid_value', 'is the mask of a secret that is not set; send the secret itself');
    } else {
      merged[name] = value;
    }
  }
  return merged;
}

/**
 * A write that moves where the driver sends its secrets must send each stored one again, itself
 * (not SECRET_MASK): a secret is sent only to the host it was saved for (DESIGN.md §10), so staff who
 * cannot read it cannot redirect it to a host of their choosing either.
 */
function checkSecretsResent(
  errors: FieldErrors, driver: GatewayDriver, stored: Record<string, unknown>, merged: Record<string, unknown>, sent: Record<string, unknown>,
): void {
  const destination = driver.secretDestination;
  if (!destination || destination.originOf(stored) === destination.originOf(merged)) return;
  const where = destination.settings.join(', ');
  for (const name of destination.secrets) {
    // Nothing stored goes nowhere; a secret removed (null) is the driver's checks' to judge.
    if (stored[name] === undefined || stored[name] === null || sent[name] === null) continue;
    if (sent[name] === undefined || sent[name] === SECRET_MASK) {
      errors.add(`settings[${name}]`, 'required', `must be sent again: changing the API address (${where}) asks for the secret again, so a secret is only ever sent to the host it was saved for`);
    }
  }
}

/**
 * Creates a gateway. Settings are checked by its driver; secrets among them are stored as sent and
 * never shown again. Records no event (DESIGN.md §7 has none for gateways).
 * @param schemaErrors the request's schema errors, reported together with these checks.
 * @throws Problem validation_failed for a blank name, an unknown driver, settings the driver refuses
 * (each as `settings[name]`), or a source already taken.
 */
export async function createGateway(ctx: Ctx, input: Static<typeof GatewayCreate>, schemaErrors: FieldError[] = []): Promise<GatewayView> {
  const errors = new FieldErrors();
  errors.list.push(...schemaErrors);
  const named = new Set(schemaErrors.map((e) => e.field));
  const body = input as Record<string, unknown>;
  checkName(errors, named, body.name);
  const driver = typeof body.driver === 'string' ? driverFor(body.driver) : undefined;
  if (!named.has('driver') && typeof body.driver === 'string' && !driver) {
    errors.add('driver', 'invalid_value', `must be one of: ${driverNames.join(', ')}`);
  }
  let settings: Record<string, unknown> = {};
  // Settings left out are none: a driver that requires some says so.
  if (driver && !named.has('settings') && (body.settings === undefined || isPlainObject(body.settings))) {
    settings = mergeSettings(errors, driver, {}, body.settings ?? {});
    checkSettings(errors, driver, settings);
    await verifySettings(ctx, errors, driver, settings);
  }

  const gateway = await ctx.db.transaction().execute(async (tx) => {
    await checkSource(tx, errors, named, body.source);
    errors.throwIfAny();
    const now = ctx.now();
    const row: GatewayRow = {
      id: newId('gtw'),
      name: input.name.trim(),
      display_name: input.display_name ?? null,
      source: input.source,
      driver: input.driver,
      is_enabled: boolFlag(input.is_enabled ?? true),
      settings: JSON.stringify(settings),
      created_at: now,
      updated_at: now,
    };
    // A concurrent create of the same source still fails on the unique index: 409 conflict.
    await repo.insertGateway(tx, row);
    await announceChange(tx);
    return gatewayView(row, 'admin');
  });
  repo.forgetEnabledGateways(ctx.db);
  return gateway;
}

/**
 * Changes a gateway: members left out keep their value; settings sent are merged over the stored
 * ones (see mergeSettings) and the result is checked by the driver. Records no event.
 * @param schemaErrors the request's schema errors, reported together with these checks.
 * @throws Problem not_found; validation_failed for a blank name, another driver (it cannot change:
 * the gateway's transactions belong to it), settings the driver refuses, a change of the address
 * secrets are sent to without those secrets sent again (`settings[secret_key]`, see
 * checkSecretsResent), or a source already taken.
 */
export async function updateGateway(
  ctx: Ctx, id: string, input: Static<typeof GatewayUpdate>, schemaErrors: FieldError[] = [],
): Promise<GatewayView> {
  await verifyUpdate(ctx, id, input, schemaErrors);
  const gateway = await ctx.db.transaction().execute(async (tx) => {
    const current = await findOrFail(tx, id, 'admin');
    const errors = new FieldErrors();
    errors.list.push(...schemaErrors);
    const named = new Set(schemaErrors.map((e) => e.field));
    const body = input as Record<string, unknown>;
    checkName(errors, named, body.name);
    if (!named.has('driver') && body.driver !== undefined && body.driver !== current.driver) {
      errors.add('driver', 'immutable', `cannot change (it is ${current.driver}); create another gateway instead`);
    }
    const driver = driverFor(current.driver);
    let settings: Record<string, unknown> | undefined;
    if (!named.has('settings') && isPlainObject(body.settings)) {
      if (!driver) {
        errors.add('settings', 'invalid_value', `cannot change: the driver ${current.driver} is no longer available`);
      } else {
        const stored = gatewaySettings(current);
        settings = mergeSettings(errors, driver, stored, body.settings);
        checkSettings(errors, driver, settings);
        checkSecretsResent(errors, driver, stored, settings, body.settings);
      }
    }
    if (body.source !== current.source) await checkSource(tx, errors, named, body.source, id);
    errors.throwIfAny();

    const changes: Partial<GatewayRow> = { updated_at: ctx.now() };
    if (input.name !== undefined) changes.name = input.name.trim();
    if (input.display_name !== undefined) changes.display_name = input.display_name;
    if (input.source !== undefined) changes.source = input.source;
    if (input.is_enabled !== undefined) changes.is_enabled = boolFlag(input.is_enabled);
    if (settings !== undefined) changes.settings = JSON.stringify(settings);
    await repo.updateGateway(tx, id, changes);
    await announceChange(tx);
    return gatewayView({ ...current, ...changes }, 'admin');
  });
  repo.forgetEnabledGateways(ctx.db);
  return gateway;
}

/**
 * Before an update's transaction: the provider's verdict on the settings it would store, when they carry
 * credentials new to it, so that a refused key is a 422 and no provider is called with rows locked.
 * (The transaction checks the settings again against the row as it then is.)
 */
async function verifyUpdate(ctx: Ctx, id: string, input: Static<typeof GatewayUpdate>, schemaErrors: FieldError[]): Promise<void> {
  const body = input as Record<string, unknown>;
  if (schemaErrors.some((e) => e.field === 'settings') || !isPlainObject(body.settings)) return;
  const current = await findOrFail(ctx.db, id, 'admin');
  const driver = driverFor(current.driver);
  if (!driver?.verifySettings) return;
  const errors = new FieldErrors();
  const stored = gatewaySettings(current);
  const settings = mergeSettings(errors, driver, stored, body.settings);
  checkSettings(errors, driver, settings);
  checkSecretsResent(errors, driver, stored, settings, body.settings);
  // Refusals of the settings' form are reported, with the rest, by the transaction's checks.
  if (errors.list.length > 0) return;
  await verifySettings(ctx, errors, driver, settings, stored);
  errors.throwIfAny();
}

/**
 * Deletes a gateway. Orders that used it keep their `gateway_id` (not a foreign key) and their own
 * copy of its name in `gateway`.
 * @throws Problem not_found.
 */
export async function deleteGateway(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    await findOrFail(tx, id, 'admin');
    await repo.deleteGateway(tx, id);
    await announceChange(tx);
  });
  repo.forgetEnabledGateways(ctx.db);
}
