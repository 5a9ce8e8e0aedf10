import { Type, type Static } from 'typebox';
import { DataEnvelope } from '../../http/common-schemas.js';

const LocalDate = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

export const SalesQuery = Type.Object({
  since: Type.Optional(LocalDate("the first day, YYYY-MM-DD in the store's time zone; default 29 days before until")),
  until: Type.Optional(LocalDate("the last day (inclusive), YYYY-MM-DD in the store's time zone; default today")),
});
export type SalesQueryInput = Static<typeof SalesQuery>;

const Sales = {
  total_sales: Type.Integer({ description: 'sum of total_price of the orders placed, in minor units' }),
  order_count: Type.Integer({ description: 'orders placed' }),
};

export const SalesDay = Type.Object({ date: Type.String({ description: "YYYY-MM-DD in the store's time zone" }), ...Sales }, { title: 'SalesDay' });

export const SalesReport = Type.Object({
  object: Type.Literal('sales_report'),
  since: Type.String(),
  until: Type.String(),
  timezone: Type.String({ description: "the store's time zone, in which days begin and end" }),
  currency: Type.String({ description: "the store's currency; orders placed in another one are left out" }),
  ...Sales,
  days: Type.Array(SalesDay, { description: 'one a day from since to until, days without orders included' }),
}, { title: 'SalesReport' });

export const SalesReportEnvelope = DataEnvelope(SalesReport);
