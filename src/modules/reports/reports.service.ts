import type { Static } from 'typebox';
import type { Ctx } from '../../lib/context.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { findStore } from '../store/stores.repo.js';
import { refundsBySlot, salesBySlot, SLOT_SECONDS } from './reports.repo.js';
import { inStoreCurrency } from './store-currency.js';
import type { SalesDay as SalesDayView, SalesQueryInput, SalesReport as SalesReportView } from './reports.schemas.js';
import { topSellers, type Period } from './top-sellers.js';

const DAY_SECONDS = 86_400;
/** A year and a leap day: enough for any yearly comparison, bounded so a report stays one quick read. */
export const MAX_REPORT_DAYS = 366;
/** No local midnight is further than this from the UTC midnight of the same date (UTC−12 to UTC+14). */
const WIDEST_OFFSET = 14 * 3600;

type SalesDay = Static<typeof SalesDayView>;
type SalesReport = Static<typeof SalesReportView>;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The date (YYYY-MM-DD) a moment falls on in a time zone. */
function localDate(seconds: number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(new Date(seconds * 1000));
}

/** Seconds of the UTC midnight of a date, or NaN when it is no calendar date (2026-02-30). */
function utcMidnight(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date ? Number.NaN : ms / 1000;
}

const dateAt = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * Sales per day of the store's time zone, from `since` to `until` inclusive (default: the 30 days
 * ending today): the orders placed then, in the store's currency (those of other currencies converted
 * back at the rate each kept; those that kept none left out), canceled ones left out, less the
 * refunds made then (on the day of the refund, whenever the order was placed); and the products and
 * customers that sold most in the period, net of its refunds.
 * @throws Problem validation_failed for a date that does not exist, `since` after `until`, or more than 366 days.
 */
export async function salesReport(ctx: Ctx, query: SalesQueryInput): Promise<SalesReport> {
  const store = await findStore(ctx.db);
  if (!store) throw new Problem('not_found', 'The store has not been set up');
  const timezone = store.timezone;
  const until = query.until ?? localDate(ctx.now(), timezone);
  const last = utcMidnight(until);
  const first = query.since === undefined ? last - (30 - 1) * DAY_SECONDS : utcMidnight(query.since);
  const errors = new FieldErrors();
  if (query.since !== undefined && Number.isNaN(first)) errors.add('since', 'invalid_value', 'is not a calendar date');
  if (Number.isNaN(last)) errors.add('until', 'invalid_value', 'is not a calendar date');
  errors.throwIfAny();
  if (first > last) errors.add('since', 'invalid_value', 'is after until');
  else if ((last - first) / DAY_SECONDS + 1 > MAX_REPORT_DAYS) errors.add('since', 'invalid_value', `is more than ${MAX_REPORT_DAYS} days before until`);
  errors.throwIfAny();

  const days = new Map<string, SalesDay>();
  for (let day = first; day <= last; day += DAY_SECONDS) days.set(dateAt(day), { date: dateAt(day), gross_sales: 0, refunds: 0, total_sales: 0, order_count: 0 });
  // Read a little wider than the dates in UTC, then keep each quarter hour by its local date.
  const [from, to] = [first - WIDEST_OFFSET, last + DAY_SECONDS + WIDEST_OFFSET];
  const dayOf = (slot: number) => days.get(localDate(slot * SLOT_SECONDS, timezone));
  const counted = inStoreCurrency(store.currency);
  for (const slot of await salesBySlot(ctx.db, from, to)) {
    const day = dayOf(slot.slot);
    const total = counted(slot.total, slot);
    if (!day || total === null) continue;
    day.gross_sales += total;
    day.order_count += slot.count;
  }
  for (const slot of await refundsBySlot(ctx.db, from, to)) {
    const day = dayOf(slot.slot);
    const total = counted(slot.total, slot);
    if (day && total !== null) day.refunds += total;
  }
  const totals = { gross_sales: 0, refunds: 0, total_sales: 0, order_count: 0 };
  for (const day of days.values()) {
    day.total_sales = day.gross_sales - day.refunds;
    totals.gross_sales += day.gross_sales;
    totals.refunds += day.refunds;
    totals.total_sales += day.total_sales;
    totals.order_count += day.order_count;
  }
  const period: Period = { currency: store.currency, from: localMidnight(dateAt(first), timezone), to: localMidnight(dateAt(last + DAY_SECONDS), timezone) };
  return {
    object: 'sales_report', since: dateAt(first), until: dateAt(last), timezone, currency: store.currency, ...totals, days: [...days.values()], ...(await topSellers(ctx, period)),
  };
}

/** The first moment (Unix seconds) of a date in a time zone: the first quarter hour that falls on it. */
function localMidnight(date: string, timeZone: string): number {
  let moment = utcMidnight(date) - WIDEST_OFFSET;
  while (localDate(moment, timeZone) < date) moment += SLOT_SECONDS;
  return moment;
}
