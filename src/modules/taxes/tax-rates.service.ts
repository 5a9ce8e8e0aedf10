import type { Static } from 'typebox';
import { announceChange } from '../../db/change-feed.js';
import type { Executor } from '../../db/database.js';
import { KeptSetting } from '../../db/kept-setting.js';
import type { TaxRateRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { subdivisionsOf } from '../geo/countries.js';
import type { TaxRateCreate, TaxRateUpdate } from './tax-rates.schemas.js';
import * as repo from './tax-rates.repo.js';

export interface TaxRateView {
  id: string;
  object: 'tax_rate';
  country_code: string;
  /** Null for the whole country. */
  state_code: string | null;
  name: string | null;
  /** Basis points: 1900 is 19 %. */
  rate: number;
  created_at: number;
  updated_at: number;
}

export function taxRateView(row: TaxRateRow): TaxRateView {
  return {
    id: row.id,
    object: 'tax_rate',
    country_code: row.country_code,
    state_code: row.state_code === repo.WHOLE_COUNTRY ? null : row.state_code,
    name: row.name,
    rate: row.rate,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const placeKey = (country: string, state: string) => `${country}|${state}`;

/** Every rate by its place, kept as the store's other checkout settings are (kept-setting.ts). */
const ratesByPlace = new KeptSetting(async (db) => new Map((await repo.findAllRates(db)).map((r) => [placeKey(r.country_code, r.state_code), r.rate])));

/**
 * The tax rate of a destination in basis points: its state's rate when the state has one, else its
 * country's, else 0. Takes the database or an open transaction (checkout reads it while placing).
 */
export async function taxRateFor(db: Executor, countryCode: string, stateCode: string | null): Promise<number> {
  const country = countryCode.trim().toUpperCase();
  const state = stateCode === null || stateCode.trim() === '' ? null : stateCode.trim().toUpperCase();
  const rates = await ratesByPlace.get(db);
  return (state === null ? undefined : rates.get(placeKey(country, state))) ?? rates.get(placeKey(country, repo.WHOLE_COUNTRY)) ?? 0;
}

/** Every rate, by country, the country's own before its states'. */
export async function listTaxRates(ctx: Ctx, page: PageRequest, url: string): Promise<Page<TaxRateView>> {
  const [rows, total] = await Promise.all([repo.listTaxRates(ctx.db, offsetOf(page), page.perPage), repo.countTaxRates(ctx.db)]);
  return toPage(rows.map(taxRateView), page, total, url);
}

async function findOrFail(db: Executor, id: string): Promise<TaxRateRow> {
  const row = await repo.findTaxRate(db, id);
  if (!row) throw Problem.notFound('tax rate', id);
  return row;
}

/** @throws Problem not_found. */
export async function getTaxRate(ctx: Ctx, id: string): Promise<TaxRateView> {
  return taxRateView(await findOrFail(ctx.db, id));
}

/** Upper-case codes; a missing, null or empty state code is the whole country (`''` in the column). */
function normalisePlace(countryCode: string, stateCode: string | null | undefined): { country: string; state: string } {
  const state = stateCode == null ? repo.WHOLE_COUNTRY : stateCode.trim().toUpperCase();
  return { country: countryCode.trim().toUpperCase(), state };
}

/** Adds an error when the country is unknown or the state is not one of its subdivisions. */
function checkPlace(errors: FieldErrors, country: string, state: string): void {
  const subdivisions = subdivisionsOf(country);
  if (!subdivisions) {
    errors.add('country_code', 'invalid_value', 'is not an ISO 3166-1 alpha-2 country code');
  } else if (state !== repo.WHOLE_COUNTRY && !subdivisions.some((s) => s.code === state)) {
    errors.add('state_code', 'invalid_value', subdivisions.length === 0
      ? `${country} has no subdivisions: leave state_code out for the whole country`
      : `is not a subdivision of ${country} (see GET /v1/countries/${country}/states)`);
  }
}

function takenProblem(state: string): Problem {
  const field = state === repo.WHOLE_COUNTRY ? 'country_code' : 'state_code';
  const place = state === repo.WHOLE_COUNTRY ? 'this country' : 'this state';
  return Problem.invalid([{ field, code: 'taken', message: `already has a tax rate for ${place}: change that one instead` }]);
}

function cleanName(name: string | null | undefined): string | null {
  return name == null || name.trim() === '' ? null : name.trim();
}

/**
 * Creates the tax rate of a country (no `state_code`) or of one of its states.
 * @throws Problem validation_failed for an unknown country, a state that is not a subdivision of it,
 * or a place that already has a rate (code `taken`, on `state_code`, or on `country_code` for a
 * whole-country rate).
 */
export async function createTaxRate(ctx: Ctx, input: Static<typeof TaxRateCreate>): Promise<TaxRateView> {
  const { country, state } = normalisePlace(input.country_code, input.state_code);
  const errors = new FieldErrors();
  checkPlace(errors, country, state);
  errors.throwIfAny();

  const now = ctx.now();
  const row: TaxRateRow = {
    id: newId('txr'),
    country_code: country,
    state_code: state,
    name: cleanName(input.name),
    rate: input.rate,
    created_at: now,
    updated_at: now,
  };
  if (!(await repo.insertTaxRate(ctx.db, row))) throw takenProblem(state);
  await announceChange(ctx.db);
  ratesByPlace.forget(ctx.db);
  return taxRateView(row);
}

/**
 * Changes a tax rate; members left out keep their value (`state_code: null` makes it the whole
 * country's). The place that results is checked as on create.
 * @throws Problem not_found; validation_failed as for create.
 */
export async function updateTaxRate(ctx: Ctx, id: string, input: Static<typeof TaxRateUpdate>): Promise<TaxRateView> {
  const updated = await ctx.db.transaction().execute(async (tx) => {
    const current = await findOrFail(tx, id);
    const { country, state } = normalisePlace(
      input.country_code ?? current.country_code,
      input.state_code === undefined ? current.state_code : input.state_code,
    );
    const errors = new FieldErrors();
    checkPlace(errors, country, state);
    errors.throwIfAny();
    const holder = await repo.findTaxRateAt(tx, country, state);
    // A concurrent write that takes the place after this read fails on the unique constraint (409).
    if (holder && holder.id !== id) throw takenProblem(state);

    const changes: Partial<TaxRateRow> = { country_code: country, state_code: state, updated_at: ctx.now() };
    if (input.name !== undefined) changes.name = cleanName(input.name);
    if (input.rate !== undefined) changes.rate = input.rate;
    await repo.updateTaxRate(tx, id, changes);
    await announceChange(tx);
    return taxRateView({ ...current, ...changes });
  });
  ratesByPlace.forget(ctx.db);
  return updated;
}

/** @throws Problem not_found. */
export async function deleteTaxRate(ctx: Ctx, id: string): Promise<void> {
  if (!(await repo.deleteTaxRate(ctx.db, id))) throw Problem.notFound('tax rate', id);
  await announceChange(ctx.db);
  ratesByPlace.forget(ctx.db);
}
