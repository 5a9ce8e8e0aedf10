import type { CreateTableBuilder, Kysely } from 'kysely';

// Bulk import and export (issue 39, DESIGN.md §10) as background jobs that survive a restart. A job is
// claimed by a worker for a while (`locked_until`, milliseconds, as the outboxes are) and its claim
// renewed as it goes; a worker that dies lets go when the claim runs out, and the next one resumes.

/** The columns import and export jobs share: their state, progress and a worker's claim. */
function withJobColumns<T extends string>(table: CreateTableBuilder<T, any>): CreateTableBuilder<T, any> {
  return table
    // Counted in a first pass over the file (or the rows to export), so progress reads as a fraction.
    .addColumn('total_rows', 'integer')
    .addColumn('processed_rows', 'integer', (c) => c.notNull())
    // Why a job failed whole (a file that is not CSV, a missing column); null otherwise.
    .addColumn('failure', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withJobColumns(db.schema
    .createTable('imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // The uploaded file, kept in the file storage under the server's own key until the job ends.
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('updated', 'integer', (c) => c.notNull())
    .addColumn('error_count', 'integer', (c) => c.notNull())
    // The last row whose product (or customer) is committed, in the same transaction as its rows: a
    // resumed job skips up to it, so no row is counted twice and none is half imported.
    .addColumn('checkpoint_row', 'integer', (c) => c.notNull()))
    .execute();
  // The worker's scan: the jobs still to run, oldest first.
  await db.schema.createIndex('imports_due').on('imports').columns(['status', 'created_at']).execute();

  // A bad row's faults, one per field, numbered in the order found: a file of 100,000 bad rows keeps
  // them here, and a read of the job lists the first.
  await db.schema
    .createTable('import_errors')
    .addColumn('import_id', 'text', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('row', 'integer', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_errors_pk', ['import_id', 'position'])
    .execute();

  await withJobColumns(db.schema
    .createTable('exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // The CSV once written, in the file storage; null until the job succeeds.
    .addColumn('storage_key', 'text'))
    .execute();
  await db.schema.createIndex('exports_due').on('exports').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('exports').execute();
  await db.schema.dropTable('import_errors').execute();
  await db.schema.dropTable('imports').execute();
}
