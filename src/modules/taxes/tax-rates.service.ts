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
  /** Basis points with up to two decimals: 1900 is 19 %, 887.5 is 8.875 %. */
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
    rate: row.rate_ppm / 100,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const placeKey = (country: string, state: string) => `${country}|${state}`;

/** Every rate by its place (basis points), kept as the store's other checkout settings are (kept-setting.ts). */
const ratesByPlace = new KeptSetting(async (db) => new Map((await repo.findAllRates(db)).map((r) => [placeKey(r.country_code, r.state_code), r.rate_ppm / 100])));

/**
 * The tax rate of a destination in basis points, with up to two decimals (887.5): its state's rate
 * when the state has one, else its country's, else 0. Takes the database or an open transaction
 * (checkout reads it while placing).
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

/**
 * A rate in basis points as stored, in millionths (887.5 → 88750); adds a `too_precise` error when it
 * has more than two decimals, since rounding it would tax at a rate staff did not enter.
 */
function storedRate(errors: FieldErrors, basisPoints: number): number {
  const ppm = Math.round(basisPoints * 100);
  // A decimal such as 887.51 is not exact in binary: allow for that, not for a third decimal.
  if (Math.abs(basisPoints * 100 - ppm) > 1e-6) {
    errors.add('rate', 'too_precise', 'has at most two decimals of a basis point (887.5 is 8.875 %)');
  }
  return ppm;
}

function cleanName(name: string | null | undefined): string | null {
  return name == null || name.trim() === '' ? null : name.trim();
}

/**
 * Creates the tax rate of a country (no `state_code`) or of one of its states.
 * @throws Problem validation_failed for an unknown country, a state that is not a subdivision of it,
 * a rate with more than two decimals of a basis point (`too_precise`), or a place that already has a rate (code `taken`, on `state_code`, or on `country_code` for a
 * whole-country rate).
 */
export async function createTaxRate(ctx: Ctx, input: Static<typeof TaxRateCreate>): Promise<TaxRateView> {
  const { country, state } = normalisePlace(input.country_code, input.state_code);
  const errors = new FieldErrors();
  checkPlace(errors, country, state);
  const ratePpm = storedRate(errors, input.rate);
  errors.throwIfAny();

  const now = ctx.now();
  const row: TaxRateRow = {
    id: newId('txr'),
    country_code: country,
    state_code: state,
    name: cleanName(input.name),
    rate_ppm: ratePpm,
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
    const ratePpm = input.rate === undefined ? current.rate_ppm : storedRate(errors, input.rate);
    errors.throwIfAny();
    const holder = await repo.findTaxRateAt(tx, country, state);
    // A concurrent write that takes the place after this read fails on the unique constraint (409).
    if (holder && holder.id !== id) throw takenProblem(state);

    const changes: Partial<TaxRateRow> = { country_code: country, state_code: state, updated_at: ctx.now() };
    if (input.name !== undefined) changes.name = cleanName(input.name);
    if (input.rate !== undefined) changes.rate_ppm = ratePpm;
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
