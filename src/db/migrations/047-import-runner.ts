import type { Kysely } from 'kysely';

// The images a bulk import fetched (issue 39): each source URL is fetched once and kept as an
// uploaded file, so importing the same file again reuses the file instead of fetching and storing
// the image a second time. Deleting the file forgets its source.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('imported_images')
    .addColumn('source_url', 'text', (c) => c.primaryKey())
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('imported_images_file').on('imported_images').column('file_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('imported_images').execute();
}
