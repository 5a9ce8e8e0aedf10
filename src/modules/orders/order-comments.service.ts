import type { OrderCommentRow } from '../../db/types.js';
import { staffOf, type Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { Problem } from '../../lib/problem.js';
import { findComments, insertComment } from './order-comments.repo.js';
import type { OrderCommentView } from './orders.schemas.js';
import { findVisibleOrder } from './orders.service.js';

function commentView(row: OrderCommentRow): OrderCommentView {
  return {
    id: row.id,
    object: 'order_comment',
    order_id: row.order_id,
    body: row.body,
    author: row.author_type === 'system' ? null : { type: row.author_type, id: row.author_id ?? '', name: row.author_name },
    created_at: row.created_at,
  };
}

/** An order's comments, newest first: staff's (every admin credential reads them); buyers never see them. */
export async function listComments(ctx: Ctx, orderId: string, page: PageRequest, url: string): Promise<Page<OrderCommentView>> {
  await findVisibleOrder(ctx, ctx.db, orderId);
  const { rows, total } = await findComments(ctx.db, orderId, page.perPage, offsetOf(page));
  return toPage(rows.map(commentView), page, total, url);
}

/**
 * Adds a comment to an order's timeline, signed by the credential that wrote it (the key's name as it
 * is now, kept: renaming or deleting the key later leaves the comment as written).
 * @throws Problem not_found; validation_failed for a blank body.
 */
export async function addComment(ctx: Ctx, orderId: string, body: string): Promise<OrderCommentView> {
  await findVisibleOrder(ctx, ctx.db, orderId);
  if (body.trim() === '') throw Problem.invalid([{ field: 'body', code: 'blank', message: 'must not be blank' }]);
  const staff = staffOf(ctx);
  const row: OrderCommentRow = {
    id: newId('ocm'),
    order_id: orderId,
    body: body.trim(),
    author_type: staff?.type ?? 'system',
    author_id: staff?.id ?? null,
    author_name: staff?.name ?? null,
    created_at: ctx.now(),
  };
  await insertComment(ctx.db, row);
  return commentView(row);
}
