import type { Kysely } from 'kysely';

// Mail per locale (issue 38): staff's templates in a locale other than the default (English), one row
// per kind and locale. The default's parts, and whether a kind is sent at all, stay in
// notification_templates.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notification_template_locales')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('html', 'text')
    .addColumn('text', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_template_locales_pk', ['kind', 'locale'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_template_locales').execute();
}
