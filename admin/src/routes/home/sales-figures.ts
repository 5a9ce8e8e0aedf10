import type { SalesDay } from 'storefront/client';

export interface Figure {
  label: string;
  /** What the shop kept: sales less the refunds made in the days. */
  total: number;
  refunds: number;
  orders: number;
}

/** Today, the last 7 and the last 30 days, net of refunds, summed from the report's days (the last day is today). */
export function salesFigures(days: readonly SalesDay[]): Figure[] {
  const figure = (label: string, count: number): Figure => {
    const last = days.slice(-count);
    const sum = (field: 'total_sales' | 'refunds' | 'order_count') => last.reduce((total, day) => total + day[field], 0);
    return { label, total: sum('total_sales'), refunds: sum('refunds'), orders: sum('order_count') };
  };
  return [figure('Today', 1), figure('Last 7 days', 7), figure('Last 30 days', 30)];
}

const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A report date (YYYY-MM-DD, already the store's day) as a short label: `Nov 24`. */
export function formatDay(date: string): string {
  return dayLabel.format(new Date(`${date}T00:00:00Z`));
}
