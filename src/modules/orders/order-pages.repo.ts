import { sql, type SelectQueryBuilder } from 'kysely';
import { compiledQuery } from '../../db/compiled.js';
import { isSqlite, type Executor } from '../../db/database.js';
import type { CustomerAddressRow, CustomerGroupMemberRow, CustomerRow, Database, OrderItemRow, OrderRow, TransactionRow } from '../../db/types.js';
import { groupBy } from '../../lib/group-by.js';
import type { ReturnWithItems } from '../returns/returns.repo.js';
import { findOrdersHoldingTerms, pageHoldingTerms } from './orders.repo.js';

/** Every row the views of a page of orders are built from, read together (PostgreSQL). */
export interface OrderPageParts {
  items: OrderItemRow[];
  transactions: TransactionRow[];
  returns: ReturnWithItems[];
  customers: CustomerRow[];
  addresses: CustomerAddressRow[];
  /** Each customer's group ids, in id order. */
  groupIds: Map<string, string[]>;
}

/** A page of orders, newest first, with the parts of their views when they came with it (undefined: read them apart). */
export interface OrderPage {
  rows: OrderRow[];
  parts?: OrderPageParts;
}

type PageQuery = SelectQueryBuilder<Database, any, OrderRow>;

interface PartsRow {
  rows: OrderRow[];
  items: OrderItemRow[];
  transactions: TransactionRow[];
  returns: ReturnWithItems[];
  customers: CustomerRow[];
  addresses: CustomerAddressRow[];
  members: CustomerGroupMemberRow[];
}

/**
 * The page's orders and each kind of their children as JSON arrays, in one statement: one round trip
 * to PostgreSQL instead of one per kind, and one plan. The page is a CTE, so it is found once and
 * every kind reads the rows of its orders (or of their buyers) by their indexes, in the order the
 * views list them.
 */
function withParts(db: Executor, page: PageQuery) {
  return db.with('order_page', () => page).selectNoFrom([
    sql<OrderRow[]>`(select coalesce(json_agg(p order by p.id desc), '[]') from order_page p)`.as('rows'),
    sql<OrderItemRow[]>`(select coalesce(json_agg(i order by i.order_id, i.id), '[]') from order_items i where i.order_id in (select id from order_page))`.as('items'),
    sql<TransactionRow[]>`(select coalesce(json_agg(t order by t.order_id, t.id), '[]') from transactions t where t.order_id in (select id from order_page))`.as('transactions'),
    sql<ReturnWithItems[]>`(select coalesce(json_agg(json_build_object('row', r, 'items', (
        select coalesce(json_agg(ri order by ri.order_item_id), '[]') from return_items ri where ri.return_id = r.id
      )) order by r.order_id, r.id), '[]') from returns r where r.order_id in (select id from order_page))`.as('returns'),
    sql<CustomerRow[]>`(select coalesce(json_agg(c), '[]') from customers c where c.id in (select customer_id from order_page))`.as('customers'),
    sql<CustomerAddressRow[]>`(select coalesce(json_agg(a order by a.customer_id, a.id), '[]') from customer_addresses a where a.customer_id in (select customer_id from order_page))`.as('addresses'),
    sql<CustomerGroupMemberRow[]>`(select coalesce(json_agg(m order by m.customer_group_id), '[]') from customer_group_members m where m.customer_id in (select customer_id from order_page))`.as('members'),
  ]);
}

// Staff search orders by these on every keystroke: kept compiled, as the SQLite page of orders is.
const selectPageWithPartsHoldingTerms = compiledQuery((db, driving: string, others: string[], limit: number, offset: number) => (
  withParts(db, pageHoldingTerms(db, driving, others, limit, offset))));

function pageOf(row: PartsRow): OrderPage {
  const { rows, members, ...parts } = row;
  const groupIds = new Map([...groupBy(members, 'customer_id')].map(([customerId, held]) => [customerId, held.map((member) => member.customer_group_id)]));
  return { rows, parts: { ...parts, groupIds } };
}

/**
 * The page of orders `page` selects (all their columns, newest first). On PostgreSQL it comes with
 * every part of the orders' views in the same statement; on SQLite, where a statement is no round
 * trip, the views read their parts apart, each kind in one statement.
 */
export async function findOrderPage(db: Executor, page: PageQuery): Promise<OrderPage> {
  if (isSqlite(db)) return { rows: await page.execute() };
  return pageOf(await withParts(db, page).executeTakeFirstOrThrow() as PartsRow);
}

/** The page of the orders holding `driving` and each of `others`, among `ids` when given (orders.repo.ts), as findOrderPage reads it. */
export async function findOrderPageHoldingTerms(db: Executor, driving: string, others: string[], limit: number, offset: number, ids?: string[]): Promise<OrderPage> {
  if (isSqlite(db)) return { rows: await findOrdersHoldingTerms(db, driving, others, limit, offset, ids) };
  if (ids) return findOrderPage(db, pageHoldingTerms(db, driving, others, limit, offset, ids));
  return pageOf((await selectPageWithPartsHoldingTerms(db, driving, others, limit, offset)).rows[0] as PartsRow);
}
