import type { Kysely } from 'kysely';

// Alt text on files (issue 36): what an image shows, for readers who cannot see it. Null when unset.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('files').addColumn('alt', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('alt').execute();
}
