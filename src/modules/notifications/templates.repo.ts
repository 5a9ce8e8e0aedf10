import type { Executor } from '../../db/database.js';
import type { NotificationTemplateRow } from '../../db/types.js';

export function findTemplate(db: Executor, kind: string): Promise<NotificationTemplateRow | undefined> {
  return db.selectFrom('notification_templates').selectAll().where('kind', '=', kind).executeTakeFirst();
}

/** Writes a kind's template whole (the first save inserts it). */
export async function saveTemplate(db: Executor, row: NotificationTemplateRow): Promise<void> {
  await db
    .insertInto('notification_templates')
    .values(row)
    .onConflict((oc) => oc.column('kind').doUpdateSet({ subject: row.subject, html: row.html, text: row.text, is_enabled: row.is_enabled, updated_at: row.updated_at }))
    .execute();
}
