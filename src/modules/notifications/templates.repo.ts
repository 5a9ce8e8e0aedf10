import type { Executor } from '../../db/database.js';
import type { NotificationTemplateLocaleRow, NotificationTemplateRow } from '../../db/types.js';

export function findTemplate(db: Executor, kind: string): Promise<NotificationTemplateRow | undefined> {
  return db.selectFrom('notification_templates').selectAll().where('kind', '=', kind).executeTakeFirst();
}

export function listTemplates(db: Executor): Promise<NotificationTemplateRow[]> {
  return db.selectFrom('notification_templates').selectAll().execute();
}

/** Writes a kind's template whole (the first save inserts it). */
export async function saveTemplate(db: Executor, row: NotificationTemplateRow): Promise<void> {
  await db
    .insertInto('notification_templates')
    .values(row)
    .onConflict((oc) => oc.column('kind').doUpdateSet({ subject: row.subject, html: row.html, text: row.text, is_enabled: row.is_enabled, updated_at: row.updated_at }))
    .execute();
}

/** A kind's templates in the locales other than the default; every kind's when none is named. */
export function listLocaleTemplates(db: Executor, kind?: string): Promise<NotificationTemplateLocaleRow[]> {
  let query = db.selectFrom('notification_template_locales').selectAll();
  if (kind !== undefined) query = query.where('kind', '=', kind);
  return query.orderBy('locale').execute();
}

/** Writes a kind's template in a locale whole (the first save inserts it). */
export async function saveLocaleTemplate(db: Executor, row: NotificationTemplateLocaleRow): Promise<void> {
  await db
    .insertInto('notification_template_locales')
    .values(row)
    .onConflict((oc) => oc.columns(['kind', 'locale']).doUpdateSet({ subject: row.subject, html: row.html, text: row.text, updated_at: row.updated_at }))
    .execute();
}

export async function deleteLocaleTemplate(db: Executor, kind: string, locale: string): Promise<void> {
  await db.deleteFrom('notification_template_locales').where('kind', '=', kind).where('locale', '=', locale).execute();
}
