import type { Db } from '../../db/database.js';
import type { AuditEntryRow } from '../../db/types.js';
import type { Ctx, StaffRef } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import * as repo from './audit.repo.js';

/** How long entries are kept (DESIGN.md §10: a year). */
export const AUDIT_RETENTION_DAYS = 365;

/** Entries deleted per statement: a year of a busy store's log never holds the database for long. */
const PRUNE_BATCH = 5_000;

export interface AuditEntryView {
  id: string;
  object: 'audit_entry';
  actor: StaffRef;
  action: string;
  method: string;
  path: string;
  object_id: string | null;
  status: number;
  ip: string | null;
  created_at: number;
}

function auditEntryView(row: AuditEntryRow): AuditEntryView {
  return {
    id: row.id,
    object: 'audit_entry',
    actor: { type: row.actor_type, id: row.actor_id, name: row.actor_name },
    action: row.action,
    method: row.method,
    path: row.path,
    object_id: row.object_id,
    status: row.status,
    ip: row.ip,
    created_at: row.created_at,
  };
}

/** What one staff write leaves in the log. */
export interface AuditedWrite {
  actor: StaffRef;
  action: string;
  method: string;
  path: string;
  objectId: string | null;
  status: number;
  ip: string | null;
}

/** Writes one entry, outside any transaction: the write it tells of has already been answered. */
export async function recordAuditEntry(db: Db, write: AuditedWrite, now: number): Promise<void> {
  await repo.insertAuditEntry(db, {
    id: newId('aud'),
    actor_type: write.actor.type,
    actor_id: write.actor.id,
    actor_name: write.actor.name,
    action: write.action,
    method: write.method,
    path: write.path,
    object_id: write.objectId,
    status: write.status,
    ip: write.ip,
    created_at: now,
  });
}

/** A page of the log, newest first, under the filters given. */
export async function listAuditEntries(ctx: Ctx, filter: repo.AuditFilter, page: PageRequest, url: string): Promise<Page<AuditEntryView>> {
  const [rows, total] = await Promise.all([
    repo.listAuditEntries(ctx.db, filter, offsetOf(page), page.perPage),
    repo.countAuditEntries(ctx.db, filter),
  ]);
  return toPage(rows.map(auditEntryView), page, total, url);
}

/**
 * Deletes the entries older than the retention as of `now` (Unix seconds), a batch at a time, yielding
 * to other work between batches; returns how many went.
 */
export async function pruneAuditEntries(db: Db, now: number): Promise<number> {
  const cutoff = now - AUDIT_RETENTION_DAYS * 24 * 60 * 60;
  let total = 0;
  for (;;) {
    const deleted = await repo.deleteAuditEntriesBefore(db, cutoff, PRUNE_BATCH);
    total += deleted;
    if (deleted < PRUNE_BATCH) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
