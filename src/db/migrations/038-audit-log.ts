import type { Kysely } from 'kysely';

// The audit log (issue 37): one row per staff write, refused ones too, kept a year. Listed newest first
// (by id, which sorts by creation) under one filter at a time; pruned by age.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text')
    .addColumn('status', 'integer', (c) => c.notNull())
    // Null when the client's address was gone before it could be read (audit-recording.ts).
    .addColumn('ip', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_entries_actor').on('audit_entries').columns(['actor_id', 'id']).execute();
  await db.schema.createIndex('audit_entries_object').on('audit_entries').columns(['object_id', 'id']).execute();
  await db.schema.createIndex('audit_entries_action').on('audit_entries').columns(['action', 'id']).execute();
  await db.schema.createIndex('audit_entries_created').on('audit_entries').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_entries').execute();
}
