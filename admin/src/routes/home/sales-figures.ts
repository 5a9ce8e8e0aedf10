import type { SalesDay } from 'storefront/client';

export interface Figure {
  label: string;
  total: number;
  orders: number;
}

/** Today, the last 7 and the last 30 days, summed from the report's days (the last day is today). */
export function salesFigures(days: readonly SalesDay[]): Figure[] {
  const sum = (label: string, count: number): Figure => {
    const last = days.slice(-count);
    return { label, total: last.reduce((total, day) => total + day.total_sales, 0), orders: last.reduce((orders, day) => orders + day.order_count, 0) };
  };
  return [sum('Today', 1), sum('Last 7 days', 7), sum('Last 30 days', 30)];
}

const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A report date (YYYY-MM-DD, already the store's day) as a short label: `Nov 24`. */
export function formatDay(date: string): string {
  return dayLabel.format(new Date(`${date}T00:00:00Z`));
}
