import { Type, type Static } from 'typebox';
import { DataEnvelope } from '../../http/common-schemas.js';

const LocalDate = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

export const SalesQuery = Type.Object({
  since: Type.Optional(LocalDate("the first day, YYYY-MM-DD in the store's time zone; default 29 days before until")),
  until: Type.Optional(LocalDate("the last day (inclusive), YYYY-MM-DD in the store's time zone; default today")),
});
export type SalesQueryInput = Static<typeof SalesQuery>;

const Sales = {
  gross_sales: Type.Integer({ description: 'sum of total_price of the orders placed (taxes and shipping in, discounts out), in minor units' }),
  refunds: Type.Integer({ description: 'refunds made, whenever their orders were placed, in minor units' }),
  total_sales: Type.Integer({ description: 'gross_sales less refunds: what the shop kept, in minor units (below 0 on a day that refunded more than it sold)' }),
  order_count: Type.Integer({ description: 'orders placed' }),
};

export const TopProduct = Type.Object({
  product_id: Type.String(),
  name: Type.String({ description: 'the product name on its latest order item' }),
  units_sold: Type.Integer({ description: 'units on the orders placed in the period' }),
  total_sales: Type.Integer({ description: "what its items cost on the orders placed in the period, less its share of the period's refunds" }),
}, { title: 'TopProduct' });

export const TopCustomer = Type.Object({
  customer_id: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  order_count: Type.Integer({ description: 'orders placed in the period' }),
  total_sales: Type.Integer({ description: "total_price of the orders placed in the period, less the period's refunds of the customer's orders" }),
}, { title: 'TopCustomer' });

export const SalesDay = Type.Object({ date: Type.String({ description: "YYYY-MM-DD in the store's time zone" }), ...Sales }, { title: 'SalesDay' });

export const SalesReport = Type.Object({
  object: Type.Literal('sales_report'),
  since: Type.String(),
  until: Type.String(),
  timezone: Type.String({ description: "the store's time zone, in which days begin and end" }),
  currency: Type.String({ description: "the store's currency: orders placed in a market's currency count converted back at the exchange rate each kept (those that kept none are left out)" }),
  ...Sales,
  days: Type.Array(SalesDay, { description: 'one a day from since to until, days without orders included' }),
  top_products: Type.Array(TopProduct, { description: 'up to 5 products with the highest total_sales in the period, those at 0 or below left out' }),
  top_customers: Type.Array(TopCustomer, { description: 'up to 5 customers with the highest total_sales in the period (guest orders left out), those at 0 or below left out' }),
}, { title: 'SalesReport' });

export const SalesReportEnvelope = DataEnvelope(SalesReport);
