import type { Kysely } from 'kysely';

/** Uploads: where each file's bytes are kept, and their digest (the strong ETag they are served with). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('storage_key', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('files').addColumn('sha256', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('sha256').execute();
  await db.schema.alterTable('files').dropColumn('storage_key').execute();
}
