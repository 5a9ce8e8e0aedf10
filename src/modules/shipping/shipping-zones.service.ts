import type { Static } from 'typebox';
import { announceChange } from '../../db/change-feed.js';
import { KeptSetting } from '../../db/kept-setting.js';
import type { Executor } from '../../db/database.js';
import type { ShippingRateRow, ShippingZoneRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { subdivisionsOf } from '../geo/countries.js';
import { baseLocale } from '../translations/translate.js';
import { mergeTranslations, parseTranslations, translationsView, type Translations } from '../translations/translations.js';
import type { RateView } from './shipping-rates.js';
import type { RateInput, ShippingZoneCreate, ShippingZoneUpdate } from './shipping-zones.schemas.js';
import * as repo from './shipping-zones.repo.js';

export interface ZoneState {
  country_code: string;
  code: string;
}

export interface ZoneView {
  id: string;
  object: 'shipping_zone';
  name: string;
  countries: string[];
  states: ZoneState[];
  rates: RateView[];
  created_at: number;
  updated_at: number;
}

export function rateView(row: ShippingRateRow): RateView {
  return {
    id: row.id,
    object: 'shipping_zone_rate',
    name: row.name,
    kind: row.kind,
    from: row.from,
    to: row.to,
    price: row.price,
    zone_id: row.zone_id,
    ...translationsView(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A zone with its rates; `rates` are the zone's own, in position order. */
export function zoneView(row: ShippingZoneRow, rates: ShippingRateRow[]): ZoneView {
  return {
    id: row.id,
    object: 'shipping_zone',
    name: row.name,
    countries: JSON.parse(row.countries) as string[],
    states: JSON.parse(row.states) as ZoneState[],
    rates: rates.map(rateView),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Gives each zone its rates; `rates` come by zone, then position, and grouping keeps that order. */
function withRates(zones: ShippingZoneRow[], rates: ShippingRateRow[]): ZoneView[] {
  const byZone = new Map<string, ShippingRateRow[]>();
  for (const rate of rates) {
    const list = byZone.get(rate.zone_id) ?? [];
    list.push(rate);
    byZone.set(rate.zone_id, list);
  }
  return zones.map((zone) => zoneView(zone, byZone.get(zone.id) ?? []));
}

/** A page of zones, in creation order, each with its rates. */
export async function listShippingZones(ctx: Ctx, page: PageRequest, url: string): Promise<Page<ZoneView>> {
  const [rows, total] = await Promise.all([repo.listZones(ctx.db, offsetOf(page), page.perPage), repo.countZones(ctx.db)]);
  const rates = await repo.listRates(ctx.db, rows.map((r) => r.id));
  return toPage(withRates(rows, rates), page, total, url);
}

/**
 * Every zone with its rates, in creation order: what checkout passes to `applicableRates`. Two queries
 * whatever the number of zones. Takes the database or an open transaction.
 */
export function listZonesWithRates(db: Executor): Promise<ZoneView[]> {
  return zonesWithRates.get(db);
}

/** Kept for a second: every checkout step prices shipping. Writes below forget them once committed. */
const zonesWithRates = new KeptSetting(async (db) => {
  const [zones, rates] = await Promise.all([repo.listAllZones(db), repo.listRates(db)]);
  return withRates(zones, rates);
});

/** The ISO codes of the countries at least one zone covers (in part, when it lists some of their states). */
export async function shippingCountryCodes(db: Executor): Promise<Set<string>> {
  const lists = await repo.listZoneCountries(db);
  return new Set(lists.flatMap((list) => JSON.parse(list) as string[]));
}

/** @throws Problem not_found. */
export async function getShippingZone(ctx: Ctx, id: string): Promise<ZoneView> {
  const row = await repo.findZone(ctx.db, id);
  if (!row) throw Problem.notFound('shipping zone', id);
  return zoneView(row, await repo.listRates(ctx.db, [id]));
}

type ZoneInput = Static<typeof ShippingZoneUpdate>;
type RateInputValue = Static<typeof RateInput>;

/** A rate that passed the checks: `id` is set when it keeps the id of one of the zone's rates. */
interface CheckedRate {
  id: string | undefined;
  name: string;
  kind: RateInputValue['kind'];
  from: number;
  to: number | null;
  price: number;
  translations: Translations;
}

interface CheckedZone {
  name?: string;
  countries: string[];
  states: ZoneState[];
  rates?: CheckedRate[];
}

/** What an update is checked against: the zone as stored. */
interface CurrentZone {
  countries: string[];
  states: ZoneState[];
  /** The translations of each of its rates, by id. */
  rates: Map<string, string>;
}

/**
 * Checks a create or update payload against the rules the schema cannot state, and normalises it
 * (trimmed names, upper-case codes, repeats dropped). On update, members left out come from `current`,
 * and stored states of a country the zone no longer covers are dropped: they narrowed nothing left.
 * @throws Problem validation_failed naming each invalid member (`countries[1]`, `states[0][code]`,
 * `rates[2][to]`, …).
 */
function checkZone(input: ZoneInput, current: CurrentZone | undefined, storeLocale: string): CheckedZone {
  const errors = new FieldErrors();
  const name = input.name?.trim();
  if (name === '') errors.add('name', 'blank', 'must not be blank');

  let countries = current?.countries ?? [];
  if (input.countries) {
    countries = [];
    input.countries.forEach((sent, i) => {
      const code = sent.trim().toUpperCase();
      if (!subdivisionsOf(code)) errors.add(`countries[${i}]`, 'invalid_value', 'is not an ISO 3166-1 alpha-2 country code');
      else if (!countries.includes(code)) countries.push(code);
    });
  }

  let states = (current?.states ?? []).filter((s) => countries.includes(s.country_code));
  if (input.states) {
    states = [];
    input.states.forEach((sent, i) => {
      const country = sent.country_code.trim().toUpperCase();
      const code = sent.code.trim().toUpperCase();
      if (!countries.includes(country)) {
        errors.add(`states[${i}][country_code]`, 'not_in_zone', 'must be one of the zone countries');
      } else if (!subdivisionsOf(country)!.some((s) => s.code === code)) {
        errors.add(`states[${i}][code]`, 'invalid_value', `is not a subdivision of ${country} (see GET /v1/countries/${country}/states)`);
      } else if (!states.some((s) => s.country_code === country && s.code === code)) {
        states.push({ country_code: country, code });
      }
    });
  }

  const rates = input.rates?.map((sent, i) => checkRate(errors, sent, `rates[${i}]`, current?.rates, storeLocale));
  const kept = new Set<string>();
  input.rates?.forEach((sent, i) => {
    if (sent.id === undefined) return;
    if (kept.has(sent.id)) errors.add(`rates[${i}][id]`, 'duplicate', 'names a rate already listed');
    kept.add(sent.id);
  });
  errors.throwIfAny();
  return { ...(name === undefined ? {} : { name }), countries, states, ...(rates ? { rates } : {}) };
}

/** A rate sent with the id of a stored one merges its translations into that one's. */
function checkRate(errors: FieldErrors, sent: RateInputValue, prefix: string, stored: Map<string, string> | undefined, storeLocale: string): CheckedRate {
  const name = sent.name.trim();
  if (name === '') errors.add(`${prefix}[name]`, 'blank', 'must not be blank');
  const from = sent.from ?? 0;
  const to = sent.to ?? null;
  if (to !== null && to <= from) errors.add(`${prefix}[to]`, 'out_of_range', `must be above from (${from}), or null for no upper bound`);
  if (sent.id !== undefined && !stored?.has(sent.id)) errors.add(`${prefix}[id]`, 'not_found', 'names no rate of this zone');
  const current = parseTranslations((sent.id === undefined ? undefined : stored?.get(sent.id)) ?? '{}');
  const translations = mergeTranslations('shipping_rate', current, sent.translations ?? {}, storeLocale, errors, `${prefix}[translations]`);
  return { id: sent.id, name, kind: sent.kind, from, to, price: sent.price, translations };
}

function rateRow(zoneId: string, rate: CheckedRate, position: number, now: number): ShippingRateRow {
  return {
    id: rate.id ?? newId('shr'),
    zone_id: zoneId,
    name: rate.name,
    kind: rate.kind,
    from: rate.from,
    to: rate.to,
    price: rate.price,
    position,
    translations: JSON.stringify(rate.translations),
    created_at: now,
    updated_at: now,
  };
}

/**
 * Creates a zone with its rates, in one transaction.
 * @throws Problem validation_failed for a blank name, an unknown country, a state that is not a
 * subdivision of one of the zone countries, or a rate whose `to` is not above its `from`.
 */
export async function createShippingZone(ctx: Ctx, input: Static<typeof ShippingZoneCreate>): Promise<ZoneView> {
  const checked = checkZone(input, undefined, await baseLocale(ctx.db));
  const zone = await ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const row: ShippingZoneRow = {
      id: newId('shz'),
      name: checked.name!,
      countries: JSON.stringify(checked.countries),
      states: JSON.stringify(checked.states),
      created_at: now,
      updated_at: now,
    };
    const rates = (checked.rates ?? []).map((rate, position) => rateRow(row.id, rate, position, now));
    await repo.insertZone(tx, row);
    await repo.insertRates(tx, rates);
    await announceChange(tx);
    return zoneView(row, rates);
  });
  zonesWithRates.forget(ctx.db);
  return zone;
}

/** True when saving `next` over `current` would change what the rate says (or where it stands). */
function rateChanged(current: ShippingRateRow, next: ShippingRateRow): boolean {
  return current.name !== next.name || current.kind !== next.kind || current.from !== next.from
    || current.to !== next.to || current.price !== next.price || current.position !== next.position || current.translations !== next.translations;
}

/**
 * Changes a zone; members left out keep their value. A `rates` list replaces the zone's rates: a rate
 * sent with the `id` of one of them keeps that id (and its `created_at`), the others are deleted and
 * the rest created. Changing `countries` drops the stored states of countries no longer listed. All in
 * one transaction.
 * @throws Problem not_found; validation_failed as for create, and for a rate `id` that names no rate
 * of this zone or is listed twice.
 */
export async function updateShippingZone(ctx: Ctx, id: string, input: Static<typeof ShippingZoneUpdate>): Promise<ZoneView> {
  const zone = await ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    // Write first: on PostgreSQL this locks the zone row, so two updates of one zone's rates cannot
    // interleave their reads and writes; on SQLite it takes the write lock before anything is read.
    if (!(await repo.updateZone(tx, id, { updated_at: now }))) throw Problem.notFound('shipping zone', id);
    const row = (await repo.findZone(tx, id))!;
    const currentRates = await repo.listRates(tx, [id]);
    const current = zoneView(row, []);
    const checked = checkZone(input, {
      countries: current.countries,
      states: current.states,
      rates: new Map(currentRates.map((r) => [r.id, r.translations])),
    }, await baseLocale(tx));

    const changes = {
      ...(checked.name === undefined ? {} : { name: checked.name }),
      countries: JSON.stringify(checked.countries),
      states: JSON.stringify(checked.states),
      updated_at: now,
    };
    await repo.updateZone(tx, id, changes);

    let rates = currentRates;
    if (checked.rates) {
      const byId = new Map(currentRates.map((r) => [r.id, r]));
      const created: ShippingRateRow[] = [];
      const changed: ShippingRateRow[] = [];
      rates = checked.rates.map((rate, position) => {
        const next = rateRow(id, rate, position, now);
        const stored = rate.id === undefined ? undefined : byId.get(rate.id);
        if (!stored) {
          created.push(next);
          return next;
        }
        if (!rateChanged(stored, next)) return stored;
        const saved = { ...next, created_at: stored.created_at };
        changed.push(saved);
        return saved;
      });
      await repo.deleteRatesExcept(tx, id, checked.rates.flatMap((r) => (r.id === undefined ? [] : [r.id])));
      for (const { id: rateId, zone_id: _zone, created_at: _created, ...rest } of changed) await repo.updateRate(tx, rateId, rest);
      await repo.insertRates(tx, created);
    }
    await announceChange(tx);
    return zoneView({ ...row, ...changes }, rates);
  });
  zonesWithRates.forget(ctx.db);
  return zone;
}

/**
 * Deletes a zone and its rates (orders keep their own copy of the rate they chose).
 * @throws Problem not_found.
 */
export async function deleteShippingZone(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    if (!(await repo.deleteZone(tx, id))) throw Problem.notFound('shipping zone', id);
    await announceChange(tx);
  });
  zonesWithRates.forget(ctx.db);
}
