import type { EventRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { Problem } from '../../lib/problem.js';
import * as repo from './events.repo.js';

export interface EventView {
  id: string;
  object: 'event';
  kind: string;
  data: { object: Record<string, unknown> };
  pending_webhooks: number;
  created_at: number;
  updated_at: number;
}

export function eventView(row: EventRow): EventView {
  return {
    id: row.id,
    object: 'event',
    kind: row.kind,
    data: JSON.parse(row.data) as EventView['data'],
    pending_webhooks: row.pending_webhooks,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listEvents(ctx: Ctx, filter: repo.EventFilter, page: PageRequest, url: string): Promise<Page<EventView>> {
  const [rows, total] = await Promise.all([
    repo.listEvents(ctx.db, filter, offsetOf(page), page.perPage),
    repo.countEvents(ctx.db, filter),
  ]);
  return toPage(rows.map(eventView), page, total, url);
}

export async function getEvent(ctx: Ctx, id: string): Promise<EventView> {
  const row = await repo.findEvent(ctx.db, id);
  if (!row) throw Problem.notFound('event', id);
  return eventView(row);
}
