import type { Executor } from '../../db/database.js';
import type { CustomerRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { Problem } from '../../lib/problem.js';
import { findCustomer } from './customers.repo.js';

/**
 * The customer a caller may see: staff see every customer, a signed-in customer only itself (any
 * other id is 404, as if it did not exist).
 */
export async function findVisibleCustomer(ctx: Ctx, db: Executor, id: string): Promise<CustomerRow> {
  const actor = ctx.actor;
  const mayRead = actor.kind === 'admin' || (actor.kind === 'customer' && actor.customerId === id);
  const row = mayRead ? await findCustomer(db, id) : undefined;
  if (!row) throw Problem.notFound('customer', id);
  return row;
}
