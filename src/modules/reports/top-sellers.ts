import type { Static } from 'typebox';
import type { Ctx } from '../../lib/context.js';
import { groupBy } from '../../lib/group-by.js';
import { customerSales, findCustomerNames, findRefundedItems, findRefunds, productSales, type Refund, type RefundedItem } from './reports.repo.js';
import type { TopCustomer, TopProduct } from './reports.schemas.js';
import { shareAmount } from './refund-shares.js';
import { inStoreCurrency } from './store-currency.js';

/** How many products and customers a report ranks. */
export const TOP_COUNT = 5;

export interface Period {
  /** The store's currency, which the sales are counted in. */
  currency: string;
  /** Unix seconds, the first moment of the first day. */
  from: number;
  /** Unix seconds, the first moment after the last day. */
  to: number;
}

/**
 * The products and customers with the most sales in the period, net of the period's refunds (made on
 * orders placed in it or before), those that kept nothing left out. A refund of a return is shared
 * among the returned units; any other refund among the order's items in proportion to what each cost,
 * its shipping's share going to no product.
 */
export async function topSellers(ctx: Ctx, period: Period): Promise<{ top_products: Array<Static<typeof TopProduct>>; top_customers: Array<Static<typeof TopCustomer>> }> {
  const { currency, from, to } = period;
  const counted = inStoreCurrency(currency);
  // Refunds and sales in the store's currency; those of orders that kept no rate are left out.
  const refunds = (await findRefunds(ctx.db, from, to)).flatMap((refund) => {
    const [amount, orderTotal] = [counted(refund.amount, refund), counted(refund.order_total, refund)];
    return amount === null || orderTotal === null ? [] : [{ ...refund, amount, order_total: orderTotal }];
  });
  const products = new Map<string, { product_id: string; name: string; units_sold: number; total_sales: number }>();
  for (const row of await productSales(ctx.db, from, to)) {
    const total = counted(row.total, row);
    if (total === null) continue;
    const product = products.get(row.product_id) ?? { product_id: row.product_id, name: row.name, units_sold: 0, total_sales: 0 };
    product.units_sold += row.units;
    product.total_sales += total;
    products.set(row.product_id, product);
  }
  for (const [productId, amount] of await refundsByProduct(ctx, refunds)) {
    const product = products.get(productId);
    if (product) product.total_sales -= amount;
  }
  const customers = new Map<string, { customer_id: string; order_count: number; total_sales: number }>();
  for (const row of await customerSales(ctx.db, from, to)) {
    const total = counted(row.total, row);
    if (total === null) continue;
    const customer = customers.get(row.customer_id) ?? { customer_id: row.customer_id, order_count: 0, total_sales: 0 };
    customer.order_count += row.count;
    customer.total_sales += total;
    customers.set(row.customer_id, customer);
  }
  for (const refund of refunds) {
    const customer = refund.customer_id === null ? undefined : customers.get(refund.customer_id);
    if (customer) customer.total_sales -= refund.amount;
  }
  const topCustomers = ranked([...customers.values()], 'customer_id');
  const names = new Map((await findCustomerNames(ctx.db, topCustomers.map((row) => row.customer_id))).map((row) => [row.id, row]));
  return {
    top_products: ranked([...products.values()], 'product_id'),
    top_customers: topCustomers.map((row) => {
      const known = names.get(row.customer_id);
      const name = [known?.first_name, known?.last_name].filter(Boolean).join(' ');
      return { customer_id: row.customer_id, name: name || null, email: known?.email ?? null, order_count: row.order_count, total_sales: row.total_sales };
    }),
  };
}

/** The first TOP_COUNT rows that kept sales, most first (ties by id, so the answer is stable). */
function ranked<T extends { total_sales: number }>(rows: T[], key: keyof T): T[] {
  return rows
    .filter((row) => row.total_sales > 0)
    .sort((a, b) => b.total_sales - a.total_sales || String(a[key]).localeCompare(String(b[key])))
    .slice(0, TOP_COUNT);
}

/** How much of the refunds each product bore. */
async function refundsByProduct(ctx: Ctx, refunds: Refund[]): Promise<Map<string, number>> {
  const items = await findRefundedItems(ctx.db, [...new Set(refunds.map((refund) => refund.order_id))], refunds.map((refund) => refund.id));
  const returned = groupBy(items.filter((item) => item.transaction_id !== null), 'transaction_id');
  const ordered = groupBy(items.filter((item) => item.transaction_id === null), 'order_id');
  const borne = new Map<string, number>();
  for (const refund of refunds) {
    const ofReturn = returned.get(refund.id);
    const parts: RefundedItem[] = ofReturn ?? ordered.get(refund.order_id) ?? [];
    const whole = ofReturn ? 0 : refund.order_total;
    for (const share of shareAmount(refund.amount, parts.map((item) => ({ key: item.product_id, weight: item.weight })), whole)) {
      borne.set(share.key, (borne.get(share.key) ?? 0) + share.amount);
    }
  }
  return borne;
}
