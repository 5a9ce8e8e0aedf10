import type { Executor } from '../../db/database.js';
import type { OrderCommentRow } from '../../db/types.js';

export async function insertComment(db: Executor, row: OrderCommentRow): Promise<void> {
  await db.insertInto('order_comments').values(row).execute();
}

/** A page of an order's comments, newest first, and how many it has. */
export async function findComments(db: Executor, orderId: string, limit: number, offset: number): Promise<{ rows: OrderCommentRow[]; total: number }> {
  const rows = await db.selectFrom('order_comments').selectAll().where('order_id', '=', orderId)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
  const { count } = await db.selectFrom('order_comments').select((eb) => eb.fn.countAll<string | number>().as('count')).where('order_id', '=', orderId).executeTakeFirstOrThrow();
  return { rows, total: Number(count) };
}
